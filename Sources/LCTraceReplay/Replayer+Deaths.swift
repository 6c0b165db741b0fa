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
        let appState = appStates[Int(state)]
        var visible = appState == .active || appState == .inactive
        if !visible {
            for scene in processes[idx].scenes {
                let sceneState = sceneStates[Int(scene.state)]
                if sceneState == .foregroundActive || sceneState == .foregroundInactive {
                    visible = true
                    break
                }
            }
        }
        // Every death is counted (in a slot: no hashing, no allocation); the first ones are
        // listed (memory must not grow with the file), and only those are built.
        deathSlots[Self.deathSlot(exitClass, visible ? .foreground : .background)] += 1
        guard listsDeath(of: idx) else { return }
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
        var cause: DeathCause?
        // The task that ran out its allowance first, and that allowance: the verdict says
        // "past its … allowance" of this task only, and only when it really is past it.
        var overrun: (index: Int, allowance: Int64)?
        switch exitClass {
        case .watchdog:
            if let rule = p.watchdogCause { cause = DeathCause(rule: rule, line: p.watchdogCauseLine) }
        case .bgtaskTimeout:
            // The first overrun of a rule that is reported (a disabled rule is never the cause).
            let reported = p.tasks.filter {
                $0.overrunReported && configuration.rules.isEnabled($0.scheduled ? .bgschedOverrun : .bgtaskOverrun)
            }
            if let task = reported.min(by: { $0.overrunLine < $1.overrunLine }) {
                cause = DeathCause(rule: task.scheduled ? .bgschedOverrun : .bgtaskOverrun, line: task.overrunLine)
                let index = openTasks.firstIndex { $0.line == task.line && $0.api == (task.scheduled ? "bgsched" : "bgtask") }
                if let index { overrun = (index, task.scheduled ? limits[.refresh] : p.allowance) }
            }
        default:
            break
        }
        let os = p.ownOSText ?? defaultOSText ?? configuration.defaultOS
        deaths.append(
            Death(
                file: path, line: record.line, time: now, pid: p.pid, app: appName(idx), version: p.ownVersion ?? defaultVersion, os: os, session: p.session,
                exitClass: exitClass, state: traits.contains(.prewarmed) ? "prewarmed" : appState.rawValue,
                scenes: scenes, visibility: visible ? .foreground : .background, cause: cause, openTasks: openTasks,
                evidence: [.log(file: path, line: record.line)],
                overrunTask: overrun?.index, taskAllowance: overrun?.allowance))
    }

    /// Whether the death of machine `idx` is listed: the first ``FileResult/maximumDeathsListed``
    /// of the file are, and every one of ``ReplayConfiguration/everyDeathOfPid``.
    func listsDeath(of idx: Int) -> Bool {
        deaths.count < FileResult.maximumDeathsListed
            || (configuration.everyDeathOfPid != nil && processes[idx].pid == configuration.everyDeathOfPid)
    }

    /// The slot of an exit class and a visibility in ``deathSlots``.
    @inline(__always)
    static func deathSlot(_ exitClass: ExitClass, _ visibility: DeathVisibility) -> Int {
        exitSlot(exitClass) * 2 + (visibility == .foreground ? 0 : 1)
    }

    /// Every death so far, per exit class and visibility, as ``FileResult/deathCounts`` holds
    /// them: only the pairs that occurred.
    var deathCounts: [ExitClass: [DeathVisibility: Int]] {
        var counts: [ExitClass: [DeathVisibility: Int]] = [:]
        for exitClass in ExitClass.allCases {
            for visibility in DeathVisibility.allCases where deathSlots[Self.deathSlot(exitClass, visibility)] > 0 {
                counts[exitClass, default: [:]][visibility] = deathSlots[Self.deathSlot(exitClass, visibility)]
            }
        }
        return counts
    }
}
