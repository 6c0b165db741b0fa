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

    /// The most `BGTaskScheduler` identifiers one process registers that the engine
    /// remembers: 1,000 (Info.plist's `BGTaskSchedulerPermittedIdentifiers` lists a handful).
    /// Past it, LC308 and LC309 are no longer judged for the process.
    public static let maximumRegistrations = 1_000
    /// The most scenes one process tracks; records of further scenes are LC401 (once per
    /// process) and not replayed.
    public static let maximumScenes = 1_000
    /// The most processes (pids) running at once in one file. Ended processes do not count
    /// (their machines are reclaimed); past the limit, records of further pids are LC401
    /// (once per file) and not replayed.
    public static let maximumProcesses = 16_384

    /// Room for one more process machine. Ended machines are reclaimed into free slots as
    /// their sessions end, so the table holds live processes only: when it is full and no
    /// slot is free, the pid cannot be tracked.
    ///
    /// - Returns: false when the pid cannot be tracked.
    func makeRoomForProcess() -> Bool {
        !freeSlots.isEmpty || processes.count < Self.maximumProcesses
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
            .bgtaskLeaked, idx, record, task: id, owner: owner(ofRecord: record, symbols: symbols), symbols: symbols,
            message:
                "more than \(Self.maximumOpenTasks) background tasks open at once (iOS ends such an app): task '\(taskText(id, symbols: symbols))' and further tasks of this process are not tracked"
        )
    }
}
