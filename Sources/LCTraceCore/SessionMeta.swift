/// Session context from a `meta` record (SPEC §1). Rare, so it may allocate.
public struct SessionMeta: Sendable, Equatable {
    /// OS version, e.g. `"17.4"`.
    public var os: String?
    /// Bundle identifier.
    public var app: String?
    /// `"uikit-app"` or `"uikit-scene"` (other text is kept and reported by the engine).
    public var model: String?
    /// Declared UIBackgroundModes values.
    public var modes: [String]?
    /// Whether Background App Refresh is on.
    public var refresh: Bool?

    /// Creates a meta value; every field is optional.
    public init(os: String? = nil, app: String? = nil, model: String? = nil, modes: [String]? = nil, refresh: Bool? = nil) {
        self.os = os
        self.app = app
        self.model = model
        self.modes = modes
        self.refresh = refresh
    }

    /// The UIBackgroundModes that only let the system wake the app for a short, budgeted run
    /// (a fetch, a silent push, a `BGProcessingTask`): they do not keep it running.
    public static let wakeOnlyModes: Set<String> = ["fetch", "remote-notification", "processing"]

    /// Whether declared `modes` exempt a process from the `background` and `bgtask` budgets
    /// (LC202, LC203): some mode that keeps an app running in the background (`audio`,
    /// `location`, `voip`, `bluetooth-central`, …, and any mode lctrace does not know), not
    /// only wake-only modes. Nearly every app with push declares `remote-notification`; it
    /// does not lift the 30 s background-task allowance.
    public static func exemptsBackgroundBudgets(_ modes: [String]) -> Bool {
        modes.contains { !wakeOnlyModes.contains($0) }
    }
}
