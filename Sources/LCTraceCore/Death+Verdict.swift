/// A death's verdict in one sentence (SPEC §8 `message`), derived from its fields only.
extension Death {
    /// The verdict, e.g. "killed in the background with task 7 (Uploader) open 31.2 s, past
    /// its 30 s allowance".
    public var verdict: String {
        // A death known from evidence alone may not say where the app was: no place then.
        let place = visibility == .unknown ? "" : " in the \(visibility.rawValue)"
        var text: String
        switch exitClass {
        case .watchdog:
            text = "killed by the watchdog\(place)"
            if let watchdog, let said = Self.describeWatchdog(watchdog) { text += ": " + said }
        case .bgtaskTimeout:
            // The task that ran past its allowance, else the oldest open one (iOS's own word
            // that it timed out, with no overrun in the log: no allowance is claimed then).
            let overran = overrunTask.flatMap { openTasks.indices.contains($0) ? openTasks[$0] : nil }
            if let task = overran ?? openTasks.first {
                text = "killed\(place) with \(Self.describe(task)) open \(Self.tenths(task.openFor)) s"
                if overran != nil, let taskAllowance {
                    // The background allowance runs from the move to the background, so a task
                    // begun later is younger than the allowance that ran out with it open.
                    let allowance = DurationText.budget(taskAllowance)
                    text += task.openFor >= taskAllowance ? ", past its \(allowance) s allowance" : "; the \(allowance) s background allowance had run out"
                }
            } else {
                // iOS 12's "has active assertions beyond permitted time": an assertion held too long,
                // whatever the app's state (an active app holds one too).
                text = "killed\(place) for holding background-task assertions past their allowance"
            }
        case .memoryLimit: text = "killed\(place) for exceeding its memory limit"
        case .lockedFile:
            // 0xdead10cc is a lock held as iOS suspends the process (a prewarmed one is
            // suspended); a log that never recorded the suspension has the app in another state.
            let suspended = state == "suspended" || state == "prewarmed"
            text = "killed\(place) for holding a file lock " + (suspended ? "while suspended" : "as iOS suspended it")
        case .cpuLimit: text = "killed\(place) for using too much CPU"
        case .thermal: text = "killed\(place) because the device was too hot"
        case .purged:
            // A prewarmed app was never on screen: nobody swiped it away.
            let why = state == "prewarmed" ? "memory pressure" : "memory pressure, or the user swiped it away"
            text = "purged while \(state) (\(why))"
        case .abnormal: text = "crashed or was killed\(place)" + (state == "unknown" ? "" : " while \(state)")
        case .normal, .open: text = "ended \(exitClass.name)"
        }
        if cause?.rule == .sceneLifecycleRequired {
            // iOS 27's launch failure (SPEC §11): the app never ran, so no state or code to tell.
            return "could not launch: the app has not adopted the scene life cycle, which apps built with the iOS 27 SDK must"
        }
        if let cause { text += " (\(cause.rule.id) at line \(cause.line))" }
        if exitClass != .bgtaskTimeout && !openTasks.isEmpty {
            text += openTasks.count == 1 ? ", with \(Self.describe(openTasks[0])) open" : ", with \(openTasks.count) tasks open"
        }
        if let code { text += "; " + code.sentence }
        return text
    }

    /// `task 7 (Uploader)`, `scheduled task com.example.refresh`.
    static func describe(_ task: DeathTask) -> String {
        var text = (task.api == "bgsched" ? "scheduled task " : "task ") + task.task.text
        if let owner = task.owner { text += " (\(owner))" }
        return text
    }

    /// `scene-update exhausted its 10 s wall-clock allowance (iOS: foreground)`.
    public static func describeWatchdog(_ watchdog: WatchdogDetails) -> String? {
        guard !watchdog.isEmpty else { return nil }
        var text = watchdog.event ?? "the process"
        if let allowance = watchdog.allowance {
            let clock = watchdog.clock.map { $0 == "cpu" ? " CPU-time" : " wall-clock" } ?? ""
            text += " exhausted its \(DurationText.budget(Int64((min(max(allowance, 0), 1e9) * 1e9).rounded()))) s\(clock) allowance"
        } else {
            text += " overran its allowance"
        }
        if let visibility = watchdog.visibility { text += " (iOS: \(visibility))" }
        return text
    }

    /// Seconds with one decimal (`31.2`).
    static func tenths(_ nanos: Int64) -> String {
        DurationText.decimal(Double(nanos) / 1e9, digits: 1)
    }
}
