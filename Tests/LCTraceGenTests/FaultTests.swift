import LCTraceCore
import LCTraceGen
import Testing

/// Planted faults: each is found exactly where the generator says, and nothing else is.
@Suite struct FaultTests {
    /// The record kind each rule's finding names (canonical event names; `nil`: malformed).
    static func expectedEvents(_ rule: Rule) -> Set<String?> {
        switch rule {
        case .illegalTransition:
            return ["app.didBecomeActive", "scene.didBecomeActive", "app.didEnterBackground", "scene.didEnterBackground"]
        case .ranWhileSuspended, .eventAfterExit, .clockRegression: return ["app.didReceiveMemoryWarning"]
        case .abnormalExit: return ["sys.kill", "process.exit", "process.launch"]
        case .mixedLifecycle: return ["app.didBecomeActive"]
        case .sceneLifecycleRequired, .sceneLifecycleSoon: return ["app.didBecomeActive", "app.didEnterBackground"]
        case .bgschedContinuedBackground, .bgschedNotPermitted: return ["bgsched.submit", "bgsched.register"]
        case .launchWatchdog: return ["app.didBecomeActive", "scene.didBecomeActive"]
        case .handlerOverrun:
            return [
                "app.didEnterBackground", "scene.didEnterBackground", "app.willTerminate", "app.didBecomeActive",
                "scene.didBecomeActive",
            ]
        case .backgroundOverrun: return ["app.significantTimeChange", "app.didReceiveMemoryWarning"]
        case .bgtaskOverrun: return ["bgtask.end", "bgtask.expire"]
        case .bgtaskUnmatchedEnd, .bgtaskExpiredNotEnded: return ["bgtask.end"]
        case .bgtaskLeaked, .bgschedNotCompleted: return ["sys.suspend"]
        case .bgschedOverrun, .bgschedExpiredNotCompleted: return ["bgsched.complete"]
        case .bgtaskIdReused: return ["bgtask.begin"]
        case .bgschedRegisteredLate, .bgschedRegisteredTwice: return ["bgsched.register"]
        case .bgschedNotRegistered: return ["bgsched.submit"]
        case .malformedRecord: return [nil]
        case .unknownEvent, .bgtaskOpenAtEnd, .truncatedLog, .recordsLost: return []
        }
    }

    static let plantable = GeneratorOptions.plantableRules
    static let models: [GeneratorOptions.Model] = [.app, .scene]

    /// One rule at rate 1: every session carries it; the checker finds exactly the planted set.
    @Test(arguments: plantable, models)
    func singleFaultIsFoundAtItsLine(rule: Rule, model: GeneratorOptions.Model) {
        let options = GeneratorOptions(seed: 60, sessions: 25, model: model, faults: [rule: 1])
        let (_, lines, summary) = TestSupport.run(options)
        let planted = summary.planted
        if rule == .mixedLifecycle && model == .app {
            #expect(planted.isEmpty)
            return
        }
        #expect(planted.count >= 20, "only \(planted.count) planted")
        #expect(planted.allSatisfy { $0.rule == rule })
        Self.checkAgainstChecker(lines, planted)
        for p in planted {
            let l = lines[p.line - 1]
            if rule == .unknownEvent {
                #expect(l.event?.hasPrefix("x.custom.event") == true)
            } else {
                #expect(Self.expectedEvents(rule).contains(TestSupport.canonical(l)), "line \(p.line): \(l.text)")
            }
            if rule == .handlerOverrun && TestSupport.canonical(l)?.hasSuffix("didBecomeActive") != true {
                #expect(l.phase == "end")
            }
        }
        // Every shape of the fault shows up.
        let kinds = Set(planted.compactMap { TestSupport.canonical(lines[$0.line - 1])?.split(separator: ".").last })
        switch rule {
        case .illegalTransition: #expect(kinds == ["didBecomeActive", "didEnterBackground"])
        case .handlerOverrun: #expect(kinds == ["didBecomeActive", "didEnterBackground", "willTerminate"])
        default: break
        }
        if rule == .abnormalExit {
            // Both shapes: a kill or unannounced exit, and a relaunch while running.
            let kinds = Set(planted.map { TestSupport.canonical(lines[$0.line - 1]) == "process.launch" })
            #expect(kinds == [true, false])
        }
    }

