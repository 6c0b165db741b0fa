/// The `reason` values the generator writes.
enum ReasonText: UInt8 {
    case user, background, terminate, purge, crash, jetsam, watchdog
    /// `process.launch` of a prewarmed process.
    case prewarm
    /// `bgsched.complete` outcomes.
    case success, failure
    /// Termination codes (Apple, "EXC_CRASH (SIGKILL)"): the watchdog, and a file lock held
    /// while suspended.
    case watchdogCode, lockedFileCode

    var text: String {
        switch self {
        case .user: return "user"
        case .background: return "background"
        case .terminate: return "terminate"
        case .purge: return "purge"
        case .crash: return "crash"
        case .jetsam: return "jetsam"
        case .watchdog: return "watchdog"
        case .prewarm: return "prewarm"
        case .success: return "success"
        case .failure: return "failure"
        case .watchdogCode: return "0x8badf00d"
        case .lockedFileCode: return "0xdead10cc"
        }
    }

    /// Background task names (the `name` key, and the stem of string task ids).
    static let taskNames = ["upload", "sync", "save-state", "download", "analytics-flush", "db-compact"]

    /// The `name` written on `bgtask.begin`, indexed like ``taskNames``: the app's own names,
    /// and names SDKs give their tasks or UIKit gives them (docs/OWNERS.md), so that a
    /// generated fleet has owners to rank (SPEC §8).
    static let taskLabels = [
        "upload", "Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]", "save-state",
        "com.amazonaws.AWSPinpointSessionBackgroundTask", "GDTCCTUploader-upload", "GDTStorage",
    ]

    /// Scheduled-task identifiers (`BGTaskScheduler` request identifiers), by kind: refresh,
    /// processing, continued (BGContinuedProcessingTask, iOS 26: identifiers under one
    /// wildcard); then identifiers no launch registers and no task starts under, which planted
    /// LC308 submits (the second one begins with the wildcard's prefix but not at its dot) and
    /// planted LC307 registers late (the first one); then the continued tasks' wildcard, which
    /// launches register (SPEC §5); then the identifier the generated Info.plist leaves out of
    /// `BGTaskSchedulerPermittedIdentifiers`, which planted LC311 registers (SPEC §11).
    static let scheduledNames = [
        ["com.example.refresh", "com.example.feed-refresh"], ["com.example.db-cleanup", "com.example.ml-index"],
        ["com.example.export.8F2A", "com.example.export.C31D"], ["com.example.legacy-sync", "com.example.exporter"],
        ["com.example.export.*"], ["com.example.backup"],
    ]
    /// The `kind` values, indexed like ``scheduledNames``.
    static let scheduledKinds = ["refresh", "processing", "continued", "refresh", "continued", "processing"]

    /// The rows of ``scheduledNames`` whose identifiers the generated Info.plist permits:
    /// every identifier the log uses but the one planted LC311 registers. The continued tasks
    /// are permitted by their wildcard (row 4), as an app lists them.
    static let permittedRows = [0, 1, 3, 4]
}
