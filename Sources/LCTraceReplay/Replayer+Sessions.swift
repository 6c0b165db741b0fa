import LCTraceCore

extension Replayer {
    /// Why a session ended.
    enum EndCause {
        /// `process.exit` or `sys.kill`.
        case exit
        /// A new launch in the no-pid stream.
        case relaunch
        /// A launch of a new pid of the same app (one app runs one process at a time).
        case replacedBy(Int64)
    }

    /// Begins a session at its first record (other than `meta`): in `notRunning` for a launch
    /// record, else in the unknown state of a process already running when the log began.
    mutating func startSession(_ idx: Int, _ record: Record, launch: Bool, symbols: borrowing SymbolTable) {
        sessions += 1
        processes[idx].session = sessions
        processes[idx].started = true
        processes[idx].state = launch ? app.initialState : app.unknownState
        processes[idx].midLog = !launch
        processes[idx].afterGap = false
        processes[idx].sessionStart = processes[idx].maxTime
        processes[idx].lastLine = record.line
        observer?(
            .sessionBegan(
                pid: record.pid, line: record.line, time: processes[idx].maxTime, state: appStates[Int(processes[idx].state)],
                session: sessions))
        resolveMeta(idx)
        guard let pid = record.pid else { return }
        if launch { endEarlierProcessOfSameApp(idx, record, pid: pid, symbols: symbols) }
        live.append(idx)
    }

    /// A record for a process whose session ended: a launch starts a new session (LC100 for a
    /// pid that already ran), app and scene records are LC102; observers and the system's
    /// `bgtask.expire` are ignored, except the exit after a completed `willTerminate`.
    ///
    /// - Returns: whether the record should be replayed further (a new session began).
    mutating func replayAfterEnd(
        _ idx: Int, _ record: Record, now: Timestamp, launch: Bool, symbols: borrowing SymbolTable
    ) -> Bool {
        let state = processes[idx].state
        let terminated = app.traits(of: state).contains(.terminated)
        if launch {
            if terminated { closeSession(idx, as: .normal, line: processes[idx].endedLine) }
            if let pid = record.pid {
                // The second launch is the first record of the session it begins.
                findings.append(
                    session: sessions + 1,
                    Finding(
                        rule: .illegalTransition, file: path, line: record.line, time: record.time, pid: pid,
                        state: app.publicName(of: state), event: record.event.canonicalName,
                        message:
                            "'\(record.event.canonicalName)' in '\(app.publicName(of: state))': expected no second launch of pid \(pid) (it ended at line \(processes[idx].endedLine))"
                    ))
            }
            processes[idx].resetSession(state: app.initialState)
            startSession(idx, record, launch: true, symbols: symbols)
            return true
        }
        switch record.event.category {
        case .appDelegate, .scene, .backgroundTask, .scheduledTask:
            // The system's expiration and launch handlers are not the app's doing.
            guard record.event != .bgtaskExpire && record.event != .bgschedExpire && record.event != .bgschedStart
            else { return false }
            let how = terminated ? "after 'app.willTerminate' completed" : "after the process ended"
            appendFinding(
                Finding(
                    rule: .eventAfterExit, file: path, line: record.line, time: record.time, pid: record.pid,
                    scene: symbols[record.scene], task: record.task.map { taskValue($0, symbols: symbols) },
                    state: app.publicName(of: state), event: record.event.canonicalName,
                    message: "'\(record.event.canonicalName)' \(how) at line \(processes[idx].endedLine)",
                    owner: owner(ofRecord: record, symbols: symbols)), idx)
        default:
            if terminated && (record.event == .processExit || record.event == .sysKill) {
                processes[idx].endedLine = record.line
                closeSession(idx, as: .normal, line: record.line)
            }
        }
        return false
    }

    /// A launch of a new pid ends the running process of the same app (same `meta.app`, or no
    /// app named on either); LC103 is reported on the new launch's line with the old pid.
    mutating func endEarlierProcessOfSameApp(_ idx: Int, _ record: Record, pid: Int64, symbols: borrowing SymbolTable) {
        let newApp = appName(idx)
        var i = 0
        while i < live.count {
            let other = live[i]
            if other != idx && appName(other) == newApp {
                let state = processes[other].state
                if app.traits(of: state).contains(.terminated) {
                    closeSession(other, as: .normal, line: processes[other].endedLine)
                } else {
                    endSession(other, record, from: state, cause: .replacedBy(pid), symbols: symbols)
                }
                // `live` lost `other`; look at the same position again.
                continue
            }
            i += 1
        }
    }

