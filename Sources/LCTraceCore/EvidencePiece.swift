/// One piece of outside evidence as the join sees it (SPEC §8 "One join of all evidence"):
/// whose process it names, when, and what it says of the end. The formats that read crash
/// reports, JetsamEvent reports, system logs, MetricKit and SDK files describe each piece so;
/// none of them joins or judges.
public struct EvidencePiece: Sendable, Equatable {
    /// Where a source stands when pieces disagree on the class (SPEC §8): the lower, the
    /// stronger.
    public enum Rank: Int, Sendable, Comparable {
        /// The operating system's own record: a crash report, a MetricKit crash diagnostic, a
        /// JetsamEvent entry.
        case system = 1
        /// The app log's own records (and a test runner's `Terminate`).
        case log = 2
        /// A system-log line.
        case systemLog = 3
        /// A crash SDK's claim.
        case sdk = 4

        /// Stronger first.
        public static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }
    }

    /// The source's rank.
    public var rank: Rank
    /// The pid it names; `nil` when it names none.
    public var pid: Int64?
    /// The bundle id it names, when it does.
    public var app: String?
    /// The time it names (a report's capture time, a log line's time); `nil` for a piece with
    /// no time of death (a MetricKit diagnostic).
    public var time: Timestamp?
    /// The reason it amounts to, as a `sys.kill` `reason` (`0x8badf00d`, `jetsam`, `crash`, …).
    public var reason: String
    /// How much it says of the cause: a piece that says nothing ("termination reported by
    /// launchd", a SIGKILL with no code) gives no class at all.
    public var says: SessionSpan.Says
    /// It speaks of the end of its process (a crash, a kill); `false` for a MetricKit hang,
    /// CPU, disk-write or launch diagnostic, which may join a session that ended normally.
    public var endsProcess = true
    /// For a piece with no time (a MetricKit diagnostic): the window it came in (a payload's
    /// `timeStampBegin`…`timeStampEnd`), `nil` ends for a bare diagnostic, which has none.
    public var windowBegin: Timestamp?
    /// The end of that window.
    public var windowEnd: Timestamp?
    /// The app version, app build and OS version it names (a MetricKit diagnostic's
    /// `appVersion`, `appBuildVersion`, `osVersion`): a piece with no time joins only a session
    /// they agree with (SPEC §8: a pid is reused across devices and builds).
    public var appVersion: String?
    /// The build (`appBuildVersion`).
    public var appBuild: String?
    /// The OS version as written (`iPhone OS 17.4 (21E219)`).
    public var osVersion: String?

    /// Creates a piece.
    public init(rank: Rank, pid: Int64?, app: String? = nil, time: Timestamp?, reason: String, says: SessionSpan.Says) {
        self.rank = rank
        self.pid = pid
        self.app = app
        self.time = time
        self.reason = reason
        self.says = says
    }

    /// The exit class this piece gives to a process that ended `foreground` or not, or `nil`
    /// when it says nothing of the cause (SPEC §5's classes read from its reason).
    public func exitClass(foreground: Bool) -> ExitClass? {
        guard says != .nothing else { return nil }
        return EvidencePiece.exitClass(of: ReasonCode(text: reason), foreground: foreground)
    }

    /// The exit class a reason names (SPEC §5), `nil` for one that names none; a reason of no
    /// class lctrace knows (a termination code it does not class) is `abnormal`.
    public static func exitClass(of reason: ReasonCode, foreground: Bool) -> ExitClass? {
        switch reason {
        case .terminate: return .normal
        case .watchdog: return .watchdog
        case .bgtaskTimeout: return .bgtaskTimeout
        case .lockedFile: return .lockedFile
        case .cpuLimit: return .cpuLimit
        case .thermal: return .thermal
        case .purge: return .purged
        case .jetsam: return foreground ? .memoryLimit : .purged
        case .memoryLimit: return .memoryLimit
        case .crash, .other: return .abnormal
        default: return nil
        }
    }
}
