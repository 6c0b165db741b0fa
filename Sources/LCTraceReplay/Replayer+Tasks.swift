import LCTraceCore

extension Replayer {
    /// `bgtask.begin`, or `bgsched.start` of a scheduled task: a new open task (LC303 when
    /// its id is already open).
    mutating func beginTask(_ idx: Int, _ record: Record, now: Timestamp, symbols: borrowing SymbolTable) {
        guard let id = record.task else { return }
        let scheduled = record.event == .bgschedStart
        if scheduled { checkRegistered(idx, record, id, symbols: symbols) }
        if let open = openTaskIndex(idx, id, scheduled: scheduled, symbols: symbols) {
            let (what, verb) = scheduled ? ("scheduled task", "started again while running (started") : ("task", "begun again while open (begun")
            report(
                .bgtaskIdReused, idx, record, task: id, owner: owner(of: processes[idx].tasks[open], symbols: symbols),
                symbols: symbols,
                message: "\(what) '\(taskText(id, symbols: symbols))' \(verb) at line \(processes[idx].tasks[open].line))"
            )
            return
        }
        guard processes[idx].tasks.count < Self.maximumOpenTasks, !processes[idx].tasksUntracked else {
            reportTaskLimit(idx, record, id, symbols: symbols)
            return
        }
        let exhausted = scheduled ? nil : startAllowance(idx, record, now: now)
        let kind = scheduled ? startedKind(idx, record, id, symbols: symbols) : .refresh
        processes[idx].tasks.append(
            OpenTask(
                id: id, beganAt: now, line: record.line, name: record.name, recordTime: record.time, scheduled: scheduled,
                kind: kind))
        observer?(
            .taskBegan(
                pid: processes[idx].pid, kind: scheduled ? .scheduledTask : .backgroundTask, task: id, name: record.name,
                line: record.line, time: now, scheduled: scheduled ? kind : nil))
        if let exhausted { reportBegunIntoExhaustedAllowance(idx, record, id, exhausted, now: now, symbols: symbols) }
        processes[idx].backgroundRun?.paused = true
        processes[idx].refreshDue(expiration: limits[.expiration], refresh: limits[.refresh])
    }

    /// The `bgtask` allowance at a `bgtask.begin` (SPEC §4). In background with no allowance
    /// running — none yet, or the last one ran out with no task open (iOS must have suspended
    /// the app and woken it since: a wake grants a new allowance) — the allowance starts at
    /// this task. In a process whose state is still unknown (the log began mid-session)
    /// nothing is proven: the clock starts when a record moves it into background.
    ///
    /// - Returns: the task still open when the allowance this task begins into ran out, if it
    ///   did: the new task shares that exhausted allowance (LC203 at its begin).
    mutating func startAllowance(_ idx: Int, _ record: Record, now: Timestamp) -> OpenTask? {
        guard app.traits(of: processes[idx].state).contains(.background) else { return nil }
        if let start = processes[idx].allowanceStart {
            let end = start.nanoseconds.addingSaturating(processes[idx].allowance)
            guard now.nanoseconds > end else { return nil }
            if let open = processes[idx].tasks.first(where: { !$0.scheduled }) {
                return processes[idx].exempt ? nil : open
            }
        }
        processes[idx].allowanceStart = now
        processes[idx].allowanceLine = record.line
        return nil
    }

    /// LC203 for a task begun while the allowance had run out with another task still open: it
    /// shares the exhausted allowance, so it is past it from its first moment.
    mutating func reportBegunIntoExhaustedAllowance(
        _ idx: Int, _ record: Record, _ id: TaskID, _ open: OpenTask, now: Timestamp, symbols: borrowing SymbolTable
    ) {
        guard let start = processes[idx].allowanceStart, let last = processes[idx].tasks.indices.last else { return }
        processes[idx].tasks[last].overrunReported = true
        processes[idx].tasks[last].overrunLine = record.line
        let allowance = processes[idx].allowance
        report(
            .bgtaskOverrun, idx, record, task: id, owner: owner(of: processes[idx].tasks[last], symbols: symbols),
            symbols: symbols,
            message:
                "task '\(taskText(id, symbols: symbols))' begun \(DurationText.seconds(now.nanoseconds(since: start))) s into the background allowance, which ran out with task '\(taskText(open.id, symbols: symbols))' (begun at line \(open.line)) still open (allowance started at line \(processes[idx].allowanceLine)): budget 'bgtask' is \(DurationText.budget(allowance)) s"
        )
    }

