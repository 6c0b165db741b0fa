import LCTraceCore

/// An independent, deliberately small reading of SPEC §3–§5, used to check the
/// generator from the outside: it replays parsed lines and reports (rule, line)
/// pairs. Where the spec leaves room it takes the stricter reading (the
/// `background` window accumulates all no-task time since the process went to
/// background; the resume budget also applies to scenes), so a clean log that
/// passes here passes any reasonable engine.
struct MiniChecker {
    struct Violation: Hashable, CustomStringConvertible {
        var rule: Rule
        var line: Int
        var detail: String

        var description: String { "\(line): \(rule.id) \(detail)" }
    }

    enum State: String { case unknown, launching, inactive, active, background, suspended, exited }
    enum SceneState { case unattached, background, foregroundInactive, foregroundActive }

    struct Process {
        var app: String?
        var scene = false
        var modes = false
        var allowance: Int64 = 30_000
        var state: State = .unknown
        var launchStep = 0
        var backgroundLaunch = false
        var launchStart: Int64?
        var launchReported = false
        var activatedOnce = false
        var dEBAfterBackgroundLaunchUsed = false
        var foregroundingSince: Int64?
        var resumeReported = false
        var lastTime: Int64 = .min
        var spans: [String: Int64] = [:]
        var tasks: Set<String> = []
        var expired: [String: Int64] = [:]
        var allowanceStart: Int64?
        var allowanceReported = false
        /// When each open background task began.
        var begun: [String: Int64] = [:]
        /// When each open task's `bgtask.expire` came (kept after LC302, unlike `expired`).
        var expireTime: [String: Int64] = [:]
        /// Open tasks the allowance ran out with, and when it did: their LC203 waits for the
        /// expiration grace (SPEC §4).
        var ranOut: [String: Int64] = [:]
        /// Tasks reported LC203.
        var overrun: Set<String> = []
        /// When each running scheduled task's `bgsched.expire` came.
        var schedExpireTime: [String: Int64] = [:]
        var noTaskSince: Int64?
        var noTaskAccumulated: Int64 = 0
        var overBackgroundLine: Int?
        var scenes: [String: SceneState] = [:]
        var terminateCompleted = false
        /// Prewarmed (`process.launch` with reason `prewarm`) and no launch callback yet.
        var prewarmed = false
        /// Running scheduled tasks: id → start time and whether it is a refresh task.
        var sched: [String: (start: Int64, refresh: Bool)] = [:]
        var schedExpired: [String: Int64] = [:]
        var schedOverrun: Set<String> = []
        /// `didFinishLaunching` returned (LC307).
        var launchDone = false
        /// After an instant `didFinishLaunching`, no app or scene callback so far.
        var launchTail = false
        /// Identifiers registered with `bgsched.register` (LC308, LC309).
        var registered: Set<String> = []
        /// Identifiers already reported as not permitted (LC311: once per identifier and process).
        var notPermitted: Set<String> = []

        /// A task of either API is open: app code in background is covered.
        var anyTaskOpen: Bool { !tasks.isEmpty || !sched.isEmpty }

        /// Registered under that identifier, or under a `.*` wildcard whose part before `*`
        /// begins it (SPEC §5). Ids are quoted (``LogLine/task``).
        func isRegistered(_ id: String) -> Bool {
            func unquoted(_ s: String) -> Substring { s.hasPrefix("\"") ? s.dropFirst().dropLast() : Substring(s) }
            let identifier = unquoted(id)
            return registered.contains(id)
                || registered.contains {
                    let pattern = unquoted($0)
                    return pattern.hasSuffix(".*") && identifier.hasPrefix(pattern.dropLast())
                }
        }

        /// A background task is no longer open.
        mutating func forget(_ id: String) {
            begun[id] = nil
            expireTime[id] = nil
            ranOut[id] = nil
            overrun.remove(id)
        }

        var sceneForeground: Bool {
            scenes.values.contains { $0 == .foregroundActive || $0 == .foregroundInactive }
        }
        var running: Bool { state != .suspended && state != .exited && state != .unknown && !prewarmed }
    }

    var violations: [Violation] = []
    private var processes: [Int64: Process] = [:]
    private var pendingMeta: [Int64: (app: String?, scene: Bool, modes: Bool, os: String?)] = [:]
    private var seenUnknown: Set<String> = []
    /// Per app, the pid of its current process.
    private var current: [String: Int64] = [:]

