import Foundation
import LCTracePipeline
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import LCTraceReport
import LCTraceTestSupport
import Testing

/// The timeline the pipeline collects, and its Chrome trace export, checked against every
/// sample in traces/: the JSON is a valid trace, and every finding and every state the
/// replay went through is in it.
@Suite struct TimelineTests {
    static func timeline(_ file: String) throws -> (FileResult, Timeline) {
        let path = RepositoryPaths.traces.appendingPathComponent(file).path
        let result = try FileReplay.run(
            path: path, displayName: "traces/" + file, configuration: ReplayConfiguration(), collectTimeline: true
        ).get()
        return (result, try #require(result.timeline))
    }

    /// The state changes the replayer reports, gathered independently of the collector.
    static func stateChanges(_ file: String) throws -> [(pid: Int64?, scene: String?, time: Timestamp, from: String, to: String)] {
        var reader = try openLog(path: RepositoryPaths.traces.appendingPathComponent(file).path)
        var raw: [(Int64?, Symbol, Timestamp, String, String)] = []
        var replayer = Replayer(path: file, configuration: ReplayConfiguration())
        replayer.observer = {
            switch $0 {
            case .stateChanged(let pid, _, let time, let from, let to):
                raw.append((pid, .none, time, from.rawValue, to.rawValue))
            case .sceneStateChanged(let pid, let scene, _, let time, let from, let to):
                raw.append((pid, scene, time, from.rawValue, to.rawValue))
            default:
                break
            }
        }
        while let item = reader.next() {
            if case .record(let r) = item { replayer.process(r, symbols: reader.symbols) }
            // A lossEvent's gap changes states too (every running process goes unknown).
            if case .lost(let line, let message) = item { replayer.recordsLost(line: line, message: message) }
        }
        _ = replayer.finish(symbols: reader.symbols)
        let symbols = reader.symbols
        return raw.map { ($0.0, symbols[$0.1], $0.2, $0.3, $0.4) }
    }

    typealias Event = [String: Any]

    static func events(_ trace: String) throws -> [Event] {
        let object = try JSONSerialization.jsonObject(with: Data(trace.utf8))
        let document = try #require(object as? [String: Any])
        #expect(document["displayTimeUnit"] as? String == "ms")
        return try #require(document["traceEvents"] as? [Event])
    }

    /// Microseconds since the origin, as the trace writes them.
    static func micros(_ time: Timestamp, _ timeline: Timeline) -> Double {
        Double(timeline.offset(time)) / 1000
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test(arguments: RepositoryPaths.sampleLogs())
    func everyEventHasTheFieldsOfItsPhase(file: String) throws {
        let (_, timeline) = try Self.timeline(file)
        let events = try Self.events(ChromeTraceExporter().render(timeline))
        #expect(!events.isEmpty)
        for e in events {
            let ph = try #require(e["ph"] as? String, "\(e)")
            #expect(e["pid"] is Int && e["name"] is String, "\(e)")
            switch ph {
            case "M":
                #expect(["process_name", "process_sort_index", "thread_name", "thread_sort_index"].contains(e["name"] as? String))
                #expect(e["args"] is [String: Any] && e["tid"] is Int)
            case "X":
                #expect(e["tid"] is Int && Self.number(e["ts"]) != nil, "\(e)")
                #expect((Self.number(e["dur"]) ?? -1) >= 0, "\(e)")
                #expect((Self.number(e["ts"]) ?? -1) >= 0, "\(e)")
            case "b", "e":
                #expect(["bgtask", "bgsched"].contains(e["cat"] as? String ?? "") && e["id"] is Int && Self.number(e["ts"]) != nil, "\(e)")
            case "i":
                #expect(["p", "t"].contains(e["s"] as? String) && Self.number(e["ts"]) != nil && e["tid"] is Int, "\(e)")
                let args = try #require(e["args"] as? [String: Any])
                #expect(args["rule"] is String && args["severity"] is String && args["message"] is String && args["line"] is Int)
            default:
                Issue.record("unexpected phase \(ph)")
            }
        }
        // Every pid that has a track is named, with its app and OS from meta.
        let named = Set(events.filter { $0["name"] as? String == "process_name" }.compactMap { $0["pid"] as? Int })
        let used = Set(events.filter { $0["ph"] as? String != "M" }.compactMap { $0["pid"] as? Int })
        #expect(used.isSubset(of: named))
        for e in events where e["name"] as? String == "process_name" {
            let name = (e["args"] as? [String: Any])?["name"] as? String ?? ""
            // A system-log transcript names the app but not the OS.
            let os = name.contains("iOS 17.4") || name.contains("iOS 18.2") || name.contains("iOS 26.1") || file.hasPrefix("syslog-")
            #expect((name.contains("com.example.") && os) || name.hasSuffix(".zst (file)"), "\(name)")
        }
        // b/e pair up by id, each once, end not before begin.
        var begins: [Int: Double] = [:]
        for e in events where e["ph"] as? String == "b" { begins[e["id"] as! Int] = Self.number(e["ts"]) }
        let ends = events.filter { $0["ph"] as? String == "e" }
        #expect(ends.count == begins.count)
        for e in ends { #expect(Self.number(e["ts"])! >= begins[e["id"] as! Int]!) }
    }

    @Test(arguments: RepositoryPaths.sampleLogs())
    func everyFindingIsAnInstantEvent(file: String) throws {
        let (result, timeline) = try Self.timeline(file)
        #expect(timeline.findings == result.findings)
        let events = try Self.events(ChromeTraceExporter().render(timeline))
        let instants = events.filter { $0["ph"] as? String == "i" }.compactMap { $0["args"] as? [String: Any] }
        #expect(instants.count == result.findings.count)
        // Each instant's args is the finding as json and jsonl write it: it reads back whole
        // (source, session and time included) through the one finding schema.
        let read = instants.compactMap { FindingSchema.finding($0, parseTime: { Timestamp(rfc3339: $0) }) }
        #expect(read.count == instants.count, "\(file): an instant's args is not a finding")
        for finding in result.findings {
            #expect(read.contains(finding), "\(file): \(finding.rule.id) at line \(finding.line)")
        }
        for args in instants {
            #expect(
                Set(args.keys)
                    == Set([
                        "rule", "name", "severity", "file", "line", "time", "pid", "scene", "task", "state", "event", "message", "exit", "source", "session",
                        "owner",
                    ]))
        }
    }

    @Test(arguments: RepositoryPaths.sampleLogs())
    func everyStateIntervalIsASlice(file: String) throws {
        let (_, timeline) = try Self.timeline(file)
        let events = try Self.events(ChromeTraceExporter().render(timeline))
        let changes = try Self.stateChanges(file)
        #expect(!changes.isEmpty)
        // The trace pid of a log pid, from the process names.
        var tracePid: [Int64: Int] = [:]
        for e in events where e["name"] as? String == "process_name" {
            let name = (e["args"] as? [String: Any])?["name"] as? String ?? ""
            if let range = name.range(of: "(pid ") {
                let digits = name[range.upperBound...].prefix { $0.isNumber || $0 == "-" }
                tracePid[Int64(digits)!] = e["pid"] as? Int
            }
        }
        var sceneTid: [String: Int] = [:]
        for e in events where e["name"] as? String == "thread_name" {
            let name = (e["args"] as? [String: Any])?["name"] as? String ?? ""
            if name.hasPrefix("scene ") { sceneTid[String(name.dropFirst(6))] = e["tid"] as? Int }
        }
        let slices = events.filter { $0["ph"] as? String == "X" }
        func slice(pid: Int, tid: Int, name: String, startingAt ts: Double) -> Bool {
            slices.contains {
                $0["pid"] as? Int == pid && $0["tid"] as? Int == tid && $0["name"] as? String == name
                    && abs(Self.number($0["ts"])! - ts) < 0.0005
            }
        }
        func slice(pid: Int, tid: Int, name: String, endingAt ts: Double) -> Bool {
            slices.contains {
                $0["pid"] as? Int == pid && $0["tid"] as? Int == tid && $0["name"] as? String == name
                    && abs(Self.number($0["ts"])! + Self.number($0["dur"])! - ts) < 0.0005
            }
        }
        for change in changes {
            let logPid = try #require(change.pid)
            let pid = try #require(tracePid[logPid], "\(file): pid \(logPid) has no process")
            let ts = Self.micros(change.time, timeline)
            let tid = change.scene.map { sceneTid[$0] ?? -1 } ?? ChromeTraceExporter.Track.appState
            let what = "\(file): pid \(change.pid!) \(change.scene ?? "") \(change.from)->\(change.to) at \(ts)"
            if !(change.scene != nil && change.from == "unattached") {
                #expect(slice(pid: pid, tid: tid, name: change.from, endingAt: ts), "\(what): no '\(change.from)' slice ends there")
            }
            if change.scene != nil && change.to == "unattached" { continue }
            let sessionEnds = slices.contains {
                $0["pid"] as? Int == pid && $0["tid"] as? Int == ChromeTraceExporter.Track.sessions
                    && abs(Self.number($0["ts"])! + Self.number($0["dur"])! - ts) < 0.0005
            }
            // The moment a process ends is not a state it holds (unless time passes before the session closes).
            if change.to == "notRunning" && sessionEnds && !slice(pid: pid, tid: tid, name: change.to, startingAt: ts) { continue }
            #expect(slice(pid: pid, tid: tid, name: change.to, startingAt: ts), "\(what): no '\(change.to)' slice begins there")
        }
    }

    @Test(arguments: RepositoryPaths.sampleLogs())
    func statesCoverEachSessionBackToBack(file: String) throws {
        let (result, timeline) = try Self.timeline(file)
        #expect(timeline.sessions.count == result.sessions)
        for session in timeline.sessions {
            let states = session.states
            #expect(!states.isEmpty)
            #expect(states.first?.start == session.began)
            #expect(states.last?.end == session.ended)
            for (a, b) in zip(states, states.dropFirst()) { #expect(a.end == b.start, "\(file)") }
            for t in session.tasks { #expect(t.began <= t.ended && t.ended <= session.ended) }
        }
        let placed = timeline.sessions.flatMap(\.findings) + timeline.fileFindings
        #expect(placed.sorted() == Array(result.findings.indices))
    }

    @Test func theUploaderStory() throws {
        let (_, timeline) = try Self.timeline("killed-in-background.jsonl.zst")
        let process = try #require(timeline.processes.first)
        #expect(process.label == "com.example.uploader (pid 201, iOS 17.4)")
        let session = try #require(process.sessions.first)
        #expect(session.exitClass == .bgtaskTimeout)
        #expect(session.states.map(\.state) == ["notRunning", "inactive", "active", "inactive", "background"])
        let task = try #require(session.tasks.first)
        #expect(task.label == "upload-photos" && task.outcome == .released && task.endLine == 11)
        #expect(task.expired.map(timeline.offset) == 205_000_000_000)
        #expect(session.handlers.map(\.event) == ["app.didEnterBackground"])
        #expect(session.findings.count == 4)
    }

    @Test func scenesAndTheirTracks() throws {
        let (_, timeline) = try Self.timeline("clean-scenes.jsonl.zst")
        let session = try #require(timeline.sessions.first)
        #expect(session.scenes.map(\.scene) == ["main", "doc-2"])
        let doc2 = session.scenes[1].intervals
        #expect(doc2.map(\.state) == ["background", "foregroundInactive", "foregroundActive", "foregroundInactive", "background"])
        #expect(doc2.last.map { timeline.offset($0.end) } == 900_100_000_000, "ends when it disconnects")
    }

    /// A malformed line belongs to no session (the engine stamps none: ``Finding/session``), so
    /// it is the file's, drawn at the time of the last record before it.
    @Test func malformedLinesAreTheFilesAtTheLastTime() throws {
        let (_, timeline) = try Self.timeline("lc401-malformed-record.jsonl.zst")
        #expect(timeline.sessions.allSatisfy { $0.findings.isEmpty })
        #expect(timeline.fileFindings.count == 1)
        let finding = timeline.findings[timeline.fileFindings[0]]
        #expect(finding.time == nil && finding.pid == nil)
        #expect(timeline.time(of: finding).map(timeline.offset) == 20_000_000_000, "the last record before it")
    }

    /// A cut belongs to the file, not to the session whose records it may have cut.
    @Test func aCutAtTheEndIsTheFiles() throws {
        let (_, timeline) = try Self.timeline("lc403-truncated-log.jsonl.zst")
        #expect(timeline.fileFindings.map { timeline.findings[$0].rule } == [.truncatedLog])
        #expect(timeline.sessions.allSatisfy { $0.findings.isEmpty })
    }

    @Test func findingsOutsideEverySessionBelongToTheFile() throws {
        let text = """
            {"t":0,"ev":"meta","app":"com.example.x","os":"16.1"}
            not json
            {"t":1,"ev":"app.didFinishLaunching","pid":5}

            """
        let reader = try openLog(bytes: Array(text.utf8), name: "mem")
        let timeline = try #require(FileReplay.replay(reader, configuration: ReplayConfiguration(), collectTimeline: true).timeline)
        #expect(timeline.fileFindings.count == 1)
        #expect(timeline.findings[timeline.fileFindings[0]].rule == .malformedRecord)
        let events = try Self.events(ChromeTraceExporter().render(timeline))
        let instant = try #require(events.first { $0["ph"] as? String == "i" })
        #expect(instant["s"] as? String == "p")
        #expect(events.contains { $0["name"] as? String == "process_name" && ($0["args"] as? [String: Any])?["name"] as? String == "mem (file)" })
    }

    @Test func leakedTasksEndAtTheSuspension() throws {
        let (_, timeline) = try Self.timeline("lc300-bgtask-leaked.jsonl.zst")
        let task = try #require(timeline.sessions.first?.tasks.first)
        #expect(task.outcome == .released)
        #expect(timeline.offset(task.ended) == 14_000_000_000)
        let open = try #require(try Self.timeline("lc304-bgtask-open-at-end.jsonl.zst").1.sessions.first?.tasks.first)
        #expect(open.outcome == .open && open.endLine == 0)
    }

    @Test func exportIsDeterministic() throws {
        let (_, a) = try Self.timeline("clean-multi-session.jsonl.zst")
        let (_, b) = try Self.timeline("clean-multi-session.jsonl.zst")
        #expect(a == b)
        #expect(ChromeTraceExporter().render(a) == ChromeTraceExporter().render(b))
    }

    @Test func withoutTheFlagNoTimelineIsCollected() throws {
        let path = RepositoryPaths.traces.appendingPathComponent("clean-scenes.jsonl.zst").path
        let result = try FileReplay.run(path: path, configuration: ReplayConfiguration()).get()
        #expect(result.timeline == nil)
        let run = RunReport.replaying([path], configuration: ReplayConfiguration(), collectTimeline: true)
        #expect(run.files.first?.timeline != nil)
    }

    /// A log without pids, relaunched: one process track with two sessions, no pid in the trace name.
    @Test func streamWithoutPids() throws {
        let text = """
            {"t":0,"ev":"meta","app":"com.example.x","os":"16.1"}
            {"t":0,"ev":"app.willFinishLaunching"}
            {"t":1,"ev":"app.didFinishLaunching"}
            {"t":2,"ev":"app.didBecomeActive"}
            {"t":10,"ev":"app.willFinishLaunching"}
            {"t":11,"ev":"app.didFinishLaunching"}
            {"t":12,"ev":"bgtask.begin","task":"a b","name":"<script>"}

            """
        let reader = try openLog(bytes: Array(text.utf8), name: "mem")
        let result = FileReplay.replay(reader, configuration: ReplayConfiguration(), collectTimeline: true)
        let timeline = try #require(result.timeline)
        #expect(timeline.processes.count == 1)
        #expect(timeline.processes[0].label == "com.example.x (no pid, iOS 16.1)")
        #expect(timeline.processes[0].sessions.map(\.exitClass) == [.abnormal, .open])
        #expect(timeline.processes[0].sessions[1].tasks.first?.name == "<script>")
        let events = try Self.events(ChromeTraceExporter().render(timeline))
        #expect(events.contains { $0["ph"] as? String == "X" && $0["pid"] as? Int == 1 })
    }

    /// The timeline is the engine's replay: a second launch of a pid running since the log
    /// began (LC100) does not stop its open task, so the task is one span that ended (no LC300),
    /// not a released span plus a second span with no begin, as a shadow state table drew it.
    @Test func aTaskTheEngineKeepsOpenIsOneSpan() throws {
        let text = """
            {"t":0,"ev":"app.didEnterBackground","pid":1}
            {"t":1,"ev":"bgtask.begin","pid":1,"task":5}
            {"t":2,"ev":"process.launch","pid":1}
            {"t":3,"ev":"bgtask.end","pid":1,"task":5}
            {"t":4,"ev":"sys.suspend","pid":1}

            """
        let reader = try openLog(bytes: Array(text.utf8), name: "mem")
        let result = FileReplay.replay(reader, configuration: ReplayConfiguration(), collectTimeline: true)
        #expect(!result.findings.contains { $0.rule == .bgtaskLeaked || $0.rule == .bgtaskUnmatchedEnd })
        let timeline = try #require(result.timeline)
        let tasks = try #require(timeline.processes.first?.sessions.first?.tasks)
        #expect(tasks.count == 1)
        #expect(tasks.first?.outcome == .ended)
        #expect(tasks.first?.beginLine == 2 && tasks.first?.endLine == 4)
        #expect(tasks.first.map { $0.ended.nanoseconds(since: $0.began) } == 2_000_000_000)
    }
}

/// Scheduled (BGTaskScheduler) tasks in the timeline: collected from the replayer's
/// observations, drawn as `bgsched` slices in the Chrome trace and in the HTML timeline.
@Suite struct ScheduledTaskTimelineTests {
    @Test func scheduledTasksAreCollectedWithTheirKind() throws {
        let (_, timeline) = try TimelineTests.timeline("clean-prewarm-scheduled.jsonl.zst")
        let tasks = timeline.processes.flatMap { $0.sessions.flatMap(\.tasks) }
        #expect(tasks.map(\.kind) == ["refresh", "processing", "continued"])
        #expect(tasks.allSatisfy { $0.outcome == .ended })
        let processing = try #require(tasks.first { $0.kind == "processing" })
        #expect(processing.expired != nil)
        #expect(processing.task == .string("com.example.photos.index"))
        #expect(processing.ended.nanoseconds(since: processing.began) == 240_600_000_000)
    }

    @Test func notCompletedTaskIsReleasedAtTheSuspension() throws {
        let (_, timeline) = try TimelineTests.timeline("lc305-bgsched-not-completed.jsonl.zst")
        let task = try #require(timeline.processes.first?.sessions.first?.tasks.first)
        #expect(task.kind == "processing" && task.outcome == .released && task.endLine == 5)
    }

    @Test func chromeTraceDrawsThemAsBgschedSlices() throws {
        let (_, timeline) = try TimelineTests.timeline("clean-prewarm-scheduled.jsonl.zst")
        let events = try TimelineTests.events(ChromeTraceExporter().render(timeline))
        let begins = events.filter { $0["ph"] as? String == "b" && $0["cat"] as? String == "bgsched" }
        #expect(begins.count == 3)
        let kinds = begins.compactMap { ($0["args"] as? [String: Any])?["kind"] as? String }
        #expect(kinds == ["refresh", "processing", "continued"])
    }

    @Test func htmlTimelineTitlesThem() throws {
        let (result, _) = try TimelineTests.timeline("clean-prewarm-scheduled.jsonl.zst")
        let html = HTMLReporter().render(RunReport(toolVersion: "test", files: [result]))
        #expect(html.contains("tk-sched"))
        #expect(html.contains("scheduled processing task com.example.photos.index: completed at line 15"))
    }
}
