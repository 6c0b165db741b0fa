import LCTraceCore

/// Replays the records of one file against the reference models (SPEC §3–§5).
///
/// One ``ProcessMachine`` per pid (the records without a pid form one more stream), each
/// following ``LifecycleModel/uikitApp``, with one scene machine per scene
/// (``LifecycleModel/uikitScene``) once the process is scene-based. Feed it every record in
/// line order with ``process(_:symbols:)``, report bad lines with ``malformed(line:message:)``
/// and a cut input with ``truncated(line:message:)``, records the log says it lost with
/// ``recordsLost(line:message:)`` (a gap in the middle of the log is ``gap(line:)``), then
/// call ``finish(symbols:)``.
public struct Replayer {
    /// The file name used in findings.
    public let path: String
    /// The options.
    public let configuration: ReplayConfiguration
    /// Called with every ``ReplayObservation`` (state changes, handler and task durations,
    /// sessions); `nil` (the default) costs one check per state change.
    public var observer: ((ReplayObservation) -> Void)?

    /// The model every process follows.
    let app: LifecycleModel
    /// The model every scene follows.
    let sceneModel: LifecycleModel
    /// The budgets in nanoseconds.
    let limits: BudgetLimits
    /// The app-model states the scene aggregate maps to.
    let appActive: LifecycleModel.State
    let appInactive: LifecycleModel.State
    let appBackground: LifecycleModel.State
    /// The app-model state of a process that is gone.
    let appExited: LifecycleModel.State
    /// `--os`, as a major version.
    let configOS: Int?
    /// The public state of each app-model and scene-model state, for observations.
    let appStates: [ProcessState]
    let sceneStates: [SceneState]

    /// Machine slots: live processes, plus free slots of reclaimed ones (``freeSlots``).
    /// Every public mutating method calls `processes.makeUnique()` before it writes a machine.
    var processes = ProcessTable()
    /// Pid → slot, for pids whose machine is live (running, or seen only in `meta` so far).
    var pidIndex: [Int64: Int] = [:]
    /// Slots of reclaimed machines, reused before ``processes`` grows.
    var freeSlots: [Int] = []
    /// Slots whose session ended during the current record: reclaimed when it is done (a
    /// machine must stay in place while the record that ended it is still being replayed).
    var pendingReclaim: [Int] = []
    /// Pids whose machine was reclaimed, most recently ended last (bounded).
    var endedPids: EndedProcesses
    /// Machines created so far (their creation order, see ``ProcessMachine/serial``).
    var machineSerial = 0
    /// The machine of the records without a pid (-1: none yet).
    var streamIndex = -1
    /// The last pid looked up and its machine: consecutive records usually share a pid.
    var cachedPid: Int64 = 0
    var cachedIndex = -1
    /// A direct-mapped cache in front of ``pidIndex`` (pid modulo 64 → pid and slot; slot -1:
    /// empty): records of a few live processes interleave, and a dictionary lookup hashes.
    var pidCache = [(pid: Int64, slot: Int)](repeating: (0, -1), count: Replayer.pidCacheSize)
    static let pidCacheSize = 64
    /// Machines of pids whose session is running, for "one app runs one process at a time".
    var live: [Int] = []

