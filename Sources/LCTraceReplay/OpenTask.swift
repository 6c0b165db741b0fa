import LCTraceCore

/// A background task between its `bgtask.begin` and its `bgtask.end`, or a scheduled
/// (`BGTaskScheduler`) task between its `bgsched.start` and its `bgsched.complete`.
struct OpenTask {
    /// The task's identifier.
    var id: TaskID
    /// When it began (the replay clock, never behind an earlier record of the process).
    var beganAt: Timestamp
    /// The line of its `bgtask.begin`.
    var line: Int
    /// Its `name` (`.none` when the record had none): what its owner is read from.
    var name: Symbol = .none
    /// The time of its `bgtask.begin` as written (reported with LC304).
    var recordTime: Timestamp
    /// When the system invoked its expiration handler, if it did.
    var expiredAt: Timestamp?
    /// The line of that `bgtask.expire`.
    var expireLine: Int = 0
    /// LC302 was reported; one finding per overrun.
    var expirationReported = false
    /// LC203 (LC204 for a scheduled task) was reported; one finding per task.
    var overrunReported = false
    /// The background allowance that ran out with this task open, while its verdict waits
    /// for the expiration grace (SPEC §4): when that allowance started, its line, and when it
    /// ran out. `nil` while the allowance runs (or none ran out with the task open).
    var outOfAllowance: (start: Timestamp, line: Int, end: Int64)?
    /// The line of that finding: a `bgtask-timeout` death's cause.
    var overrunLine = 0
    /// A `BGTaskScheduler` task (`bgsched.*`): ids never match a `bgtask.*` task's.
    var scheduled = false
    /// A scheduled task's kind (``ScheduledTaskKind/refresh`` has the `refresh` budget).
    var kind = ScheduledTaskKind.refresh

    /// The event that opened the task, for messages and LC304.
    var openingEvent: LifecycleEvent { scheduled ? .bgschedStart : .bgtaskBegin }
}