    /// `bgtask.end`, or `bgsched.complete` of a scheduled task: closes an open task. An id
    /// that is not open is LC301, except a task already reported leaked, or, in a process that
    /// was running when the log began, an id never seen (it may have begun before the cut).
    mutating func endTask(_ idx: Int, _ record: Record, now: Timestamp, symbols: borrowing SymbolTable) {
        guard let id = record.task else { return }
        let scheduled = record.event == .bgschedComplete
        if let open = openTaskIndex(idx, id, scheduled: scheduled, symbols: symbols) {
            let task = processes[idx].tasks.remove(at: open)
            if let observer {
                observer(
                    .taskEnded(
                        pid: processes[idx].pid, kind: scheduled ? .scheduledTask : .backgroundTask, task: id,
                        began: task.beganAt, ended: now, line: record.line, outcome: .ended))
            }
            ProcessMachine.remember((id, record.line, scheduled), in: &processes[idx].ended)
            restartBackgroundClock(idx, record, now: now)
            processes[idx].refreshDue(expiration: limits[.expiration], refresh: limits[.refresh])
            return
        }
        if let leaked = processes[idx].leaked.firstIndex(where: {
            $0.scheduled == scheduled && ProcessMachine.same($0.id, id, symbols: symbols)
        }) {
            processes[idx].leaked.remove(at: leaked)
            return
        }
        // Past the task limit, an end may close a task that was never tracked.
        if processes[idx].tasksUntracked { return }
        let name = taskText(id, symbols: symbols)
        let event = record.event.canonicalName
        if let earlier = processes[idx].ended.last(where: {
            $0.scheduled == scheduled && ProcessMachine.same($0.id, id, symbols: symbols)
        }) {
            report(
                .bgtaskUnmatchedEnd, idx, record, task: id, owner: owner(ofRecord: record, symbols: symbols),
                symbols: symbols,
                message: "'\(event)' for task '\(name)' that already \(scheduled ? "completed" : "ended") at line \(earlier.line)")
        } else if !processes[idx].midLog {
            let opening = scheduled ? LifecycleEvent.bgschedStart : .bgtaskBegin
            report(
                .bgtaskUnmatchedEnd, idx, record, task: id, owner: owner(ofRecord: record, symbols: symbols),
                symbols: symbols,
                message: "'\(event)' for task '\(name)' that is not \(scheduled ? "running" : "open"): expected '\(opening.canonicalName)' first")
        }
    }

    /// `bgtask.expire` or `bgsched.expire`: the expiration handler ran; the task must end
    /// (complete) within `expiration`.
    mutating func expireTask(_ idx: Int, _ record: Record, now: Timestamp, symbols: borrowing SymbolTable) {
        let scheduled = record.event == .bgschedExpire
        guard let id = record.task, let open = openTaskIndex(idx, id, scheduled: scheduled, symbols: symbols),
            processes[idx].tasks[open].expiredAt == nil
        else { return }
        processes[idx].tasks[open].expiredAt = now
        processes[idx].tasks[open].expireLine = record.line
        observer?(
            .taskExpired(
                pid: processes[idx].pid, kind: scheduled ? .scheduledTask : .backgroundTask, task: id, line: record.line,
                time: now))
        processes[idx].refreshDue(expiration: limits[.expiration], refresh: limits[.refresh])
    }

