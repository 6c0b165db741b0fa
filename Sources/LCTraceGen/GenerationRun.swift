import LCTraceCore

/// The state of one generation run: the app lanes, the PRNG, counters, and
/// the exact-size cut. `LogGenerator` drives it one line at a time.
struct GenerationRun {
    let options: GeneratorOptions
    private var rng: SplitMix64
    private var encoder: RecordEncoder
    private var apps: [AppStream]
    private let recordLimit: Int?
    private let sessionLimit: Int?
    /// Sessions counted against `sessionLimit` (planned, or reserved for a relaunch).
    private var sessionsReserved = 0
    private var unknownSerial: Int32 = 0
    private var nextPid: Int64
    private var openTotal = 0
    private var lastApp = -1
    private var finished = false
    /// Lines written so far.
    private(set) var lines = 0
    /// Sessions with at least one record written.
    private(set) var sessionsWritten = 0
    /// Planted findings not yet handed on, in line order.
    private(set) var planted: [PlantedFinding] = []

    /// How many of `planted` are final: those before the line of any LC202 still
    /// waiting for its suspension (a later finding could still go before it).
    var releasableCount: Int {
        guard !planted.isEmpty else { return 0 }
        var waiting = Int.max
        for a in apps { if let d = a.deferred, d.line < waiting { waiting = d.line } }
        if waiting == .max { return planted.count }
        return planted.firstIndex { $0.line > waiting } ?? planted.count
    }

    /// Forgets the first `count` planted findings (handed on).
    mutating func dropReleased(_ count: Int) { planted.removeFirst(count) }

