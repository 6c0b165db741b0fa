import LCTraceCore
import LCTraceReplay

/// Builds a ``Timeline`` from the replayer's observations alone (``ReplayObservation``):
/// sessions, state changes, scene states, handler spans, tasks and `meta`. It keeps no
/// state model, clock or task table of its own, so the timeline a user looks at is the
/// replay that gave the verdicts.
///
/// Use (``FileReplay/replay(_:displayName:configuration:collectTimeline:observer:)`` does):
/// pass every observation to ``observe(_:)``; after each record, ``note(_:)`` its time (the
/// file's extent) and ``drain(symbols:)``; report malformed and cut lines with
/// ``placeLine(_:)``; after ``Replayer/finish(symbols:)``, ``finish(_:symbols:)``.
/// Observations are buffered until a call that has the symbol table resolves their scene
/// and task symbols.
///
/// A class because the replayer's observer is a closure that must append to it.
final class TimelineCollector {
    /// A task span's key: which API, which id.
    private struct TaskKey: Hashable {
        var kind: TaskKind
        var task: TaskValue
    }

    /// A session being built.
    private struct Builder {
        var firstLine: Int
        var states: [Timeline.Interval] = []
        /// The app state held now, since when (nil: since the session began), entered at which line.
        var state: ProcessState?
        var stateStart: Timestamp?
        var stateLine = 0
        var scenes: [Timeline.SceneTrack] = []
        var sceneIndex: [String: Int] = [:]
        /// Per scene track: the state held now, since when, entered at which line.
        var sceneOpen: [Int: (state: SceneState, start: Timestamp, line: Int)] = [:]
        var handlers: [Timeline.HandlerSpan] = []
        var tasks: [Timeline.TaskSpan] = []
        /// Open tasks: key → index in `tasks`.
        var openTasks: [TaskKey: Int] = [:]
        /// The state the session began in (the engine's `sessionBegan`).
        var firstState: ProcessState

        init(line: Int, state: ProcessState) {
            firstLine = line
            firstState = state
        }
    }

    /// What is known of one pid (or of the stream without pids).
    private struct ProcessEntry {
        var pid: Int64?
        var ownApp: String?
        var ownOS: String?
        var ownVersion: String?
        var sessions: [Timeline.Session] = []
        var current: Builder?
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
    private var defaultVersion: String?
    private var origin: Timestamp?
    private var end: Timestamp?
    private var placedTimes: [Int: Timestamp] = [:]
    private var pending: [ReplayObservation] = []

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

    /// A record's time (any record, `meta` and unknown events included): the file's extent.
    func note(_ time: Timestamp) {
        if origin.map({ time < $0 }) ?? true { origin = time }
        if end.map({ time > $0 }) ?? true { end = time }
    }

    /// A line without a readable time (malformed, or cut): its findings are drawn at the latest
    /// time seen so far.
    func placeLine(_ line: Int) {
        if let end { placedTimes[line] = end }
    }

