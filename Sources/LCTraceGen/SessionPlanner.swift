import LCTraceCore

/// Plans one session (one process lifetime of one app) as a list of records.
///
/// This is the generator's own, independent reading of SPEC §3–§5: it keeps
/// its own app state and scene states and only ever writes moves the model
/// allows, with every time well inside its budget, except where a fault is
/// planted. Each planted fault is shaped to give exactly one finding, on a
/// record chosen so that "the first record past the deadline" and "the record
/// that closes the late span" are the same line (no ambiguity for the engine).
///
/// Times are milliseconds since the epoch.
struct SessionPlanner {
    enum AppState { case notRunning, inactive, active, background, suspended }
    enum SceneState { case unattached, background, foregroundInactive, foregroundActive }

    /// Faults planted while going to background (one per background period).
    static let backgroundFaults: [Rule] = [
        .illegalTransition, .handlerOverrun, .backgroundOverrun, .bgtaskOverrun, .bgtaskLeaked,
        .bgtaskExpiredNotEnded, .bgschedContinuedBackground,
    ]
    /// Faults planted in a scheduled task the system wakes the suspended app for.
    static let scheduledFaults: [Rule] = [.bgschedOverrun, .bgschedNotCompleted, .bgschedExpiredNotCompleted]
    /// Faults planted in the foreground, where no timer is running. LC308 comes before LC307:
    /// both use the one identifier no launch registers, which LC307 then registers late.
    static let foregroundFaults: [Rule] = [
        .bgtaskUnmatchedEnd, .bgtaskIdReused, .clockRegression, .malformedRecord, .unknownEvent,
        .mixedLifecycle, .bgschedNotRegistered, .bgschedRegisteredLate,
    ]
    /// Faults that need the session to record its BGTaskScheduler registrations.
    static let registrationFaults: [Rule] = [
        .bgschedRegisteredLate, .bgschedNotRegistered, .bgschedRegisteredTwice, .bgschedNotPermitted,
    ]
    /// The row of ``ReasonText/scheduledNames`` that holds the identifier no launch registers.
    static let unregisteredRow: Int32 = 3
    /// The row that holds the wildcard registration of the continued tasks.
    static let wildcardRow: Int32 = 4
    /// The row that holds the identifier the Info.plist does not permit (planted LC311).
    static let unlistedRow: Int32 = 5

    var rng: SplitMix64
    let sceneModel: Bool
    /// The `bgtask` allowance for the session's OS.
    let allowance: Int64
    /// iOS 15 and later (or unknown): the system may prewarm the process.
    let prewarmAllowed: Bool
    /// iOS 13 and later (or unknown): BGTaskScheduler tasks.
    let schedulerAllowed: Bool
    /// iOS 26 and later (or unknown): BGContinuedProcessingTask.
    let continuedAllowed: Bool
    /// Faults still to plant.
    var pending: RuleMask
    /// The previous session of this app was left running: its end is revealed by this launch.
    let plantRelaunchOnLaunch: Bool
    /// Whether this session may end by being replaced (LC103 on the next launch).
    let mayRelaunch: Bool
    /// Global counter that makes every planted unknown event name unique in the file.
    var unknownSerial: Int32

    /// The planned records.
    var out: [PlannedRecord]
    /// The time of the last planned record.
    var now: Int64
    /// The time of the last lifecycle record of this pid (malformed lines and unknown
    /// events aside), which a planted clock regression must go back from.
    var lastValidTime: Int64
    var state: AppState = .notRunning
    var scenes: [SceneState] = []
    var sceneIDs: [[UInt8]] = []
    var taskCounter: Int32 = 0
    /// Set when the session ends still running, to be ended by the app's next launch.
    var endedByRelaunch = false
    /// The session records its `BGTaskScheduler` registrations (`bgsched.register` inside
    /// `didFinishLaunching`), which makes LC307–LC309 checkable.
    private var registers = false
    /// LC201 planted as a slow resume: the next resume activates 11–14 s late.
    private var resumeOverrunPending = false
    /// LC201 planted as a slow `willTerminate`: the session ends by terminating, 6–9 s late.
    private var terminateOverrunPending = false

    init(
        rng: SplitMix64, sceneModel: Bool, allowance: Int64, osMajor: Int?, faults: RuleMask,
        plantRelaunchOnLaunch: Bool, mayRelaunch: Bool, unknownSerial: Int32,
        start: Int64, buffer: [PlannedRecord]
    ) {
        self.rng = rng
        self.sceneModel = sceneModel
        self.allowance = allowance
        let major = osMajor ?? 26
        prewarmAllowed = major >= 15
        schedulerAllowed = major >= 13
        continuedAllowed = major >= 26
        self.pending = faults
        self.plantRelaunchOnLaunch = plantRelaunchOnLaunch
        self.mayRelaunch = mayRelaunch
        self.unknownSerial = unknownSerial
        self.out = buffer
        self.now = start
        self.lastValidTime = start
    }

