import LCTraceCore
import LCTraceGen
import Testing

/// Logs generated without faults obey the reference model, as read by the
/// independent `MiniChecker`.
@Suite struct CleanLogTests {
    static let models: [GeneratorOptions.Model] = [.app, .scene, .mixed]
    static let seeds: [UInt64] = [1, 2, 3, 17, 12_345, .max]

    @Test(arguments: models, seeds)
    func cleanSessionsObeyTheModel(model: GeneratorOptions.Model, seed: UInt64) {
        let (_, lines, summary) = TestSupport.run(GeneratorOptions(seed: seed, sessions: 60, model: model))
        let v = MiniChecker.check(lines)
        #expect(v.isEmpty, "\(v.prefix(5))\n\(v.first.map { TestSupport.context(lines, around: $0.line) } ?? "")")
        #expect(summary.planted.isEmpty)
    }

    @Test(arguments: [
        GeneratorOptions(seed: 31, records: 20_000, model: .mixed, apps: 5),
        GeneratorOptions(seed: 32, records: 5_003, model: .scene, timeFormat: .rfc3339, pids: false, aliases: true),
        GeneratorOptions(seed: 33, sessions: 80, model: .mixed, os: "9.3"),
        GeneratorOptions(seed: 34, sessions: 80, model: .mixed, os: "6.1", modes: ["audio"]),
        GeneratorOptions(seed: 35, records: 9_999, model: .app, os: "unknown"),
    ])
    func cleanLogsInEveryShape(options: GeneratorOptions) {
        let (_, lines, summary) = TestSupport.run(options)
        let v = MiniChecker.check(lines)
        #expect(v.isEmpty, "\(v.prefix(5))\n\(v.first.map { TestSupport.context(lines, around: $0.line) } ?? "")")
        #expect(summary.planted.isEmpty)
    }

    /// The realism the brief asks for actually shows up in a modest log.
    @Test func cleanLogsCoverTheLifecycle() {
        let (_, lines, _) = TestSupport.run(GeneratorOptions(seed: 40, sessions: 200, model: .mixed))
        let events = Set(lines.compactMap(TestSupport.canonical))
        for e in [
            "process.launch", "app.willFinishLaunching", "app.didFinishLaunching", "app.didBecomeActive",
            "app.willResignActive", "app.didEnterBackground", "app.willEnterForeground", "app.willTerminate",
            "app.performFetch", "app.didReceiveMemoryWarning", "bgtask.begin", "bgtask.end", "bgtask.expire",
            "sys.suspend", "sys.resume", "sys.kill", "process.exit", "scene.willConnect", "scene.didDisconnect",
            "scene.willEnterForeground", "scene.didBecomeActive", "scene.willResignActive",
            "scene.didEnterBackground", "app.openURL",
        ] {
            #expect(events.contains(e), "\(e) never generated")
        }
        let reasons = Set(lines.compactMap(\.reason))
        #expect(reasons.isSuperset(of: ["user", "background", "purge", "terminate"]))
        #expect(lines.contains { $0.task?.hasPrefix("\"") == true })
        #expect(lines.contains { $0.task.map { !$0.hasPrefix("\"") } == true })
        #expect(lines.contains { $0.object?["name"] is String })
        // Scene sessions use up to three scenes, and reconnect some.
        var scenesPerPid: [Int64: Set<String>] = [:]
        for l in lines { if let s = l.scene { scenesPerPid[l.pid!, default: []].insert(s) } }
        #expect(scenesPerPid.values.contains { $0.count == 3 })
        #expect(scenesPerPid.values.allSatisfy { $0.count <= 3 })
        var connects: [String: Int] = [:]
        for l in lines where TestSupport.canonical(l) == "scene.willConnect" {
            connects["\(l.pid!)|\(l.scene!)", default: 0] += 1
        }
        #expect(connects.values.contains { $0 >= 2 }, "no scene ever reconnects")
    }

    /// Spans are paired begin/end with the same event (and scene), within their budgets.
    @Test(arguments: models)
    func spansArePairedAndShort(model: GeneratorOptions.Model) {
        let (_, lines, _) = TestSupport.run(GeneratorOptions(seed: 50, sessions: 80, model: model))
        var open: [String: Int64] = [:]
        for l in lines {
            guard let phase = l.phase, let e = TestSupport.canonical(l), let t = l.time else { continue }
            let key = "\(l.pid ?? -1)|\(e)|\(l.scene ?? "")"
            if phase == "begin" {
                #expect(open[key] == nil, "nested span on line \(l.number)")
                open[key] = t
            } else {
                let begin = open.removeValue(forKey: key)
                #expect(begin != nil, "end without begin on line \(l.number)")
                let budget: Int64 = e == "app.performFetch" ? 30_000 : 5_000
                #expect(t - (begin ?? t) <= budget, "span over budget on line \(l.number)")
            }
        }
        #expect(open.isEmpty)
    }
}
