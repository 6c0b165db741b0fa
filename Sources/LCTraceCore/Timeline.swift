/// What the replay of one file looked like over time: the sessions of every process with
/// their app states, scene states, handler spans and background tasks, and where the findings
/// fall. `lctrace timeline` and the HTML report draw it (SPEC §7).
///
/// A plain value built by the pipeline (`LCTraceAudit`) from the replay's observations, so
/// that reports can draw it without seeing records. Times are the replay clock: absolute
/// ``Timestamp``s that never go back within a pid; renderers subtract ``origin``.
///
/// Memory grows with the sessions, state changes, spans and tasks of the file (not with its
/// records): it is built only when asked for (`lctrace timeline`, `--format html`).
public struct Timeline: Sendable, Equatable {
    /// The file as the user named it (`<stdin>` for `-`).
    public var file: String
    /// Time zero: the earliest record time of the file (the first record's, in a log whose
    /// clock never goes back); `nil` for a file without a readable record.
    public var origin: Timestamp?
    /// The latest time of the file (`origin` or later).
    public var end: Timestamp?
    /// One entry per pid (the records without a pid form one more, with `pid` `nil`), in
    /// order of first appearance.
    public var processes: [ProcessTrack]
    /// The file's findings, sorted by line (the same as ``FileResult/findings``).
    public var findings: [Finding]
    /// Indexes into ``findings`` of the findings that belong to no session: those the engine
    /// stamped with none (``Finding/session``: a malformed line, a cut, lost records).
    public var fileFindings: [Int]
    /// Times for findings whose record had no readable time (LC401, LC403), by line: the
    /// latest record time seen before that line.
    public var placedTimes: [Int: Timestamp]

    /// Creates a timeline.
    public init(
        file: String, origin: Timestamp? = nil, end: Timestamp? = nil, processes: [ProcessTrack] = [],
        findings: [Finding] = [], fileFindings: [Int] = [], placedTimes: [Int: Timestamp] = [:]
    ) {
        self.file = file
        self.origin = origin
        self.end = end
        self.processes = processes
        self.findings = findings
        self.fileFindings = fileFindings
        self.placedTimes = placedTimes
    }

    /// Where a finding is drawn: its record's time, else the time placed for its line, else
    /// ``origin``.
    public func time(of finding: Finding) -> Timestamp? {
        finding.time ?? placedTimes[finding.line] ?? origin
    }

    /// Nanoseconds from ``origin`` to `time` (0 without an origin).
    public func offset(_ time: Timestamp) -> Int64 {
        guard let origin else { return 0 }
        return time.nanoseconds(since: origin)
    }

    /// The sessions of every process, in process order then time order.
    public var sessions: [Session] { processes.flatMap(\.sessions) }

    /// One process (pid), or the stream of records without a pid.
    public struct ProcessTrack: Sendable, Equatable {
        /// The pid; `nil` for the records without one.
        public var pid: Int64?
        /// The bundle id from `meta.app` (its own, else the file's), when known.
        public var app: String?
        /// The OS version from `meta.os` (else `--os`), when known.
        public var os: String?
        /// The app's version and build from `meta.version`, when known.
        public var version: String?
        /// Its sessions (process lifetimes), in time order.
        public var sessions: [Session]

        /// Creates a process track.
        public init(pid: Int64?, app: String? = nil, os: String? = nil, version: String? = nil, sessions: [Session] = []) {
            self.pid = pid
            self.app = app
            self.os = os
            self.version = version
            self.sessions = sessions
        }

        /// The name a viewer shows: `com.example.notes (pid 101, iOS 17.4)`; `app` when the log
        /// names none, `no pid` for the stream without pids.
        public var label: String {
            var details = [pid.map { "pid \($0)" } ?? "no pid"]
            if let os { details.append("iOS \(os)") }
            return "\(app ?? "app") (\(details.joined(separator: ", ")))"
        }
    }

    /// One session: a process lifetime from its first record to its end.
    public struct Session: Sendable, Equatable {
        /// The pid (`nil` for the stream without pids).
        public var pid: Int64?
        /// The file's number of the session, as its findings carry it (``Finding/session``).
        public var number: Int
        /// The first record of the session.
        public var began: Timestamp
        /// The end: the exit, or the process's last record when the log ended first.
        public var ended: Timestamp
        /// The line of the session's first record.
        public var firstLine: Int
        /// The line of its last record (at least the line that ended it).
        public var lastLine: Int
        /// How it ended.
        public var exitClass: ExitClass
        /// App states, back to back from `began` to `ended`.
        public var states: [Interval]
        /// One track per scene, in order of first appearance (scene-based apps).
        public var scenes: [SceneTrack]
        /// Handlers logged as spans that returned, in order of their start.
        public var handlers: [HandlerSpan]
        /// Background tasks, in order of their start.
        public var tasks: [TaskSpan]
        /// Indexes into ``Timeline/findings`` of this session's findings, in line order.
        public var findings: [Int]

