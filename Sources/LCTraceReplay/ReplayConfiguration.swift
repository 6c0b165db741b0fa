/// Which lifecycle model to replay a process with when its log does not say (`meta.model`).
public enum ModelChoice: String, Sendable, CaseIterable {
    /// Infer: a process becomes scene-based at its first `scene.*` record.
    case auto
    /// `uikit-app`: the app delegate drives the lifecycle.
    case uikitApp = "uikit-app"
    /// `uikit-scene`: scenes drive it; app-level activation callbacks are LC104.
    case uikitScene = "uikit-scene"
}

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
