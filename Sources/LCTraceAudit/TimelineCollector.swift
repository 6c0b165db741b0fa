import LCTraceCore
import LCTraceReplay

/// Builds a ``Timeline`` while a file is replayed: the replayer's observations (state changes,
/// handler spans, ended tasks, session ends) plus what only the records say (meta, task names
/// and begins, tasks that never ended, expirations).
///
/// Use: after each ``Replayer/process(_:symbols:)``, call ``record(_:symbols:)``; report
/// malformed and cut lines with ``placeLine(_:)``; after ``Replayer/finish(symbols:)``,
/// ``finish(_:symbols:)``. Observations arrive through ``observe(_:)`` (the replayer's
/// observer) and are buffered until the next call that has the symbol table, so that
/// scene and task symbols are resolved as they happen.
///
/// A class because the replayer's observer is a closure that must append to it.
final class TimelineCollector {
    /// A session being built.
    private struct Builder {
        var firstLine: Int
        var lastLine: Int
        var states: [Timeline.Interval] = []
        /// The app state held now, since when (nil: since the session began), entered at which line.
        var state: String?
        var stateStart: Timestamp?
        var stateLine = 0
        var scenes: [Timeline.SceneTrack] = []
        var sceneIndex: [String: Int] = [:]
        /// Per scene track: the state held now, since when, entered at which line.
        var sceneOpen: [Int: (state: String, start: Timestamp, line: Int)] = [:]
        var handlers: [Timeline.HandlerSpan] = []
        var tasks: [Timeline.TaskSpan] = []
        /// Open tasks: id → index in `tasks`.
        var openTasks: [TaskValue: Int] = [:]
        /// Open tasks in the order they began (to release them deterministically).
        var openOrder: [TaskValue] = []
        /// Running scheduled tasks: id → index in `tasks` (their ids never match a `bgtask.*` id).
        var openScheduled: [TaskValue: Int] = [:]

        /// The state a session is in before its first state change: `notRunning` when it began
        /// with a launch, else `unknown` (the process was running when the log began).
        var firstState: String

        init(line: Int, launch: Bool) {
            firstLine = line
            lastLine = line
            firstState = launch ? "notRunning" : "unknown"
        }

        /// The process left the app (`notRunning` after its end): records are not its code any more.
        var exited: Bool { !states.isEmpty && state == "notRunning" }

        mutating func close(task key: TaskValue, at time: Timestamp, line: Int, outcome: Timeline.TaskSpan.Outcome) {
            guard let i = openTasks.removeValue(forKey: key) else { return }
            tasks[i].ended = max(time, tasks[i].began)
            tasks[i].endLine = line
            tasks[i].outcome = outcome
            openOrder.removeAll { $0 == key }
        }

        mutating func releaseTasks(at time: Timestamp, line: Int, outcome: Timeline.TaskSpan.Outcome) {
            for key in openOrder { close(task: key, at: time, line: line, outcome: outcome) }
            for i in openScheduled.values.sorted() { finishScheduled(i, at: time, line: line, outcome: outcome) }
            openScheduled.removeAll()
        }

        mutating func finishScheduled(_ i: Int, at time: Timestamp, line: Int, outcome: Timeline.TaskSpan.Outcome) {
            tasks[i].ended = max(time, tasks[i].began)
            tasks[i].endLine = line
            tasks[i].outcome = outcome
        }
    }

    /// What is known of one pid (or of the stream without pids).
    private struct ProcessEntry {
        var pid: Int64?
        var ownApp: String?
        var ownOS: String?
        var sessions: [Timeline.Session] = []
        var current: Builder?
        /// A session ran and ended: records other than a launch no longer start one.
        var ended = false
        /// The replay clock: the latest record time of the pid.
        var clock: Timestamp?
    }

    /// Stands for "when the session began" until its end says when that was.
    private static let sessionStart = Timestamp(nanoseconds: .min)

    private let file: String
    private let configurationOS: String?
    private var processes: [ProcessEntry] = []
    private var index: [Int64: Int] = [:]
    private var streamIndex = -1
    private var defaultApp: String?
    private var defaultOS: String?
    private var origin: Timestamp?
    private var end: Timestamp?
    private var placedTimes: [Int: Timestamp] = [:]
    private var pending: [ReplayObservation] = []
    /// The record being replayed (a session begun by an observation begins here).
    private var currentLine = 0
    private var currentTime = Timestamp(nanoseconds: 0)