    /// Ends a running session: classifies it, reports the tasks that got it killed (LC300,
    /// LC305: at a kill or crash only those past their allowance; every task at a normal exit)
    /// and, unless it ended normally or was purged, LC103 when it is known to have been
    /// running: not while suspended (SPEC §5), and in the unknown state of a process that was
    /// running when the log began only if it ran app code (a kill as its first record proves
    /// nothing). A purge of a process that was not running is an exit, not a death (SPEC §8).
    /// Replaced by a relaunch, a task still waiting in its expiration grace is settled at the
    /// process's own last time (`lastTime`, when the relaunch already moved its clock).
    mutating func endSession(
        _ idx: Int, _ record: Record, from state: LifecycleModel.State, cause: EndCause, lastTime: Timestamp? = nil,
        symbols: borrowing SymbolTable
    ) {
        if case .exit = cause {
        } else {
            // Replaced by a relaunch: the process stopped after its own last record, so a task
            // still waiting in its expiration grace is settled there (no clock is judged past
            // that record: the time after it is not in the log).
            checkDeadlines(idx, record, now: lastTime ?? processes[idx].maxTime, stopped: true, symbols: symbols)
        }
        let exitClass = classify(idx, from: state, record: record, cause: cause)
        let death = isDeath(idx, from: state, as: exitClass)
        if exitClass == .normal && !app.traits(of: state).contains(.terminated) {
            // `process.exit` `terminate` with no `willTerminate` before it: where it ended.
            processes[idx].terminatedInForeground = isForeground(idx, in: state)
        }
        if exitClass != .normal && exitClass != .open {
            if death {
                countDeath(idx, from: state, as: exitClass, symbols: symbols)
                recordDeath(idx, record, from: state, as: exitClass, symbols: symbols)
            } else {
                recordExit(idx, line: record.line, from: state, as: exitClass, symbols: symbols)
            }
        }
        releaseTasks(idx, record, by: Self.describe(cause, record), atKill: exitClass != .normal, symbols: symbols)
        let traits = app.traits(of: state)
        let running = !traits.contains(.suspended) && (!traits.contains(.unknown) || processes[idx].ranCode)
        // A purge is LC103 only when it killed a process that was running (a death).
        if exitClass != .normal && exitClass != .open && (exitClass != .purged || death) && running {
            var detail = "exit class '\(exitClass.name)'"
            if case .exit = cause, let reason = symbols[record.reason] {
                detail += ", reason '\(reason)'"
            } else if case .exit = cause {
                detail += ", by '\(record.event.canonicalName)'"
            } else {
                detail += ", ended by \(Self.describe(cause, record))"
            }
            findings.append(
                session: processes[idx].session,
                Finding(
                    rule: .abnormalExit, file: path, line: record.line, time: record.time,
                    pid: processes[idx].pid, state: app.publicName(of: state), event: record.event.canonicalName,
                    message: "process ended while '\(app.publicName(of: state))' without 'app.willTerminate' (\(detail))",
                    exitClass: exitClass))
        }
        processes[idx].endedLine = record.line
        if let observer, appStates[Int(state)] != appStates[Int(appExited)] {
            observer(
                .stateChanged(
                    pid: processes[idx].pid, line: record.line, time: processes[idx].maxTime,
                    from: appStates[Int(state)], to: appStates[Int(appExited)]))
        }
        var end: SpanEnd?
        if configuration.indexesSessions {
            var own = false
            if case .exit = cause { own = true }
            end = SpanEnd(
                time: record.time, lastLine: own ? record.line : processes[idx].lastLine, foreground: isForeground(idx, in: state),
                says: Self.says(exitClass, reason: own ? record.reasonCode : .none), ownRecord: own)
        }
        closeSession(idx, as: exitClass, line: record.line, end: end)
    }

    /// How a session ended, for its ``SessionSpan`` (``ReplayConfiguration/indexesSessions``).
    struct SpanEnd {
        var time: Timestamp
        var lastLine: Int
        var foreground: Bool
        var says: SessionSpan.Says
        var ownRecord: Bool
    }

    /// What a session's own records say of an end in `exitClass` (SPEC §8's precedence): a
    /// named reason, or what the records imply (an overrun under way, a task past its
    /// allowance, a suspension or a presumed one), is named; a bare `crash` is bare; a kill or
    /// replacement that says nothing else gives no class.
    static func says(_ exitClass: ExitClass, reason: ReasonCode) -> SessionSpan.Says {
        switch exitClass {
        case .normal, .open: return .nothing
        case .abnormal: return reason == .crash ? .bare : .nothing
        default: return .named
        }
    }

