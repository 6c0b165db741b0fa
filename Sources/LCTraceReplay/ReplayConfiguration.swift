import LCTraceCore

/// Options of one replay, from the command line and the configuration file (SPEC §9).
public struct ReplayConfiguration: Sendable {
    /// Time budgets (SPEC §4).
    public var budgets: Budgets
    /// `--os`: the OS version assumed when the log has no `meta.os`.
    public var defaultOS: String?
    /// `--model`: used when the log has no `meta.model`.
    public var model: ModelChoice
    /// Rule selection and severity overrides (`disabled_rules`, `severity`, `--disable`,
    /// `--enable`), applied to each file's findings by `FileReplay`.
    public var rules: RuleSettings
    /// Who began each task (SPEC §8 "Owners"): the built-in catalogue, extended by the
    /// configuration's `owners` (`OwnerCatalogue(extra:)`), whose entries win.
    public var owners: OwnerCatalogue
    /// Pids whose deaths are all listed, past ``FileResult/maximumDeathsListed`` (`why --pid`,
    /// repeatable: the deaths asked about are never cut); the other deaths stay capped.
    public var everyDeathOfPids: Set<Int64> = []
    /// Also list the sessions that ended without dying (``FileResult/exits``: normal exits,
    /// purges of processes that were not running), for `why --all`.
    public var listsExits = false
    /// List every session as the evidence join sees it (``FileResult/sessionSpans``): the first
    /// replay of a run with outside evidence.
    public var indexesSessions = false
    /// The run's Info.plists (SPEC §11, `--info-plist` or given as a FILE): each is evidence
    /// for the logs of its app (``AppDeclaration/applying(to:in:)``): modes, SDK, LC311.
    public var declarations: [AppDeclaration] = []

    /// Creates a configuration; the defaults are SPEC's.
    public init(
        budgets: Budgets = Budgets(), defaultOS: String? = nil, model: ModelChoice = .auto,
        rules: RuleSettings = RuleSettings(), owners: OwnerCatalogue = OwnerCatalogue()
    ) {
        self.budgets = budgets
        self.defaultOS = defaultOS
        self.model = model
        self.rules = rules
        self.owners = owners
    }

    /// Whether `text` reads as an OS version (`17`, `17.4`, `17.4.1`): its first component is
    /// a number. `--os` and the `os` key of the configuration file both check this.
    public static func isOSVersion(_ text: String) -> Bool {
        Double(text.split(separator: ".", omittingEmptySubsequences: false).first ?? "") != nil
    }

    /// An OS version in its one spelling: trailing `.0` components dropped (`17.0` and
    /// `17.0.0` are `17`, `17.4.0` is `17.4`), so that equivalent spellings of `--os` give the
    /// same reports (a death's `os`) and the same audit header.
    public static func canonicalOS(_ text: String) -> String {
        var parts = text.split(separator: ".", omittingEmptySubsequences: false)
        while parts.count > 1, let last = parts.last, !last.isEmpty, last.allSatisfy({ $0 == "0" }) { parts.removeLast() }
        return parts.joined(separator: ".")
    }
}