    private mutating func flag(_ rule: Rule, _ line: Int, _ detail: String) {
        violations.append(Violation(rule: rule, line: line, detail: detail))
    }

    /// The Info.plist's `BGTaskSchedulerPermittedIdentifiers` (LC311); `nil`: no plist.
    var permitted: [String]?

    static func check(_ lines: [LogLine], permitted: [String]? = nil) -> [Violation] {
        var c = MiniChecker()
        c.permitted = permitted
        for l in lines { c.replay(l) }
        return c.violations
    }

    /// LC311: a `register`, `submit` or `start` of an identifier the plist does not list
    /// (an entry ending in `*` by prefix), once per identifier and process.
    private mutating func checkPermitted(_ p: inout Process, _ id: String, line: Int) {
        guard let permitted else { return }
        let identifier = id.hasPrefix("\"") ? String(id.dropFirst().dropLast()) : id
        let listed = permitted.contains { $0 == identifier || ($0.hasSuffix("*") && identifier.hasPrefix($0.dropLast())) }
        if !listed && p.notPermitted.insert(identifier).inserted { flag(.bgschedNotPermitted, line, identifier) }
    }

    private static func allowance(os: String?) -> Int64 {
        guard let os, let major = Int(os.prefix { $0.isNumber }) else { return 30_000 }
        return major >= 13 ? 30_000 : major >= 7 ? 180_000 : 600_000
    }

    private static func spanBudget(_ ev: LifecycleEvent) -> Int64 {
        switch ev {
        case .performFetch: return 30_000
        default: return 5_000
        }
    }

    /// `call`: the app's BGTaskScheduler calls (register, submit), app code that does not
    /// count as background work for LC202.
    private static let appRecordCategories: Set<String> = ["app", "scene", "bgtask", "call"]