    /// The findings so far, capped per rule (``FindingList``).
    var findings = FindingList()
    /// A record of a pid past ``maximumProcesses`` was reported (once per file).
    var processLimitReported = false
    var events = 0
    var sessions = 0
    /// Sessions ended per exit class, by ``exitSlot(_:)`` (a `[ExitClass: Int]` would hash
    /// the class's raw string at every session end).
    var exitCounts = [Int](repeating: 0, count: ExitClass.allCases.count)
    /// The sessions counted `normal` whose process terminated from the background.
    var normalExitsInBackground = 0
    var unknownNames: Set<String> = []
    /// Findings, sessions and deaths per owner of background work (SPEC §8 "Owners").
    var ownerTallies: [String?: OwnerTally] = [:]
    /// The deaths so far (SPEC §8), in the order their sessions ended: the first
    /// ``FileResult/maximumDeathsListed``.
    var deaths: [Death] = []
    /// The sessions that ended without dying (normal exits, purges of processes that were not
    /// running), listed only when ``ReplayConfiguration/listsExits`` asks (`why --all`).
    var exits: [Death] = []
    /// Every session, for the evidence join, when ``ReplayConfiguration/indexesSessions`` asks.
    var sessionSpans: [SessionSpan] = []
    /// The exit class of every ended session, by session number − 1 (``exitSlot(_:)``;
    /// `UInt8.max` while open): one byte per session, for ``FileResult/sessionExits``.
    var sessionExitSlots: [UInt8] = []
    /// Every death so far, by ``deathSlot(_:_:)`` (``deathCounts`` is the dictionary): a
    /// `[ExitClass: [DeathVisibility: Int]]` hashed two keys at every death.
    var deathSlots = [Int](repeating: 0, count: ExitClass.allCases.count * 2)
    /// `meta.os` as written for every process: what a death reports.
    var defaultOSText: String?
    /// `meta.version` for every process: what a death reports.
    var defaultVersion: String?

    // `meta` without a pid: the defaults for every process.
    var defaultApp: String?
    var defaultOS: Int??
    var defaultModes: Bool?
    var defaultModel: ModelChoice?
    /// `meta.sdk` without a pid, and per pid (rare: a dictionary, never read per record).
    var defaultSDK: String?
    var sdkOfPid: [Int64: String] = [:]
    /// LC105/LC106 of recordings, held until the end: a scene record later in the same
    /// process withdraws its candidate (Replayer+SceneLifecycle.swift).
    var sceneLifecycleCandidates: [SceneLifecycleCandidate] = []
    /// LC311 once per identifier and process: `serial` and identifier text.
    var notPermittedReported: Set<NotPermittedKey> = []
    /// The `kind` of the last `bgsched.submit` of each identifier in the file, for a start
    /// without `kind` in a process that submitted none (SPEC §5).
    var submittedKinds: [String: ScheduledTaskKind] = [:]

    /// Creates a replayer for one file.
    ///
    /// - Parameters:
    ///   - path: the file name findings carry (`<stdin>` for standard input).
    ///   - configuration: budgets, default OS and model.
    public init(path: String, configuration: ReplayConfiguration) {
        self.init(path: path, configuration: configuration, endedPidCapacity: Self.endedPidCapacity)
    }

    /// Creates a replayer that remembers `endedPidCapacity` ended pids (tests use small values).
    init(path: String, configuration: ReplayConfiguration, endedPidCapacity: Int) {
        self.path = path
        self.configuration = configuration
        app = .uikitApp
        sceneModel = .uikitScene
        limits = BudgetLimits(configuration.budgets)
        appActive = LifecycleModel.State(app.stateNames.firstIndex(of: "active")!)
        appInactive = LifecycleModel.State(app.stateNames.firstIndex(of: "inactive")!)
        appBackground = LifecycleModel.State(app.stateNames.firstIndex(of: "background")!)
        appExited = LifecycleModel.State(app.stateNames.firstIndex(of: "exited")!)
        configOS = configuration.defaultOS.flatMap(Self.osMajor)
        appStates = app.stateNames.indices.map { [app] in
            guard let state = ProcessState(rawValue: app.publicName(of: LifecycleModel.State($0))) else {
                preconditionFailure("app model state '\(app.stateNames[$0])' has no public process state")
            }
            return state
        }
        sceneStates = sceneModel.stateNames.indices.map { [sceneModel] in
            guard let state = SceneState(rawValue: sceneModel.publicName(of: LifecycleModel.State($0))) else {
                preconditionFailure("scene model state '\(sceneModel.stateNames[$0])' has no public scene state")
            }
            return state
        }
        endedPids = EndedProcesses(capacity: endedPidCapacity)
    }

