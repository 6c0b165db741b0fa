import LCTraceCore

extension Replayer {
    /// Replays a `scene.*` record (its `begin` or instant) on the scene's machine, then
    /// derives the process state from all its scenes.
    ///
    /// A process with model `auto` becomes scene-based at its first scene record; app-level
    /// callbacks before it were replayed under the app model.
    mutating func applyScene(_ idx: Int, _ record: Record, now: Timestamp, symbols: borrowing SymbolTable) {
        let event = record.event
        if !processes[idx].sceneBased {
            if processes[idx].modelExplicit {
                guard record.phase != .end else { return }
                report(
                    .mixedLifecycle, idx, record, scene: symbols[record.scene],
                    message: "'\(event.canonicalName)' in a 'uikit-app' process: expected model 'uikit-scene' for scene events"
                )
                return
            }
            processes[idx].sceneBased = true
            withdrawSceneLifecycleCandidate(idx)
        }
        // The system may disconnect the scene of a suspended app (SPEC §3's scene table:
        // `didDisconnect` from background or suspended); every other scene callback there
        // is code that ran while suspended.
        if app.traits(of: processes[idx].state).contains(.suspended) && event != .sceneDidDisconnect {
            reportRanWhileSuspended(idx, record, symbols: symbols)
            move(idx, from: processes[idx].state, to: app.resumedState, record, now: now, symbols: symbols)
        }
        let column = LifecycleModel.column(event)
        let si = sceneIndex(idx, record.scene, symbols: symbols)
        guard si >= 0 else {
            reportSceneLimit(idx, record, symbols: symbols)
            return
        }
        let from = processes[idx].scenes[si].state
        var target: LifecycleModel.State
        if sceneModel.traits(of: from).contains(.unknown) {
            target = sceneModel.implied[column]
        } else {
            target = sceneModel.target(from: from, column: column)
            // A record observed from a notification (SPEC §1) sets the state it names, no LC100.
            if target == LifecycleModel.illegal && !record.viaNotification {
                findings.append(
                    session: processes[idx].session,
                    Finding(
                        rule: .illegalTransition, file: path, line: record.line, time: record.time, pid: record.pid,
                        scene: symbols[record.scene] ?? "", state: sceneModel.publicName(of: from),
                        event: event.canonicalName,
                        message: sceneModel.illegalTransitionMessage(event: event, in: from)))
                target = sceneModel.implied[column]
            } else if target == LifecycleModel.illegal {
                target = sceneModel.implied[column]
            }
        }
        if target == LifecycleModel.illegal { target = from }
        processes[idx].scenes[si].state = target
        if let observer, sceneStates[Int(from)] != sceneStates[Int(target)] {
            observer(
                .sceneStateChanged(
                    pid: processes[idx].pid, scene: record.scene, line: record.line, time: now,
                    from: sceneStates[Int(from)], to: sceneStates[Int(target)]))
        }
        updateAggregate(idx, record, now: now, symbols: symbols)
        if record.phase == .begin {
            openSpan(idx, record, now: now)
        } else {
            handlerReturned(idx, record, now: now, symbols: symbols)
        }
    }

    /// The machine of a scene, created unattached (or unknown in a process already running
    /// when the log began); -1 past ``maximumScenes``.
    ///
    /// Scenes are found by symbol first, then by text: the ingest interns strings, so the
    /// usual record finds its scene without reading a string. A scene is never added twice
    /// under one text, so the order of the two passes does not change which scene is found.
    mutating func sceneIndex(_ idx: Int, _ scene: Symbol, symbols: borrowing SymbolTable) -> Int {
        let count = processes[idx].scenes.count
        for i in 0..<count where processes[idx].scenes[i].scene == scene { return i }
        for i in 0..<count where ProcessMachine.sameSymbol(processes[idx].scenes[i].scene, scene, symbols: symbols) {
            return i
        }
        guard processes[idx].scenes.count < Self.maximumScenes else { return -1 }
        let state = processes[idx].midLog ? sceneModel.unknownState : sceneModel.initialState
        processes[idx].scenes.append(SceneMachine(scene: scene, state: state))
        return processes[idx].scenes.count - 1
    }

    /// Whether any scene of the process is on screen.
    func anySceneInForeground(_ idx: Int) -> Bool {
        processes[idx].scenes.contains { sceneModel.traits(of: $0.state).contains(.foreground) }
    }

    /// Scenes on screen go to background (a suspension implied it).
    mutating func sendScenesToBackground(_ idx: Int) {
        let background = sceneModel.implied[LifecycleModel.column(.sceneDidEnterBackground)]
        for i in processes[idx].scenes.indices
        where sceneModel.traits(of: processes[idx].scenes[i].state).contains(.foreground) {
            processes[idx].scenes[i].state = background
        }
    }

    /// The process is foreground-active while any scene is, foreground while any scene is,
    /// else background (once the last scene on screen left it; a connected scene that never
    /// came on screen does not move a launching process to background).
    mutating func updateAggregate(_ idx: Int, _ record: Record, now: Timestamp, symbols: borrowing SymbolTable) {
        var anyActive = false
        var anyForeground = false
        for scene in processes[idx].scenes {
            let traits = sceneModel.traits(of: scene.state)
            if traits.contains(.active) { anyActive = true }
            if traits.contains(.foreground) { anyForeground = true }
        }
        let state = processes[idx].state
        let traits = app.traits(of: state)
        if traits.contains(.launching) || traits.contains(.terminating) || traits.contains(.notRunning) { return }
        var target = state
        if anyActive {
            target = appActive
        } else if anyForeground {
            if !(traits.contains(.foreground) && !traits.contains(.active)) { target = appInactive }
        } else if record.event == .sceneDidEnterBackground || record.event == .sceneDidDisconnect {
            if (traits.contains(.foreground) && !traits.contains(.launchedInactive)) || traits.contains(.unknown) {
                target = appBackground
            }
        }
        move(idx, from: state, to: target, record, now: now, symbols: symbols)
    }
}