    mutating func replay(_ l: LogLine) {
        guard let obj = l.object, var t = l.time, let name = l.event else {
            flag(.malformedRecord, l.number, l.text)
            return
        }
        let key = l.pid ?? -1
        if name == "meta" {
            let model = obj["model"] as? String
            // Only the modes that keep an app running exempt it (SPEC §4), spelled out here
            // rather than borrowed from the engine so the checker stays independent.
            let continuous: Set = [
                "audio", "location", "voip", "external-accessory", "bluetooth-central", "bluetooth-peripheral",
                "nearby-interaction", "push-to-talk",
            ]
            let modes = ((obj["modes"] as? [Any]) ?? []).contains { ($0 as? String).map(continuous.contains) == true }
            pendingMeta[key] = (obj["app"] as? String, model == "uikit-scene", modes, obj["os"] as? String)
            if var p = processes[key], p.state != .exited {
                p.modes = modes
                processes[key] = p
            }
            return
        }
        guard let ev = LifecycleEvent(name: name) else {
            if seenUnknown.insert(name).inserted { flag(.unknownEvent, l.number, name) }
            return
        }
        // A launch starts a process; in a no-pid stream it also ends the running one.
        if ev == .processLaunch && (processes[key] == nil || processes[key]!.state == .exited || key == -1) {
            startProcess(key, line: l.number, time: t)
        }
        guard var p = processes[key] else {
            processes[key] = Process()
            return
        }
        defer { processes[key] = p }

        // Clock.
        if t < p.lastTime {
            flag(.clockRegression, l.number, "\(t) < \(p.lastTime)")
            t = p.lastTime
        }
        p.lastTime = t

        let category: String
        switch ev.category {
        case .appDelegate: category = "app"
        case .scene: category = "scene"
        case .backgroundTask: category = ev == .bgtaskExpire ? "system" : "bgtask"
        case .scheduledTask:
            switch ev {
            case .bgschedComplete: category = "bgtask"
            case .bgschedRegister, .bgschedSubmit: category = "call"
            default: category = "system"
            }
        default: category = "observer"
        }

        if p.state == .exited {
            if Self.appRecordCategories.contains(category) { flag(.eventAfterExit, l.number, name) }
            return
        }

        // Deadlines: the first record of this pid past each one.
        if let s = p.launchStart, !p.launchReported, p.launchStep > 0, t - s > 20_000 {
            p.launchReported = true
            flag(.launchWatchdog, l.number, "launch \(t - s) ms")
        }
        if let s = p.foregroundingSince, !p.resumeReported, t - s > 10_000 {
            p.resumeReported = true
            flag(.handlerOverrun, l.number, "resume \(t - s) ms")
        }
        for (k, begin) in p.spans where t - begin > Self.spanBudget(LifecycleEvent(name: String(k.split(separator: "|")[0]))!) {
            p.spans[k] = .max / 2  // reported once
            flag(.handlerOverrun, l.number, "span \(k) \(t - begin) ms")
        }
        // LC203 and LC204 wait for the expiration grace: an expire no later than the budget's
        // end + 5 s, and the end within 5 s of it, spare the task (SPEC §4).
        let stops = ev == .sysSuspend || ev == .sysKill || ev == .processExit || (ev == .willTerminate && l.phase != "begin")
        func overran(end: Int64, expire: Int64?, closes: Bool) -> Bool {
            guard let x = expire else { return closes || stops || t > end + 5_000 }
            if x > end + 5_000 { return true }
            return closes ? t > x + 5_000 : stops || t > x + 5_000
        }
        if let s = p.allowanceStart, !p.modes, t > s + p.allowance {
            for k in p.tasks where !p.overrun.contains(k) && p.ranOut[k] == nil && p.begun[k, default: .min] <= s + p.allowance {
                p.ranOut[k] = s + p.allowance
            }
        }
        for (k, end) in p.ranOut.sorted(by: { $0.key < $1.key }) where !p.overrun.contains(k) {
            if overran(end: end, expire: p.expireTime[k], closes: ev == .bgtaskEnd && l.task == k) {
                p.overrun.insert(k)
                flag(.bgtaskOverrun, l.number, "allowance ran out at \(end) with \(k) open")
            }
        }
        for (k, e) in p.expired where t - e > 5_000 {
            p.expired[k] = nil
            flag(.bgtaskExpiredNotEnded, l.number, "task \(k)")
        }
        for (k, s) in p.sched where s.refresh && !p.schedOverrun.contains(k) && t - s.start > 30_000 {
            guard overran(end: s.start + 30_000, expire: p.schedExpireTime[k], closes: ev == .bgschedComplete && l.task == k)
            else { continue }
            p.schedOverrun.insert(k)
            flag(.bgschedOverrun, l.number, "refresh \(k) \(t - s.start) ms")
        }
        for (k, e) in p.schedExpired where t - e > 5_000 {
            p.schedExpired[k] = nil
            flag(.bgschedExpiredNotCompleted, l.number, "scheduled \(k)")
        }

        // A prewarmed process: its first launch callback resumes it and starts the launch clock.
        if p.prewarmed && (ev == .willFinishLaunching || ev == .didFinishLaunching) {
            p.prewarmed = false
            p.state = .launching
            p.launchStart = t
        }
        // The system wakes a suspended app for a scheduled task's launch or expiration handler.
        if p.state == .suspended && (ev == .bgschedStart || ev == .bgschedExpire) {
            p.state = .background
            p.allowanceStart = t
            p.allowanceReported = false
            p.noTaskSince = t
            p.noTaskAccumulated = 0
        }

        if p.state == .suspended && Self.appRecordCategories.contains(category) {
            // The code ran, so the process was resumed without a record: background.
            flag(.ranWhileSuspended, l.number, name)
            p.state = .background
            p.allowanceStart = t
            p.allowanceReported = false
            p.noTaskSince = t
            p.noTaskAccumulated = 0
            return
        }

        // The `background` window: app code running in background with no task open.
        let inBackground = p.state == .background && p.foregroundingSince == nil && !(p.scene && p.sceneForeground)
        if inBackground && category != "observer" && category != "system" && category != "call" && !p.anyTaskOpen,
            let since = p.noTaskSince, p.overBackgroundLine == nil, !p.modes,
            p.noTaskAccumulated + (t - since) > 5_000
        {
            p.overBackgroundLine = l.number
        }

        let phase = l.phase
        // Only an app or scene callback ends launching after an instant didFinishLaunching.
        if p.launchTail && (category == "app" || category == "scene") {
            p.launchTail = false
            p.launchDone = true
        }
        if phase == "begin" { p.spans[ev.canonicalName + "|" + (l.scene ?? "")] = t }
        if phase == "end" {
            p.spans[ev.canonicalName + "|" + (l.scene ?? "")] = nil
            switch ev {
            case .didFinishLaunching:
                p.launchDone = true
                if p.backgroundLaunch { p.launchStart = nil }
            case .didEnterBackground:
                if p.state == .background && p.tasks.isEmpty { p.noTaskSince = t; p.noTaskAccumulated = 0 }
            case .sceneDidEnterBackground:
                if !p.sceneForeground && p.tasks.isEmpty { p.noTaskSince = t; p.noTaskAccumulated = 0 }
            case .willTerminate:
                p.terminateCompleted = true
            default: break
            }
            return
        }

        switch ev {
        case .processLaunch:
            if p.launchStep != 0 { flag(.illegalTransition, l.number, "second launch") }
            p.launchStep = 1
            p.backgroundLaunch = l.reason == "background"
            if l.reason == "prewarm" {
                p.prewarmed = true
                p.launchStart = nil
            }
        case .willFinishLaunching:
            if p.launchStep > 1 { flag(.illegalTransition, l.number, "willFinish twice") }
            p.launchStep = 2
        case .didFinishLaunching:
            if p.launchStep != 2 { flag(.illegalTransition, l.number, "didFinish out of order") }
            p.launchStep = 3
            if phase == nil { p.launchTail = true }
            if p.backgroundLaunch {
                p.state = .background
                p.allowanceStart = p.launchStart
                p.noTaskSince = p.launchStart
                p.noTaskAccumulated = 0
                if phase == nil { p.launchStart = nil }
            } else {
                p.state = .inactive
            }
        case .didBecomeActive, .willResignActive, .didEnterBackground, .willEnterForeground:
            if p.scene {
                flag(.mixedLifecycle, l.number, name)
                return
            }
            appTransition(&p, ev, l, t)
        case .willTerminate:
            if p.state != .background { flag(.illegalTransition, l.number, "willTerminate in \(p.state)") }
            if phase == nil { p.terminateCompleted = true }
        case .sceneWillConnect, .sceneDidDisconnect, .sceneDidBecomeActive, .sceneWillResignActive,
            .sceneWillEnterForeground, .sceneDidEnterBackground:
            sceneTransition(&p, ev, l, t)
        case .bgtaskBegin:
            let id = l.task ?? "?"
            if p.tasks.contains(id) {
                flag(.bgtaskIdReused, l.number, id)
            } else {
                if !p.anyTaskOpen, let since = p.noTaskSince {
                    p.noTaskAccumulated += t - since
                    p.noTaskSince = nil
                }
                let inBackground = p.state == .background && p.foregroundingSince == nil && !(p.scene && p.sceneForeground)
                if inBackground {
                    if let s = p.allowanceStart, t > s + p.allowance {
                        // Ran out: with a task open, this one shares the exhausted allowance;
                        // with none, a wake the log does not show granted a new one.
                        if p.tasks.isEmpty {
                            p.allowanceStart = t
                        } else if !p.modes {
                            p.overrun.insert(id)
                            flag(.bgtaskOverrun, l.number, "begun into an exhausted allowance")
                        }
                    } else if p.allowanceStart == nil {
                        p.allowanceStart = t
                    }
                }
                p.tasks.insert(id)
                p.begun[id] = t
            }
        case .bgtaskEnd:
            let id = l.task ?? "?"
            if p.tasks.remove(id) == nil {
                flag(.bgtaskUnmatchedEnd, l.number, id)
            } else {
                p.expired[id] = nil
                p.forget(id)
                if !p.anyTaskOpen && p.state == .background && p.allowanceStart != nil { p.noTaskSince = t }
            }
        case .bgtaskExpire:
            if let id = l.task, p.tasks.contains(id), p.expireTime[id] == nil {
                p.expired[id] = t
                p.expireTime[id] = t
            }
        case .bgschedRegister:
            let id = l.task ?? "?"
            checkPermitted(&p, id, line: l.number)
            if p.launchDone { flag(.bgschedRegisteredLate, l.number, id) }
            if !p.registered.insert(id).inserted { flag(.bgschedRegisteredTwice, l.number, id) }
        case .bgschedSubmit:
            let id = l.task ?? "?"
            checkPermitted(&p, id, line: l.number)
            if !p.registered.isEmpty && !p.isRegistered(id) { flag(.bgschedNotRegistered, l.number, id) }
            // LC310: a continued task submitted with neither the app nor a scene on screen.
            let onScreen = p.scenes.values.contains { $0 == .foregroundActive || $0 == .foregroundInactive }
            if (l.object?["kind"] as? String)?.lowercased() == "continued", p.state == .background || p.state == .suspended,
                !onScreen
            {
                flag(.bgschedContinuedBackground, l.number, id)
            }
        case .bgschedStart:
            let id = l.task ?? "?"
            checkPermitted(&p, id, line: l.number)
            if !p.registered.isEmpty && !p.isRegistered(id) { flag(.bgschedNotRegistered, l.number, id) }
            if p.sched[id] != nil {
                flag(.bgtaskIdReused, l.number, id)
            } else {
                if !p.anyTaskOpen, let since = p.noTaskSince {
                    p.noTaskAccumulated += t - since
                    p.noTaskSince = nil
                }
                p.sched[id] = (t, (l.object?["kind"] as? String ?? "refresh") == "refresh")
            }
        case .bgschedExpire:
            if let id = l.task, p.sched[id] != nil, p.schedExpireTime[id] == nil {
                p.schedExpired[id] = t
                p.schedExpireTime[id] = t
            }
        case .bgschedComplete:
            let id = l.task ?? "?"
            if p.sched.removeValue(forKey: id) == nil {
                flag(.bgtaskUnmatchedEnd, l.number, id)
            } else {
                p.schedExpired[id] = nil
                p.schedExpireTime[id] = nil
                p.schedOverrun.remove(id)
                if !p.anyTaskOpen && p.state == .background && p.allowanceStart != nil { p.noTaskSince = t }
            }
        case .sysSuspend:
            if p.prewarmed {
                p.state = .suspended
                return
            }
            if p.state != .background || p.foregroundingSince != nil || (p.scene && p.sceneForeground) {
                flag(.illegalTransition, l.number, "suspend in \(p.state)")
            }
            if !p.tasks.isEmpty { flag(.bgtaskLeaked, l.number, p.tasks.sorted().joined(separator: ",")) }
            for k in p.schedExpired.keys { flag(.bgschedExpiredNotCompleted, l.number, "at suspension \(k)") }
            if !p.sched.isEmpty { flag(.bgschedNotCompleted, l.number, p.sched.keys.sorted().joined(separator: ",")) }
            p.sched = [:]
            p.schedExpired = [:]
            p.schedExpireTime = [:]
            if let over = p.overBackgroundLine { flag(.backgroundOverrun, over, "judged at \(l.number)") }
            for k in p.tasks { p.forget(k) }
            p.tasks = []
            p.expired = [:]
            p.state = .suspended
            p.allowanceStart = nil
            p.allowanceReported = false
            p.noTaskSince = nil
            p.overBackgroundLine = nil
        case .sysResume:
            if p.prewarmed {
                p.state = .launching
                return
            }
            if p.state != .suspended { flag(.illegalTransition, l.number, "resume in \(p.state)") }
            p.state = .background
            p.allowanceStart = t
            p.noTaskSince = t
            p.noTaskAccumulated = 0
        case .sysKill, .processExit:
            let normal = p.terminateCompleted || (ev == .processExit && l.reason == "terminate")
            if p.running && !normal { flag(.abnormalExit, l.number, "\(name) in \(p.state)") }
            if !p.tasks.isEmpty { flag(.bgtaskLeaked, l.number, "at exit") }
            if !p.sched.isEmpty { flag(.bgschedNotCompleted, l.number, "at exit") }
            p.state = .exited
        default:
            // Other app delegate callbacks: legal in any running state. With scenes,
            // the app delegate gets memory and protected-data events only (strict reading).
            if p.state == .unknown || p.launchStep < 2 { flag(.illegalTransition, l.number, "\(name) before launch") }
            if p.scene && ![.didReceiveMemoryWarning, .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable].contains(ev) {
                flag(.mixedLifecycle, l.number, "\(name) in a scene-based app")
            }
        }
    }

