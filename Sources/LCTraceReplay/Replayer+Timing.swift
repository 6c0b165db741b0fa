import LCTraceCore

extension Replayer {
    /// Judges every clock of a process against the time of its record (called only when that
    /// time is past ``ProcessMachine/nextDue``). The record that first shows an overrun is the
    /// one the finding names; each overrun is reported once. `stopped`: the process is known to
    /// have stopped at `now` though `record` is not its own stop (a relaunch replaced it), so a
    /// task still waiting in its expiration grace can no longer be ended (SPEC §4).
    mutating func checkDeadlines(
        _ idx: Int, _ record: Record, now: Timestamp, stopped: Bool = false, symbols: borrowing SymbolTable
    ) {
        let t = now.nanoseconds
        let activates =
            (record.event == .didBecomeActive || record.event == .sceneDidBecomeActive) && record.phase != .end
        if let launch = processes[idx].launch, !launch.reported, t > launch.due {
            let launchEndsHere =
                activates
                || (record.event == .didFinishLaunching && record.phase != .begin
                    && !app.traits(of: processes[idx].state).isDisjoint(with: [.background, .launchingInBackground]))
            processes[idx].launch!.reported = true
            processes[idx].launch!.reportedLine = record.line
            noteWatchdogOverrun(idx, .launchWatchdog, line: record.line)
            report(
                .launchWatchdog, idx, record,
                message: overrun(
                    "launch", ended: launchEndsHere, elapsed: t.subtractingSaturating(launch.start.nanoseconds), began: launch.line,
                    budget: .launch, limit: launch.limit))
        }
        if let resume = processes[idx].resume, !resume.reported, t > resume.due {
            processes[idx].resume!.reported = true
            processes[idx].resume!.reportedLine = record.line
            noteWatchdogOverrun(idx, .handlerOverrun, line: record.line)
            report(
                .handlerOverrun, idx, record,
                message: overrun(
                    "resume", ended: activates, elapsed: t.subtractingSaturating(resume.start.nanoseconds), began: resume.line,
                    budget: .resume, limit: resume.limit))
        }
        for i in processes[idx].spans.indices {
            let span = processes[idx].spans[i]
            guard !span.reported, t > span.beganAt.nanoseconds.addingSaturating(span.limit) else { continue }
            processes[idx].spans[i].reported = true
            processes[idx].spans[i].reportedLine = record.line
            noteWatchdogOverrun(idx, .handlerOverrun, line: record.line)
            let endsHere =
                record.phase == .end && record.event == span.event
                && ProcessMachine.sameSymbol(record.scene, span.scene, symbols: symbols)
            report(
                .handlerOverrun, idx, record, scene: symbols[span.scene],
                message: overrun(
                    "'\(span.event.canonicalName)'", ended: endsHere, elapsed: t.subtractingSaturating(span.beganAt.nanoseconds),
                    began: span.line, budget: span.budget, limit: span.limit, verb: ("ran for", "still running after")))
        }
        let expiration = limits[.expiration]
        for i in processes[idx].tasks.indices {
            let task = processes[idx].tasks[i]
            guard let expired = task.expiredAt, !task.expirationReported, t > expired.nanoseconds.addingSaturating(expiration) else {
                continue
            }
            processes[idx].tasks[i].expirationReported = true
            let endsHere =
                record.event == (task.scheduled ? .bgschedComplete : .bgtaskEnd)
                && record.task.map { ProcessMachine.same($0, task.id, symbols: symbols) } == true
            let name = taskText(task.id, symbols: symbols)
            let after = DurationText.seconds(t.subtractingSaturating(expired.nanoseconds))
            let budget = "(expired at line \(task.expireLine)): budget 'expiration' is \(DurationText.budget(expiration)) s"
            if task.scheduled {
                report(
                    .bgschedExpiredNotCompleted, idx, record, task: task.id, owner: owner(of: task, symbols: symbols),
                    symbols: symbols,
                    message: "scheduled task '\(name)' \(endsHere ? "completed" : "not completed") \(after) s after 'bgsched.expire' \(budget)")
            } else {
                report(
                    .bgtaskExpiredNotEnded, idx, record, task: task.id, owner: owner(of: task, symbols: symbols),
                    symbols: symbols,
                    message: "task '\(name)' \(endsHere ? "ended" : "not ended") \(after) s after 'bgtask.expire' \(budget)")
            }
        }
        let refresh = limits[.refresh]
        let stops = stopped || Self.stopsProcess(record)
        for i in processes[idx].tasks.indices {
            let task = processes[idx].tasks[i]
            guard task.scheduled, task.kind == .refresh, !task.overrunReported else { continue }
            let end = task.beganAt.nanoseconds.addingSaturating(refresh)
            guard t > end else { continue }
            let endsHere =
                record.event == .bgschedComplete
                && record.task.map { ProcessMachine.same($0, task.id, symbols: symbols) } == true
            let verdict = Self.graceVerdict(
                end: end, expiredAt: task.expiredAt?.nanoseconds, now: t, expiration: expiration, endsTask: endsHere,
                stopsProcess: stops)
            guard verdict == .overrun else { continue }
            processes[idx].tasks[i].overrunReported = true
            processes[idx].tasks[i].overrunLine = record.line
            report(
                .bgschedOverrun, idx, record, task: task.id, owner: owner(of: task, symbols: symbols), symbols: symbols,
                message:
                    "refresh task '\(taskText(task.id, symbols: symbols))' \(endsHere ? "completed after" : "still running after") \(DurationText.seconds(t.subtractingSaturating(task.beganAt.nanoseconds))) s (started at line \(task.line)): budget 'refresh' is \(DurationText.budget(refresh)) s\(expirationNote(task, end: end, expiration: expiration))"
            )
        }
        if let start = processes[idx].allowanceStart, !processes[idx].exempt {
            let end = start.nanoseconds.addingSaturating(processes[idx].allowance)
            if t > end {
                // The allowance ran out: every task open since before its end waits for its
                // verdict, which the expiration grace may still spare (SPEC §4).
                for i in processes[idx].tasks.indices {
                    let task = processes[idx].tasks[i]
                    guard !task.scheduled, !task.overrunReported, task.outOfAllowance == nil, task.beganAt.nanoseconds <= end
                    else { continue }
                    processes[idx].tasks[i].outOfAllowance = (start, processes[idx].allowanceLine, end)
                }
            }
        }
        for i in processes[idx].tasks.indices {
            let task = processes[idx].tasks[i]
            guard !task.scheduled, !task.overrunReported, let out = task.outOfAllowance else { continue }
            let endsHere =
                record.event == .bgtaskEnd && record.task.map { ProcessMachine.same($0, task.id, symbols: symbols) } == true
            let verdict = Self.graceVerdict(
                end: out.end, expiredAt: task.expiredAt?.nanoseconds, now: t, expiration: expiration, endsTask: endsHere,
                stopsProcess: stops)
            guard verdict == .overrun else { continue }
            processes[idx].tasks[i].overrunReported = true
            processes[idx].tasks[i].overrunLine = record.line
            let name = taskText(task.id, symbols: symbols)
            let allowance = out.end.subtractingSaturating(out.start.nanoseconds)
            report(
                .bgtaskOverrun, idx, record, task: task.id, owner: owner(of: task, symbols: symbols), symbols: symbols,
                message:
                    "task '\(name)' \(endsHere ? "ended" : "still open") \(DurationText.seconds(t.subtractingSaturating(out.start.nanoseconds))) s into the background allowance (allowance started at line \(out.line)): budget 'bgtask' is \(DurationText.budget(allowance)) s\(expirationNote(task, end: out.end, expiration: expiration))"
            )
        }
        processes[idx].refreshDue(expiration: expiration, refresh: limits[.refresh])
    }

