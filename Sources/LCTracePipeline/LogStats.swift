import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay

/// What `lctrace stats` reports about a set of logs, pooled over all of them: sessions and
/// how they ended, time spent in each process state, and the durations of sessions,
/// handlers, resumes and background tasks. Built from the replay's observations
/// (``Replayer/observer``); ``summary`` is what its reporter renders.
///
/// Definitions:
/// - *time in state*: per process, from one public state change to the next (the first
///   change starts the clock; `notRunning` is not counted, nor is the launch before the
///   first change); a session still open when its log ends counts up to its last record.
/// - *session*: its first record to its last.
/// - *handler*: a delegate callback logged as a span, `begin` to `end`, also per event.
/// - *resume*: a process's change from `background` to `inactive` (`willEnterForeground`)
///   to its next change, when that is to `active`.
/// - *bgtask*: `bgtask.begin` to its `bgtask.end` (tasks never ended are not durations).
public struct LogStats: Sendable {
    /// Files read.
    public private(set) var files = 0
    /// The inputs that could not be read at all (each also said on standard error).
    public private(set) var unreadable = 0
    /// Well-formed records replayed.
    public private(set) var events = 0
    /// Sessions (process lifetimes) seen.
    public private(set) var sessions = 0
    /// Sessions per exit class.
    public private(set) var exitClasses: [ExitClass: Int] = [:]
    /// Of the `normal` exits, those from the background.
    public private(set) var normalExitsInBackground = 0
    /// Deaths by class and visibility (SPEC §8), for the MetricKit comparison.
    public private(set) var deaths: [ExitClass: [DeathVisibility: Int]] = [:]
    /// The MetricKit files given with `--metrickit` (their metric payloads are compared).
    public var metricKit: [MetricKitFile]? = nil
    /// The totals of the files read; its `errors`, `warnings` and `notes` are the findings by severity.
    public private(set) var findings = RunSummary()
    /// Nanoseconds per public process state.
    public private(set) var timeInState: [ProcessState: Int64] = [:]
    /// The unified-log exports, as added, in which the `--subsystem`/`--category` filter matched
    /// no entry (``FileResult/filterMatchedNothing``).
    public private(set) var filteredToNothing: [String] = []
    var sessionDurations: [Int64] = []
    var handlerDurations: [Int64] = []
    var handlerDurationsByEvent: [String: [Int64]] = [:]
    var resumeDurations: [Int64] = []
    var taskDurations: [Int64] = []

    /// The current state of each live process in the file being read.
    private var current: [Int64?: (state: ProcessState, since: Timestamp)] = [:]
    private var resumeStart: [Int64?: Timestamp] = [:]

    /// Empty statistics.
    public init() {}

    /// Replays one file and adds it.
    ///
    /// - Parameters:
    ///   - path: the file, or `-`.
    ///   - configuration: budgets, model and OS defaults.
    ///   - reading: how the file is opened (``LogOpener``; by content with `auto`).
    ///   - crashReports: the file's joined MetricKit crash diagnostics, as `audit` replays it
    ///     (``MetricKitReplay/reports(of:)``).
    /// - Returns: why the file could not be read, or `nil`.
    public mutating func add(
        path: String, configuration: ReplayConfiguration, reading: ReadOptions = ReadOptions(),
        crashReports: [CrashReport] = []
    ) -> UnreadableInput? {
        // Observations are folded in as they come (a box, since the observer escapes), so
        // memory does not grow with the file beyond one number per duration.
        let box = Box(self)
        box.stats.current = [:]
        box.stats.resumeStart = [:]
        // A crash report given as a FILE is its own deaths (SPEC §10), with no records to observe.
        let outcome =
            EvidenceAlone.result(ofFile: path, configuration: configuration)
            ?? FileReplay.run(
                path: path, configuration: configuration, reading: reading, observer: { box.stats.observe($0) },
                crashReports: crashReports)
        switch outcome {
        case .failure(let u):
            unreadable += 1
            return u
        case .success(let result):
            self = box.stats
            files += 1
            if result.filterMatchedNothing { filteredToNothing.append(result.path) }
            events += result.events
            sessions += result.sessions
            for (k, v) in result.exitClasses { exitClasses[k, default: 0] += v }
            normalExitsInBackground += result.normalExitsInBackground
            DeathCounts.add(result.deathCounts, to: &deaths)
            findings.add(result)
            return nil
        }
    }

    private final class Box {
        var stats: LogStats
        init(_ stats: LogStats) { self.stats = stats }
    }

    /// Adds one observation.
    mutating func observe(_ o: ReplayObservation) {
        switch o {
        case .stateChanged(let pid, _, let time, let from, let to):
            if let c = current[pid], c.state != .notRunning {
                timeInState[c.state, default: 0] += time.nanoseconds(since: c.since)
            }
            current[pid] = (to, time)
            if from == .background && to == .inactive {
                resumeStart[pid] = time
            } else if let start = resumeStart.removeValue(forKey: pid), from == .inactive && to == .active {
                resumeDurations.append(time.nanoseconds(since: start))
            }
        case .handler(_, let event, _, let began, let ended, _):
            let d = ended.nanoseconds(since: began)
            handlerDurations.append(d)
            handlerDurationsByEvent[event.canonicalName, default: []].append(d)
        case .taskEnded(_, let kind, _, let began, let ended, _, let outcome):
            // Tasks that never ended (released, open at the end) are not durations; the
            // `bgtask` row is `UIApplication` background tasks only.
            if outcome == .ended && kind == .backgroundTask { taskDurations.append(ended.nanoseconds(since: began)) }
        case .sessionEnded(let pid, let began, let ended, _, _, _, _):
            sessionDurations.append(ended.nanoseconds(since: began))
            if let c = current.removeValue(forKey: pid), c.state != .notRunning {
                timeInState[c.state, default: 0] += ended.nanoseconds(since: c.since)
            }
            resumeStart[pid] = nil
        case .sessionBegan, .sceneStateChanged, .taskBegan, .taskExpired, .meta:
            break
        }
    }

    /// Durations of sessions (launch to end).
    public var session: DurationStats { DurationStats(sessionDurations) }
    /// Durations of callback handlers (begin to end spans).
    public var handler: DurationStats { DurationStats(handlerDurations) }
    /// Durations of resumes (`background` to `active`, through `inactive`).
    public var resume: DurationStats { DurationStats(resumeDurations) }
    /// Durations of `UIApplication` background tasks that ended (not expired or left open).
    public var bgtask: DurationStats { DurationStats(taskDurations) }
    /// Handler durations per canonical event name, sorted by name.
    public var handlers: [(event: String, stats: DurationStats)] {
        handlerDurationsByEvent.keys.sorted().map { ($0, DurationStats(handlerDurationsByEvent[$0]!)) }
    }

    /// The public process states in report order (`notRunning` is not counted).
    static let stateOrder: [ProcessState] = [.active, .inactive, .background, .suspended, .unknown]

    var states: [(String, Int64)] { Self.stateOrder.map { ($0.rawValue, timeInState[$0] ?? 0) } }

    /// The figures as `lctrace stats` reports them (`StatsReporter` in LCTraceReport renders them).
    public var summary: StatsSummary {
        StatsSummary(
            files: files, events: events, sessions: sessions, exitClasses: exitClasses,
            timeInState: states.map { (state: $0.0, nanoseconds: $0.1) }, session: session, resume: resume, bgtask: bgtask,
            handler: handler, handlers: handlers, findings: findings, metricKit: metricKitComparison,
            unreadable: unreadable)
    }
}