    private mutating func startProcess(_ key: Int64, line: Int, time: Int64) {
        let meta = pendingMeta[key]
        var p = Process()
        p.app = meta?.app
        p.scene = meta?.scene ?? false
        p.modes = meta?.modes ?? false
        p.allowance = Self.allowance(os: meta?.os)
        p.state = .launching
        p.launchStart = time
        let app = p.app ?? ""
        if let old = current[app], var q = processes[old], q.state != .exited {
            // The same app (or stream) launches again: the old process ends here.
            if q.running { flag(.abnormalExit, line, "relaunch of \(app)") }
            q.state = .exited
            processes[old] = q
        }
        current[app] = key
        processes[key] = p
    }

    private mutating func appTransition(_ p: inout Process, _ ev: LifecycleEvent, _ l: LogLine, _ t: Int64) {
        switch (ev, p.state) {
        case (.didBecomeActive, .inactive):
            p.state = .active
            if p.foregroundingSince != nil {
                p.foregroundingSince = nil
                p.resumeReported = false
            }
            if !p.activatedOnce {
                p.activatedOnce = true
                p.launchStart = nil
            }
        case (.willResignActive, .active):
            p.state = .inactive
        case (.didEnterBackground, .inactive) where p.foregroundingSince == nil:
            p.state = .background
            p.allowanceStart = t
            p.allowanceReported = false
            p.noTaskSince = t
            p.noTaskAccumulated = 0
        case (.didEnterBackground, .background) where p.backgroundLaunch && !p.activatedOnce && !p.dEBAfterBackgroundLaunchUsed:
            p.dEBAfterBackgroundLaunchUsed = true
        case (.willEnterForeground, .background):
            p.state = .inactive
            p.foregroundingSince = t
            p.allowanceStart = nil
            p.noTaskSince = nil
            p.overBackgroundLine = nil
        default:
            flag(.illegalTransition, l.number, "\(ev.canonicalName) in \(p.state)")
            // The model takes the event's target state.
            switch ev {
            case .didBecomeActive:
                p.state = .active
                p.allowanceStart = nil
                p.noTaskSince = nil
                p.overBackgroundLine = nil
            case .willResignActive: p.state = .inactive
            case .didEnterBackground:
                p.state = .background
                p.allowanceStart = t
                p.allowanceReported = false
                p.noTaskSince = t
                p.noTaskAccumulated = 0
            default: p.state = .inactive
            }
        }
    }