    /// Creates a collector for one file.
    ///
    /// - Parameters:
    ///   - file: the name findings use.
    ///   - defaultOS: `--os`, for processes whose log names no OS.
    init(file: String, defaultOS: String?) {
        self.file = file
        self.configurationOS = defaultOS
    }

    /// The replayer's observer: buffers the observation until the symbols are at hand.
    func observe(_ observation: ReplayObservation) {
        pending.append(observation)
    }

    /// Takes in a record the replayer has just processed (and the observations it made);
    /// `meta` is the context of a `meta` record.
    func record(_ record: Record, meta: SessionMeta? = nil, symbols: borrowing SymbolTable) {
        let time = record.time
        if origin.map({ time < $0 }) ?? true { origin = time }
        if end.map({ time > $0 }) ?? true { end = time }
        currentLine = record.line
        currentTime = time

        if record.event == .meta {
            drain(symbols: symbols)
            guard let meta else { return }
            if let pid = record.pid {
                let i = entry(pid)
                if let app = meta.app { processes[i].ownApp = app }
                if let os = meta.os { processes[i].ownOS = os }
            } else {
                if let app = meta.app { defaultApp = app }
                if let os = meta.os { defaultOS = os }
            }
            return
        }
        guard record.event != .unknown else {
            drain(symbols: symbols)
            return
        }
        let i = entry(record.pid)
        if processes[i].clock.map({ time > $0 }) ?? true { processes[i].clock = time }
        currentTime = processes[i].clock ?? time
        drain(symbols: symbols)

        let launch =
            record.phase != .end
            && (record.event == .processLaunch || record.event == .willFinishLaunching
                || record.event == .didFinishLaunching)
        if processes[i].current == nil {
            guard !processes[i].ended || launch else { return }
            processes[i].current = Builder(line: record.line, launch: launch)
        }
        processes[i].current!.lastLine = max(processes[i].current!.lastLine, record.line)
        guard !processes[i].current!.exited, let id = record.task else { return }
        let key = Self.taskValue(id, symbols: symbols)
        switch record.event {
        case .bgtaskBegin:
            guard processes[i].current!.openTasks[key] == nil else { return }
            processes[i].current!.tasks.append(
                Timeline.TaskSpan(
                    task: key, name: symbols[record.name], began: currentTime, ended: currentTime,
                    beginLine: record.line, endLine: 0, outcome: .open))
            processes[i].current!.openTasks[key] = processes[i].current!.tasks.count - 1
            processes[i].current!.openOrder.append(key)
        case .bgtaskExpire:
            if let t = processes[i].current!.openTasks[key], processes[i].current!.tasks[t].expired == nil {
                processes[i].current!.tasks[t].expired = currentTime
            }
        default:
            break
        }
    }

    /// A line without a readable time (malformed, or cut): its findings are drawn at the latest
    /// time seen so far.
    func placeLine(_ line: Int) {
        if let end { placedTimes[line] = end }
    }

    /// Ends the file: takes the last observations and places the findings in their sessions.
    ///
    /// - Parameters:
    ///   - result: the replayer's result (its findings are the timeline's).
    ///   - symbols: the file's symbol table.
    /// - Returns: the timeline.
    func finish(_ result: FileResult, symbols: borrowing SymbolTable) -> Timeline {
        drain(symbols: symbols)
        var tracks = processes.filter { !$0.sessions.isEmpty }.map { p in
            Timeline.ProcessTrack(
                pid: p.pid, app: p.ownApp ?? defaultApp, os: p.ownOS ?? defaultOS ?? configurationOS,
                sessions: p.sessions)
        }
        var trackOfPid: [Int64: Int] = [:]
        var streamTrack = -1
        for (t, track) in tracks.enumerated() {
            if let pid = track.pid { trackOfPid[pid] = t } else { streamTrack = t }
        }
        var fileFindings: [Int] = []
        for (f, finding) in result.findings.enumerated() {
            let t = finding.pid.map { trackOfPid[$0] ?? -1 } ?? streamTrack
            if t >= 0, let s = Self.session(of: finding.line, in: tracks[t].sessions) {
                tracks[t].sessions[s].findings.append(f)
            } else if finding.pid == nil, let (t, s) = Self.sessionHolding(finding.line, in: tracks) {
                // A line of no process (malformed, cut) is drawn in the session around it or before it.
                tracks[t].sessions[s].findings.append(f)
            } else {
                fileFindings.append(f)
            }
        }
        return Timeline(
            file: file, origin: origin, end: end, processes: tracks, findings: result.findings,
            fileFindings: fileFindings, placedTimes: placedTimes)
    }

