import LCTraceCore

/// `lctrace timeline --format chrome`: a ``Timeline`` as Chrome trace-event JSON
/// (`{"traceEvents":[…],"displayTimeUnit":"ms"}`), which Perfetto UI and chrome://tracing open.
///
/// Layout, per process (pid) of the log, named `com.example.notes (pid 101, iOS 17.4)` by
/// `M` metadata events:
///
/// | track (thread) | events |
/// | --- | --- |
/// | `sessions` | one `X` slice per session, named by its exit class |
/// | `app state` | one `X` slice per app state held (`active`, `background`, …) |
/// | `handlers` | handler spans as nested `X` slices (`handlers 2`, … when spans overlap without nesting) |
/// | `scene ID` | one per scene: its states as `X` slices |
///
/// Background tasks are async slices (`b`/`e`, category `bgtask`, one id per task; scheduled
/// `BGTaskScheduler` tasks category `bgsched`, with their `kind` in the args);
/// findings are instant events (`i`) on the app-state or scene track (scope `t`) with
/// rule, severity, message and line in `args`; findings outside every session sit on one
/// more process named after the file (scope `p`).
///
/// Times are microseconds since ``Timeline/origin`` (the first record), with nanosecond
/// digits kept as a fraction. Output is deterministic: one event per line, in a fixed order.
public struct ChromeTraceExporter: Sendable {
    /// Track (thread) ids within a process.
    public enum Track {
        /// Session slices.
        public static let sessions = 1
        /// App-state slices.
        public static let appState = 2
        /// The first handler lane.
        public static let handlers = 3
        /// The first scene track; later scenes and extra handler lanes follow.
        public static let firstScene = 4
    }

    /// Creates an exporter.
    public init() {}

    /// The whole trace as one string.
    public func render(_ timeline: Timeline) -> String {
        var text = ""
        write(timeline, to: &text)
        return text
    }

