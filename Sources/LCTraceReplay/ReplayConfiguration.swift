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
    /// The `owners` key of the configuration file: name prefix → owner, entries that extend
    /// (and win over) the owner catalogue of SPEC §8.
    ///
    /// Hook: the owner catalogue is built elsewhere; whoever builds it for a replay adds
    /// these entries (``configuredOwners`` is the one place they are carried).
    public var configuredOwners: [String: String]

    /// Creates a configuration; the defaults are SPEC's.
    public init(
        budgets: Budgets = Budgets(), defaultOS: String? = nil, model: ModelChoice = .auto,
        rules: RuleSettings = RuleSettings(), configuredOwners: [String: String] = [:]
    ) {
        self.budgets = budgets
        self.defaultOS = defaultOS
        self.model = model
        self.rules = rules
        self.configuredOwners = configuredOwners
    }

    /// Whether `text` reads as an OS version (`17`, `17.4`, `17.4.1`): its first component is
    /// a number. `--os` and the `os` key of the configuration file both check this.
    public static func isOSVersion(_ text: String) -> Bool {
        Double(text.split(separator: ".", omittingEmptySubsequences: false).first ?? "") != nil
    }
}