    /// How many ended pids the engine remembers after reclaiming their machines: 16,384.
    ///
    /// The machine of a process is reclaimed as soon as its session ends (exit, kill, or
    /// replacement by a new launch of the same app), so memory grows with live processes,
    /// scenes and open tasks only, never with the number of sessions in a file. What later
    /// records of an ended pid need (the line it ended at, its clock, its own `meta`) is kept
    /// for the pids of the last 16,384 session ends. A record for a pid that ended longer ago
    /// than that is replayed as the first record of a pid never seen: no LC102 for an app
    /// record after its exit, no LC100 for a second launch of it, no LC400 against its old
    /// clock, and its `meta` is forgotten. On iOS, pids are reused only after the pid space
    /// wraps, so a pid that comes back after 16,384 other sessions ended is a new process.
    public static let endedPidCapacity = 16_384

    /// Replays one record. The hot path: allocates nothing unless it finds something.
    ///
    /// - Parameters:
    ///   - record: the next well-formed record, in line order.
    ///   - symbols: the file's symbol table (read only to build findings and compare ids).
    public mutating func process(_ record: Record, symbols: borrowing SymbolTable) {
        processes.makeUnique()
        defer { if !pendingReclaim.isEmpty { reclaimEndedMachines() } }
        events &+= 1
        let event = record.event
        switch event {
        case .meta:
            // A `meta` record without its context (see `process(_:meta:symbols:)`) has an empty one.
            applyMeta(record, SessionMeta(), symbols: symbols)
            return
        case .unknown:
            reportUnknownEvent(record, symbols: symbols)
            return
        default:
            break
        }
        let idx = machineIndex(pid: record.pid)
        if idx < 0 {
            reportProcessLimit(record)
            return
        }
        // LC400 is raised once the record's session is known (a relaunch's is the one it begins).
        var wentBack: LifecycleModel.State?
        // The process's own last time, before this record: where a relaunch in the stream
        // without pids settles what the old session left waiting.
        let before = processes[idx].maxTime
        let now = advanceClock(idx, record, wentBack: &wentBack)
        defer { processes[idx].lastLine = record.line }
        let category = event.category
        let callback = category == .appDelegate || category == .scene

        // A span's `end` closes its `begin`; an `end` with no open `begin` counts as an instant.
        var spanIndex = -1
        if record.phase == .end && callback && !processes[idx].spans.isEmpty {
            spanIndex = openSpanIndex(idx, record, symbols: symbols)
        }
        let isLaunch =
            spanIndex < 0
            && (event == .processLaunch || event == .willFinishLaunching || event == .didFinishLaunching)

        var replayed = true
        if !processes[idx].started {
            startSession(idx, record, launch: isLaunch, symbols: symbols)
        } else if app.traits(of: processes[idx].state).contains(.ended) {
            replayed = replayAfterEnd(idx, record, now: now, launch: isLaunch, symbols: symbols)
        } else if isLaunch && record.pid == nil
            && app.target(from: processes[idx].state, column: launchColumn(record)) == LifecycleModel.illegal
        {
            // A launch that does not continue the one under way starts a new session of the stream.
            endSession(idx, record, from: processes[idx].state, cause: .relaunch, lastTime: before, symbols: symbols)
            processes[idx].resetSession(state: app.initialState)
            startSession(idx, record, launch: true, symbols: symbols)
        }
        if let before = wentBack { reportClockRegression(idx, record, state: before) }
        guard replayed else { return }
        // Flags that are usually set already are read first: a read needs no uniqueness check
        // of `processes`, a write does (about 15 instructions).
        if (category == .process || category == .system) && !processes[idx].sawObserver {
            processes[idx].sawObserver = true
        }

        if processes[idx].launchPhase == .awaitingKind { decideLaunchKind(idx, record) }
        if now.nanoseconds > processes[idx].nextDue { checkDeadlines(idx, record, now: now, symbols: symbols) }
        if callback || event == .bgtaskBegin || event == .bgtaskEnd || event == .bgschedComplete {
            if callback { noteCallback(idx) }
            if !processes[idx].ranCode { processes[idx].ranCode = true }
            noteBackgroundCode(idx, record, now: now)
        }

        if spanIndex >= 0 {
            closeSpan(idx, spanIndex, record, now: now, symbols: symbols)
        } else if category == .scene {
            applyScene(idx, record, now: now, symbols: symbols)
        } else {
            applyApp(idx, record, now: now, launch: isLaunch, symbols: symbols)
        }
    }

