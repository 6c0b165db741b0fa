/// Why a thread's code is a death's (SPEC §10), as the verdict says it: the main thread (a
/// watchdog kill's, or no thread singled out), or the thread the report singles out, crashed
/// (`faultingThread`, `Thread N Crashed:`, `Triggered by Thread:`, MetricKit's
/// `threadAttributed`) or highlighted (`Highlighted Thread:`).
public enum CodeThreadRole: String, Sendable, Hashable {
    /// The main thread: a watchdog kill's, or no thread singled out.
    case main
    /// The thread that crashed.
    case crashed
    /// The thread the report highlights.
    case highlighted
}
