import LCTraceCore

/// What is still under way when a session ends (SPEC §5, 2028 edition): only an overrun the
/// process did not live through explains its end. A handler that returned, a launch or resume
/// that reached its activation, an allowance that a return to the foreground or a suspension
/// ended: each is history, never the class of a later end. Asked only when a session ends.
extension Replayer {
    /// Whether machine `idx` was foreground in `state` (the app, or any of its scenes, active
    /// or inactive): a death's `visibility`, and what decides between `purged` and
    /// `memory-limit` for a kill under memory pressure.
    func isForeground(_ idx: Int, in state: LifecycleModel.State) -> Bool {
        let appState = appStates[Int(state)]
        if appState == .active || appState == .inactive { return true }
        for scene in processes[idx].scenes {
            let sceneState = sceneStates[Int(scene.state)]
            if sceneState == .foregroundActive || sceneState == .foregroundInactive { return true }
        }
        return false
    }

    /// The watchdog overrun still under way in machine `idx`: a launch still waiting for its
    /// activation, a resume still waiting for `didBecomeActive`, or a handler span still open,
    /// each past its budget (reported on or before the record that ends the session). Of
    /// several, the first reported of a rule that is reported gives the death's cause (a
    /// disabled rule is never a cause, SPEC §9); `rule` is `nil` when every one is disabled.
    ///
    /// - Returns: `nil` when nothing past its budget is still under way.
    func watchdogUnderWay(_ idx: Int) -> (rule: Rule?, line: Int)? {
        var pending: [(rule: Rule, line: Int)] = []
        let p = processes[idx]
        if let launch = p.launch, launch.reported { pending.append((.launchWatchdog, launch.reportedLine)) }
        if let resume = p.resume, resume.reported { pending.append((.handlerOverrun, resume.reportedLine)) }
        for span in p.spans where span.reported && span.reportedLine > 0 { pending.append((.handlerOverrun, span.reportedLine)) }
        guard !pending.isEmpty else { return nil }
        let reported = pending.filter { configuration.rules.isEnabled($0.rule) }.min { $0.line < $1.line }
        return (reported?.rule, reported?.line ?? 0)
    }

    /// Whether `task` of machine `idx` is past its allowance at `now`, in `state`: the task that
    /// gets a process killed (SPEC §5 LC300). A background task is when the process is in the
    /// background with its `bgtask` allowance run out and the task was judged past it (LC203);
    /// an app-refresh task when it ran past `refresh` (LC204) and the process is still in the
    /// background; either when its `expiration` grace after its expiration handler has passed.
    func isPastAllowance(_ task: OpenTask, _ idx: Int, in state: LifecycleModel.State, now: Timestamp) -> Bool {
        if let expired = task.expiredAt, now.nanoseconds > expired.nanoseconds.addingSaturating(limits[.expiration]) {
            return true
        }
        guard task.overrunReported, !isForeground(idx, in: state) else { return false }
        let traits = app.traits(of: state)
        guard !traits.contains(.suspended) else { return false }
        if task.scheduled { return true }
        guard let start = processes[idx].allowanceStart, !processes[idx].exempt else { return false }
        return now.nanoseconds > start.nanoseconds.addingSaturating(processes[idx].allowance)
    }

    /// The open tasks of machine `idx` past their allowance at its last record, in `state`.
    func tasksPastAllowance(_ idx: Int, in state: LifecycleModel.State) -> [OpenTask] {
        let now = processes[idx].maxTime
        return processes[idx].tasks.filter { isPastAllowance($0, idx, in: state, now: now) }
    }
}