    /// The message of a budget overrun: `LABEL took|ran for X s (began at line N): budget 'B' is Y s`.
    func overrun(
        _ label: String, ended: Bool, elapsed: Int64, began: Int, budget: BudgetName, limit: Int64,
        verb: (String, String) = ("took", "still running after")
    ) -> String {
        "\(label) \(ended ? verb.0 : verb.1) \(DurationText.seconds(elapsed)) s (began at line \(began)): budget '\(budget.name)' is \(DurationText.budget(limit)) s"
    }

    /// What the expiration grace makes of a task still open when its budget (the `bgtask`
    /// allowance, or `refresh`) ran out at `end` (SPEC §4): spared when its own expiration
    /// handler came no later than `end` + `expiration` and the task was ended within
    /// `expiration` after it, as Apple asks; overrun once that can no longer happen.
    enum GraceVerdict: Equatable {
        /// Not decided yet: the expiration handler, or the end after it, may still come.
        case wait
        /// Ended from its expiration handler in time: no finding.
        case spared
        /// The budget's finding (LC203, LC204).
        case overrun
    }

    /// The grace verdict at a record at time `now`, past `end`.
    ///
    /// - Parameters:
    ///   - end: when the budget ran out.
    ///   - expiredAt: when the task's `bgtask.expire` (`bgsched.expire`) came, if it did.
    ///   - endsTask: the record ends (completes) this task.
    ///   - stopsProcess: the record suspends or ends the process: the task is never ended.
    /// - Returns: the verdict.
    static func graceVerdict(
        end: Int64, expiredAt: Int64?, now: Int64, expiration: Int64, endsTask: Bool, stopsProcess: Bool
    ) -> GraceVerdict {
        if let expired = expiredAt {
            guard expired <= end.addingSaturating(expiration) else { return .overrun }
            let answeredBy = expired.addingSaturating(expiration)
            if endsTask { return now <= answeredBy ? .spared : .overrun }
            return stopsProcess || now > answeredBy ? .overrun : .wait
        }
        return endsTask || stopsProcess || now > end.addingSaturating(expiration) ? .overrun : .wait
    }

