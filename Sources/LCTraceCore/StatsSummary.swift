/// What `lctrace stats` found over a set of logs, as its reporter receives it (`StatsReporter`
/// in LCTraceReport renders it; `LogStats` in LCTracePipeline builds it from a replay's
/// observations, where the definitions of each figure are given).
public struct StatsSummary: Sendable {
    /// Files read.
    public var files: Int
    /// Well-formed records replayed.
    public var events: Int
    /// Sessions (process lifetimes) seen.
    public var sessions: Int
    /// Sessions per exit class.
    public var exitClasses: [ExitClass: Int]
    /// Nanoseconds per public process state, in report order (`notRunning` is not counted).
    public var timeInState: [(state: String, nanoseconds: Int64)]
    /// Durations of sessions (launch to end).
    public var session: DurationStats
    /// Durations of resumes (`background` to `active`, through `inactive`).
    public var resume: DurationStats
    /// Durations of `UIApplication` background tasks that ended.
    public var bgtask: DurationStats
    /// Durations of callback handlers (begin to end spans).
    public var handler: DurationStats
    /// Handler durations per canonical event name, sorted by name.
    public var handlers: [(event: String, stats: DurationStats)]
    /// The totals of the files read; its `errors`, `warnings` and `notes` are the findings by severity.
    public var findings: RunSummary
    /// MetricKit's exit counters beside the recordings; `nil` without `--metrickit`.
    public var metricKit: MetricKitExitComparison?
    /// The inputs that could not be read at all (`unreadable`, as `replay`'s summary says it).
    public var unreadable: Int

    /// Creates a summary.
    public init(
        files: Int, events: Int, sessions: Int, exitClasses: [ExitClass: Int], timeInState: [(state: String, nanoseconds: Int64)],
        session: DurationStats, resume: DurationStats, bgtask: DurationStats, handler: DurationStats,
        handlers: [(event: String, stats: DurationStats)], findings: RunSummary, metricKit: MetricKitExitComparison?,
        unreadable: Int = 0
    ) {
        self.unreadable = unreadable
        self.files = files
        self.events = events
        self.sessions = sessions
        self.exitClasses = exitClasses
        self.timeInState = timeInState
        self.session = session
        self.resume = resume
        self.bgtask = bgtask
        self.handler = handler
        self.handlers = handlers
        self.findings = findings
        self.metricKit = metricKit
    }
}