    /// The process stops (suspension, exit, kill, completed `willTerminate`, replacement): every
    /// open task leaked (LC300) and, if its expiration handler ran, was never ended (LC302);
    /// `atKill` (a kill, a crash, a replacement: any end but a normal one), only the tasks past
    /// their allowance (``isPastAllowance(_:_:in:now:)``).
    ///
    /// `by` is built only when a task is open: suspensions are common, findings are not.
    mutating func releaseTasks(
        _ idx: Int, _ record: Record, by describe: @autoclosure () -> String, atKill: Bool = false,
        symbols: borrowing SymbolTable
    ) {
        guard !processes[idx].tasks.isEmpty else { return }
        let by = describe()
        let state = stateName(idx)
        let now = processes[idx].maxTime
        for task in processes[idx].tasks {
            // At a kill or crash, only the task past its allowance got the process killed
            // (SPEC §5 LC300, 2028 edition); a task merely open is on the death's `open_tasks`.
            if atKill && !isPastAllowance(task, idx, in: processes[idx].state, now: now) {
                observer?(
                    .taskEnded(
                        pid: processes[idx].pid, kind: task.scheduled ? .scheduledTask : .backgroundTask, task: task.id,
                        began: task.beganAt, ended: now, line: record.line, outcome: .released))
                continue
            }
            let name = taskText(task.id, symbols: symbols)
            let owner = owner(of: task, symbols: symbols)
            if task.expiredAt != nil && !task.expirationReported {
                let message =
                    task.scheduled
                    ? "scheduled task '\(name)' never completed after 'bgsched.expire' (expired at line \(task.expireLine)) before \(by)"
                    : "task '\(name)' never ended after 'bgtask.expire' (expired at line \(task.expireLine)) before \(by)"
                appendTaskFinding(
                    Finding(
                        rule: task.scheduled ? .bgschedExpiredNotCompleted : .bgtaskExpiredNotEnded, file: path,
                        line: record.line, time: record.time, pid: processes[idx].pid,
                        task: taskValue(task.id, symbols: symbols), state: state, event: record.event.canonicalName,
                        message: message, owner: owner), idx)
            }
            let message =
                task.scheduled
                ? "scheduled task '\(name)' started at line \(task.line) not completed before \(by)"
                : "task '\(name)' begun at line \(task.line) not ended before \(by)"
            appendTaskFinding(
                Finding(
                    rule: task.scheduled ? .bgschedNotCompleted : .bgtaskLeaked, file: path, line: record.line,
                    time: record.time, pid: processes[idx].pid, task: taskValue(task.id, symbols: symbols), state: state,
                    event: record.event.canonicalName, message: message, owner: owner), idx)
            ProcessMachine.remember((task.id, task.scheduled), in: &processes[idx].leaked)
            observer?(
                .taskEnded(
                    pid: processes[idx].pid, kind: task.scheduled ? .scheduledTask : .backgroundTask, task: task.id,
                    began: task.beganAt, ended: processes[idx].maxTime, line: record.line, outcome: .released))
        }
        processes[idx].tasks.removeAll(keepingCapacity: true)
    }

    /// Where a task (scheduled or not) is open in a process, if it is. Reads the machine in
    /// place: calling a method on `processes[idx]` would copy the whole machine (and retain
    /// its arrays).
    @inline(__always)
    func openTaskIndex(_ idx: Int, _ id: TaskID, scheduled: Bool, symbols: borrowing SymbolTable) -> Int? {
        var i = 0
        let count = processes[idx].tasks.count
        while i < count {
            if processes[idx].tasks[i].scheduled == scheduled
                && ProcessMachine.same(processes[idx].tasks[i].id, id, symbols: symbols)
            {
                return i
            }
            i += 1
        }
        return nil
    }

    /// A task id as reports carry it.
    func taskValue(_ id: TaskID, symbols: borrowing SymbolTable) -> TaskValue {
        id.value(symbols: symbols)
    }

    /// A task id as messages print it.
    func taskText(_ id: TaskID, symbols: borrowing SymbolTable) -> String {
        taskValue(id, symbols: symbols).text
    }
}