    /// Whether a session that ended in `exitClass` from `state` is a death (SPEC §8): any
    /// class but `normal` and `open`, except a purge of a process that was not running. A purge
    /// is a death only of a process busy when it came — a background task, a scheduled task or
    /// a handler still open ("a jetsam kill of an app busy in the background"); a suspended or
    /// prewarmed process, or one idle in the background (which iOS suspends within seconds, and
    /// which a log may not show suspended), was reclaimed, as the platform works.
    func isDeath(_ idx: Int, from state: LifecycleModel.State, as exitClass: ExitClass) -> Bool {
        guard exitClass != .normal && exitClass != .open else { return false }
        guard exitClass == .purged else { return true }
        let traits = app.traits(of: state)
        if traits.contains(.suspended) || traits.contains(.prewarmed) { return false }
        return !processes[idx].tasks.isEmpty || processes[idx].spans.contains { $0.limit > 0 }
    }

    /// What ended a session, for messages: `'sys.kill'`, `a new launch`, `the launch of pid 12`.
    static func describe(_ cause: EndCause, _ record: Record) -> String {
        switch cause {
        case .exit: return "'\(record.event.canonicalName)'"
        case .relaunch: return "a new launch"
        case .replacedBy(let pid): return "the launch of pid \(pid)"
        }
    }

    /// Counts a session's exit class and marks the process gone.
    mutating func closeSession(_ idx: Int, as exitClass: ExitClass, line: Int, end: SpanEnd? = nil) {
        exitCounts[Self.exitSlot(exitClass)] += 1
        if exitClass == .normal && !processes[idx].terminatedInForeground { normalExitsInBackground += 1 }
        if configuration.indexesSessions { noteSpan(idx, as: exitClass, line: line, end: end) }
        if exitClass == .normal && configuration.listsExits && exits.count < FileResult.maximumDeathsListed {
            // After `willTerminate` no task is open: the end needs no symbol.
            var end = sessionEnd(idx, line: line, from: processes[idx].state, as: .normal, symbols: SymbolTable())
            end.scenes = [:]
            exits.append(end)
        }
        noteSessionExit(idx, as: exitClass)
        observeSessionEnd(idx, as: exitClass, line: line)
        closeSessionOwners(idx)
        processes[idx].state = appExited
        processes[idx].clearTimers()
        processes[idx].tasks.removeAll(keepingCapacity: true)
        processes[idx].scenes.removeAll(keepingCapacity: true)
        if let pos = live.firstIndex(of: idx) { live.remove(at: pos) }
        if processes[idx].pid != nil { pendingReclaim.append(idx) }
    }

    /// Reclaims the machines whose session ended during the record just replayed (unless the
    /// same record started a new session on them): their pid goes to ``endedPids`` and their
    /// slot to ``freeSlots``.
    mutating func reclaimEndedMachines() {
        for idx in pendingReclaim {
            guard processes[idx].state == appExited, let pid = processes[idx].pid, pidIndex[pid] == idx else { continue }
            endedPids.insert(pid, processes[idx].endedRecord)
            pidIndex[pid] = nil
            processes[idx].started = false
            freeSlots.append(idx)
            if cachedIndex == idx { cachedIndex = -1 }
            let line = Int(truncatingIfNeeded: pid) & (Self.pidCacheSize - 1)
            if pidCache[line].slot == idx { pidCache[line] = (0, -1) }
        }
        pendingReclaim.removeAll(keepingCapacity: true)
    }

    /// Lists the session of machine `idx` for the evidence join (``SessionSpan``): ended at
    /// `line` (0: open at the end of the log) in `exitClass`.
    mutating func noteSpan(_ idx: Int, as exitClass: ExitClass, line: Int, end: SpanEnd?) {
        let p = processes[idx]
        sessionSpans.append(
            SessionSpan(
                file: path, session: p.session, pid: p.pid, app: appName(idx), version: p.ownVersion ?? defaultVersion,
                os: p.ownOSText ?? defaultOSText ?? configuration.defaultOS, began: p.sessionStart,
                lastLine: end?.lastLine ?? max(p.lastLine, line), lastTime: p.maxTime, endLine: line,
                endTime: end?.time ?? p.maxTime, exitClass: exitClass, foreground: end?.foreground ?? isForeground(idx, in: p.state),
                says: end?.says ?? .nothing, endedByOwnRecord: end?.ownRecord ?? (exitClass == .normal)))
    }

    /// The slot of an exit class in ``exitCounts``: its position in `ExitClass.allCases`.
    @inline(__always)
    static func exitSlot(_ exitClass: ExitClass) -> Int {
        switch exitClass {
        case .normal: return 0
        case .purged: return 1
        case .watchdog: return 2
        case .bgtaskTimeout: return 3
        case .lockedFile: return 4
        case .memoryLimit: return 5
        case .cpuLimit: return 6
        case .thermal: return 7
        case .abnormal: return 8
        case .open: return 9
        }
    }

    /// Keeps the exit class of the session of `idx` (one byte per session of the file), for
    /// ``FileResult/sessionExits``.
    mutating func noteSessionExit(_ idx: Int, as exitClass: ExitClass) {
        let number = processes[idx].session
        guard number > 0 else { return }
        if sessionExitSlots.count < number {
            sessionExitSlots.append(contentsOf: repeatElement(UInt8.max, count: number - sessionExitSlots.count))
        }
        sessionExitSlots[number - 1] = UInt8(Self.exitSlot(exitClass))
    }