    /// The session a line belongs to: the one whose lines hold it, else the last one that began
    /// before it (records after an exit), else the first.
    private static func session(of line: Int, in sessions: [Timeline.Session]) -> Int? {
        guard !sessions.isEmpty else { return nil }
        var best = 0
        for (s, session) in sessions.enumerated() {
            if session.firstLine <= line && line <= session.lastLine { return s }
            if session.firstLine <= line { best = s }
        }
        return best
    }

    /// The first session (in process order) whose lines hold `line`, else the one that ended
    /// last before it (a cut at the end of the log, a bad line between sessions).
    private static func sessionHolding(_ line: Int, in tracks: [Timeline.ProcessTrack]) -> (Int, Int)? {
        var before: (track: Int, session: Int, lastLine: Int)?
        for (t, track) in tracks.enumerated() {
            for (s, session) in track.sessions.enumerated() {
                if session.firstLine <= line && line <= session.lastLine { return (t, s) }
                if session.lastLine < line && session.lastLine > (before?.lastLine ?? 0) { before = (t, s, session.lastLine) }
            }
        }
        return before.map { ($0.track, $0.session) }
    }

    private func entry(_ pid: Int64?) -> Int {
        if let pid {
            if let i = index[pid] { return i }
            processes.append(ProcessEntry(pid: pid))
            index[pid] = processes.count - 1
            return processes.count - 1
        }
        if streamIndex < 0 {
            processes.append(ProcessEntry(pid: nil))
            streamIndex = processes.count - 1
        }
        return streamIndex
    }

    /// The session under way for a process, begun at the current record if none is.
    private func builder(_ i: Int) -> Int {
        if processes[i].current == nil {
            processes[i].current = Builder(line: currentLine, launch: false)
        }
        return i
    }

    private func drain(symbols: borrowing SymbolTable) {
        guard !pending.isEmpty else { return }
        let observations = pending
        pending.removeAll(keepingCapacity: true)
        for observation in observations { apply(observation, symbols: symbols) }
    }

    private func apply(_ observation: ReplayObservation, symbols: borrowing SymbolTable) {
        switch observation {
        case .stateChanged(let pid, let scene, let line, let time, let from, let to):
            let i = builder(entry(pid))
            if let name = symbols[scene] {
                changeScene(i, name, line: line, time: time, from: from, to: to)
            } else {
                changeState(i, line: line, time: time, from: from, to: to)
            }
        case .handler(let pid, let event, let scene, let began, let ended, let line):
            let i = builder(entry(pid))
            processes[i].current!.handlers.append(
                Timeline.HandlerSpan(
                    event: event.canonicalName, scene: symbols[scene], began: began, ended: ended, line: line))
        case .task(let pid, let task, let began, let ended, let line):
            let i = builder(entry(pid))
            let key = Self.taskValue(task, symbols: symbols)
            if let t = processes[i].current!.openTasks[key] {
                processes[i].current!.tasks[t].began = began
                processes[i].current!.close(task: key, at: ended, line: line, outcome: .ended)
            } else {
                processes[i].current!.tasks.append(
                    Timeline.TaskSpan(
                        task: key, began: began, ended: ended, beginLine: 0, endLine: line, outcome: .ended))
            }
        case .scheduledTaskStarted(let pid, let task, let kind, let time, let line):
            let i = builder(entry(pid))
            let key = Self.taskValue(task, symbols: symbols)
            processes[i].current!.tasks.append(
                Timeline.TaskSpan(
                    task: key, began: time, ended: time, beginLine: line, endLine: 0, outcome: .open,
                    kind: Self.kindName(kind)))
            processes[i].current!.openScheduled[key] = processes[i].current!.tasks.count - 1
        case .scheduledTaskExpired(let pid, let task, let time, _):
            let i = builder(entry(pid))
            if let t = processes[i].current!.openScheduled[Self.taskValue(task, symbols: symbols)],
                processes[i].current!.tasks[t].expired == nil
            {
                processes[i].current!.tasks[t].expired = time
            }
        case .scheduledTaskCompleted(let pid, let task, _, _, let ended, let line):
            let i = builder(entry(pid))
            if let t = processes[i].current!.openScheduled.removeValue(forKey: Self.taskValue(task, symbols: symbols)) {
                processes[i].current!.finishScheduled(t, at: ended, line: line, outcome: .ended)
            }
        case .sessionEnded(let pid, let began, let ended, let exitClass, let line):
            let i = builder(entry(pid))
            endSession(i, began: began, ended: ended, exitClass: exitClass, line: line)
        }
    }

