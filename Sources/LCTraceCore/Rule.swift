/// The stable rule identifiers of SPEC §5. Ids and names are public API.
public enum Rule: String, CaseIterable, Sendable, Comparable, Hashable {
    case illegalTransition = "LC100"
    case ranWhileSuspended = "LC101"
    case eventAfterExit = "LC102"
    case abnormalExit = "LC103"
    case mixedLifecycle = "LC104"
    case sceneLifecycleRequired = "LC105"
    case sceneLifecycleSoon = "LC106"
    case launchWatchdog = "LC200"
    case handlerOverrun = "LC201"
    case backgroundOverrun = "LC202"
    case bgtaskOverrun = "LC203"
    case bgschedOverrun = "LC204"
    case bgtaskLeaked = "LC300"
    case bgtaskUnmatchedEnd = "LC301"
    case bgtaskExpiredNotEnded = "LC302"
    case bgtaskIdReused = "LC303"
    case bgtaskOpenAtEnd = "LC304"
    case bgschedNotCompleted = "LC305"
    case bgschedExpiredNotCompleted = "LC306"
    case bgschedRegisteredLate = "LC307"
    case bgschedNotRegistered = "LC308"
    case bgschedRegisteredTwice = "LC309"
    case bgschedContinuedBackground = "LC310"
    case bgschedNotPermitted = "LC311"
    case clockRegression = "LC400"
    case malformedRecord = "LC401"
    case unknownEvent = "LC402"
    case truncatedLog = "LC403"
    case recordsLost = "LC404"

    /// The rule id, e.g. `LC100`.
    public var id: String { rawValue }

    /// The short kebab-case name, e.g. `illegal-transition`.
    public var name: String {
        switch self {
        case .illegalTransition: return "illegal-transition"
        case .ranWhileSuspended: return "ran-while-suspended"
        case .eventAfterExit: return "event-after-exit"
        case .abnormalExit: return "abnormal-exit"
        case .mixedLifecycle: return "mixed-lifecycle"
        case .sceneLifecycleRequired: return "scene-lifecycle-required"
        case .sceneLifecycleSoon: return "scene-lifecycle-soon"
        case .launchWatchdog: return "launch-watchdog"
        case .handlerOverrun: return "handler-overrun"
        case .backgroundOverrun: return "background-overrun"
        case .bgtaskOverrun: return "bgtask-overrun"
        case .bgschedOverrun: return "bgsched-overrun"
        case .bgtaskLeaked: return "bgtask-leaked"
        case .bgtaskUnmatchedEnd: return "bgtask-unmatched-end"
        case .bgtaskExpiredNotEnded: return "bgtask-expired-not-ended"
        case .bgtaskIdReused: return "bgtask-id-reused"
        case .bgtaskOpenAtEnd: return "bgtask-open-at-end"
        case .bgschedNotCompleted: return "bgsched-not-completed"
        case .bgschedExpiredNotCompleted: return "bgsched-expired-not-completed"
        case .bgschedRegisteredLate: return "bgsched-registered-late"
        case .bgschedNotRegistered: return "bgsched-not-registered"
        case .bgschedRegisteredTwice: return "bgsched-registered-twice"
        case .bgschedContinuedBackground: return "bgsched-continued-background"
        case .bgschedNotPermitted: return "bgsched-not-permitted"
        case .clockRegression: return "clock-regression"
        case .malformedRecord: return "malformed-record"
        case .unknownEvent: return "unknown-event"
        case .truncatedLog: return "truncated-log"
        case .recordsLost: return "records-lost"
        }
    }

    /// The severity every finding of this rule carries.
    public var severity: Severity {
        switch self {
        case .abnormalExit, .mixedLifecycle, .sceneLifecycleSoon, .backgroundOverrun, .bgtaskIdReused, .clockRegression,
            .truncatedLog, .recordsLost:
            return .warning
        case .bgtaskOpenAtEnd, .unknownEvent:
            return .note
        default:
            return .error
        }
    }

    /// Looks a rule up by id (`LC203`, case-insensitive) or by name (`bgtask-overrun`).
    public init?(idOrName: String) {
        let upper = idOrName.uppercased()
        if let r = Rule(rawValue: upper) {
            self = r
        } else if let r = Rule.allCases.first(where: { $0.name == idOrName.lowercased() }) {
            self = r
        } else {
            return nil
        }
    }

    /// Orders rules by id.
    public static func < (lhs: Rule, rhs: Rule) -> Bool { lhs.rawValue < rhs.rawValue }
}
