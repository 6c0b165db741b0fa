import LCTraceCore

/// Limits that keep the replay's memory bounded on hostile or broken logs.
///
/// Memory grows with live processes, their scenes and their open background tasks, never
/// with the length of the log; these caps bound those too. Each is far above anything a
/// real device produces, and reaching one is reported once, with what happens next.
extension Replayer {
    /// The most background tasks one process tracks as open at once. iOS ends an app long
    /// before it has this many; past it the begin is LC300 and further tasks of the process
    /// are not tracked for the rest of its session.
    public static let maximumOpenTasks = 1_000
    /// The most scenes one process tracks; records of further scenes are LC401 (once per
    /// process) and not replayed.
    public static let maximumScenes = 1_000
    /// The most processes (pids) tracked in one file. When the table is full, processes
    /// whose session has ended are forgotten (a later record of such a pid starts afresh,
    /// as in a log that begins mid-way); when too few have ended, records of further pids
    /// are LC401 (once per file) and not replayed.
    public static let maximumProcesses = 16_384

    /// Room for one more process machine: forgets ended processes when the table is full.
    ///
    /// - Returns: false when the pid cannot be tracked.
    mutating func makeRoomForProcess() -> Bool {
        guard processes.count >= Self.maximumProcesses else { return true }
        guard !processTableExhausted else { return false }
        var remap = [Int](repeating: -1, count: processes.count)
        var kept: [ProcessMachine] = []
        kept.reserveCapacity(processes.count)
        for i in processes.indices where !(processes[i].started && processes[i].state == appExited) {
            remap[i] = kept.count
            kept.append(processes[i])
        }
        let freed = processes.count - kept.count
        // Each clean-up must pay for itself: too few ended processes, and the table stays full.
        if freed < Self.maximumProcesses / 8 { processTableExhausted = true }
        guard freed > 0 else { return false }
        processes = kept
        pidIndex.removeAll(keepingCapacity: true)
        for i in processes.indices { if let pid = processes[i].pid { pidIndex[pid] = i } }
        if streamIndex >= 0 { streamIndex = remap[streamIndex] }
        live = live.compactMap { remap[$0] >= 0 ? remap[$0] : nil }
        cachedIndex = -1
        return true
    }

    /// LC401, once per file: a record of a pid past ``maximumProcesses``.
    mutating func reportProcessLimit(_ record: Record) {
        guard !processLimitReported else { return }
        processLimitReported = true
        findings.append(
            Finding(
                rule: .malformedRecord, file: path, line: record.line, time: record.time, pid: record.pid,
                event: record.event.canonicalName,
                message: "more than \(Self.maximumProcesses) processes running at once: records of further pids are not replayed"))
    }

    /// LC401, once per process: a record of a scene past ``maximumScenes``.
    mutating func reportSceneLimit(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) {
        guard !processes[idx].sceneLimitReported else { return }
        processes[idx].sceneLimitReported = true
        report(
            .malformedRecord, idx, record, scene: symbols[record.scene],
            message: "more than \(Self.maximumScenes) scenes in one process: records of further scenes are not replayed")
    }

    /// LC300, once per session: a `bgtask.begin` past ``maximumOpenTasks``.
    mutating func reportTaskLimit(_ idx: Int, _ record: Record, _ id: TaskID, symbols: borrowing SymbolTable) {
        guard !processes[idx].tasksUntracked else { return }
        processes[idx].tasksUntracked = true
        report(
            .bgtaskLeaked, idx, record, task: id, symbols: symbols,
            message: "more than \(Self.maximumOpenTasks) background tasks open at once (iOS ends such an app): task '\(taskText(id, symbols: symbols))' and further tasks of this process are not tracked")
    }
}