    // MARK: - Helpers

    @inline(__always)
    private mutating func d(_ lower: Int64, _ upper: Int64) -> Int64 { rng.int(lower, upper) }

    @inline(__always)
    private mutating func emit(
        _ event: LifecycleEvent, after delay: Int64, phase: Phase = .instant, scene: Int = -1,
        task: TaskRef? = nil, reason: ReasonText? = nil, plant: Rule? = nil
    ) {
        now += max(delay, 1)
        lastValidTime = now
        out.append(
            PlannedRecord(
                kind: .event, event: event, time: now, order: now, phase: phase, scene: Int8(scene),
                task: task, reason: reason, plant: plant))
    }

    /// Delay so that the next record lands at `time` (at least 1 ms after the last one).
    @inline(__always)
    private func until(_ time: Int64) -> Int64 { max(time - now, 1) }

    private mutating func take(_ rule: Rule) -> Bool {
        guard pending.contains(rule) else { return false }
        pending.remove(rule)
        return true
    }

    private mutating func newTask() -> TaskRef {
        taskCounter += 1
        return TaskRef(
            number: taskCounter, isString: rng.chance(0.3),
            name: Int8(rng.below(ReasonText.taskNames.count)))
    }

    private mutating func beginTask(after delay: Int64) -> TaskRef {
        let t = newTask()
        emit(.bgtaskBegin, after: delay, task: t)
        return t
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A new scene slot with a fresh identifier such as `4F2A9C1B-S2`.
    private mutating func addScene() -> Int {
        var id: [UInt8] = []
        id.reserveCapacity(12)
        var bits = rng.next()
        for _ in 0..<8 {
            id.append(Self.hexDigits[Int(bits & 15)])
            bits >>= 4
        }
        id.append(contentsOf: "-S".utf8)
        id.append(UInt8(ascii: "1") + UInt8(sceneIDs.count))
        sceneIDs.append(id)
        scenes.append(.unattached)
        return scenes.count - 1
    }

    private func count(_ s: SceneState) -> Int {
        var n = 0
        for x in scenes where x == s { n += 1 }
        return n
    }

    /// A random scene in state `s`, or -1.
    private mutating func pick(_ s: SceneState) -> Int {
        let n = count(s)
        guard n > 0 else { return -1 }
        var k = rng.below(n)
        for i in scenes.indices where scenes[i] == s {
            if k == 0 { return i }
            k -= 1
        }
        return -1
    }

    private var connectedScenes: Int { scenes.count - count(.unattached) }

    // MARK: - Session

    /// Plans the whole session, from its `meta` record to its end.
    mutating func plan() {
        out.append(
            PlannedRecord(kind: .meta, event: .meta, time: now, order: now, variant: sceneModel ? 1 : 0))
        if prewarmAllowed && pending.isEmpty && !plantRelaunchOnLaunch && rng.chance(0.03) {
            // Prewarmed and never used: purged while suspended (exit class purged, no finding).
            emit(.processLaunch, after: d(1, 3), reason: .prewarm)
            emit(.sysSuspend, after: d(100, 1_500))
            if rng.chance(0.5) {
                emit(.processExit, after: d(60_000, 7_200_000), reason: .purge)
            } else {
                emit(.sysKill, after: d(60_000, 7_200_000), reason: .jetsam)
            }
            state = .notRunning
            return
        }
        registers = !pending.members(of: Self.registrationFaults).isEmpty || (schedulerAllowed && rng.chance(0.3))
        let watchdog = take(.launchWatchdog)
        if !watchdog && rng.chance(0.2) {
            backgroundLaunch()
        } else {
            foregroundLaunch(watchdog: watchdog, prewarmed: prewarmAllowed && rng.chance(0.25))
        }
        let bgFaults = pending.members(of: Self.backgroundFaults)
        for r in bgFaults { pending.remove(r) }
        let cycles = max(1 + rng.below(4), bgFaults.count + 1)
        for c in 0..<cycles {
            if state == .suspended {
                suspendedPhase()
                resumeToForeground()
            }
            foregroundPhase(plantFaults: c == 0)
            if c == cycles - 1 { break }
            goToBackground(fault: c < bgFaults.count ? bgFaults[c] : nil)
        }
        ending()
    }

    /// A foreground launch; with `prewarmed`, the system prewarmed the process (iOS 15+) and
    /// suspended it, and the user opens the app minutes to hours later: the launch clock starts
    /// at `willFinishLaunching`, which resumes it (SPEC §2).
    private mutating func foregroundLaunch(watchdog: Bool, prewarmed: Bool) {
        let t0: Int64
        if prewarmed {
            emit(.processLaunch, after: d(1, 3), reason: .prewarm, plant: plantRelaunchOnLaunch ? .abnormalExit : nil)
            emit(.sysSuspend, after: d(100, 1_500))
            emit(.willFinishLaunching, after: d(60_000, 14_400_000))
            t0 = now
        } else {
            emit(.processLaunch, after: d(1, 3), reason: .user, plant: plantRelaunchOnLaunch ? .abnormalExit : nil)
            t0 = now
            emit(.willFinishLaunching, after: d(20, 300))
        }
        if watchdog {
            // Launch overrun: the activation itself is the first record past `launch` (20 s).
            emit(.didFinishLaunching, after: d(100, 500))
            registerHandlers()
            if sceneModel {
                // willEnterForeground → didBecomeActive stays under `resume` (10 s).
                let s = addScene()
                emit(.sceneWillConnect, after: until(t0 + d(11_500, 11_900)), scene: s)
                emit(.sceneWillEnterForeground, after: d(50, 100), scene: s)
                emit(.sceneDidBecomeActive, after: until(t0 + d(20_500, 21_400)), scene: s, plant: .launchWatchdog)
                scenes[s] = .foregroundActive
            } else {
                emit(.didBecomeActive, after: until(t0 + d(20_500, 26_000)), plant: .launchWatchdog)
            }
            state = .active
            return
        }
        if rng.chance(0.3) {
            emit(.didFinishLaunching, after: d(50, 400), phase: .begin)
            registerHandlers()
            emit(.didFinishLaunching, after: d(100, 1_500), phase: .end)
        } else {
            emit(.didFinishLaunching, after: d(100, 800))
            registerHandlers()
        }
        if sceneModel {
            connectScene(addScene(), after: d(20, 200))
        } else {
            emit(.didBecomeActive, after: d(30, 400))
        }
        state = .active
    }

    /// Inside `didFinishLaunching` (between its span's records, or right after its instant):
    /// a launch handler registered for every identifier the session may start, a few
    /// milliseconds apart, and with LC309 planted one of them registered a second time.
    /// Continued tasks (iOS 26) are registered under their wildcard, `com.example.export.*`,
    /// and started under identifiers it covers (SPEC §5). With LC311 planted, one more handler
    /// is registered for `com.example.backup`, which the Info.plist does not permit: the
    /// identifier's first and only record in the process, so its one LC311 (SPEC §11).
    private mutating func registerHandlers() {
        guard registers else { return }
        let twice = take(.bgschedRegisteredTwice)
        for kind in 0..<Int32(3) {
            if kind == 2 {
                register(kind: Self.wildcardRow, name: 0)
                continue
            }
            for name in 0..<ReasonText.scheduledNames[Int(kind)].count {
                register(kind: kind, name: name)
                if twice && kind == 0 && name == 0 { register(kind: kind, name: name, plant: .bgschedRegisteredTwice) }
            }
        }
        if take(.bgschedNotPermitted) { register(kind: Self.unlistedRow, name: 0, plant: .bgschedNotPermitted) }
    }

    /// One `bgsched.register` (or, with `submit`, `bgsched.submit`) of an identifier of
    /// ``ReasonText/scheduledNames``.
    private mutating func register(kind: Int32, name: Int, submit: Bool = false, after delay: Int64 = 2, plant: Rule? = nil) {
        emit(submit ? .bgschedSubmit : .bgschedRegister, after: delay, task: TaskRef(number: 0, isString: true, name: Int8(name)), plant: plant)
        out[out.count - 1].variant = kind
    }

    /// `willConnect` → `willEnterForeground` → `didBecomeActive`.
    private mutating func connectScene(_ s: Int, after delay: Int64) {
        emit(.sceneWillConnect, after: delay, scene: s)
        scenes[s] = .background
        emit(.sceneWillEnterForeground, after: d(20, 300), scene: s)
        emit(.sceneDidBecomeActive, after: d(30, 1_500), scene: s)
        scenes[s] = .foregroundActive
    }

    /// Launched into the background for some work, then suspended. Everything
    /// after the launch record is over within 4.2 s, under `background` from any start.
    private mutating func backgroundLaunch() {
        emit(.processLaunch, after: d(1, 3), reason: .background, plant: plantRelaunchOnLaunch ? .abnormalExit : nil)
        emit(.willFinishLaunching, after: d(20, 300))
        emit(.didFinishLaunching, after: d(100, 800))
        registerHandlers()
        state = .background
        if !sceneModel && rng.chance(0.5) {
            // UIKit's one didEnterBackground after a background launch: legal, no change.
            emit(.didEnterBackground, after: d(10, 200))
        }
        if schedulerAllowed && rng.chance(0.4) {
            // Launched for a BGTaskScheduler task.
            scheduledTask(fault: nil, after: d(20, 500))
        } else {
            backgroundWork()
            emit(.sysSuspend, after: d(100, 1_000))
        }
        state = .suspended
    }

    /// A scheduled task's launch handler, its work, and its completion (or the planted
    /// fault), then a suspension. Clean tasks complete well inside their budgets: a refresh
    /// task within 28 s of its start, a task whose expiration handler ran within 3 s.
    private mutating func scheduledTask(fault: Rule?, after delay: Int64) {
        let kind: Int32
        switch fault {
        case .bgschedOverrun?: kind = 0
        case .bgschedNotCompleted?, .bgschedExpiredNotCompleted?: kind = 1
        default: kind = Int32(rng.below(continuedAllowed ? 3 : 2))
        }
        let task = TaskRef(number: 0, isString: true, name: Int8(rng.below(ReasonText.scheduledNames[Int(kind)].count)))
        func sched(_ planner: inout SessionPlanner, _ event: LifecycleEvent, after delay: Int64, reason: ReasonText? = nil, plant: Rule? = nil) {
            planner.emit(event, after: delay, task: task, reason: reason, plant: plant)
            planner.out[planner.out.count - 1].variant = kind
        }
        sched(&self, .bgschedStart, after: delay)
        state = .background
        if rng.chance(0.3) { emit(.didReceiveMemoryWarning, after: d(100, 3_000)) }
        switch fault {
        case .bgschedOverrun?:
            let start = out.last(where: { $0.event == .bgschedStart })!.time
            sched(&self, .bgschedComplete, after: until(start + d(31_000, 40_000)), reason: .success, plant: .bgschedOverrun)
            emit(.sysSuspend, after: d(100, 1_000))
        case .bgschedNotCompleted?:
            emit(.sysSuspend, after: d(1_000, 20_000), plant: .bgschedNotCompleted)
        case .bgschedExpiredNotCompleted?:
            sched(&self, .bgschedExpire, after: d(5_000, 120_000))
            sched(&self, .bgschedComplete, after: d(6_000, 9_000), reason: .failure, plant: .bgschedExpiredNotCompleted)
            emit(.sysSuspend, after: d(100, 1_000))
        default:
            switch kind {
            case 0:
                sched(&self, .bgschedComplete, after: d(200, 25_000), reason: .success)
            case 1 where rng.chance(0.5):
                sched(&self, .bgschedExpire, after: d(60_000, 900_000))
                sched(&self, .bgschedComplete, after: d(50, 3_000), reason: .failure)
            case 1:
                sched(&self, .bgschedComplete, after: d(5_000, 900_000), reason: .success)
            default:
                sched(&self, .bgschedComplete, after: d(10_000, 600_000), reason: .success)
            }
            emit(.sysSuspend, after: d(100, 1_000))
        }
        state = .suspended
    }

    /// A short burst of background work, over within 2.8 s. The app model fetches
    /// (`performFetch` span); a scene-based app's delegate gets only launch,
    /// terminate, memory and protected-data events, so it runs a short memory or
    /// protected-data callback instead.
    private mutating func backgroundWork() {
        if sceneModel {
            emit(rng.chance(0.5) ? .didReceiveMemoryWarning : .protectedDataDidBecomeAvailable, after: d(20, 2_500))
        } else {
            emit(.performFetch, after: d(20, 300), phase: .begin)
            emit(.performFetch, after: d(200, 2_500), phase: .end)
        }
    }

    /// While suspended: maybe the planted LC101, maybe background wakes.
    private mutating func suspendedPhase() {
        if take(.ranWhileSuspended) {
            // Code that ran proves the process was resumed (unlogged): the model goes on
            // in background, so the system suspends it again shortly after.
            emit(.didReceiveMemoryWarning, after: d(1_000, 60_000), plant: .ranWhileSuspended)
            emit(.sysSuspend, after: d(200, 2_000))
        }
        for rule in Self.scheduledFaults where take(rule) {
            scheduledTask(fault: rule, after: d(30_000, 3_600_000))
        }
        if rng.chance(0.3) {
            for _ in 0...rng.below(2) {
                if schedulerAllowed && rng.chance(0.5) {
                    // The system wakes the app for a BGTaskScheduler task.
                    scheduledTask(fault: nil, after: d(30_000, 3_600_000))
                } else {
                    wake()
                }
            }
        }
    }

    /// Woken into the background for a short burst of work (no tasks: whatever an
    /// engine takes as the allowance start, nothing is at stake), then suspended again.
    private mutating func wake() {
        emit(.sysResume, after: d(30_000, 3_600_000))
        state = .background
        backgroundWork()
        emit(.sysSuspend, after: d(100, 1_000))
        state = .suspended
    }

    /// The user reopens the app: resume, then foreground and activate within `resume`
    /// (or 11–14 s late, for a planted slow resume).
    private mutating func resumeToForeground() {
        let late = resumeOverrunPending
        resumeOverrunPending = false
        let activation = late ? d(11_000, 14_000) : d(50, 2_000)
        let plant: Rule? = late ? .handlerOverrun : nil
        emit(.sysResume, after: d(5_000, 1_800_000))
        state = .background
        if sceneModel {
            var s = pick(.background)
            if s < 0 {
                let unattached = count(.unattached)
                s = unattached > 0 && (scenes.count >= 3 || rng.chance(0.5)) ? pick(.unattached) : addScene()
                emit(.sceneWillConnect, after: d(30, 300), scene: s)
                scenes[s] = .background
            }
            emit(.sceneWillEnterForeground, after: d(30, 500), scene: s)
            emit(.sceneDidBecomeActive, after: activation, scene: s, plant: plant)
            scenes[s] = .foregroundActive
        } else {
            emit(.willEnterForeground, after: d(30, 500))
            emit(.didBecomeActive, after: activation, plant: plant)
        }
        state = .active
    }

    // MARK: - Foreground

    /// Some foreground activities, interleaved with the foreground faults on the first pass.
    /// Invariant between activities: the app is active (scene model: every connected
    /// scene is foreground-active or background, and at least one is active).
    private mutating func foregroundPhase(plantFaults: Bool) {
        var n = rng.below(5)
        var faults = plantFaults ? pending.members(of: Self.foregroundFaults) : []
        if !sceneModel { faults.removeAll { $0 == .mixedLifecycle } }
        if plantFaults && registers {
            // The app schedules its refresh (a registered identifier): no finding.
            register(kind: 0, name: 0, submit: true, after: d(200, 2_000))
        }
        while n > 0 || !faults.isEmpty {
            if !faults.isEmpty && (n == 0 || rng.below(n + faults.count) < faults.count) {
                let rule = faults.removeFirst()
                pending.remove(rule)
                foregroundFault(rule)
            } else {
                n -= 1
                foregroundActivity()
            }
        }
    }

    private mutating func foregroundActivity() {
        let gap = d(1_000, 180_000)
        if sceneModel && rng.chance(0.45) {
            sceneActivity(after: gap)
            return
        }
        switch rng.below(100) {
        case 0..<15:
            emit(.didReceiveMemoryWarning, after: gap)
        case 15..<35:
            // An interruption (call, Control Center): resign, then active again.
            if sceneModel {
                let s = pick(.foregroundActive)
                emit(.sceneWillResignActive, after: gap, scene: s)
                scenes[s] = .foregroundInactive
                if rng.chance(0.2) { emit(.didReceiveMemoryWarning, after: d(100, 3_000)) }
                emit(.sceneDidBecomeActive, after: d(500, 20_000), scene: s)
                scenes[s] = .foregroundActive
            } else {
                emit(.willResignActive, after: gap)
                state = .inactive
                if rng.chance(0.2) { emit(.didReceiveMemoryWarning, after: d(100, 3_000)) }
                emit(.didBecomeActive, after: d(500, 20_000))
                state = .active
            }
        case 35..<55:
            if sceneModel || rng.chance(0.25) {
                emit(.protectedDataWillBecomeUnavailable, after: gap)
                emit(.protectedDataDidBecomeAvailable, after: d(1_000, 60_000))
            } else {
                let events: [LifecycleEvent] = [.openURL, .continueUserActivity, .significantTimeChange]
                emit(events[rng.below(events.count)], after: gap)
            }
        case 55..<65 where !sceneModel:
            // A handler logged as a span, well under `handler` (5 s).
            let e: LifecycleEvent = rng.chance(0.5) ? .openURL : .continueUserActivity
            emit(e, after: gap, phase: .begin)
            emit(e, after: d(5, 800), phase: .end)
        default:
            // A task begun and ended in the foreground.
            let t = beginTask(after: gap)
            if rng.chance(0.2) { emit(.didReceiveMemoryWarning, after: d(100, 2_000)) }
            emit(.bgtaskEnd, after: d(200, 8_000), task: t)
        }
    }

    /// Multi-window moves that keep at least one scene foreground-active.
    private mutating func sceneActivity(after gap: Int64) {
        switch rng.below(5) {
        case 0 where connectedScenes < 3:
            let unattached = count(.unattached)
            let s = unattached > 0 && (scenes.count >= 3 || rng.chance(0.5)) ? pick(.unattached) : addScene()
            connectScene(s, after: gap)
        case 1 where count(.foregroundActive) >= 2:
            let s = pick(.foregroundActive)
            emit(.sceneWillResignActive, after: gap, scene: s)
            scenes[s] = .foregroundInactive
            if rng.chance(0.5) {
                emit(.sceneDidEnterBackground, after: d(30, 300), phase: .begin, scene: s)
                emit(.sceneDidEnterBackground, after: d(10, 1_500), phase: .end, scene: s)
            } else {
                emit(.sceneDidEnterBackground, after: d(30, 300), scene: s)
            }
            scenes[s] = .background
        case 2 where count(.background) >= 1:
            let s = pick(.background)
            emit(.sceneWillEnterForeground, after: gap, scene: s)
            emit(.sceneDidBecomeActive, after: d(50, 2_000), scene: s)
            scenes[s] = .foregroundActive
        case 3 where count(.background) >= 1:
            let s = pick(.background)
            emit(.sceneDidDisconnect, after: gap, scene: s)
            scenes[s] = .unattached
        default:
            let s = pick(.foregroundActive)
            emit(.sceneWillResignActive, after: gap, scene: s)
            emit(.sceneDidBecomeActive, after: d(300, 15_000), scene: s)
        }
    }

    private mutating func foregroundFault(_ rule: Rule) {
        let gap = d(1_000, 120_000)
        switch rule {
        case .bgtaskUnmatchedEnd:
            // An id never begun in this process (the process's launch is in the log).
            emit(.bgtaskEnd, after: gap, task: newTask(), plant: rule)
        case .bgtaskIdReused:
            // Assumes the engine keeps one entry per open id: one end closes it.
            let t = beginTask(after: gap)
            emit(.bgtaskBegin, after: d(100, 2_000), task: t, plant: rule)
            emit(.bgtaskEnd, after: d(200, 5_000), task: t)
        case .clockRegression:
            // Written earlier than the last record the engine saw for this pid; it
            // keeps its place in the file, and later records continue from `now`.
            let t = lastValidTime - d(200, 3_000)
            out.append(
                PlannedRecord(
                    kind: .event, event: .didReceiveMemoryWarning, time: t, order: now, plant: rule))
        case .malformedRecord:
            now += gap
            out.append(
                PlannedRecord(
                    kind: .malformed, event: .didReceiveMemoryWarning, time: now, order: now,
                    variant: Int32(rng.below(5)), plant: rule))
        case .unknownEvent:
            // `lastValidTime` stays: an engine may ignore an unknown record's time.
            now += gap
            unknownSerial += 1
            out.append(
                PlannedRecord(kind: .unknown, event: .unknown, time: now, order: now, variant: unknownSerial, plant: rule))
        case .mixedLifecycle:
            emit(.didBecomeActive, after: gap, plant: rule)
        case .bgschedNotRegistered:
            // A submission of the identifier no launch registered (the session records
            // registrations: this fault makes it so).
            register(kind: Self.unregisteredRow, name: rng.below(2), submit: true, after: gap, plant: rule)
        case .bgschedRegisteredLate:
            // That identifier registered long after launch finished: a first registration,
            // so LC307 alone.
            register(kind: Self.unregisteredRow, name: 0, after: gap, plant: rule)
        default:
            break
        }
    }

    // MARK: - Background

    /// The handler that moves the process (or a scene) to background: an instant or a
    /// span of at most 1.5 s, or with `overrun` a span of 6–9 s whose `end` is the
    /// very next record (LC201). With `taskAllowed`, sometimes begins a task inside it.
    private mutating func backgroundHandler(
        _ event: LifecycleEvent, scene: Int, overrun: Bool, taskAllowed: Bool
    ) -> (begin: Int64, end: Int64, task: TaskRef?) {
        if overrun {
            emit(event, after: d(50, 500), phase: .begin, scene: scene)
            let b = now
            emit(event, after: d(6_000, 9_000), phase: .end, scene: scene, plant: .handlerOverrun)
            return (b, now, nil)
        }
        if rng.chance(0.7) {
            emit(event, after: d(50, 500), phase: .begin, scene: scene)
            let b = now
            var t: TaskRef?
            if taskAllowed && rng.chance(0.5) { t = beginTask(after: d(5, 300)) }
            emit(event, after: d(10, 1_200), phase: .end, scene: scene)
            return (b, now, t)
        }
        emit(event, after: d(50, 500), scene: scene)
        return (now, now, nil)
    }

    /// From the foreground to background, then (usually) suspended, planting at most
    /// one background fault. With `thenTerminate`, terminates instead of suspending.
    private mutating func goToBackground(fault planned: Rule?, thenTerminate: Bool = false) {
        var fault = planned
        var skipResign = false
        switch fault {
        case .handlerOverrun?:
            // Three shapes of LC201: a slow didEnterBackground (here), a slow resume
            // (the next one), a slow willTerminate (the session's end, unless it ends by LC103).
            switch rng.below(3) {
            case 1:
                resumeOverrunPending = true
                fault = nil
            case 2 where !pending.contains(.abnormalExit):
                terminateOverrunPending = true
                fault = nil
            default:
                break
            }
        case .illegalTransition?:
            // Two shapes of LC100: activation in background (below), or going to
            // background without willResignActive (the model takes the target state).
            if rng.chance(0.5) {
                skipResign = true
                fault = nil
            }
        default:
            break
        }
        let userTime = d(2_000, 180_000)
        let wantsTask = fault == nil && !thenTerminate && rng.chance(0.5)
        let taskFault = fault == .bgtaskOverrun || fault == .bgtaskLeaked || fault == .bgtaskExpiredNotEnded
        var handler: (begin: Int64, end: Int64, task: TaskRef?) = (now, now, nil)
        var lastScene = -1
        if sceneModel {
            let total = count(.foregroundActive) + count(.foregroundInactive)
            var k = 0
            for s in scenes.indices where scenes[s] == .foregroundActive || scenes[s] == .foregroundInactive {
                k += 1
                let isLast = k == total
                let delay = k == 1 ? userTime : d(30, 400)
                if isLast && skipResign {
                    emit(.sceneDidEnterBackground, after: delay, scene: s, plant: .illegalTransition)
                    scenes[s] = .background
                    handler = (now, now, nil)
                    lastScene = s
                    continue
                }
                if scenes[s] == .foregroundActive {
                    emit(.sceneWillResignActive, after: delay, scene: s)
                    scenes[s] = .foregroundInactive
                }
                let h = backgroundHandler(
                    .sceneDidEnterBackground, scene: s, overrun: isLast && fault == .handlerOverrun,
                    taskAllowed: isLast && (wantsTask || taskFault))
                scenes[s] = .background
                if isLast {
                    handler = h
                    lastScene = s
                }
            }
        } else if skipResign {
            emit(.didEnterBackground, after: userTime, plant: .illegalTransition)
            handler = (now, now, nil)
        } else {
            emit(.willResignActive, after: userTime)
            state = .inactive
            handler = backgroundHandler(
                .didEnterBackground, scene: -1, overrun: fault == .handlerOverrun, taskAllowed: wantsTask || taskFault)
        }
        state = .background
        let e = handler.end

        switch fault {
        case .illegalTransition?:
            // Activation straight from background, skipping willEnterForeground. The
            // model takes the event's target state, so the session goes on active.
            if sceneModel {
                emit(.sceneDidBecomeActive, after: d(200, 2_000), scene: lastScene, plant: .illegalTransition)
                scenes[lastScene] = .foregroundActive
            } else {
                emit(.didBecomeActive, after: d(200, 2_000), plant: .illegalTransition)
            }
            state = .active
            return
        case .backgroundOverrun?:
            // Exactly one app record past `background` (5 s) after the handler returned.
            if rng.chance(0.5) { emit(.didReceiveMemoryWarning, after: d(300, 3_000)) }
            let late: LifecycleEvent = sceneModel ? .didReceiveMemoryWarning : .significantTimeChange
            emit(late, after: until(e + d(5_500, 8_000)), plant: .backgroundOverrun)
            emit(.sysSuspend, after: d(200, 1_000))
        case .bgtaskOverrun? where handler.task == nil && rng.chance(0.3):
            // A wake the log does not show (a silent push, an in-app log): long after the
            // allowance ran out with no task open, a task begins into the new allowance of
            // that wake and its own end is the first record past it (SPEC §4). Back to the
            // foreground with no suspension, so the begin is no app code past `background`.
            let t = beginTask(after: until(e + allowance + d(5_000, 1_800_000)))
            let b = now
            emit(.bgtaskEnd, after: until(b + allowance + d(2_000, 3_500)), task: t, plant: .bgtaskOverrun)
            returnToForeground(scene: lastScene)
            return
        case .bgtaskOverrun? where rng.chance(0.3):
            // The expiration handler came later than the allowance's end + `expiration`, from
            // any start: the expire itself is the first record that proves the overrun; the
            // task is ended from the handler right after it.
            let t = handler.task ?? beginTask(after: d(50, 500))
            emit(.bgtaskExpire, after: until(e + allowance + 5_000 + d(500, 3_000)), task: t, plant: .bgtaskOverrun)
            emit(.bgtaskEnd, after: d(50, 1_000), task: t)
            emit(.sysSuspend, after: d(200, 1_000))
        case .bgtaskOverrun?:
            // The task's own end is the first record past the allowance, from any start.
            let t = handler.task ?? beginTask(after: d(50, 500))
            emit(.bgtaskEnd, after: until(e + allowance + d(2_000, 3_500)), task: t, plant: .bgtaskOverrun)
            emit(.sysSuspend, after: d(200, 1_000))
        case .bgtaskLeaked?:
            _ = handler.task ?? beginTask(after: d(50, 500))
            emit(.sysSuspend, after: d(500, 3_000), plant: .bgtaskLeaked)
        case .bgschedContinuedBackground?:
            // A BGContinuedProcessingTask submitted after the app left the screen: refused (LC310).
            register(kind: 2, name: 0, submit: true, after: d(100, 1_500), plant: .bgschedContinuedBackground)
            emit(.sysSuspend, after: d(200, 1_000))
        case .handlerOverrun?:
            // Back to the foreground before any suspension: the late handler return
            // must not also count as app code past `background` (judged only at a
            // suspension), whichever record an engine starts that window from.
            returnToForeground(scene: lastScene)
            return
        case .bgtaskExpiredNotEnded?:
            // Expired early (well inside the allowance), ended 6–9 s later.
            let t = handler.task ?? beginTask(after: d(50, 500))
            emit(.bgtaskExpire, after: d(1_000, 5_000), task: t)
            emit(.bgtaskEnd, after: d(6_000, 9_000), task: t, plant: .bgtaskExpiredNotEnded)
            emit(.sysSuspend, after: d(200, 1_000))
        default:
            if thenTerminate {
                let late = terminateOverrunPending
                terminateOverrunPending = false
                emit(.willTerminate, after: d(200, 2_000), phase: .begin)
                emit(
                    .willTerminate, after: late ? d(6_000, 9_000) : d(50, 2_000), phase: .end,
                    plant: late ? .handlerOverrun : nil)
                emit(.processExit, after: d(10, 300), reason: .terminate)
                state = .notRunning
                return
            }
            if sceneModel && fault == nil && connectedScenes >= 2 && rng.chance(0.3) {
                let s = pick(.background)
                emit(.sceneDidDisconnect, after: d(100, 1_000), scene: s)
                scenes[s] = .unattached
            }
            if wantsTask || handler.task != nil {
                backgroundTasks(first: handler.task, backgroundStart: handler.begin)
            }
            emit(.sysSuspend, after: d(200, 4_000))
        }
        state = .suspended
    }

    /// From background straight back to the foreground (no suspension), the user reopening
    /// the app: the last scene that left (scene model) or the app comes to the foreground.
    private mutating func returnToForeground(scene lastScene: Int) {
        if sceneModel {
            emit(.sceneWillEnterForeground, after: d(500, 3_000), scene: lastScene)
            emit(.sceneDidBecomeActive, after: d(50, 2_000), scene: lastScene)
            scenes[lastScene] = .foregroundActive
        } else {
            emit(.willEnterForeground, after: d(500, 3_000))
            emit(.didBecomeActive, after: d(50, 2_000))
        }
        state = .active
    }

    /// One or two tasks in the background, every record at least 6 s inside the
    /// allowance; the last app record is a task's end, so `background` is not
    /// at stake either. Sometimes one task instead, still open when the allowance runs
    /// out and ended from its expiration handler, which came within 2 s before to 3 s
    /// after the allowance's end: in time, whatever record the allowance starts at (SPEC §4).
    private mutating func backgroundTasks(first: TaskRef?, backgroundStart: Int64) {
        if rng.chance(0.08) {
            let a = first ?? beginTask(after: d(50, 500))
            emit(.bgtaskExpire, after: until(backgroundStart + allowance + d(-2_000, 3_000)), task: a)
            emit(.bgtaskEnd, after: d(50, 3_000), task: a)
            return
        }
        let deadline = backgroundStart + min(allowance, 30_000) - 6_000
        func clamp(_ delay: Int64, _ now: Int64) -> Int64 { min(delay, max(1, deadline - now)) }
        let a = first ?? beginTask(after: d(50, 500))
        let b: TaskRef? = rng.chance(0.3) ? beginTask(after: clamp(d(100, 2_000), now)) : nil
        if rng.chance(0.3) { emit(.didReceiveMemoryWarning, after: clamp(d(200, 3_000), now)) }
        if rng.chance(0.1) {
            emit(.bgtaskExpire, after: clamp(d(1_000, 8_000), now), task: a)
            emit(.bgtaskEnd, after: d(100, 2_000), task: a)
        } else {
            emit(.bgtaskEnd, after: clamp(d(300, 8_000), now), task: a)
        }
        if let b { emit(.bgtaskEnd, after: clamp(d(300, 6_000), now), task: b) }
    }

    // MARK: - End

    private mutating func ending() {
        if pending.contains(.ranWhileSuspended) || !pending.members(of: Self.scheduledFaults).isEmpty {
            goToBackground(fault: nil)
            suspendedPhase()
            if pending.contains(.abnormalExit) || terminateOverrunPending { resumeToForeground() }
        }
        if take(.abnormalExit) {
            if mayRelaunch && !pending.contains(.eventAfterExit) && rng.chance(0.5) {
                // Left running: the app's next launch ends it (LC103 on that launch).
                endedByRelaunch = true
                return
            }
            switch rng.below(3) {
            case 0: emit(.sysKill, after: d(1_000, 60_000), reason: .jetsam, plant: .abnormalExit)
            case 1:
                emit(
                    .sysKill, after: d(1_000, 60_000), reason: rng.chance(0.5) ? .watchdog : .watchdogCode,
                    plant: .abnormalExit)
            default: emit(.processExit, after: d(1_000, 60_000), reason: .crash, plant: .abnormalExit)
            }
            state = .notRunning
        } else {
            if state == .active {
                goToBackground(fault: nil, thenTerminate: terminateOverrunPending || rng.chance(0.3))
            }
            if state == .suspended {
                if rng.chance(0.2) { wake() }
                switch rng.below(20) {
                case 0..<15: emit(.processExit, after: d(60_000, 7_200_000), reason: .purge)
                case 15..<19: emit(.sysKill, after: d(60_000, 7_200_000), reason: .jetsam)
                // Killed while suspended holding a file lock: exit class locked-file, no finding.
                default: emit(.sysKill, after: d(60_000, 7_200_000), reason: .lockedFileCode)
                }
                state = .notRunning
            }
        }
        if take(.eventAfterExit) {
            emit(.didReceiveMemoryWarning, after: d(100, 2_000), plant: .eventAfterExit)
        }
    }
}
