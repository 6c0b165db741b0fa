import LCTraceCore

/// What `LogGenerator` produces: size, lifecycle model, context and the fault mix.
///
/// Every property has a default, so `GeneratorOptions()` is a small clean log.
/// The same options always give byte-identical output.
public struct GeneratorOptions: Sendable, Equatable {
    /// Which lifecycle model the generated sessions follow.
    public enum Model: String, Sendable, CaseIterable {
        /// `uikit-app`: the app delegate drives the lifecycle.
        case app
        /// `uikit-scene`: one to three scenes drive it.
        case scene
        /// Each session picks `app` or `scene` at random (from the seed).
        case mixed
    }

    /// How the `t` value of each record is written.
    public enum TimeFormat: String, Sendable, CaseIterable {
        /// Seconds since the epoch with milliseconds: `1795168800.250`.
        case numeric
        /// RFC 3339 strings: `"2026-11-20T10:00:00.250Z"`.
        case rfc3339
    }

    /// The seed of the generator's own PRNG.
    public var seed: UInt64
    /// Stop after exactly this many lines (the last session may be left open).
    /// When both limits are set, the first one reached wins.
    public var records: Int?
    /// Stop after this many whole sessions. With neither limit set, 100 sessions.
    public var sessions: Int?
    /// The lifecycle model of the sessions.
    public var model: Model
    /// The OS version written to every session's `meta` record (decides the `bgtask` allowance).
    public var os: String
    /// Declared background modes (`meta.modes`). A mode that keeps the app running
    /// (`SessionMeta.continuousModes`: `audio`, `location`, `voip`, …) exempts it from
    /// LC202/LC203, so those faults are then not planted.
    public var modes: [String]
    /// How times are written.
    public var timeFormat: TimeFormat
    /// The time of the first record (kept to the millisecond, like every time written).
    public var startTime: Timestamp
    /// With pids every session gets a new `pid`; without, the log is one no-pid
    /// stream (and `apps` is treated as 1, since a stream is one process at a time).
    public var pids: Bool
    /// Per rule, the probability per session of planting one such fault.
    /// LC304, LC403 and LC404 are never planted (see ``plantableRules``).
    public var faults: [Rule: Double]
    /// How many distinct apps are interleaved (each one process at a time).
    public var apps: Int
    /// Sometimes write UIKit selector or Xamarin names instead of canonical ones.
    public var aliases: Bool
    /// The SDK written in every `meta` record (`meta.sdk`, 2028 edition); `nil` writes none.
    /// With it, each app's first app-delegate activation callback in a session of the app
    /// model is a planted LC105 (SDK 27 or later) or LC106 (an earlier SDK): once per app. The
    /// major version is read as the engine reads it (`AppDeclaration.sdkMajor`: `iphoneos27.0`
    /// is 27); an SDK without digits plants nothing. With ``infoPlist`` the plists are built
    /// ones of this SDK (`DTPlatformVersion`, `DTSDKName`).
    public var sdk: String?
    /// The run comes with each app's Info.plist (``GeneratedInfoPlist``, `gen --info-plist`,
    /// SPEC §11): LC311 becomes plantable (``plistRules``). The log itself changes only where
    /// LC311 is planted, so with no LC311 rate the same options give the same bytes.
    public var infoPlist = false

    /// 2026-11-20T10:00:00Z, the default `startTime`.
    public static let defaultStartTime = Timestamp(nanoseconds: 1_795_168_800_000_000_000)

    /// The session count used when neither `records` nor `sessions` is set.
    public static let defaultSessions = 100

    /// Rules the generator knows how to plant in any log. LC304 (open at end) and LC403
    /// (truncated) describe how a recording stops, not what an app did; LC404 (records lost)
    /// needs a unified-log `lossEvent`, which a native log cannot hold. LC311 is planted only
    /// with ``infoPlist`` (``plistRules``).
    public static let plantableRules: [Rule] = Rule.allCases.filter {
        $0 != .bgtaskOpenAtEnd && $0 != .truncatedLog && $0 != .recordsLost && !laterRules.contains($0)
            && !plistRules.contains($0)
    }

    /// Rules of the 2028 edition that `--faults` does not plant: LC105 and LC106 come from
    /// ``sdk`` (once per app, not per session; and from the Info.plist of an app-model run,
    /// ``GeneratedInfoPlist/planted``).
    static let laterRules: Set<Rule> = [.sceneLifecycleRequired, .sceneLifecycleSoon]

    /// Rules that `--faults` plants only when the run has the app's Info.plist (``infoPlist``):
    /// LC311, an identifier its `BGTaskSchedulerPermittedIdentifiers` does not list.
    public static let plistRules: [Rule] = [.bgschedNotPermitted]

    /// The rules these options plant from ``faults``, in the order their rates are drawn:
    /// ``plantableRules``, then with ``infoPlist`` the ``plistRules`` (last, so that a run
    /// without an LC311 rate draws exactly as it would without a plist).
    public var plantable: [Rule] {
        infoPlist ? Self.plantableRules + Self.plistRules : Self.plantableRules
    }

    /// The bundle identifier (`meta.app`) of each generated app: `com.example.app1`, …; one
    /// app in a stream without pids.
    public var bundleIdentifiers: [String] {
        (0..<(pids ? max(1, apps) : 1)).map { "com.example.app\($0 + 1)" }
    }

    /// Creates options; see the properties for the meaning of each.
    public init(
        seed: UInt64 = 1, records: Int? = nil, sessions: Int? = nil, model: Model = .app,
        os: String = "17.4", modes: [String] = [], timeFormat: TimeFormat = .numeric,
        startTime: Timestamp = GeneratorOptions.defaultStartTime, pids: Bool = true,
        faults: [Rule: Double] = [:], apps: Int = 1, aliases: Bool = false
    ) {
        self.seed = seed
        self.records = records
        self.sessions = sessions
        self.model = model
        self.os = os
        self.modes = modes
        self.timeFormat = timeFormat
        self.startTime = startTime
        self.pids = pids
        self.faults = faults
        self.apps = apps
        self.aliases = aliases
    }

    /// Parses a fault mix such as `LC300=0.1,bgtask-overrun=0.05` (ids or names).
    ///
    /// - Returns: `nil` for an unknown rule, a missing `=`, or a rate outside 0...1.
    public static func parseFaults(_ text: String) -> [Rule: Double]? {
        var out: [Rule: Double] = [:]
        for item in text.split(separator: ",") where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let rule = Rule(idOrName: String(parts[0])),
                let rate = Double(parts[1]), rate >= 0, rate <= 1
            else { return nil }
            out[rule] = rate
        }
        return out
    }

    /// The major OS version, or `nil` when `os` does not start with a number.
    var osMajor: Int? {
        Int(os.prefix { $0.isNumber })
    }

    /// The `bgtask` allowance in milliseconds for `os` (SPEC §4 defaults).
    var allowanceMilliseconds: Int64 {
        guard let major = osMajor else { return 30_000 }
        if major >= 13 { return 30_000 }
        if major >= 7 { return 180_000 }
        return 600_000
    }
}