    /// Every symbol the engine holds (scene and task ids of live processes, open spans,
    /// remembered task ends): what the ingest layer's symbol table must keep when it forgets
    /// the rest (`LogReader.retainSymbols(_:)`).
    ///
    /// - Complexity: O(live processes × their scenes, tasks and spans).
    public func liveSymbols() -> Set<Symbol> {
        var live = Set<Symbol>()
        func add(_ id: TaskID) {
            if case .name(let symbol) = id { live.insert(symbol) }
        }
        for idx in processes.indices {
            let machine = processes[idx]
            for scene in machine.scenes { live.insert(scene.scene) }
            for span in machine.spans { live.insert(span.scene) }
            for task in machine.tasks { add(task.id) }
            for entry in machine.leaked { add(entry.id) }
            for entry in machine.ended { add(entry.id) }
            for entry in machine.registrations { add(entry.id) }
            for task in machine.tasks { live.insert(task.name) }
        }
        live.remove(.none)
        return live
    }

    /// The record just processed was placed for outside evidence (a crash report's kill, not
    /// a record of the file): it is not one of the file's events.
    public mutating func uncountPlacedRecord() {
        events &-= 1
    }

    /// Replays a `meta` record with its session context (SPEC §1): for its pid, or the
    /// defaults of every process.
    ///
    /// - Parameters:
    ///   - record: the `meta` record, in line order.
    ///   - meta: its context.
    ///   - symbols: the file's symbol table.
    public mutating func process(_ record: Record, meta: SessionMeta, symbols: borrowing SymbolTable) {
        processes.makeUnique()
        defer { if !pendingReclaim.isEmpty { reclaimEndedMachines() } }
        events &+= 1
        applyMeta(record, meta, symbols: symbols)
    }

    /// Reports a malformed line (LC401); replay goes on with the next line.
    ///
    /// - Parameters:
    ///   - line: the 1-based line.
    ///   - message: what was expected and where, from the ingest layer.
    public mutating func malformed(line: Int, message: String) {
        findings.append(Finding(rule: .malformedRecord, file: path, line: line, message: message))
    }

    /// Reports a cut or corrupt input (LC403); what came before is replayed.
    ///
    /// - Parameters:
    ///   - line: the line the cut falls in.
    ///   - message: what was cut, from the ingest layer.
    public mutating func truncated(line: Int, message: String) {
        findings.append(Finding(rule: .truncatedLog, file: path, line: line, message: message))
    }

