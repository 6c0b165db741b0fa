/// The `reason` values the generator writes.
enum ReasonText: UInt8 {
    case user, background, terminate, purge, crash, jetsam, watchdog

    var text: String {
        switch self {
        case .user: return "user"
        case .background: return "background"
        case .terminate: return "terminate"
        case .purge: return "purge"
        case .crash: return "crash"
        case .jetsam: return "jetsam"
        case .watchdog: return "watchdog"
        }
    }

    /// Background task names (the `name` key, and the stem of string task ids).
    static let taskNames = ["upload", "sync", "save-state", "download", "analytics-flush", "db-compact"]
}
