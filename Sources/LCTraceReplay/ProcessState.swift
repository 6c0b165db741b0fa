/// The public state of a process, as observations and reports name it (SPEC §3): the
/// reference model's internal refinements (launch sub-states, `terminating`, `exited`, …)
/// map onto these.
public enum ProcessState: String, Sendable, Hashable, CaseIterable {
    /// Not launched yet, launching, or gone.
    case notRunning
    /// In the foreground, not receiving events.
    case inactive
    /// In the foreground, receiving events.
    case active
    /// Running in the background.
    case background
    /// In memory, not running code.
    case suspended
    /// Running when the log began, in a state no record has placed yet.
    case unknown
}
