import LCTraceCore

extension Replayer {
    /// Reports records the log itself says are missing (LC404, a unified-log `lossEvent`) and
    /// opens a gap there (``gap(line:)``).
    ///
    /// - Parameters:
    ///   - line: the line where the entry that says so starts.
    ///   - message: what the log said, from the ingest layer.
    ///   - time: when the log says the loss happened, if it says.
    public mutating func recordsLost(line: Int, message: String, time: Timestamp? = nil) {
        findings.append(Finding(rule: .recordsLost, file: path, line: line, time: time, message: message))
        gap(line: line)
    }

    /// A gap in the middle of the log (SPEC §5: LC404, or a corrupt stretch skipped under LC403
    /// when reading resumes after it): every running process's state becomes unknown, as for a
    /// process already running when a log begins (SPEC §3), so the gap raises no transition
    /// finding of its own.
    ///
    /// Per running process, what the gap may have changed is forgotten: its state and its
    /// scenes' states (unknown until an event implies them), open background and scheduled
    /// tasks (their ends may be in the gap: no LC300/LC304 for them, and no LC301 for an end
    /// after the gap), handler spans and every budget clock, and whether it ran app code (a
    /// kill right after the gap proves no abnormal exit). The session goes on: its pid, clock
    /// (LC400), `meta`, model and an earlier watchdog overrun stay. Ended processes stay ended.
    /// Observers see each forgotten task end as `open` (line 0, at the process's last time)
    /// and the state change to `unknown` on `line`.
    ///
    /// - Parameter line: the line of the gap (the `lossEvent`, or the LC403 of the lost stretch).
    /// - Complexity: O(running processes + their tasks and scenes).
    public mutating func gap(line: Int) {
        processes.makeUnique()
        for idx in processes.indices where processes[idx].started {
            guard !app.traits(of: processes[idx].state).contains(.ended) else { continue }
            forgetAcrossGap(idx, line: line)
        }
    }

    /// Puts one running process in the unknown state of a gap (``gap(line:)``).
    private mutating func forgetAcrossGap(_ idx: Int, line: Int) {
        let pid = processes[idx].pid
        let time = processes[idx].maxTime
        if let observer {
            for task in processes[idx].tasks {
                observer(
                    .taskEnded(
                        pid: pid, kind: task.scheduled ? .scheduledTask : .backgroundTask, task: task.id,
                        began: task.beganAt, ended: time, line: 0, outcome: .open))
            }
        }
        let unknownScene = sceneModel.unknownState
        for i in processes[idx].scenes.indices {
            let from = processes[idx].scenes[i].state
            processes[idx].scenes[i].state = unknownScene
            if let observer, sceneStates[Int(from)] != sceneStates[Int(unknownScene)] {
                observer(
                    .sceneStateChanged(
                        pid: pid, scene: processes[idx].scenes[i].scene, line: line, time: time,
                        from: sceneStates[Int(from)], to: sceneStates[Int(unknownScene)]))
            }
        }
        let from = processes[idx].state
        processes[idx].state = app.unknownState
        if let observer, appStates[Int(from)] != appStates[Int(app.unknownState)] {
            observer(
                .stateChanged(pid: pid, line: line, time: time, from: appStates[Int(from)], to: appStates[Int(app.unknownState)]))
        }
        processes[idx].midLog = true
        processes[idx].afterGap = true
        processes[idx].ranCode = false
        processes[idx].tasksUntracked = false
        processes[idx].tasks.removeAll(keepingCapacity: true)
        processes[idx].leaked.removeAll(keepingCapacity: true)
        processes[idx].ended.removeAll(keepingCapacity: true)
        processes[idx].clearTimers()
    }
}
