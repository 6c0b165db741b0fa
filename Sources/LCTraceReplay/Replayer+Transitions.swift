import LCTraceCore

extension Replayer {
    /// The app-delegate callbacks a scene-based app must not receive (LC104).
    @inline(__always)
    static func isActivationCallback(_ event: LifecycleEvent) -> Bool {
        switch event {
        case .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground: return true
        default: return false
        }
    }

    /// Replays a process, app-delegate, background-task or system record on the app model.
    mutating func applyApp(_ idx: Int, _ record: Record, now: Timestamp, launch: Bool, symbols: borrowing SymbolTable) {
        let event = record.event
        let column = launchColumn(record)
        if Self.isActivationCallback(event) && processes[idx].sceneLifecycleSession != processes[idx].session
            && !record.viaNotification
        {
            noteAppDelegateLifecycle(idx, record)
        }
        if processes[idx].sceneBased && Self.isActivationCallback(event) {
            // An app-level notification is posted in scene-based apps too (SPEC §1): no LC104.
            if record.phase != .end && !record.viaNotification {
                findings.append(
                    session: processes[idx].session,
                    Finding(
                        rule: .mixedLifecycle, file: path, line: record.line, time: record.time, pid: record.pid,
                        state: stateName(idx), event: event.canonicalName,
                        message: "'\(event.canonicalName)' in a scene-based app: expected the scene delegate's callbacks instead"
                    ))
            }
            return
        }
        var from = processes[idx].state
        var traits = app.traits(of: from)
        var target: LifecycleModel.State
        if traits.contains(.unknown) {
            // The first event of a process already running implies its state, without a finding;
            // after a gap, a launch record continues the launch the gap cut into.
            if launch && !processes[idx].afterGap { reportSecondLaunch(idx, record, state: from) }
            processes[idx].afterGap = false
            target = app.implied[column]
            if target == LifecycleModel.illegal { target = from }
        } else {
            target = app.target(from: from, column: column)
            if target == LifecycleModel.illegal && processes[idx].sceneBased && traits.contains(.foreground)
                && !anySceneInForeground(idx) && app.target(from: appBackground, column: column) != LifecycleModel.illegal
            {
                // A scene-based process with no scene on screen is in background even if no
                // scene ever went there (a launch that never came to the foreground).
                move(idx, from: from, to: appBackground, record, now: now, symbols: symbols)
                from = appBackground
                traits = app.traits(of: from)
                target = app.target(from: from, column: column)
            }
            if target == LifecycleModel.illegal {
                if traits.contains(.suspended) && app.runsCode[column] {
                    reportRanWhileSuspended(idx, record, symbols: symbols)
                    move(idx, from: from, to: app.resumedState, record, now: now, symbols: symbols)
                    from = app.resumedState
                    target = app.target(from: from, column: column)
                    if target == LifecycleModel.illegal { target = app.implied[column] }
                } else {
                    // A record observed from a notification (SPEC §1) sets the state it names, no LC100.
                    if !record.viaNotification {
                        reportIllegal(idx, record, state: from, column: column, launch: launch, symbols: symbols)
                    }
                    target = app.implied[column]
                    if processes[idx].sceneBased && app.traits(of: target).contains(.suspended) {
                        // The scenes were on screen; the suspension implies they left it.
                        sendScenesToBackground(idx)
                    }
                }
                if target == LifecycleModel.illegal { target = from }
            }
        }
        move(idx, from: from, to: target, record, now: now, symbols: symbols)

        switch event.category {
        case .appDelegate:
            if record.phase == .begin {
                openSpan(idx, record, now: now)
            } else {
                handlerReturned(idx, record, now: now, symbols: symbols)
            }
        case .backgroundTask, .scheduledTask:
            if event.category == .scheduledTask { checkPermissions(idx, record, symbols: symbols) }
            switch event {
            case .bgtaskBegin, .bgschedStart: beginTask(idx, record, now: now, symbols: symbols)
            case .bgtaskEnd, .bgschedComplete: endTask(idx, record, now: now, symbols: symbols)
            case .bgschedRegister: registerTask(idx, record, symbols: symbols)
            case .bgschedSubmit: submitTask(idx, record, symbols: symbols)
            default: expireTask(idx, record, now: now, symbols: symbols)
            }
        default:
            break
        }
    }