    private func changeState(_ i: Int, line: Int, time: Timestamp, from: String, to: String) {
        var b = processes[i].current!
        if b.state == nil { b.state = from }
        b.states.append(
            Timeline.Interval(state: b.state!, start: b.stateStart ?? Self.sessionStart, end: time, line: b.stateLine))
        b.state = to
        b.stateStart = time
        b.stateLine = line
        if to == "suspended" || to == "notRunning" {
            b.releaseTasks(at: time, line: line, outcome: .released)
        }
        processes[i].current = b
    }

    private func changeScene(_ i: Int, _ scene: String, line: Int, time: Timestamp, from: String, to: String) {
        var b = processes[i].current!
        let t: Int
        if let known = b.sceneIndex[scene] {
            t = known
        } else {
            b.scenes.append(Timeline.SceneTrack(scene: scene))
            t = b.scenes.count - 1
            b.sceneIndex[scene] = t
        }
        if let open = b.sceneOpen[t] {
            b.scenes[t].intervals.append(
                Timeline.Interval(state: open.state, start: open.start, end: time, line: open.line))
        } else if from != "unattached" {
            // A scene already attached when the session began (a log cut before it connected).
            b.scenes[t].intervals.append(
                Timeline.Interval(state: from, start: Self.sessionStart, end: time, line: 0))
        }
        b.sceneOpen[t] = to == "unattached" ? nil : (to, time, line)
        processes[i].current = b
    }

    private func endSession(_ i: Int, began: Timestamp, ended: Timestamp, exitClass: ExitClass, line: Int) {
        var b = processes[i].current!
        let end = max(ended, began)
        // The state the session began in, and every scene state held since then, start at `began`.
        func fix(_ interval: inout Timeline.Interval) {
            if interval.start == Self.sessionStart { interval.start = began }
        }
        for s in b.states.indices { fix(&b.states[s]) }
        if let state = b.state {
            let start = b.stateStart ?? began
            if end > start || b.states.isEmpty || state != "notRunning" {
                b.states.append(Timeline.Interval(state: state, start: start, end: max(end, start), line: b.stateLine))
            }
        } else {
            // No state change at all: the session stayed where it began.
            b.states.append(Timeline.Interval(state: b.firstState, start: began, end: end, line: 0))
        }
        for t in b.scenes.indices {
            for s in b.scenes[t].intervals.indices { fix(&b.scenes[t].intervals[s]) }
            if let open = b.sceneOpen[t] {
                b.scenes[t].intervals.append(
                    Timeline.Interval(state: open.state, start: open.start, end: max(end, open.start), line: open.line))
            }
        }
        b.releaseTasks(at: end, line: line, outcome: exitClass == .open ? .open : .released)
        b.handlers.sort { $0.began < $1.began }
        b.tasks.sort { $0.began < $1.began }
        let session = Timeline.Session(
            pid: processes[i].pid, began: began, ended: end, firstLine: b.firstLine, lastLine: max(b.lastLine, line),
            exitClass: exitClass, states: b.states, scenes: b.scenes, handlers: b.handlers, tasks: b.tasks)
        processes[i].sessions.append(session)
        processes[i].current = nil
        processes[i].ended = true
    }

    static func kindName(_ kind: ScheduledTaskKind) -> String {
        switch kind {
        case .refresh: return "refresh"
        case .processing: return "processing"
        case .continued: return "continued"
        case .other: return "other"
        }
    }

    static func taskValue(_ id: TaskID, symbols: borrowing SymbolTable) -> TaskValue {
        switch id {
        case .number(let n): return .number(n)
        case .name(let s): return .string(symbols[s] ?? "")
        }
    }
}