    private mutating func sceneTransition(_ p: inout Process, _ ev: LifecycleEvent, _ l: LogLine, _ t: Int64) {
        let id = l.scene ?? "?"
        let s = p.scenes[id] ?? .unattached
        let wasForeground = p.sceneForeground
        var next: SceneState
        switch (ev, s) {
        case (.sceneWillConnect, .unattached): next = .background
        case (.sceneWillEnterForeground, .background): next = .foregroundInactive
        case (.sceneDidBecomeActive, .foregroundInactive): next = .foregroundActive
        case (.sceneWillResignActive, .foregroundActive): next = .foregroundInactive
        case (.sceneDidEnterBackground, .foregroundInactive): next = .background
        case (.sceneDidDisconnect, .background): next = .unattached
        default:
            flag(.illegalTransition, l.number, "\(ev.canonicalName) for scene \(id) in \(s)")
            switch ev {
            case .sceneDidBecomeActive: next = .foregroundActive
            case .sceneWillResignActive, .sceneWillEnterForeground: next = .foregroundInactive
            case .sceneDidDisconnect: next = .unattached
            default: next = .background
            }
        }
        p.scenes[id] = next
        if ev == .sceneWillEnterForeground { p.foregroundingSince = t }
        if ev == .sceneDidBecomeActive {
            p.foregroundingSince = nil
            p.resumeReported = false
            if !p.activatedOnce {
                p.activatedOnce = true
                p.launchStart = nil
            }
        }
        let isForeground = p.sceneForeground
        if p.state == .launching || p.state == .inactive || p.state == .background || p.state == .active {
            if isForeground {
                p.state = next == .foregroundActive || p.scenes.values.contains(.foregroundActive) ? .active : .inactive
                p.allowanceStart = nil
                p.noTaskSince = nil
                p.overBackgroundLine = nil
            } else {
                p.state = .background
                if wasForeground {
                    p.allowanceStart = t
                    p.allowanceReported = false
                    if l.phase == nil {
                        p.noTaskSince = t
                        p.noTaskAccumulated = 0
                    }
                }
            }
        }
        if p.state == .background { p.foregroundingSince = nil }
    }
}