    /// Moves a process between app-model states and runs what the move means: launch and
    /// resume clocks, the background allowance, suspension and exit.
    mutating func move(
        _ idx: Int, from: LifecycleModel.State, to: LifecycleModel.State, _ record: Record, now: Timestamp,
        symbols: borrowing SymbolTable
    ) {
        guard from != to else { return }
        let ft = app.traits(of: from)
        let tt = app.traits(of: to)
        if tt.contains(.ended) && !tt.contains(.terminated) {
            endSession(idx, record, from: from, cause: .exit, symbols: symbols)
            return
        }
        processes[idx].state = to
        if tt.contains(.terminated) && !ft.contains(.terminated) {
            processes[idx].terminatedInForeground = isForeground(idx, in: from)
        }
        if let observer, appStates[Int(from)] != appStates[Int(to)] {
            observer(
                .stateChanged(
                    pid: processes[idx].pid, line: record.line, time: now, from: appStates[Int(from)],
                    to: appStates[Int(to)]))
        }
        if (ft.contains(.notRunning) || ft.contains(.prewarmed)) && !tt.contains(.prewarmed) {
            // The launch clock starts at the first launch record, or, for a prewarmed process,
            // at its first launch callback (SPEC §2).
            processes[idx].launchPhase = .launching
            processes[idx].launch = Deadline(start: now, line: record.line, limit: limits[.launch])
            processes[idx].launchLine = record.line
            processes[idx].userLaunch = record.event == .processLaunch && record.reasonCode == .user
        }
        if tt.contains(.active) {
            processes[idx].launchPhase = .none
            processes[idx].launch = nil
            processes[idx].resume = nil
        }
        let wasBackground = ft.contains(.background) || ft.contains(.launchingInBackground)
        let isBackground = tt.contains(.background) || tt.contains(.launchingInBackground)
        if isBackground && !wasBackground {
            // Into background (or resumed from suspension): the allowance clock starts here.
            if ft.contains(.launchedInactive) {
                // Launched, never activated, now in background: it was a background launch,
                // which ended with `didFinishLaunching`.
                processes[idx].launchPhase = .none
                processes[idx].launch = nil
            }
            processes[idx].resume = nil
            processes[idx].allowanceStart = now
            processes[idx].allowanceLine = record.line
        }
        if tt.contains(.foreground) && !ft.contains(.foreground) {
            processes[idx].allowanceStart = nil
            processes[idx].backgroundWindow = false
            processes[idx].backgroundRun = nil
            if (wasBackground || ft.contains(.suspended))
                && (record.event == .willEnterForeground || record.event == .sceneWillEnterForeground)
            {
                processes[idx].resume = Deadline(start: now, line: record.line, limit: limits[.resume])
            }
        }
        if tt.contains(.suspended) {
            suspend(idx, record, symbols: symbols)
        } else if tt.contains(.terminated) {
            processes[idx].endedLine = record.line
            releaseTasks(idx, record, by: "'app.willTerminate' completed", symbols: symbols)
            processes[idx].clearTimers()
        }
        processes[idx].refreshDue(expiration: limits[.expiration], refresh: limits[.refresh])
    }

    /// A handler returned (its `end`, or an instant record): the launch, the background
    /// window and span completions (`willTerminate` → terminated).
    mutating func handlerReturned(_ idx: Int, _ record: Record, now: Timestamp, symbols: borrowing SymbolTable) {
        let event = record.event
        let state = processes[idx].state
        switch event {
        case .didFinishLaunching:
            processes[idx].launchEnd = record.phase == .end ? .finished : .instant
            processes[idx].launchEndLine = record.line
            if processes[idx].launchPhase == .launching {
                if app.traits(of: state).contains(.background) {
                    processes[idx].launchPhase = .none
                    processes[idx].launch = nil
                } else {
                    // `process.launch` with reason `user` says it: a foreground launch.
                    processes[idx].launchPhase = processes[idx].userLaunch ? .foreground : .awaitingKind
                }
                processes[idx].refreshDue(expiration: limits[.expiration], refresh: limits[.refresh])
            }
        case .didEnterBackground, .sceneDidEnterBackground:
            let traits = app.traits(of: state)
            if traits.contains(.background) && !traits.contains(.terminating) {
                processes[idx].backgroundWindow = true
                processes[idx].backgroundRun = ProcessMachine.BackgroundRun(
                    start: now, line: record.line, last: now, paused: backgroundWorkOpen(idx))
            }
        default:
            break
        }
        if event.category == .appDelegate {
            let done = app.completion(from: processes[idx].state, column: LifecycleModel.column(event))
            if done != LifecycleModel.illegal {
                move(idx, from: processes[idx].state, to: done, record, now: now, symbols: symbols)
            }
        }
    }

