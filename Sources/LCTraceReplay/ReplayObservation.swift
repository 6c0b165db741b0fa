import LCTraceCore

/// What the replay saw besides findings, for tools built on the engine (`lctrace stats`,
/// `lctrace timeline`, `lctrace audit`): sessions, state changes, handler spans, tasks and
/// `meta` records. The timeline is built from these alone, so it cannot disagree with the
/// verdicts.
///
/// Delivered to ``Replayer/observer`` as they happen, in the order the engine acts (sessions
/// still open at the end of the log, and their open tasks, in ``Replayer/finish(symbols:)``).
/// Times are the replay clock, which never goes back within a pid (LC400). Symbols are the
/// file's; the symbol table keeps every symbol while an observer is set.
public enum ReplayObservation: Sendable {
    /// A session began at its first record (`line`): in `notRunning` for a launch, else in
    /// `unknown` (the process was running when the log began). `session` is the file's number
    /// of it, the one its findings carry (``Finding/session``).
    case sessionBegan(pid: Int64?, line: Int, time: Timestamp, state: ProcessState, session: Int)
    /// A process changed public state.
    case stateChanged(pid: Int64?, line: Int, time: Timestamp, from: ProcessState, to: ProcessState)
    /// A scene of a process changed public state.
    case sceneStateChanged(pid: Int64?, scene: Symbol, line: Int, time: Timestamp, from: SceneState, to: SceneState)
    /// A handler logged as a span returned; `line` is its `end`.
    case handler(pid: Int64?, event: LifecycleEvent, scene: Symbol, began: Timestamp, ended: Timestamp, line: Int)
    /// A task began (`name`: its `name` field, if any; `scheduled`: a scheduled task's
    /// `BGTaskScheduler` kind, nil for a background task).
    case taskBegan(
        pid: Int64?, kind: TaskKind, task: TaskID, name: Symbol, line: Int, time: Timestamp,
        scheduled: ScheduledTaskKind?)
    /// The expiration handler of an open task ran (first time only).
    case taskExpired(pid: Int64?, kind: TaskKind, task: TaskID, line: Int, time: Timestamp)
    /// A task stopped being open: `ended` by its end record (`line`), `released` when the
    /// process stopped with it open (`line`: the record that stopped it; LC300), `open` when
    /// the log ended first (`line` 0; `ended` is the process's last time; LC304).
    case taskEnded(
        pid: Int64?, kind: TaskKind, task: TaskID, began: Timestamp, ended: Timestamp, line: Int,
        outcome: Timeline.TaskSpan.Outcome)
    /// A session ended (`open` when the log ended first; then `line` is 0 and `ended` is the
    /// process's last record); `lastLine` is the last line of the session (its own records,
    /// or the record that ended it); `session` is its number (``Finding/session``).
    case sessionEnded(
        pid: Int64?, began: Timestamp, ended: Timestamp, exitClass: ExitClass, line: Int, lastLine: Int, session: Int)
    /// A `meta` record (`app`, `os`, `version` as written) for its pid, or for every process
    /// (`pid` nil).
    case meta(pid: Int64?, line: Int, app: String?, os: String?, version: String? = nil)
}
