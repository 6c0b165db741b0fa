import LCTraceCore
import LCTraceReplay
import LCTraceReport

/// What `lctrace stats` reports about a set of logs, pooled over all of them: sessions and
/// how they ended, time spent in each process state, and the durations of sessions,
/// handlers, resumes and background tasks. Built from the replay's observations
/// (``Replayer/observer``).
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
    public private(set) var files = 0
    public private(set) var events = 0
    public private(set) var sessions = 0
    public private(set) var exitClasses: [ExitClass: Int] = [:]
    public private(set) var findings = RunSummary()
    /// Nanoseconds per public process state.
    public private(set) var timeInState: [String: Int64] = [:]
    var sessionDurations: [Int64] = []
    var handlerDurations: [Int64] = []
    var handlerDurationsByEvent: [String: [Int64]] = [:]
    var resumeDurations: [Int64] = []
    var taskDurations: [Int64] = []

    /// The current state of each live process in the file being read.
    private var current: [Int64?: (state: String, since: Timestamp)] = [:]
    private var resumeStart: [Int64?: Timestamp] = [:]

    /// Empty statistics.
    public init() {}

    /// Replays one file and adds it.
    ///
    /// - Returns: why the file could not be read, or `nil`.
    public mutating func add(path: String, configuration: ReplayConfiguration) -> UnreadableInput? {
        // Observations are folded in as they come (a box, since the observer escapes), so
        // memory does not grow with the file beyond one number per duration.
        let box = Box(self)
        box.stats.current = [:]
        box.stats.resumeStart = [:]
        let outcome = FileReplay.run(path: path, configuration: configuration) { box.stats.observe($0) }
        switch outcome {
        case .failure(let u):
            return u
        case .success(let result):
            self = box.stats
            files += 1
            events += result.events
            sessions += result.sessions
            for (k, v) in result.exitClasses { exitClasses[k, default: 0] += v }
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
        case .stateChanged(let pid, let scene, _, let time, let from, let to):
            guard !scene.isPresent else { return }
            if let c = current[pid], c.state != "notRunning" {
                timeInState[c.state, default: 0] += time.nanoseconds(since: c.since)
            }
            current[pid] = (to, time)
            if from == "background" && to == "inactive" {
                resumeStart[pid] = time
            } else if let start = resumeStart.removeValue(forKey: pid), from == "inactive" && to == "active" {
                resumeDurations.append(time.nanoseconds(since: start))
            }
        case .handler(_, let event, _, let began, let ended, _):
            let d = ended.nanoseconds(since: began)
            handlerDurations.append(d)
            handlerDurationsByEvent[event.canonicalName, default: []].append(d)
        case .task(_, _, let began, let ended, _):
            taskDurations.append(ended.nanoseconds(since: began))
        case .scheduledTaskStarted, .scheduledTaskExpired, .scheduledTaskCompleted:
            break
        case .sessionEnded(let pid, let began, let ended, _, _):
            sessionDurations.append(ended.nanoseconds(since: began))
            if let c = current.removeValue(forKey: pid), c.state != "notRunning" {
                timeInState[c.state, default: 0] += ended.nanoseconds(since: c.since)
            }
            resumeStart[pid] = nil
        }
    }

    public var session: DurationStats { DurationStats(sessionDurations) }
    public var handler: DurationStats { DurationStats(handlerDurations) }
    public var resume: DurationStats { DurationStats(resumeDurations) }
    public var bgtask: DurationStats { DurationStats(taskDurations) }
    /// Handler durations per canonical event name, sorted by name.
    public var handlers: [(event: String, stats: DurationStats)] {
        handlerDurationsByEvent.keys.sorted().map { ($0, DurationStats(handlerDurationsByEvent[$0]!)) }
    }

    /// The public process states in report order.
    static let stateOrder = ["active", "inactive", "background", "suspended", "unknown"]

    var states: [(String, Int64)] {
        let known = Self.stateOrder.map { ($0, timeInState[$0] ?? 0) }
        let other = timeInState.keys.filter { !Self.stateOrder.contains($0) }.sorted().map { ($0, timeInState[$0]!) }
        return known + other
    }

    // MARK: Reports

    /// The `json` document.
    public func json(toolVersion: String) -> String {
        func dist(_ d: DurationStats) -> JSONValue {
            .object([
                ("count", .int(d.count)), ("p50_ns", .integer(d.p50)), ("p95_ns", .integer(d.p95)),
                ("max_ns", .integer(d.max)),
            ])
        }
        let doc = JSONValue.object([
            ("tool", JSONReporter.tool(version: toolVersion)),
            ("files", .int(files)),
            ("events", .int(events)),
            ("sessions", .int(sessions)),
            ("exits", JSONReporter.exits(exitClasses)),
            ("percentile", .string("nearest-rank")),
            ("time_in_state_ns", .object(states.map { ($0.0, .integer($0.1)) })),
            ("durations", .object([
                ("session", dist(session)), ("handler", dist(handler)), ("resume", dist(resume)),
                ("bgtask", dist(bgtask)),
            ])),
            ("handlers", .object(handlers.map { ($0.event, dist($0.stats)) })),
            ("findings", .object([
                ("errors", .int(findings.errors)), ("warnings", .int(findings.warnings)), ("notes", .int(findings.notes)),
            ])),
        ])
        return JSONWriter.string(doc, pretty: true) + "\n"
    }

    /// The `text` report.
    public func text() -> String {
        var out = "lctrace stats: " + AuditReport.count(files, "file") + ", " + AuditReport.count(events, "event") + ", "
            + AuditReport.count(sessions, "session") + "\n"
        out += "\nSessions by exit class:\n"
        for c in ExitClass.allCases {
            out += "  " + AuditReport.pad(c.name, 16) + AuditReport.grouped(exitClasses[c] ?? 0) + "\n"
        }
        let total = states.reduce(Int64(0)) { $0 + $1.1 }
        out += "\nTime in state:\n"
        for (name, ns) in states {
            let share = total > 0 ? Double(ns) / Double(total) * 100 : 0
            let shareText = String(Int((share * 10).rounded())) 
            let pct = shareText.count > 1 ? String(shareText.dropLast()) + "." + String(shareText.suffix(1)) : "0." + shareText
            out += "  " + AuditReport.pad(name, 16) + Self.leftPad(Self.duration(ns), 14) + Self.leftPad(pct + "%", 8) + "\n"
        }
        out += "\nDurations (nearest-rank percentiles):\n"
        out += "  " + AuditReport.pad("", 40) + Self.leftPad("count", 8) + Self.leftPad("p50", 14) + Self.leftPad("p95", 14)
            + Self.leftPad("max", 14) + "\n"
        var rows: [(String, DurationStats)] = [("session", session), ("resume", resume), ("bgtask", bgtask), ("handler (all)", handler)]
        rows += handlers.map { ("handler " + $0.event, $0.stats) }
        for (name, d) in rows {
            out += "  " + AuditReport.pad(name, 40) + Self.leftPad(AuditReport.grouped(d.count), 8)
                + Self.leftPad(d.p50.map(Self.duration) ?? "-", 14) + Self.leftPad(d.p95.map(Self.duration) ?? "-", 14)
                + Self.leftPad(d.max.map(Self.duration) ?? "-", 14) + "\n"
        }
        return out
    }

    static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }

    /// `0.250s`, `12.000s`, `3:05.500` (minutes from 60 s on), `2:03:05.500` from an hour on;
    /// milliseconds, rounded.
    static func duration(_ ns: Int64) -> String {
        let ms = (ns + 500_000) / 1_000_000
        let frac = String(ms % 1000)
        let fracText = String(repeating: "0", count: 3 - frac.count) + frac
        let s = ms / 1000
        let two = { (v: Int64) in v < 10 ? "0\(v)" : "\(v)" }
        if s < 60 { return "\(s).\(fracText)s" }
        if s < 3600 { return "\(s / 60):\(two(s % 60)).\(fracText)" }
        return "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60)).\(fracText)"
    }
}