    /// Writes the trace.
    ///
    /// - Parameters:
    ///   - timeline: one file's timeline.
    ///   - output: the stream to append to.
    /// - Complexity: O(e log e) for e events (handler lanes sort spans per session).
    public func write<Output: TextOutputStream>(_ timeline: Timeline, to output: inout Output) {
        // Written a process at a time, so memory holds one process's events, not the trace's.
        var first = true
        func flush(_ events: inout EventList) {
            for line in events.lines {
                output.write(first ? "\n" : ",\n")
                output.write(line)
                first = false
            }
            events.lines.removeAll(keepingCapacity: true)
        }
        output.write("{\"traceEvents\":[")
        var events = EventList()
        let pids = Self.tracePids(timeline)
        var nextTaskID = 1
        for (p, process) in timeline.processes.enumerated() {
            let pid = pids.processes[p]
            events.metadata(pid: pid, name: "process_name", args: [("name", Self.string(process.label))])
            events.metadata(pid: pid, name: "process_sort_index", args: [("sort_index", String(p))])
            // Scenes and handler lanes share one numbering for the whole process.
            var sceneTid: [String: Int] = [:]
            var sceneOrder: [String] = []
            for session in process.sessions {
                for scene in session.scenes where sceneTid[scene.scene] == nil {
                    sceneTid[scene.scene] = Track.firstScene + sceneOrder.count
                    sceneOrder.append(scene.scene)
                }
            }
            let laneBase = Track.firstScene + sceneOrder.count
            var lanes = 1
            var body = EventList()
            for session in process.sessions {
                body.complete(
                    pid: pid, tid: Track.sessions, name: "session " + String(session.number) + ": " + session.exitClass.name,
                    category: "session", start: timeline.offset(session.began), end: timeline.offset(session.ended),
                    colour: Self.colour(exit: session.exitClass),
                    args: [
                        ("exit", Self.string(session.exitClass.name)), ("firstLine", String(session.firstLine)),
                        ("lastLine", String(session.lastLine)), ("findings", String(session.findings.count)),
                    ])
                for interval in session.states {
                    body.complete(
                        pid: pid, tid: Track.appState, name: interval.state, category: "state",
                        start: timeline.offset(interval.start), end: timeline.offset(interval.end),
                        colour: Self.colour(state: interval.state), args: [("line", String(interval.line))])
                }
                for scene in session.scenes {
                    for interval in scene.intervals {
                        body.complete(
                            pid: pid, tid: sceneTid[scene.scene]!, name: interval.state, category: "scene",
                            start: timeline.offset(interval.start), end: timeline.offset(interval.end),
                            colour: Self.colour(state: interval.state),
                            args: [("scene", Self.string(scene.scene)), ("line", String(interval.line))])
                    }
                }
                let placed = Self.lanes(session.handlers)
                for (h, handler) in session.handlers.enumerated() {
                    let lane = placed[h]
                    lanes = max(lanes, lane + 1)
                    var args = [("line", String(handler.line))]
                    if let scene = handler.scene { args.append(("scene", Self.string(scene))) }
                    body.complete(
                        pid: pid, tid: lane == 0 ? Track.handlers : laneBase + lane - 1, name: handler.event,
                        category: "handler", start: timeline.offset(handler.began), end: timeline.offset(handler.ended),
                        colour: nil, args: args)
                }
                for task in session.tasks {
                    var args: [(String, String)] = [
                        ("task", Self.string(task.task.text)), ("outcome", Self.string(task.outcome.rawValue)),
                        ("beginLine", String(task.beginLine)), ("endLine", String(task.endLine)),
                    ]
                    if let expired = task.expired {
                        args.append(("expiredAt", Self.micros(timeline.offset(expired))))
                    }
                    if let kind = task.kind { args.append(("kind", Self.string(kind))) }
                    body.async(
                        pid: pid, id: nextTaskID, name: task.label, category: task.kind == nil ? "bgtask" : "bgsched",
                        start: timeline.offset(task.began), end: timeline.offset(task.ended), args: args)
                    nextTaskID += 1
                }
                for f in session.findings {
                    let finding = timeline.findings[f]
                    let tid = finding.scene.flatMap { sceneTid[$0] } ?? Track.appState
                    body.instant(pid: pid, tid: tid, scope: "t", finding, at: Self.time(of: finding, in: timeline))
                }
            }
            events.thread(pid: pid, tid: Track.sessions, name: "sessions")
            events.thread(pid: pid, tid: Track.appState, name: "app state")
            events.thread(pid: pid, tid: Track.handlers, name: "handlers")
            for (k, scene) in sceneOrder.enumerated() {
                events.thread(pid: pid, tid: Track.firstScene + k, name: "scene " + scene)
            }
            if lanes > 1 {
                for lane in 1..<lanes { events.thread(pid: pid, tid: laneBase + lane - 1, name: "handlers " + String(lane + 1)) }
            }
            events.append(body)
            flush(&events)
        }
        if let filePid = pids.file {
            events.metadata(pid: filePid, name: "process_name", args: [("name", Self.string(timeline.file + " (file)"))])
            events.metadata(pid: filePid, name: "process_sort_index", args: [("sort_index", String(timeline.processes.count))])
            events.thread(pid: filePid, tid: 1, name: "findings")
            for f in timeline.fileFindings {
                let finding = timeline.findings[f]
                events.instant(pid: filePid, tid: 1, scope: "p", finding, at: Self.time(of: finding, in: timeline))
            }
            flush(&events)
        }
        output.write("\n],\"displayTimeUnit\":\"ms\",\"otherData\":{\"file\":")
        output.write(Self.string(timeline.file))
        output.write(",\"origin\":")
        output.write(timeline.origin.map { Self.string($0.rfc3339) } ?? "null")
        output.write("}}\n")
    }

    /// The trace's process ids: the log's pid where it is a positive 32-bit number (viewers
    /// want one), otherwise (no pid, negative, too large) the next free number above them.
    static func tracePids(_ timeline: Timeline) -> (processes: [Int], file: Int?) {
        var used = Set<Int>()
        var out = [Int](repeating: 0, count: timeline.processes.count)
        for (p, process) in timeline.processes.enumerated() {
            if let pid = process.pid, pid > 0, pid <= Int64(Int32.max), !used.contains(Int(pid)) {
                out[p] = Int(pid)
                used.insert(Int(pid))
            }
        }
        var next = (used.max() ?? 0) + 1
        for p in out.indices where out[p] == 0 {
            out[p] = next
            next += 1
        }
        return (out, timeline.fileFindings.isEmpty ? nil : next)
    }

    /// Nesting lanes for handler spans: each span goes to the first lane where it nests in, or
    /// follows, what is already there, so every lane is a proper stack of `X` slices.
    static func lanes(_ spans: [Timeline.HandlerSpan]) -> [Int] {
        let order = spans.indices.sorted {
            spans[$0].began != spans[$1].began ? spans[$0].began < spans[$1].began : spans[$0].ended > spans[$1].ended
        }
        var stacks: [[Timestamp]] = []
        var lane = [Int](repeating: 0, count: spans.count)
        for i in order {
            let span = spans[i]
            var placed = false
            for l in stacks.indices {
                while let top = stacks[l].last, top <= span.began { stacks[l].removeLast() }
                if stacks[l].last.map({ $0 >= span.ended }) ?? true {
                    stacks[l].append(span.ended)
                    lane[i] = l
                    placed = true
                    break
                }
            }
            if !placed {
                stacks.append([span.ended])
                lane[i] = stacks.count - 1
            }
        }
        return lane
    }