    /// Whether a record suspends or ends its process, so that an open task can no longer be
    /// ended from its expiration handler: a suspension, an exit, a kill, or `willTerminate`
    /// returning.
    static func stopsProcess(_ record: Record) -> Bool {
        switch record.event {
        case .sysSuspend, .sysKill, .processExit: return true
        case .willTerminate: return record.phase != .begin
        default: return false
        }
    }

    /// The part of an LC203 or LC204 message about the task's expiration handler, when it ran:
    /// it came too late, or the task was not ended within `expiration` after it.
    func expirationNote(_ task: OpenTask, end: Int64, expiration: Int64) -> String {
        guard let expired = task.expiredAt else { return "" }
        let event = task.scheduled ? "bgsched.expire" : "bgtask.expire"
        let seconds = DurationText.budget(expiration)
        if expired.nanoseconds > end.addingSaturating(expiration) {
            return " ('\(event)' at line \(task.expireLine) came later than 'expiration', \(seconds) s, after it ran out)"
        }
        return " (not \(task.scheduled ? "completed" : "ended") within 'expiration', \(seconds) s, of '\(event)' at line \(task.expireLine))"
    }

    /// LC202 bookkeeping for a record of app code: while the process is in background after
    /// `didEnterBackground` returned and no task is open, remember the first record past the
    /// `background` budget and the last one; a suspension judges it.
    @inline(__always)
    mutating func noteBackgroundCode(_ idx: Int, _ record: Record, now: Timestamp) {
        guard processes[idx].backgroundWindow, var run = processes[idx].backgroundRun, !run.paused else { return }
        run.last = now
        if run.overrunLine == 0 && now.nanoseconds(since: run.start) > limits[.background] {
            run.overrunLine = record.line
            run.overrunTime = record.time
        }
        processes[idx].backgroundRun = run
    }

    /// Whether app code in background is covered right now: a task (of either API) is open,
    /// or a `performFetch` span is, which is background work under its own budget (SPEC §4).
    func backgroundWorkOpen(_ idx: Int) -> Bool {
        !processes[idx].tasks.isEmpty || processes[idx].spans.contains { $0.event == .performFetch }
    }

    /// The last covering work (task or `performFetch` span) ended: LC202's clock starts again
    /// at this record, unless an overrun was already seen in the run it interrupted.
    mutating func restartBackgroundClock(_ idx: Int, _ record: Record, now: Timestamp) {
        guard !backgroundWorkOpen(idx), let run = processes[idx].backgroundRun, run.overrunLine == 0 else { return }
        processes[idx].backgroundRun = ProcessMachine.BackgroundRun(start: now, line: record.line, last: now)
    }