    /// The exit class of each session that has a finding among `findings`, from
    /// ``noteSessionExit(_:as:)``.
    func sessionExits(of findings: [Finding]) -> [Int: ExitClass] {
        var exits: [Int: ExitClass] = [:]
        for finding in findings {
            guard let number = finding.session, number > 0, number <= sessionExitSlots.count, exits[number] == nil else { continue }
            let slot = Int(sessionExitSlots[number - 1])
            if let exitClass = ExitClass.allCases.first(where: { Self.exitSlot($0) == slot }) { exits[number] = exitClass }
        }
        return exits
    }

    /// Tells the observer a session ended.
    func observeSessionEnd(_ idx: Int, as exitClass: ExitClass, line: Int) {
        guard let observer else { return }
        let p = processes[idx]
        observer(
            .sessionEnded(
                pid: p.pid, began: p.sessionStart, ended: p.maxTime, exitClass: exitClass, line: line,
                lastLine: max(p.lastLine, line), session: p.session))
    }

    /// The exit class of a session that ends now (SPEC §5, 2028 edition; docs/MODEL.md lists
    /// the order): only what is still under way at the end (``watchdogUnderWay(_:)``,
    /// ``isPastAllowance(_:_:in:now:)``) explains it; an overrun the process lived through is
    /// history.
    func classify(_ idx: Int, from state: LifecycleModel.State, record: Record, cause: EndCause) -> ExitClass {
        let traits = app.traits(of: state)
        let p = processes[idx]
        if traits.contains(.terminated) { return .normal }
        var reason = ReasonCode.none
        if case .exit = cause { reason = record.reasonCode }
        // A reason that names a class outright decides in any state (one mapping of reasons to
        // classes, EvidencePiece's, which the evidence join reads too).
        switch reason {
        case .terminate, .watchdog, .bgtaskTimeout, .lockedFile, .cpuLimit, .thermal:
            if let named = EvidencePiece.exitClass(of: reason, foreground: false) { return named }
        default: break
        }
        // A process whose state no record placed and that ran no app code in the log may have
        // been suspended or running: a relaunch proves only that it is gone. A kill or an exit
        // shows it ended, and is never `open`.
        let unknownIdle = traits.contains(.unknown) && !p.ranCode
        if case .exit = cause {
        } else if unknownIdle {
            return .open
        }
        if traits.contains(.suspended) || traits.contains(.prewarmed) || reason == .purge { return .purged }
        // Memory pressure: MetricKit's MemoryPressure in the background (or in a state the log
        // does not show), its MemoryResourceLimit in the foreground.
        if reason == .jetsam { return isForeground(idx, in: state) ? .memoryLimit : .purged }
        if reason == .memoryLimit { return .memoryLimit }
        // An in-app log (no observer records) cannot show a suspension: a process that was in
        // background (or in a state no record placed, or launched and never activated) with no
        // task open when it was replaced is presumed suspended and purged.
        let maybeBackground =
            traits.contains(.background) || traits.contains(.unknown)
            || (traits.contains(.launchedInactive) && p.launchPhase != .foreground)
        if case .exit = cause {
        } else if !p.sawObserver && maybeBackground && p.tasks.isEmpty {
            return .purged
        }
        if watchdogUnderWay(idx) != nil { return .watchdog }
        if p.tasks.contains(where: { isPastAllowance($0, idx, in: state, now: p.maxTime) }) { return .bgtaskTimeout }
        return .abnormal
    }

    /// The number of the last session of `pid` (``Finding/session``), or `nil` when the pid
    /// had none or its end is no longer remembered (``endedPidCapacity``): what a finding about
    /// that process from outside the engine (UIKit's verdicts in a system log) belongs to. On
    /// iOS a pid is one process until the pid space wraps, so its last session is the one.
    ///
    /// A verdict without a pid (a Console.app copy names no pid) is about the stream of records
    /// without pids, as the records the same messages give: its last session.
    ///
    /// - Parameter pid: the process, or `nil` for the stream of records without pids.
    /// - Returns: the session number, 1-based in the order sessions began.
    public func lastSession(ofPid pid: Int64?) -> Int? {
        guard let pid else { return streamIndex >= 0 && processes[streamIndex].session > 0 ? processes[streamIndex].session : nil }
        let session = pidIndex[pid].map { processes[$0].session } ?? endedPids[pid]?.session ?? 0
        return session > 0 ? session : nil
    }

    /// The app a process belongs to (`meta.app` of its pid, else the default).
    func appName(_ idx: Int) -> String? { processes[idx].ownApp ?? defaultApp }
}
