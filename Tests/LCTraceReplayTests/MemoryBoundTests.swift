import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Memory follows live processes, not the file: machines of ended processes are reclaimed,
/// and a bounded memory of ended pids keeps LC102, LC100 (second launch) and LC400 working.
@Suite struct MemoryBoundTests {
    /// One short session of `pid` from `t`: launch, activation, background, suspension, purge.
    static func session(pid: Int, t: Int) -> [String] {
        [
            ev(Double(t), "process.launch", "\"pid\":\(pid)"),
            ev(Double(t) + 0.1, "app.didFinishLaunching", "\"pid\":\(pid)"),
            ev(Double(t) + 0.2, "app.didBecomeActive", "\"pid\":\(pid)"),
            ev(Double(t) + 0.3, "app.willResignActive", "\"pid\":\(pid)"),
            ev(Double(t) + 0.4, "app.didEnterBackground", "\"pid\":\(pid)"),
            ev(Double(t) + 0.5, "sys.suspend", "\"pid\":\(pid)"),
            ev(Double(t) + 0.6, "process.exit", "\"pid\":\(pid),\"reason\":\"purge\""),
        ]
    }

    static func replayer(_ log: TestLog, capacity: Int) -> (Replayer, FileResult) {
        var replayer = Replayer(path: "test.jsonl", configuration: ReplayConfiguration(), endedPidCapacity: capacity)
        log.feed(&replayer)
        let copy = replayer
        return (copy, replayer.finish(symbols: log.symbols))
    }

    @Test func machinesOfEndedProcessesAreReclaimed() {
        var lines: [String] = []
        for pid in 1...500 { lines += Self.session(pid: pid, t: pid * 10) }
        let (replayer, result) = Self.replayer(TestLog(lines.joined(separator: "\n")), capacity: 64)
        #expect(result.sessions == 500)
        #expect(result.exitClasses[.purged] == 500)
        #expect(result.findings.isEmpty)
        #expect(replayer.processes.count <= 2)
        #expect(replayer.pidIndex.isEmpty)
        #expect(replayer.endedPids.count == 64)
    }

    @Test func recentlyEndedPidsStillReportEventsAfterExitAndSecondLaunches() {
        var lines: [String] = []
        for pid in 1...10 { lines += Self.session(pid: pid, t: pid * 10) }
        lines.append(ev(200, "app.didBecomeActive", "\"pid\":3"))
        lines.append(ev(201, "process.launch", "\"pid\":5"))
        lines.append(ev(1, "sys.resume", "\"pid\":7"))
        let log = TestLog(lines.joined(separator: "\n"))
        let unbounded = log.replay()
        let (_, bounded) = Self.replayer(log, capacity: 16)
        #expect(bounded.ruleLines == ["LC102@71", "LC100@72", "LC400@73"])
        #expect(bounded.findings.map(\.message) == unbounded.findings.map(\.message))
        #expect(bounded.findings.first?.message.contains("at line 21") == true)
        #expect(bounded.sessions == unbounded.sessions)
    }

    /// The documented consequence of the bound: a pid that ended longer ago than the memory
    /// reaches is a new process.
    @Test func aPidForgottenByTheBoundIsANewProcess() {
        var lines: [String] = []
        for pid in 1...10 { lines += Self.session(pid: pid, t: pid * 10) }
        lines.append(ev(200, "app.didBecomeActive", "\"pid\":1"))
        let (_, result) = Self.replayer(TestLog(lines.joined(separator: "\n")), capacity: 4)
        #expect(result.of(.eventAfterExit).isEmpty)
        #expect(result.sessions == 11)
    }

    @Test func pidMetaCarriesOverAReclaimedMachineToItsRelaunch() {
        var lines = [#"{"t":0,"ev":"meta","pid":1,"model":"uikit-scene"}"#]
        lines += Self.session(pid: 1, t: 1)
        lines += Self.session(pid: 2, t: 20)
        // pid 1 again: still scene-based from its own meta, and a second launch (LC100).
        lines.append(ev(40, "process.launch", "\"pid\":1"))
        lines.append(ev(41, "app.didBecomeActive", "\"pid\":1"))
        let log = TestLog(lines.joined(separator: "\n"))
        let (_, bounded) = Self.replayer(log, capacity: 8)
        let unbounded = log.replay()
        #expect(bounded.ruleLines == unbounded.ruleLines)
        #expect(bounded.rules.contains(.mixedLifecycle))
        #expect(bounded.rules.contains(.illegalTransition))
    }

    @Test func liveSymbolsAreThoseOfLiveProcesses() {
        let log = TestLog(
            """
            {"t":0,"ev":"meta","pid":1,"app":"one"}
            {"t":0,"ev":"process.launch","pid":1}
            {"t":1,"ev":"scene.willConnect","pid":1,"scene":"a"}
            {"t":2,"ev":"bgtask.begin","pid":1,"task":"sync"}
            {"t":3,"ev":"meta","pid":2,"app":"two"}
            {"t":3,"ev":"process.launch","pid":2}
            {"t":4,"ev":"scene.willConnect","pid":2,"scene":"b"}
            {"t":5,"ev":"sys.kill","pid":2}
            """)
        var replayer = Replayer(path: "t", configuration: ReplayConfiguration())
        log.feed(&replayer)
        let names = Set(replayer.liveSymbols().compactMap { log.symbols[$0] })
        #expect(names == ["a", "sync"])
    }
}