    /// The budget of a handler span (SPEC §4); launch callbacks are covered by `launch` instead.
    static func spanBudget(_ event: LifecycleEvent) -> BudgetName? {
        switch event {
        case .didEnterBackground, .sceneDidEnterBackground: return .didEnterBackground
        case .willTerminate: return .willTerminate
        case .performFetch: return .performFetch
        case .willFinishLaunching, .didFinishLaunching: return nil
        default: return .handler
        }
    }

    /// A handler's `begin`: its span is timed until the matching `end`.
    mutating func openSpan(_ idx: Int, _ record: Record, now: Timestamp) {
        let budget = Self.spanBudget(record.event)
        processes[idx].spans.append(
            OpenSpan(
                event: record.event, scene: record.scene, beganAt: now, line: record.line, budget: budget ?? .handler,
                limit: budget.map { limits[$0] } ?? 0, reported: budget == nil))
        if record.event == .performFetch {
            // Background work under its own budget: the app is not idle while it runs (SPEC §4).
            processes[idx].backgroundRun?.paused = true
        }
        processes[idx].refreshDue(expiration: limits[.expiration], refresh: limits[.refresh])
    }

    /// The open span an `end` record closes (the latest with its event and scene), or -1.
    func openSpanIndex(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) -> Int {
        // Read in place: a copy of the array would be retained and released.
        var i = processes[idx].spans.count - 1
        while i >= 0 {
            if processes[idx].spans[i].event == record.event
                && ProcessMachine.sameSymbol(processes[idx].spans[i].scene, record.scene, symbols: symbols)
            {
                return i
            }
            i -= 1
        }
        return -1
    }

    /// A handler's `end`: the span closes (its overrun, if any, was judged on this record
    /// already) and the handler's return takes effect.
    mutating func closeSpan(_ idx: Int, _ spanIndex: Int, _ record: Record, now: Timestamp, symbols: borrowing SymbolTable) {
        let span = processes[idx].spans.remove(at: spanIndex)
        if let observer {
            observer(
                .handler(
                    pid: processes[idx].pid, event: span.event, scene: span.scene, began: span.beganAt, ended: now,
                    line: record.line))
        }
        if span.event == .performFetch { restartBackgroundClock(idx, record, now: now) }
        handlerReturned(idx, record, now: now, symbols: symbols)
        processes[idx].refreshDue(expiration: limits[.expiration], refresh: limits[.refresh])
    }

    /// Appends a finding about a task, revealed by a process record, with the task's owner.
    mutating func report(
        _ rule: Rule, _ idx: Int, _ record: Record, task: TaskID, owner: String?, symbols: borrowing SymbolTable,
        message: String
    ) {
        appendTaskFinding(
            Finding(
                rule: rule, file: path, line: record.line, time: record.time, pid: processes[idx].pid,
                task: taskValue(task, symbols: symbols), state: stateName(idx), event: record.event.canonicalName,
                message: message, owner: owner), idx)
    }

    /// Appends a finding that may carry a task (counted for its owner when it does).
    mutating func appendFinding(_ finding: Finding, _ idx: Int) {
        if finding.task != nil {
            appendTaskFinding(finding, idx)
        } else {
            findings.append(session: processes[idx].session, finding)
        }
    }

    /// Appends a finding about a process record that concerns no task.
    mutating func report(_ rule: Rule, _ idx: Int, _ record: Record, scene: String? = nil, message: String) {
        findings.append(
            session: processes[idx].session,
            Finding(
                rule: rule, file: path, line: record.line, time: record.time, pid: processes[idx].pid, scene: scene,
                state: stateName(idx), event: record.event.canonicalName, message: message))
    }

    /// Marks a watchdog overrun (exit class `watchdog`, whatever rules are reported); the first
    /// one of a rule that is reported gives the rule and line of a watchdog death's cause (a
    /// disabled rule is never reported, so it is never the cause: SPEC §9).
    mutating func noteWatchdogOverrun(_ idx: Int, _ rule: Rule, line: Int) {
        processes[idx].watchdogOverrun = true
        if processes[idx].watchdogCause == nil && configuration.rules.isEnabled(rule) {
            processes[idx].watchdogCause = rule
            processes[idx].watchdogCauseLine = line
        }
    }
}
