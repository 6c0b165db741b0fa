import LCTraceCore
import LCTraceGen
import Testing

@Suite struct SizeTests {
    static let recordCounts = [0, 1, 2, 3, 4, 5, 7, 11, 50, 333, 1_000, 4_321]

    /// A record limit gives exactly that many lines, whatever the mix.
    @Test(
        arguments: recordCounts,
        [
            GeneratorOptions(seed: 11),
            GeneratorOptions(seed: 12, model: .mixed, faults: TestSupport.allFaults(0.4), apps: 3),
            GeneratorOptions(seed: 13, model: .scene, pids: false, faults: TestSupport.allFaults(0.2)),
        ])
    func recordLimitIsExact(count: Int, base: GeneratorOptions) {
        var options = base
        options.records = count
        let (bytes, lines, summary) = TestSupport.run(options)
        #expect(lines.count == count)
        #expect(summary.records == count)
        #expect(summary.bytes == bytes.count)
        #expect(bytes.last == (count == 0 ? nil : UInt8(ascii: "\n")))
        #expect(summary.planted.allSatisfy { $0.line >= 1 && $0.line <= count })
        // The cut never leaves a task open (that would be an unplanted LC304) nor
        // ends on a broken line.
        if count > 0 { #expect(lines.last?.object != nil) }
        var open: [Int64: Set<String>] = [:]
        for l in lines {
            let key = l.pid ?? -1
            switch TestSupport.canonical(l) {
            case "bgtask.begin": open[key, default: []].insert(l.task!)
            case "bgtask.end": open[key]?.remove(l.task!)
            case "sys.suspend", "process.exit", "sys.kill": open[key] = []
            default: break
            }
        }
        let allClosed = open.values.allSatisfy { $0.isEmpty }
        #expect(allClosed, "open at the cut: \(open)")
    }

    /// A session limit gives that many whole sessions: each launched and ended.
    @Test(
        arguments: [1, 2, 5, 25],
        [
            GeneratorOptions(seed: 21),
            GeneratorOptions(seed: 22, model: .mixed, faults: TestSupport.allFaults(0.4), apps: 3),
            GeneratorOptions(seed: 23, model: .scene, pids: false, faults: [.abnormalExit: 1]),
        ])
    func sessionLimitIsExact(count: Int, base: GeneratorOptions) {
        var options = base
        options.sessions = count
        let (_, lines, summary) = TestSupport.run(options)
        let launches = lines.filter { TestSupport.canonical($0) == "process.launch" }
        let ends = lines.filter {
            let e = TestSupport.canonical($0)
            return e == "process.exit" || e == "sys.kill"
        }
        let relaunches = summary.planted.filter { p in
            p.rule == .abnormalExit && TestSupport.canonical(lines[p.line - 1]) == "process.launch"
        }
        #expect(summary.sessions == count)
        #expect(launches.count == count)
        // Every session ends with an exit record, except those ended by a relaunch.
        #expect(ends.count + relaunches.count == count)
    }

    /// LC202 is judged at the suspension: cut before it, it is not planted.
    @Test func backgroundOverrunNeedsItsSuspension() throws {
        let base = GeneratorOptions(seed: 24, sessions: 3, faults: [.backgroundOverrun: 1])
        let full = TestSupport.run(base)
        let first = try #require(full.summary.planted.first)
        #expect(TestSupport.canonical(full.lines[first.line]) == "sys.suspend")
        var cut = base
        cut.records = first.line
        #expect(TestSupport.run(cut).summary.planted.isEmpty)
        cut.records = first.line + 1
        #expect(TestSupport.run(cut).summary.planted == [first])
    }

    @Test func defaultIsAHundredSessions() {
        let (_, _, summary) = TestSupport.run(GeneratorOptions(seed: 5))
        #expect(summary.sessions == GeneratorOptions.defaultSessions)
    }

    @Test func firstLimitReachedWins() {
        let (_, lines, _) = TestSupport.run(GeneratorOptions(seed: 5, records: 100_000, sessions: 3))
        #expect(lines.count < 100_000)
        let (_, lines2, _) = TestSupport.run(GeneratorOptions(seed: 5, records: 10, sessions: 3))
        #expect(lines2.count == 10)
    }
}