    /// Many rules at once, in every shape: still exactly the planted set.
    @Test(arguments: [
        GeneratorOptions(seed: 70, sessions: 150, model: .mixed, faults: TestSupport.allFaults(0.3)),
        GeneratorOptions(seed: 71, records: 30_000, model: .mixed, faults: TestSupport.allFaults(0.2), apps: 4),
        GeneratorOptions(
            seed: 72, sessions: 100, model: .scene, timeFormat: .rfc3339, pids: false,
            faults: TestSupport.allFaults(0.5), aliases: true),
        GeneratorOptions(seed: 73, sessions: 100, model: .app, os: "11.2", faults: TestSupport.allFaults(1)),
        GeneratorOptions(seed: 74, records: 2_347, model: .mixed, faults: TestSupport.allFaults(0.9), apps: 2),
    ])
    func mixedFaultsAreFoundAtTheirLines(options: GeneratorOptions) {
        let (_, lines, summary) = TestSupport.run(options)
        #expect(Set(summary.planted.map(\.rule)).count >= 10)
        Self.checkAgainstChecker(lines, summary.planted)
    }

    /// Many seeds, dense faults: combinations (a regression right after an unknown
    /// event, a leak in the session a relaunch ends, …) still give exactly the planted set.
    @Test(arguments: 100..<140 as Range<UInt64>)
    func denseFaultsAcrossSeeds(seed: UInt64) {
        let model: GeneratorOptions.Model = [.app, .scene, .mixed][Int(seed % 3)]
        let options = GeneratorOptions(
            seed: seed, records: 1_500 + Int(seed % 7) * 31, model: model, faults: TestSupport.allFaults(0.6),
            apps: 1 + Int(seed % 3), aliases: seed % 2 == 0)
        let (_, lines, summary) = TestSupport.run(options)
        Self.checkAgainstChecker(lines, summary.planted)
    }

    /// Declared background modes exempt LC202/LC203, so they are not planted.
    @Test func modesSuppressBackgroundOverruns() {
        let options = GeneratorOptions(
            seed: 80, sessions: 30, modes: ["audio"], faults: [.backgroundOverrun: 1, .bgtaskOverrun: 1, .bgtaskLeaked: 1])
        let (_, lines, summary) = TestSupport.run(options)
        #expect(Set(summary.planted.map(\.rule)) == [.bgtaskLeaked])
        Self.checkAgainstChecker(lines, summary.planted)
    }

    /// LC304, LC403 and LC404 are never planted.
    @Test func unplantableRulesAreIgnored() {
        let (_, lines, summary) = TestSupport.run(
            GeneratorOptions(seed: 81, sessions: 20, faults: [.bgtaskOpenAtEnd: 1, .truncatedLog: 1, .recordsLost: 1]))
        #expect(summary.planted.isEmpty)
        #expect(MiniChecker.check(lines).isEmpty)
    }

    /// The OS decides the allowance the LC203 fault overruns.
    @Test(arguments: [("17.4", Int64(30_000)), ("9.0", 180_000), ("6.1", 600_000)])
    func allowanceFollowsTheOS(os: String, allowance: Int64) {
        let (_, lines, summary) = TestSupport.run(GeneratorOptions(seed: 82, sessions: 5, os: os, faults: [.bgtaskOverrun: 1]))
        for p in summary.planted {
            let end = lines[p.line - 1]
            let begin = lines[..<(p.line - 1)].last { TestSupport.canonical($0) == "bgtask.begin" && $0.task == end.task }!
            let span = end.time! - begin.time!
            // Planted at the task's end, or at an expiration handler later than the allowance's
            // end + `expiration` (5 s).
            if TestSupport.canonical(end) == "bgtask.expire" {
                #expect(span > allowance + 5_000 && span < allowance + 10_500)
            } else {
                #expect(span > allowance && span < allowance + 6_000)
            }
        }
    }

    /// The planted findings are exactly what ``MiniChecker`` finds (with `permitted`, the
    /// Info.plist's identifiers, LC311 too).
    static func checkAgainstChecker(_ lines: [LogLine], _ planted: [PlantedFinding], permitted: [String]? = nil) {
        let found = MiniChecker.check(lines, permitted: permitted)
        let foundSet = Set(found.map { PlantedFinding(rule: $0.rule, line: $0.line) })
        let plantedSet = Set(planted)
        #expect(found.count == foundSet.count, "duplicate findings")
        #expect(planted.count == plantedSet.count, "duplicate planted findings")
        for missing in plantedSet.subtracting(foundSet).sorted().prefix(3) {
            Issue.record("planted but not found: \(missing.jsonLine)\n\(TestSupport.context(lines, around: missing.line))")
        }
        for extra in found.filter({ !plantedSet.contains(PlantedFinding(rule: $0.rule, line: $0.line)) }).prefix(3) {
            Issue.record("found but not planted: \(extra)\n\(TestSupport.context(lines, around: extra.line))")
        }
        #expect(planted == planted.sorted(), "planted findings are in line order")
    }
}