    static func time(of finding: Finding, in timeline: Timeline) -> Int64 {
        timeline.time(of: finding).map(timeline.offset) ?? 0
    }

    /// Nanoseconds as microseconds: `1500` for 1.5 ms, `0.001` for 1 ns.
    static func micros(_ nanoseconds: Int64) -> String {
        let whole = nanoseconds / 1000
        let rest = (nanoseconds % 1000).magnitude
        let sign = nanoseconds < 0 && whole == 0 ? "-" : ""
        guard rest != 0 else { return sign + String(whole) }
        var digits = String(rest)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(whole) + "." + digits
    }

    static func string(_ text: String) -> String { JSONWriter.quoted(text) }

    /// chrome://tracing's reserved colour names (Perfetto colours by name instead).
    static func colour(state: String) -> String {
        switch state {
        case "active", "foregroundActive": return "thread_state_running"
        case "inactive", "foregroundInactive": return "thread_state_runnable"
        case "background": return "thread_state_iowait"
        case "suspended": return "thread_state_sleeping"
        case "notRunning": return "thread_state_unknown"
        default: return "grey"
        }
    }

    static func colour(exit: ExitClass) -> String {
        switch exit {
        case .normal, .purged, .open: return "good"
        case .watchdog, .bgtaskTimeout, .lockedFile, .memoryLimit, .cpuLimit, .thermal: return "terrible"
        case .abnormal: return "bad"
        }
    }

    static func colour(severity: Severity) -> String {
        switch severity {
        case .error: return "terrible"
        case .warning: return "bad"
        case .note: return "yellow"
        }
    }

    /// Trace events as JSON text, one per line.
    struct EventList {
        var lines: [String] = []

        mutating func append(_ other: EventList) { lines += other.lines }

        mutating func metadata(pid: Int, name: String, args: [(String, String)]) {
            lines.append(
                "{\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"name\":\"\(name)\",\"args\":\(ChromeTraceExporter.object(args))}")
        }

        mutating func thread(pid: Int, tid: Int, name: String) {
            lines.append(
                "{\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(tid),\"name\":\"thread_name\",\"args\":{\"name\":\(ChromeTraceExporter.string(name))}}"
            )
            lines.append(
                "{\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(tid),\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":\(tid)}}"
            )
        }

        mutating func complete(
            pid: Int, tid: Int, name: String, category: String, start: Int64, end: Int64, colour: String?,
            args: [(String, String)]
        ) {
            var line = "{\"ph\":\"X\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(micros(start)),\"dur\":\(micros(max(0, end - start)))"
            line += ",\"name\":\(ChromeTraceExporter.string(name)),\"cat\":\"\(category)\""
            if let colour { line += ",\"cname\":\"\(colour)\"" }
            line += ",\"args\":\(ChromeTraceExporter.object(args))}"
            lines.append(line)
        }

        mutating func async(
            pid: Int, id: Int, name: String, category: String, start: Int64, end: Int64, args: [(String, String)]
        ) {
            let common = "\"pid\":\(pid),\"tid\":\(Track.appState),\"cat\":\"\(category)\",\"id\":\(id),\"name\":\(ChromeTraceExporter.string(name))"
            lines.append("{\"ph\":\"b\",\(common),\"ts\":\(micros(start)),\"args\":\(ChromeTraceExporter.object(args))}")
            lines.append("{\"ph\":\"e\",\(common),\"ts\":\(micros(max(start, end)))}")
        }

        /// A finding's instant event; its `args` is the finding as `json` and `jsonl` write it
        /// (``FindingSchema/object(_:)``: every key, `source` and `session` too).
        mutating func instant(pid: Int, tid: Int, scope: String, _ finding: Finding, at time: Int64) {
            var line = "{\"ph\":\"i\",\"s\":\"\(scope)\",\"pid\":\(pid),\"tid\":\(tid),\"ts\":\(micros(time))"
            line += ",\"name\":\(string(finding.rule.id + " " + finding.rule.name)),\"cat\":\"finding,\(finding.severity.name)\""
            line += ",\"cname\":\"\(colour(severity: finding.severity))\",\"args\":"
            line += JSONWriter.string(FindingSchema.object(finding), pretty: false) + "}"
            lines.append(line)
        }

        private func string(_ text: String) -> String { ChromeTraceExporter.string(text) }
        private func colour(severity: Severity) -> String { ChromeTraceExporter.colour(severity: severity) }
        private func object(_ members: [(String, String)]) -> String { ChromeTraceExporter.object(members) }
    }

    /// `{"key":value,…}` from keys and already-encoded values.
    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