    /// The record after the end of `didFinishLaunching`, in a launch that did not say its kind
    /// (no `process.launch` with a reason), tells whether it was a foreground launch: an
    /// activation, a scene connecting, or a URL or activity to open means yes; anything else
    /// (a `didEnterBackground`, a suspension, a task) means the launch was a background
    /// launch, which ended with `didFinishLaunching`. Reading a task as "not foreground"
    /// keeps a scene-based app launched into the background (no scene connects, no
    /// `didEnterBackground`), then opened minutes later, from a false LC200; a launch that
    /// says `reason: "user"` is judged to its activation whatever comes between. Registrations
    /// and submissions of scheduled tasks right after the callback are passed over.
    mutating func decideLaunchKind(_ idx: Int, _ record: Record) {
        switch record.event {
        case .didBecomeActive, .willResignActive, .sceneWillConnect, .sceneWillEnterForeground,
            .sceneDidBecomeActive, .openURL, .continueUserActivity:
            processes[idx].launchPhase = .foreground
        case .bgschedRegister, .bgschedSubmit:
            // Made from inside the callback that was just logged: they say nothing of the kind.
            break
        default:
            processes[idx].launchPhase = .none
            processes[idx].launch = nil
            processes[idx].refreshDue(expiration: limits[.expiration], refresh: limits[.refresh])
        }
    }

    /// The process was suspended: LC202 is judged, open tasks leaked (LC300), clocks stop.
    mutating func suspend(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) {
        if let run = processes[idx].backgroundRun, run.overrunLine > 0, !processes[idx].exempt {
            let ran = run.last.nanoseconds(since: run.start)
            findings.append(
                session: processes[idx].session,
                Finding(
                    rule: .backgroundOverrun, file: path, line: run.overrunLine, time: run.overrunTime,
                    pid: processes[idx].pid, state: "background",
                    message:
                        "app ran in background for \(DurationText.seconds(ran)) s with no task open and no background mode that keeps it running (began at line \(run.line)): budget 'background' is \(DurationText.budget(limits[.background])) s"
                ))
        }
        releaseTasks(idx, record, by: "'\(record.event.canonicalName)'", symbols: symbols)
        processes[idx].clearTimers()
    }

    // MARK: - Findings of the state model

    /// LC100 with the message the model writes (or the scene-aware or second-launch variant).
    mutating func reportIllegal(
        _ idx: Int, _ record: Record, state: LifecycleModel.State, column: Int, launch: Bool,
        symbols: borrowing SymbolTable
    ) {
        if launch && record.pid != nil {
            reportSecondLaunch(idx, record, state: state)
            return
        }
        var message = app.illegalTransitionMessage(event: record.event, in: state)
        var scene: String?
        if processes[idx].sceneBased && app.traits(of: state).contains(.foreground)
            && app.target(from: appBackground, column: column) != LifecycleModel.illegal,
            let onScreen = processes[idx].scenes.first(where: { sceneModel.traits(of: $0.state).contains(.foreground) })
        {
            scene = symbols[onScreen.scene] ?? ""
            message =
                "'\(record.event.canonicalName)' in '\(app.publicName(of: state))': expected every scene in 'background' (scene '\(scene!)' is '\(sceneModel.publicName(of: onScreen.state))')"
        }
        appendFinding(
            Finding(
                rule: .illegalTransition, file: path, line: record.line, time: record.time, pid: record.pid,
                scene: scene, task: record.task.map { taskValue($0, symbols: symbols) },
                state: app.publicName(of: state), event: record.event.canonicalName, message: message,
                owner: owner(ofRecord: record, symbols: symbols)), idx)
    }

    /// LC100 for a launch of a pid already running.
    mutating func reportSecondLaunch(_ idx: Int, _ record: Record, state: LifecycleModel.State) {
        let p = processes[idx]
        let since = p.midLog ? "running since the log began" : "launched at line \(p.launchLine)"
        findings.append(
            session: processes[idx].session,
            Finding(
                rule: .illegalTransition, file: path, line: record.line, time: record.time, pid: record.pid,
                state: app.publicName(of: state), event: record.event.canonicalName,
                message:
                    "'\(record.event.canonicalName)' in '\(app.publicName(of: state))': expected no second launch of pid \(p.pid.map(String.init) ?? "-") (\(since))"
            ))
    }

    /// LC101: code ran while suspended, without a `sys.resume`.
    mutating func reportRanWhileSuspended(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) {
        appendFinding(
            Finding(
                rule: .ranWhileSuspended, file: path, line: record.line, time: record.time, pid: record.pid,
                scene: symbols[record.scene], task: record.task.map { taskValue($0, symbols: symbols) },
                state: "suspended", event: record.event.canonicalName,
                message: "'\(record.event.canonicalName)' ran while 'suspended': expected 'sys.resume' first",
                owner: owner(ofRecord: record, symbols: symbols)), idx)
    }
}