        /// Creates a session.
        public init(
            pid: Int64?, number: Int = 0, began: Timestamp, ended: Timestamp, firstLine: Int, lastLine: Int,
            exitClass: ExitClass, states: [Interval] = [], scenes: [SceneTrack] = [], handlers: [HandlerSpan] = [], tasks: [TaskSpan] = [],
            findings: [Int] = []
        ) {
            self.pid = pid
            self.number = number
            self.began = began
            self.ended = ended
            self.firstLine = firstLine
            self.lastLine = lastLine
            self.exitClass = exitClass
            self.states = states
            self.scenes = scenes
            self.handlers = handlers
            self.tasks = tasks
            self.findings = findings
        }
    }

    /// A state held from `start` to `end`.
    public struct Interval: Sendable, Equatable {
        /// The public state name (`active`, `background`, …; for scenes `foregroundActive`, …).
        public var state: String
        /// When it was entered.
        public var start: Timestamp
        /// When it was left (the next state's start, or the session's end).
        public var end: Timestamp
        /// The line of the record that entered it; 0 for the state a session began in.
        public var line: Int

        /// Creates an interval.
        public init(state: String, start: Timestamp, end: Timestamp, line: Int) {
            self.state = state
            self.start = start
            self.end = end
            self.line = line
        }
    }

    /// The states of one scene while it was attached.
    public struct SceneTrack: Sendable, Equatable {
        /// The scene identifier.
        public var scene: String
        /// Its states, in time order (gaps while unattached).
        public var intervals: [Interval]

        /// Creates a scene track.
        public init(scene: String, intervals: [Interval] = []) {
            self.scene = scene
            self.intervals = intervals
        }
    }

    /// A delegate handler logged as a span (`begin` … `end`).
    public struct HandlerSpan: Sendable, Equatable {
        /// The canonical event name (`app.didEnterBackground`, …).
        public var event: String
        /// The scene, for scene handlers.
        public var scene: String?
        /// Entered.
        public var began: Timestamp
        /// Returned.
        public var ended: Timestamp
        /// The line of its `end` record.
        public var line: Int

        /// Creates a span.
        public init(event: String, scene: String? = nil, began: Timestamp, ended: Timestamp, line: Int) {
            self.event = event
            self.scene = scene
            self.began = began
            self.ended = ended
            self.line = line
        }
    }

    /// A background task from `bgtask.begin` to its end.
    public struct TaskSpan: Sendable, Equatable {
        /// How a task's span ended.
        public enum Outcome: String, Sendable, Equatable {
            /// `bgtask.end`.
            case ended
            /// The process stopped (suspension, exit, kill) with the task open: leaked.
            case released
            /// Still open when the log ended.
            case open
        }

        /// The task identifier.
        public var task: TaskValue
        /// The `name` of its `bgtask.begin`, if any.
        public var name: String?
        /// `bgtask.begin`.
        public var began: Timestamp
        /// The end, the moment the process stopped, or the session's end.
        public var ended: Timestamp
        /// The line of `bgtask.begin`.
        public var beginLine: Int
        /// The line of `bgtask.end` or of the record that stopped the process; 0 when open.
        public var endLine: Int
        /// How it ended.
        public var outcome: Outcome
        /// When its expiration handler ran (`bgtask.expire`, `bgsched.expire`), if it did.
        public var expired: Timestamp?
        /// For a scheduled (`BGTaskScheduler`) task, its kind (`refresh`, `processing`,
        /// `continued`, `other`); `nil` for a `bgtask.*` task. A scheduled task's span runs from
        /// `bgsched.start` to `bgsched.complete`.
        public var kind: String?

        /// Creates a task span.
        public init(
            task: TaskValue, name: String? = nil, began: Timestamp, ended: Timestamp, beginLine: Int, endLine: Int,
            outcome: Outcome, expired: Timestamp? = nil, kind: String? = nil
        ) {
            self.task = task
            self.name = name
            self.began = began
            self.ended = ended
            self.beginLine = beginLine
            self.endLine = endLine
            self.outcome = outcome
            self.expired = expired
            self.kind = kind
        }

        /// The text a viewer shows: the name, else the id.
        public var label: String { name ?? task.text }
    }
}
