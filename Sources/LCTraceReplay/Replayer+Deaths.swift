import LCTraceCore

/// Deaths (SPEC §8 "Deaths"): built when a session that did not end `normal` or `open` ends,
/// from what the machine holds at that moment. Never per record: an ordinary record pays
/// nothing for them.
extension Replayer {
    /// The deaths recorded so far, in the order their sessions ended (`lctrace why` reads
    /// it after a record to know that a process just died).
    public var deathsSoFar: [Death] { deaths }

    /// Records the death of the session of machine `idx`, ended by `record` from `state` with
    /// `exitClass`. Called before the tasks and scenes are released.
    mutating func recordDeath(
        _ idx: Int, _ record: Record, from state: LifecycleModel.State, as exitClass: ExitClass,
        symbols: borrowing SymbolTable
    ) {
        let visible = isForeground(idx, in: state)
        // Every death is counted (in a slot: no hashing, no allocation); the first ones are
        // listed (memory must not grow with the file), and only those are built.
        deathSlots[Self.deathSlot(exitClass, visible ? .foreground : .background)] += 1
        guard listsDeath(of: idx) else { return }
        var death = sessionEnd(idx, line: record.line, from: state, as: exitClass, symbols: symbols)
        let p = processes[idx]
        switch exitClass {
        case .watchdog:
            // The overrun still under way at the end, never one the process lived through.
            if let underWay = watchdogUnderWay(idx), let rule = underWay.rule {
                death.cause = DeathCause(rule: rule, line: underWay.line)
            }
        case .bgtaskTimeout:
            // The first task past its allowance of a rule that is reported (a disabled rule is
            // never the cause); the verdict says "past its … allowance" of this task only.
            let past = tasksPastAllowance(idx, in: state).filter {
                $0.overrunReported && configuration.rules.isEnabled($0.scheduled ? .bgschedOverrun : .bgtaskOverrun)
            }
            if let task = past.min(by: { $0.overrunLine < $1.overrunLine }) {
                death.cause = DeathCause(rule: task.scheduled ? .bgschedOverrun : .bgtaskOverrun, line: task.overrunLine)
                death.overrunTask = death.openTasks.firstIndex {
                    $0.line == task.line && $0.api == (task.scheduled ? "bgsched" : "bgtask")
                }
                if death.overrunTask != nil { death.taskAllowance = task.scheduled ? limits[.refresh] : p.allowance }
            }
        default:
            break
        }
        death.refreshMessage()
        deaths.append(death)
    }

    /// Lists a session that ended without dying (a normal exit, a purge of a process that was
    /// not running) when the configuration asks for exits (`why --all`); else does nothing.
    mutating func recordExit(
        _ idx: Int, line: Int, from state: LifecycleModel.State, as exitClass: ExitClass, symbols: borrowing SymbolTable
    ) {
        guard configuration.listsExits, exits.count < FileResult.maximumDeathsListed else { return }
        exits.append(sessionEnd(idx, line: line, from: state, as: exitClass, symbols: symbols))
    }

    /// The end of the session of machine `idx` as a ``Death`` value (a death, or an exit that
    /// `why --all` lists): where, when, whose, in what state, with its open tasks.
    func sessionEnd(
        _ idx: Int, line: Int, from state: LifecycleModel.State, as exitClass: ExitClass, symbols: borrowing SymbolTable
    ) -> Death {
        let appState = appStates[Int(state)]
        let visible = isForeground(idx, in: state)
        let p = processes[idx]
        let traits = app.traits(of: state)
        var scenes: [String: String] = [:]
        // The scenes attached when it died: a disconnected scene is back in `unattached`.
        for scene in p.scenes where sceneStates[Int(scene.state)] != .unattached {
            scenes[symbols[scene.scene] ?? "?"] = sceneStates[Int(scene.state)].rawValue
        }
        let now = p.maxTime
        let openTasks = p.tasks.sorted { ($0.beganAt, $0.line) < ($1.beganAt, $1.line) }.map { task in
            DeathTask(
                api: task.scheduled ? "bgsched" : "bgtask", task: taskValue(task.id, symbols: symbols),
                name: symbols[task.name], owner: owner(of: task, symbols: symbols), line: task.line,
                openFor: max(0, now.nanoseconds(since: task.beganAt)))
        }
        let os = p.ownOSText ?? defaultOSText ?? configuration.defaultOS
        return Death(
            file: path, line: line, time: now, pid: p.pid, app: appName(idx), version: p.ownVersion ?? defaultVersion, os: os,
            session: p.session, exitClass: exitClass, state: traits.contains(.prewarmed) ? "prewarmed" : appState.rawValue,
            scenes: scenes, visibility: visible ? .foreground : .background, openTasks: openTasks,
            evidence: [.log(file: path, line: line)])
    }

    /// Whether the death of machine `idx` is listed: the first ``FileResult/maximumDeathsListed``
    /// of the file are, and every one of ``ReplayConfiguration/everyDeathOfPids``.
    func listsDeath(of idx: Int) -> Bool {
        deaths.count < FileResult.maximumDeathsListed
            || (processes[idx].pid.map(configuration.everyDeathOfPids.contains) ?? false)
    }

    /// The slot of an exit class and a visibility in ``deathSlots``.
    @inline(__always)
    static func deathSlot(_ exitClass: ExitClass, _ visibility: DeathVisibility) -> Int {
        // The engine's deaths are foreground or background; `unknown` is evidence alone's.
        exitSlot(exitClass) * 2 + (visibility == .foreground ? 0 : 1)
    }

    /// Every death so far, per exit class and visibility, as ``FileResult/deathCounts`` holds
    /// them: only the pairs that occurred.
    var deathCounts: [ExitClass: [DeathVisibility: Int]] {
        var counts: [ExitClass: [DeathVisibility: Int]] = [:]
        for exitClass in ExitClass.allCases {
            for visibility in [DeathVisibility.foreground, .background] where deathSlots[Self.deathSlot(exitClass, visibility)] > 0 {
                counts[exitClass, default: [:]][visibility] = deathSlots[Self.deathSlot(exitClass, visibility)]
            }
        }
        return counts
    }
}
