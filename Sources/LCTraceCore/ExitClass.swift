/// How a session (one process lifetime) ended, after MetricKit's exit reasons (SPEC §5).
public enum ExitClass: String, CaseIterable, Sendable, Comparable, Hashable {
    /// `willTerminate` completed, or `process.exit` with `terminate`.
    case normal
    /// Ended while suspended: memory pressure or the user swiped it away.
    case purged
    /// A launch, handler or resume budget was overrun before the end, or the reason says so.
    case watchdog
    /// Ended with a background task past its allowance.
    case bgtaskTimeout = "bgtask-timeout"
    /// `crash`, `jetsam` or another kill.
    case abnormal
    /// The log ended with the process still alive.
    case open

    /// The name reports print (`bgtask-timeout`, …).
    public var name: String { rawValue }

    public static func < (lhs: ExitClass, rhs: ExitClass) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
