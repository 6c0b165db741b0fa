import LCTraceCore
import Testing

@testable import LCTraceReplay

/// The replay's memory caps (docs/RELIABILITY.md): open tasks, scenes and processes per
/// file, and findings per rule. Each is reported once and replay goes on.
@Suite struct LimitTests {
    static let pid = "\"pid\":1"

    @Test("More than 1000 open tasks: one LC300 that says so, further tasks untracked, no LC301 for their ends")
    func openTasks() {
        let n = Replayer.maximumOpenTasks + 200
        var lines = BudgetTests.background
        for i in 0..<n { lines.append(ev(4, "bgtask.begin", Self.pid + ",\"task\":\(i)")) }
        for i in (0..<n).reversed() { lines.append(ev(4.5, "bgtask.end", Self.pid + ",\"task\":\(i)")) }
        lines.append(ev(5, "sys.suspend", Self.pid))
        let result = replay(lines: lines)
        let leaked = result.of(.bgtaskLeaked)
        #expect(leaked.count == 1)
        #expect(leaked.first?.line == BudgetTests.background.count + Replayer.maximumOpenTasks + 1)
        #expect(
            leaked.first?.message
                == "more than 1000 background tasks open at once (iOS ends such an app): task '1000' and further tasks of this process are not tracked"
        )
        #expect(result.of(.bgtaskUnmatchedEnd).isEmpty)
        #expect(result.findings.count == 1, "\(result.ruleLines.prefix(5))")
    }

    @Test("A new session tracks tasks again after the limit")
    func taskLimitResetsWithSession() {
        var lines = BudgetTests.background
        for i in 0...Replayer.maximumOpenTasks { lines.append(ev(4, "bgtask.begin", Self.pid + ",\"task\":\(i)")) }
        // Killed past the background allowance: every tracked task got it killed (LC300).
        lines.append(ev(40, "process.exit", Self.pid + ",\"reason\":\"crash\""))
        lines += [ev(50, "process.launch", "\"pid\":2"), ev(51, "bgtask.end", "\"pid\":2,\"task\":99")]
        let result = replay(lines: lines)
        // The untracked task of pid 1 is not leaked twice; pid 2's unmatched end is reported.
        #expect(result.of(.bgtaskLeaked).count == Replayer.maximumOpenTasks + 1)
        #expect(result.of(.bgtaskUnmatchedEnd).count == 1)
    }

    @Test("More than 1000 scenes in a process: one LC401, further scenes not replayed")
    func scenes() {
        var lines = [ev(0, "meta", "\"model\":\"uikit-scene\""), ev(0, "process.launch", Self.pid), ev(0.5, "app.didFinishLaunching", Self.pid)]
        let n = Replayer.maximumScenes + 5
        for i in 0..<n { lines.append(ev(1, "scene.willConnect", Self.pid + ",\"scene\":\"s\(i)\"")) }
        lines.append(ev(2, "scene.willEnterForeground", Self.pid + ",\"scene\":\"s1003\""))
        let result = replay(lines: lines)
        let limit = result.of(.malformedRecord)
        #expect(limit.count == 1)
        #expect(limit.first?.line == 3 + Replayer.maximumScenes + 1)
        #expect(limit.first?.message == "more than 1000 scenes in one process: records of further scenes are not replayed")
        #expect(limit.first?.scene == "s1000")
        #expect(result.findings.count == 1, "\(result.ruleLines.prefix(5))")
    }

    @Test("Many processes that end: the table forgets ended ones, nothing is reported")
    func manyEndedProcesses() {
        let n = Replayer.maximumProcesses + 3_000
        var lines: [String] = []
        for pid in 1...n {
            let p = "\"pid\":\(pid)"
            lines += [ev(Double(pid), "process.launch", p), ev(Double(pid), "process.exit", p + ",\"reason\":\"purge\"")]
        }
        var replayer = Replayer(path: "many", configuration: ReplayConfiguration())
        let log = TestLog(lines.joined(separator: "\n"))
        for r in log.records { replayer.process(r, symbols: log.symbols) }
        #expect(replayer.processes.count <= Replayer.maximumProcesses)
        let result = replayer.finish(symbols: log.symbols)
        #expect(result.sessions == n)
        #expect(result.of(.malformedRecord).isEmpty)
    }

    @Test("More processes running at once than the table holds: one LC401, further pids not replayed")
    func tooManyRunningProcesses() {
        let n = Replayer.maximumProcesses + 100
        // Without a launch record each pid was already running when the log began.
        let lines = (1...n).map { ev(Double($0), "app.willResignActive", "\"pid\":\($0)") }
        var replayer = Replayer(path: "many", configuration: ReplayConfiguration())
        let log = TestLog(lines.joined(separator: "\n"))
        for r in log.records { replayer.process(r, symbols: log.symbols) }
        #expect(replayer.processes.count == Replayer.maximumProcesses)
        let result = replayer.finish(symbols: log.symbols)
        let limit = result.of(.malformedRecord)
        #expect(limit.count == 1)
        #expect(limit.first?.line == Replayer.maximumProcesses + 1)
        #expect(limit.first?.message == "more than 16384 processes running at once: records of further pids are not replayed")
    }

    @Test("At most 10000 findings of a rule per file, then one that counts the rest")
    func findingsPerRule() {
        var replayer = Replayer(path: "junk", configuration: ReplayConfiguration())
        let n = FindingList.maximumPerRule + 2_345
        for line in 1...n { replayer.malformed(line: line, message: "expected a JSON object at column 1") }
        replayer.truncated(line: n + 1, message: "zstd stream cut short at byte 9")
        let result = replayer.finish(symbols: SymbolTable())
        #expect(result.of(.malformedRecord).count == FindingList.maximumPerRule + 1)
        let summary = result.of(.malformedRecord).last
        #expect(summary?.line == FindingList.maximumPerRule + 1)
        #expect(summary?.message == "2345 more 'malformed-record' findings from this line on not listed: only the first 10000 of a rule are kept per file")
        #expect(result.of(.truncatedLog).count == 1)
        #expect(result.findings.filter { $0.severity == .error }.count == FindingList.maximumPerRule + 1)
    }

    @Test("Found by fuzzing: times at both ends of the range do not overflow (launch in 1700, activation in 2200)")
    func extremeTimes() {
        let pid = Self.pid
        // 1700-01-01, 2200-01-01 and 2261-01-01 in epoch seconds.
        let result = replay(lines: [
            ev(-8_520_336_000, "process.launch", pid),
            ev(7_258_118_400, "app.didFinishLaunching", pid),
            ev(7_258_118_401, "app.didBecomeActive", pid),
            ev(-8_835_868_800, "app.willResignActive", pid),
            ev(1, "app.didEnterBackground", pid + #","phase":"begin""#),
            ev(9_183_110_400, "app.didEnterBackground", pid + #","phase":"end""#),
        ])
        let launch = result.of(.launchWatchdog)
        #expect(launch.count == 1)
        #expect(launch.first?.message.contains("9223372036.855 s") == true, "\(launch.first?.message ?? "")")
        #expect(result.of(.clockRegression).count == 1)
    }

    @Test("A budget longer than Int64 nanoseconds is no budget, not a crash")
    func hugeBudget() throws {
        var budgets = Budgets()
        try budgets.apply("launch=1e300")
        let result = replay(
            lines: [
                ev(0, "process.launch", Self.pid), ev(1, "app.didFinishLaunching", Self.pid),
                ev(1e9, "app.didBecomeActive", Self.pid),
            ], ReplayConfiguration(budgets: budgets))
        #expect(result.of(.launchWatchdog).isEmpty)
    }

    @Test("Durations print at the ends of the range", arguments: [Int64.min, Int64.max, -1, 0, 499_999, 500_000])
    func durationText(nanos: Int64) {
        let text = DurationText.seconds(nanos)
        #expect(!text.isEmpty)
        if nanos == .min { #expect(text == "-9223372036.855") }
        if nanos == 500_000 { #expect(text == "0.001") }
    }
}
