/// The kind of a `BGTaskScheduler` task (`kind` of `bgsched.start`, SPEC §1).
public enum ScheduledTaskKind: UInt8, Sendable {
    /// `BGAppRefreshTask`: the default when `kind` is absent; budget `refresh`.
    case refresh
    /// `BGProcessingTask`: minutes, ended by the system's expiration.
    case processing
    /// `BGContinuedProcessingTask` (iOS 26): ended by the system's expiration.
    case continued
    /// Another value: replayed as a task with no fixed budget.
    case other

    /// The `kind` value that reads back as this kind (`other` for any other text).
    public var name: String {
        switch self {
        case .refresh: return "refresh"
        case .processing: return "processing"
        case .continued: return "continued"
        case .other: return "other"
        }
    }

    /// Maps the text of a `kind` value, in any case.
    public init(text: String) {
        switch text.lowercased() {
        case "refresh": self = .refresh
        case "processing": self = .processing
        case "continued": self = .continued
        default: self = .other
        }
    }
}
