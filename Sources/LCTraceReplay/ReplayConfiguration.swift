/// Options of one replay, from the command line.
public struct ReplayConfiguration: Sendable {
    /// Time budgets (SPEC §4).
    public var budgets: Budgets
    /// `--os`: the OS version assumed when the log has no `meta.os`.
    public var defaultOS: String?
    /// `--model`: used when the log has no `meta.model`.
    public var model: ModelChoice

    /// Creates a configuration; the defaults are SPEC's.
    public init(budgets: Budgets = Budgets(), defaultOS: String? = nil, model: ModelChoice = .auto) {
        self.budgets = budgets
        self.defaultOS = defaultOS
        self.model = model
    }
}