    /// Applies the buffered observations.
    func drain(symbols: borrowing SymbolTable) {
        guard !pending.isEmpty else { return }
        let observations = pending
        pending.removeAll(keepingCapacity: true)
        for observation in observations { apply(observation, symbols: symbols) }
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
                version: p.ownVersion ?? defaultVersion, sessions: p.sessions)
        }
        // Each finding goes where the engine stamped it (``Finding/session``); one without a
        // session (a malformed line, a cut) is the file's.
        var place: [Int: (track: Int, session: Int)] = [:]
        for (t, track) in tracks.enumerated() {
            for (s, session) in track.sessions.enumerated() { place[session.number] = (t, s) }
        }
        var fileFindings: [Int] = []
        for (f, finding) in result.findings.enumerated() {
            if let number = finding.session, let (t, s) = place[number] {
                tracks[t].sessions[s].findings.append(f)
            } else {
                fileFindings.append(f)
            }
        }
        return Timeline(
            file: file, origin: origin, end: end, processes: tracks, findings: result.findings,
            fileFindings: fileFindings, placedTimes: placedTimes)
    }

    /// The entry of a pid (or of the stream), in the order the engine first reported it.
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

    /// The session under way for a process (the engine begins one before it reports anything
    /// about it; an observation without one begins one at its line, in `unknown`).
    private func builder(_ pid: Int64?, line: Int) -> Int {
        let i = entry(pid)
        if processes[i].current == nil { processes[i].current = Builder(line: line, state: .unknown) }
        return i
    }

    private func apply(_ observation: ReplayObservation, symbols: borrowing SymbolTable) {
        switch observation {
        case .sessionBegan(let pid, let line, _, let state, _):
            let i = entry(pid)
            if processes[i].current == nil { processes[i].current = Builder(line: line, state: state) }
        case .stateChanged(let pid, let line, let time, let from, let to):
            changeState(builder(pid, line: line), line: line, time: time, from: from, to: to)
        case .sceneStateChanged(let pid, let scene, let line, let time, let from, let to):
            changeScene(builder(pid, line: line), symbols[scene] ?? "", line: line, time: time, from: from, to: to)
        case .handler(let pid, let event, let scene, let began, let ended, let line):
            let i = builder(pid, line: line)
            processes[i].current!.handlers.append(
                Timeline.HandlerSpan(
                    event: event.canonicalName, scene: symbols[scene], began: began, ended: ended, line: line))
        case .taskBegan(let pid, let kind, let task, let name, let line, let time, let scheduled):
            let i = builder(pid, line: line)
            let key = TaskKey(kind: kind, task: task.value(symbols: symbols))
            guard processes[i].current!.openTasks[key] == nil else { return }
            processes[i].current!.tasks.append(
                Timeline.TaskSpan(
                    task: key.task, name: symbols[name], began: time, ended: time, beginLine: line, endLine: 0,
                    outcome: .open, kind: scheduled.map(Self.kindName)))
            processes[i].current!.openTasks[key] = processes[i].current!.tasks.count - 1
        case .taskExpired(let pid, let kind, let task, let line, let time):
            let i = builder(pid, line: line)
            let key = TaskKey(kind: kind, task: task.value(symbols: symbols))
            if let t = processes[i].current!.openTasks[key], processes[i].current!.tasks[t].expired == nil {
                processes[i].current!.tasks[t].expired = time
            }
        case .taskEnded(let pid, let kind, let task, let began, let ended, let line, let outcome):
            let i = builder(pid, line: line)
            let key = TaskKey(kind: kind, task: task.value(symbols: symbols))
            var b = processes[i].current!
            if let t = b.openTasks.removeValue(forKey: key) {
                b.tasks[t].began = began
                b.tasks[t].ended = max(ended, began)
                b.tasks[t].endLine = line
                b.tasks[t].outcome = outcome
            } else {
                // Begun before the engine reported it (not in a log that begins with its session).
                b.tasks.append(
                    Timeline.TaskSpan(
                        task: key.task, began: began, ended: max(ended, began), beginLine: 0, endLine: line,
                        outcome: outcome))
            }
            processes[i].current = b
        case .sessionEnded(let pid, let began, let ended, let exitClass, let line, let lastLine, let number):
            endSession(
                builder(pid, line: line), began: began, ended: ended, exitClass: exitClass, lastLine: lastLine,
                number: number)
        case .meta(let pid, _, let app, let os, let version):
            if let pid {
                let i = entry(pid)
                if let app { processes[i].ownApp = app }
                if let os { processes[i].ownOS = os }
                if let version { processes[i].ownVersion = version }
            } else {
                if let app { defaultApp = app }
                if let os { defaultOS = os }
                if let version { defaultVersion = version }
            }
        }
    }

    private func changeState(_ i: Int, line: Int, time: Timestamp, from: ProcessState, to: ProcessState) {
        var b = processes[i].current!
        let held = b.state ?? from
        b.states.append(
            Timeline.Interval(
                state: held.rawValue, start: b.stateStart ?? Self.sessionStart, end: time, line: b.stateLine))
        b.state = to
        b.stateStart = time
        b.stateLine = line
        processes[i].current = b
    }

    private func changeScene(_ i: Int, _ scene: String, line: Int, time: Timestamp, from: SceneState, to: SceneState) {
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
                Timeline.Interval(state: open.state.rawValue, start: open.start, end: time, line: open.line))
        } else if from != .unattached {
            // A scene already attached when the session began (a log cut before it connected).
            b.scenes[t].intervals.append(
                Timeline.Interval(state: from.rawValue, start: Self.sessionStart, end: time, line: 0))
        }
        b.sceneOpen[t] = to == .unattached ? nil : (to, time, line)
        processes[i].current = b
    }

    private func endSession(
        _ i: Int, began: Timestamp, ended: Timestamp, exitClass: ExitClass, lastLine: Int, number: Int
    ) {
        var b = processes[i].current!
        let end = max(ended, began)
        // The state the session began in, and every scene state held since then, start at `began`.
        func fix(_ interval: inout Timeline.Interval) {
            if interval.start == Self.sessionStart { interval.start = began }
        }
        for s in b.states.indices { fix(&b.states[s]) }
        if let state = b.state {
            let start = b.stateStart ?? began
            if end > start || b.states.isEmpty || state != .notRunning {
                b.states.append(
                    Timeline.Interval(state: state.rawValue, start: start, end: max(end, start), line: b.stateLine))
            }
        } else {
            // No state change at all: the session stayed where it began.
            b.states.append(Timeline.Interval(state: b.firstState.rawValue, start: began, end: end, line: 0))
        }
        for t in b.scenes.indices {
            for s in b.scenes[t].intervals.indices { fix(&b.scenes[t].intervals[s]) }
            if let open = b.sceneOpen[t] {
                b.scenes[t].intervals.append(
                    Timeline.Interval(
                        state: open.state.rawValue, start: open.start, end: max(end, open.start), line: open.line))
            }
        }
        b.handlers.sort { $0.began < $1.began }
        b.tasks.sort { $0.began < $1.began }
        let session = Timeline.Session(
            pid: processes[i].pid, number: number, began: began, ended: end, firstLine: b.firstLine,
            lastLine: lastLine, exitClass: exitClass, states: b.states, scenes: b.scenes, handlers: b.handlers, tasks: b.tasks)
        processes[i].sessions.append(session)
        processes[i].current = nil
    }

    /// The timeline's name of a scheduled task's kind.
    static func kindName(_ kind: ScheduledTaskKind) -> String { kind.name }
}
