import LCTraceCore

/// What the replay saw besides findings, for tools built on the engine (`lctrace stats`,
/// `lctrace timeline`): state changes, handler and task durations, scheduled tasks, and sessions.
///
/// Delivered to ``Replayer/observer`` as they happen (sessions still open at the end of the
/// log in ``Replayer/finish(symbols:)``). Times are the replay clock, which never goes back
/// within a pid (LC400).
public enum ReplayObservation: Sendable {
    /// A process, or one of its scenes (`scene` present), changed public state
    /// (`notRunning`, `inactive`, `active`, `background`, `suspended`, `unknown`; for scenes
    /// `unattached`, `background`, `foregroundInactive`, `foregroundActive`, `unknown`).
    case stateChanged(pid: Int64?, scene: Symbol, line: Int, time: Timestamp, from: String, to: String)
    /// A handler logged as a span returned; `line` is its `end`.
    case handler(pid: Int64?, event: LifecycleEvent, scene: Symbol, began: Timestamp, ended: Timestamp, line: Int)
    /// A background task ended; `line` is its `bgtask.end`.
    case task(pid: Int64?, task: TaskID, began: Timestamp, ended: Timestamp, line: Int)
    /// A scheduled (`BGTaskScheduler`) task started; `line` is its `bgsched.start`.
    case scheduledTaskStarted(pid: Int64?, task: TaskID, kind: ScheduledTaskKind, time: Timestamp, line: Int)
    /// A scheduled task's expiration handler ran; `line` is its `bgsched.expire`.
    case scheduledTaskExpired(pid: Int64?, task: TaskID, time: Timestamp, line: Int)
    /// A scheduled task completed; `line` is its `bgsched.complete`.
    case scheduledTaskCompleted(pid: Int64?, task: TaskID, kind: ScheduledTaskKind, began: Timestamp, ended: Timestamp, line: Int)
    /// A session ended (`open` when the log ended first; then `line` is 0 and `ended` is the
    /// process's last record).
    case sessionEnded(pid: Int64?, began: Timestamp, ended: Timestamp, exitClass: ExitClass, line: Int)
}