    init(options: GeneratorOptions) {
        self.options = options
        var rng = SplitMix64(seed: options.seed)
        encoder = RecordEncoder(rfc3339: options.timeFormat == .rfc3339, aliases: options.aliases, seed: options.seed)
        recordLimit = options.records.map { max(0, $0) }
        sessionLimit =
            options.sessions.map { max(0, $0) }
            ?? (options.records == nil ? GeneratorOptions.defaultSessions : nil)
        let start = Self.floorDiv(options.startTime.nanoseconds, 1_000_000)
        var apps: [AppStream] = []
        for (i, name) in options.bundleIdentifiers.enumerated() {
            let tails = [false, true].map {
                RecordEncoder.metaTail(os: options.os, app: name, scene: $0, modes: options.modes, sdk: options.sdk)
            }
            apps.append(AppStream(index: i, metaTails: tails, clock: start + (i == 0 ? 0 : rng.int(0, 120_000))))
        }
        self.apps = apps
        nextPid = 1_000 + rng.int(0, 8_999)
        self.rng = rng
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    /// Writes the next line (or, at a cut, the last few) into `out`.
    ///
    /// - Returns: `false` when the log is complete and nothing was written.
    mutating func step(into out: inout [UInt8]) -> Bool {
        if finished { return false }
        if let limit = recordLimit, lines >= limit {
            finished = true
            for i in apps.indices { apps[i].deferred = nil }
            return false
        }
        var best = -1
        var bestOrder = Int64.max
        for i in apps.indices {
            if apps[i].isExhausted {
                if apps[i].done { continue }
                planNext(i)
                if apps[i].done || apps[i].isExhausted { continue }
            }
            let order = apps[i].queue[apps[i].cursor].order
            if order < bestOrder {
                best = i
                bestOrder = order
            }
        }
        if best < 0 {
            finished = true
            return false
        }
        let r = apps[best].queue[apps[best].cursor]
        if let limit = recordLimit {
            // Keep room to close every open task before the last line, so the
            // cut log never ends with a task open (LC304) nor on a broken line.
            let remaining = limit - lines
            if remaining - 1 < openTotal + openDelta(r, app: best) || (r.kind == .malformed && remaining == 1) {
                closeAtCut(remaining: remaining, fallback: best, into: &out)
                finished = true
                return true
            }
        }
        apps[best].cursor += 1
        write(r, app: best, into: &out)
        return true
    }

    // MARK: - Planning

    private func applicable(_ rule: Rule, scene: Bool) -> Bool {
        switch rule {
        case .mixedLifecycle: return scene
        case .backgroundOverrun, .bgtaskOverrun: return !SessionMeta.exemptsBackgroundBudgets(options.modes)
        case .bgtaskOpenAtEnd, .truncatedLog, .recordsLost: return false
        case .bgschedNotPermitted: return options.infoPlist
        default: return true
        }
    }

    private mutating func planNext(_ i: Int) {
        if apps[i].nextReserved {
            apps[i].nextReserved = false
        } else {
            if let limit = sessionLimit, sessionsReserved >= limit {
                apps[i].done = true
                return
            }
            sessionsReserved += 1
        }
        let scene: Bool
        switch options.model {
        case .app: scene = false
        case .scene: scene = true
        case .mixed: scene = rng.chance(0.5)
        }
        var faults = RuleMask()
        if !options.faults.isEmpty {
            for rule in options.plantable {
                guard let rate = options.faults[rule], rate > 0 else { continue }
                if rng.chance(rate) && applicable(rule, scene: scene) { faults.insert(rule) }
            }
        }
        let first = apps[i].queue.isEmpty
        let gap = apps[i].relaunchPending ? rng.int(500, 5_000) : rng.int(2_000, 1_200_000)
        let start = first ? apps[i].clock : apps[i].clock + gap
        let mayRelaunch = sessionLimit.map { sessionsReserved < $0 } ?? true
        var buffer: [PlannedRecord] = []
        swap(&buffer, &apps[i].queue)
        buffer.removeAll(keepingCapacity: true)
        var planner = SessionPlanner(
            rng: rng, sceneModel: scene, allowance: options.allowanceMilliseconds, osMajor: options.osMajor, faults: faults,
            plantRelaunchOnLaunch: apps[i].relaunchPending, mayRelaunch: mayRelaunch,
            unknownSerial: unknownSerial, start: start, buffer: buffer)
        planner.plan()
        rng = planner.rng
        unknownSerial = planner.unknownSerial
        apps[i].queue = planner.out
        apps[i].cursor = 0
        apps[i].sceneIDs = planner.sceneIDs
        apps[i].sceneModel = scene
        apps[i].clock = planner.now
        apps[i].lastWritten = .min
        apps[i].openTasks.removeAll(keepingCapacity: true)
        if options.pids {
            apps[i].pid = nextPid
            nextPid += 1 + rng.int(0, 40)
        }
        apps[i].relaunchPending = planner.endedByRelaunch
        if planner.endedByRelaunch && sessionLimit != nil {
            sessionsReserved += 1
            apps[i].nextReserved = true
        }
    }

    // MARK: - Writing

    /// How writing `r` changes the number of open tasks.
    private func openDelta(_ r: PlannedRecord, app i: Int) -> Int {
        guard r.kind == .event else { return 0 }
        switch r.event {
        case .bgtaskBegin: return apps[i].openTasks.contains(r.task!) ? 0 : 1
        case .bgtaskEnd: return apps[i].openTasks.contains(r.task!) ? -1 : 0
        case .sysSuspend, .processExit, .sysKill: return -apps[i].openTasks.count
        default: return 0
        }
    }

    private mutating func encode(_ r: PlannedRecord, app i: Int, into out: inout [UInt8]) {
        encoder.encode(
            r, pid: apps[i].pid, sceneIDs: apps[i].sceneIDs,
            metaTail: apps[i].metaTails[apps[i].sceneModel ? 1 : 0], into: &out)
        lines += 1
    }

    private mutating func write(_ r: PlannedRecord, app i: Int, into out: inout [UInt8]) {
        if apps[i].cursor == 1 { sessionsWritten += 1 }
        encode(r, app: i, into: &out)
        if let rule = r.plant {
            if rule == .backgroundOverrun {
                // Judged only where the log records the suspension: final once written.
                apps[i].deferred = PlantedFinding(rule: rule, line: lines)
            } else {
                planted.append(PlantedFinding(rule: rule, line: lines))
            }
        }
        guard r.kind != .malformed else { return }
        if r.time > apps[i].lastWritten { apps[i].lastWritten = r.time }
        guard r.kind == .event else { return }
        if let sdk = options.sdk, let major = AppDeclaration.sdkMajor(sdk), !apps[i].sceneLifecyclePlanted, !apps[i].sceneModel, r.phase != .end,
            r.event == .didBecomeActive || r.event == .willResignActive || r.event == .didEnterBackground
                || r.event == .willEnterForeground
        {
            // The engine's LC105/LC106 of a recording: the app's first app-delegate activation
            // callback, judged by the SDK's major version as the engine reads it (`iphoneos27.0`
            // is 27; an SDK without digits judges nothing).
            apps[i].sceneLifecyclePlanted = true
            let k = planted.lastIndex { $0.line <= lines }.map { $0 + 1 } ?? 0
            planted.insert(PlantedFinding(rule: major >= AppDeclaration.sceneRequiredSDK ? .sceneLifecycleRequired : .sceneLifecycleSoon, line: lines), at: k)
        }
        switch r.event {
        case .bgtaskBegin:
            if !apps[i].openTasks.contains(r.task!) {
                apps[i].openTasks.append(r.task!)
                openTotal += 1
            }
        case .bgtaskEnd:
            if let k = apps[i].openTasks.firstIndex(of: r.task!) {
                apps[i].openTasks.remove(at: k)
                openTotal -= 1
            }
        case .sysSuspend, .processExit, .sysKill:
            if r.event == .sysSuspend, let d = apps[i].deferred {
                let k = planted.lastIndex { $0.line < d.line }.map { $0 + 1 } ?? 0
                planted.insert(d, at: k)
                apps[i].deferred = nil
            }
            // Leaked (LC300, planted) or none: the process no longer holds them.
            openTotal -= apps[i].openTasks.count
            apps[i].openTasks.removeAll(keepingCapacity: true)
        default:
            break
        }
        lastApp = i
    }

    /// At the record limit: end every open task 1 ms after its process's last
    /// record, then pad with copies of a `meta` record (harmless context) up to
    /// the exact count. At most one padding line is ever needed.
    private mutating func closeAtCut(remaining: Int, fallback: Int, into out: inout [UInt8]) {
        var left = remaining
        for i in apps.indices {
            for t in apps[i].openTasks {
                let time = apps[i].lastWritten + 1
                apps[i].lastWritten = time
                encode(PlannedRecord(kind: .event, event: .bgtaskEnd, time: time, order: time, task: t), app: i, into: &out)
                left -= 1
            }
            apps[i].openTasks.removeAll()
        }
        openTotal = 0
        // An LC202 whose suspension was cut off is not judged: not planted.
        for i in apps.indices { apps[i].deferred = nil }
        let j = lastApp >= 0 ? lastApp : fallback
        while left > 0 {
            let time = apps[j].lastWritten + 1
            apps[j].lastWritten = time
            encode(PlannedRecord(kind: .meta, event: .meta, time: time, order: time), app: j, into: &out)
            left -= 1
        }
    }
}
