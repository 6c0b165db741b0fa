/// How a session (one process lifetime) ended, after MetricKit's exit reasons (SPEC §5).
public enum ExitClass: String, CaseIterable, Sendable, Comparable, Hashable {
    /// `willTerminate` completed, or `process.exit` with `terminate`.
    case normal
    /// Ended while suspended: memory pressure or the user swiped it away.
    case purged
    /// A launch, handler or resume budget was overrun before the end, or the reason says so.
    case watchdog
    /// Ended with a background or scheduled task past its allowance, or the reason says so.
    case bgtaskTimeout = "bgtask-timeout"
    /// Killed while suspended for holding a file lock (`0xdead10cc`, `locked-file`).
    case lockedFile = "locked-file"
    /// Killed while running for exceeding its memory limit (`jetsam`, `memory-limit`, `per-process-limit`).
    case memoryLimit = "memory-limit"
    /// Killed for using too much CPU (`cpu-limit`).
    case cpuLimit = "cpu-limit"
    /// Killed because the device was too hot (`0xc00010ff`, `thermal`).
    case thermal
    /// `crash` or another kill.
    case abnormal
    /// The log ended with the process still alive.
    case open

    /// The name reports print (`bgtask-timeout`, …).
    public var name: String { rawValue }

    /// Orders exit classes as SPEC §5 lists them (the order of `allCases`).
    public static func < (lhs: ExitClass, rhs: ExitClass) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
