/// Session context from a `meta` record (SPEC §1). Rare, so it may allocate.
public struct SessionMeta: Sendable, Equatable {
    /// OS version, e.g. `"17.4"`.
    public var os: String?
    /// Bundle identifier.
    public var app: String?
    /// The app's version and build, e.g. `"5.2.1 (412)"` (2027 edition): what a death reports.
    public var version: String?
    /// `"uikit-app"` or `"uikit-scene"` (other text is kept and reported by the engine).
    public var model: String?
    /// Declared UIBackgroundModes values.
    public var modes: [String]?
    /// Whether Background App Refresh is on.
    public var refresh: Bool?
    /// The SDK the app was built with (`"27.0"`: Xcode's `DTPlatformVersion`; 2028 edition):
    /// whether an app-delegate app can launch at all (LC105, LC106; SPEC §11).
    public var sdk: String?

    /// Creates a meta value; every field is optional.
    public init(
        os: String? = nil, app: String? = nil, model: String? = nil, modes: [String]? = nil, refresh: Bool? = nil,
        sdk: String? = nil
    ) {
        self.sdk = sdk
        self.os = os
        self.app = app
        self.model = model
        self.modes = modes
        self.refresh = refresh
    }

    /// The UIBackgroundModes that grant continuous background execution (SPEC §4): an app that
    /// declares one of them keeps running in the background while it plays, navigates, holds a
    /// call, an accessory or Bluetooth session, an interaction session or a push-to-talk channel.
    public static let continuousModes: Set<String> = [
        "audio", "location", "voip", "external-accessory", "bluetooth-central", "bluetooth-peripheral",
        "nearby-interaction", "push-to-talk",
    ]

    /// Whether declared `modes` exempt a process from the `background` and `bgtask` budgets
    /// (LC202, LC203): some mode of ``continuousModes``. The others (`fetch`,
    /// `remote-notification`, `processing`, `newsstand-content`) only let the system wake the
    /// app for a short, budgeted run, and a value lctrace does not know grants nothing either:
    /// nearly every app with push declares `remote-notification`, which does not lift the
    /// 30 s background-task allowance.
    public static func exemptsBackgroundBudgets(_ modes: [String]) -> Bool {
        modes.contains { continuousModes.contains($0) }
    }
}
