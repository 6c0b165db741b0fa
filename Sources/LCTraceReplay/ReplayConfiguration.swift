import LCTraceCore

/// Options of one replay, from the command line.
public struct ReplayConfiguration: Sendable {
    /// Time budgets (SPEC §4).
    public var budgets: Budgets
    /// `--os`: the OS version assumed when the log has no `meta.os`.
    public var defaultOS: String?
    /// `--model`: used when the log has no `meta.model`.
    public var model: ModelChoice
    /// Who began each task (SPEC §8 "Owners"): the built-in catalogue, extended by the
    /// configuration's `owners` (`OwnerCatalogue(extra:)`), whose entries win.
    public var owners: OwnerCatalogue

    /// Creates a configuration; the defaults are SPEC's.
    public init(
        budgets: Budgets = Budgets(), defaultOS: String? = nil, model: ModelChoice = .auto,
        owners: OwnerCatalogue = OwnerCatalogue()
    ) {
        self.budgets = budgets
        self.defaultOS = defaultOS
        self.model = model
        self.owners = owners
    }
}