    /// Ends the log: open tasks of running processes (LC304) and the exit class of every
    /// session (`open` for those still running; `normal` after a completed `willTerminate`).
    ///
    /// A deadline is not judged here: a pid's own last record already checked them, and
    /// time after it is not in the log, so nothing more is proven.
    ///
    /// - Returns: the file's result, findings sorted by line (stable).
    /// - Complexity: O(p + f log f) for p processes and f findings.
    public mutating func finish(symbols: borrowing SymbolTable) -> FileResult {
        processes.makeUnique()
        reportSceneLifecycleCandidates()
        // In creation order, as if no slot had ever been reused.
        let order = processes.indices.filter { processes[$0].started }
            .sorted { processes[$0].serial < processes[$1].serial }
        for idx in order {
            let traits = app.traits(of: processes[idx].state)
            if traits.contains(.terminated) {
                exitCounts[Self.exitSlot(.normal)] += 1
                if !processes[idx].terminatedInForeground { normalExitsInBackground += 1 }
                if configuration.indexesSessions { noteSpan(idx, as: .normal, line: processes[idx].endedLine, end: nil) }
                noteSessionExit(idx, as: .normal)
                observeSessionEnd(idx, as: .normal, line: processes[idx].endedLine)
                closeSessionOwners(idx)
            } else if !traits.contains(.ended) {
                exitCounts[Self.exitSlot(.open)] += 1
                noteSessionExit(idx, as: .open)
                if let observer {
                    for task in processes[idx].tasks {
                        observer(
                            .taskEnded(
                                pid: processes[idx].pid, kind: task.scheduled ? .scheduledTask : .backgroundTask,
                                task: task.id, began: task.beganAt, ended: processes[idx].maxTime, line: 0,
                                outcome: .open))
                    }
                }
                observeSessionEnd(idx, as: .open, line: 0)
                if configuration.indexesSessions { noteSpan(idx, as: .open, line: 0, end: nil) }
                for task in processes[idx].tasks {
                    appendTaskFinding(
                        Finding(
                            rule: .bgtaskOpenAtEnd, file: path, line: task.line, time: task.recordTime,
                            pid: processes[idx].pid, task: taskValue(task.id, symbols: symbols),
                            state: stateName(idx), event: task.openingEvent.canonicalName,
                            message:
                                "\(task.scheduled ? "scheduled task" : "task") '\(taskText(task.id, symbols: symbols))' still \(task.scheduled ? "running" : "open") when the log ended",
                            owner: owner(of: task, symbols: symbols)), idx)
                }
                closeSessionOwners(idx)
            }
        }
        let sorted = findings.finish().enumerated().sorted {
            $0.element.line != $1.element.line ? $0.element.line < $1.element.line : $0.offset < $1.offset
        }.map(\.element)
        var exitClasses: [ExitClass: Int] = [:]
        for exitClass in ExitClass.allCases where exitCounts[Self.exitSlot(exitClass)] > 0 {
            exitClasses[exitClass] = exitCounts[Self.exitSlot(exitClass)]
        }
        var result = FileResult(path: path, events: events, sessions: sessions, exitClasses: exitClasses, findings: sorted)
        result.normalExitsInBackground = normalExitsInBackground
        result.owners = OwnerTally.ranked(Array(ownerTallies.values))
        result.deathCounts = deathCounts
        result.sessionExits = sessionExits(of: sorted)
        result.deaths = deaths.enumerated().sorted {
            $0.element.line != $1.element.line ? $0.element.line < $1.element.line : $0.offset < $1.offset
        }.map(\.element)
        result.sessionSpans = sessionSpans
        result.exits = exits.enumerated().sorted {
            $0.element.line != $1.element.line ? $0.element.line < $1.element.line : $0.offset < $1.offset
        }.map(\.element)
        return result
    }

    /// The column of a launch record (`process.launch` with reason `background` or `prewarm`
    /// has its own).
    @inline(__always)
    func launchColumn(_ record: Record) -> Int {
        guard record.event == .processLaunch else { return LifecycleModel.column(record.event) }
        switch record.reasonCode {
        case .background: return LifecycleModel.backgroundLaunchColumn
        case .prewarm: return LifecycleModel.prewarmLaunchColumn
        default: return LifecycleModel.column(record.event)
        }
    }

    /// The machine of a pid (or of the no-pid stream), created on first sight; -1 when the
    /// process table is full (``maximumProcesses``).
    @inline(__always)
    mutating func machineIndex(pid: Int64?) -> Int {
        guard let pid else {
            if streamIndex < 0 { streamIndex = newMachine(pid: nil) }
            return streamIndex
        }
        if cachedIndex >= 0 && pid == cachedPid { return cachedIndex }
        let line = Int(truncatingIfNeeded: pid) & (Self.pidCacheSize - 1)
        let cached = pidCache[line]
        if cached.slot >= 0 && cached.pid == pid {
            cachedPid = pid
            cachedIndex = cached.slot
            return cached.slot
        }
        let idx: Int
        if let known = pidIndex[pid] {
            idx = known
        } else {
            idx = newMachine(pid: pid)
            if idx < 0 { return -1 }
            pidIndex[pid] = idx
            if let ended = endedPids.remove(pid) {
                // A pid whose machine was reclaimed: it stays ended unless this record relaunches
                // it, and then it is reclaimed again after the record.
                processes[idx].restore(ended, exited: appExited)
                resolveMeta(idx)
                pendingReclaim.append(idx)
            }
        }
        cachedPid = pid
        cachedIndex = idx
        pidCache[line] = (pid, idx)
        return idx
    }

    /// A new machine's index, or -1 past ``maximumProcesses``.
    private mutating func newMachine(pid: Int64?) -> Int {
        guard makeRoomForProcess() else { return -1 }
        machineSerial += 1
        let idx: Int
        if let slot = freeSlots.popLast() {
            processes[slot].reuse(pid: pid, state: app.initialState, serial: machineSerial)
            idx = slot
        } else {
            processes.append(ProcessMachine(pid: pid, state: app.initialState, serial: machineSerial))
            idx = processes.count - 1
        }
        resolveMeta(idx)
        return idx
    }

    /// LC400: time may not go back within a pid; the replay clock stays at the latest time.
    ///
    /// One finding per regression: records still behind the latest time after the first
    /// one do not repeat it. The finding is not raised here: `wentBack` is set to the state the
    /// process was in, and the caller reports it (``reportClockRegression(_:_:state:)``) once
    /// it knows which session the record belongs to.
    @inline(__always)
    mutating func advanceClock(_ idx: Int, _ record: Record, wentBack: inout LifecycleModel.State?) -> Timestamp {
        if record.time >= processes[idx].maxTime {
            processes[idx].maxTime = record.time
            processes[idx].maxLine = record.line
            processes[idx].behind = false
            return record.time
        }
        if !processes[idx].behind {
            processes[idx].behind = true
            wentBack = processes[idx].state
        }
        return processes[idx].maxTime
    }

    /// LC400 (the cold path of ``advanceClock(_:_:wentBack:)``), in the session of the
    /// process as the record left it: a relaunch's in the session it begins.
    mutating func reportClockRegression(_ idx: Int, _ record: Record, state: LifecycleModel.State) {
        let p = processes[idx]
        let back = p.maxTime.nanoseconds(since: record.time)
        findings.append(
            session: p.session,
            Finding(
                rule: .clockRegression, file: path, line: record.line, time: record.time, pid: record.pid,
                state: app.publicName(of: state), event: record.event.canonicalName,
                message: "time went back \(DurationText.seconds(back)) s: '\(record.time.rfc3339)' after '\(p.maxTime.rfc3339)' at line \(p.maxLine)"
            ))
    }

    /// LC402, once per name per file.
    mutating func reportUnknownEvent(_ record: Record, symbols: borrowing SymbolTable) {
        let name = symbols[record.unknownName] ?? "?"
        guard !unknownNames.contains(name) else { return }
        unknownNames.insert(name)
        findings.append(
            Finding(
                rule: .unknownEvent, file: path, line: record.line, time: record.time, pid: record.pid,
                event: name, message: "unknown event '\(name)' ignored"))
    }

    /// The public state name of a process (`unknown` for a pid of unknown state).
    func stateName(_ idx: Int) -> String { app.publicName(of: processes[idx].state) }
}
