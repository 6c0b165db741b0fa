import LCTraceCore
import Testing

@testable import LCTraceReplay

/// The process table writes machines in place without a uniqueness check per write
/// (`ProcessTable`): copies must still behave as values.
@Suite struct ProcessTableTests {
    @Test("A copied process table keeps its own machines when either copy is written")
    func copiesAreIndependent() {
        var table = ProcessTable()
        for pid in 1...20 {
            table.append(ProcessMachine(pid: Int64(pid), state: 0, serial: pid))
        }
        var copy = table
        copy.makeUnique()
        copy[3].lastLine = 99
        table.makeUnique()
        table[4].lastLine = 7
        #expect(table.count == 20 && copy.count == 20)
        #expect(table[3].lastLine == 0 && copy[3].lastLine == 99)
        #expect(table[4].lastLine == 7 && copy[4].lastLine == 0)
        #expect(table.indices.map { table[$0].pid } == (1...20).map { Int64($0) })
        copy.append(ProcessMachine(pid: 21, state: 0, serial: 21))
        #expect(copy.count == 21 && table.count == 20)
    }

    /// Two logs that share their first lines and then differ: one after its pid exited (LC102
    /// for the app record), one that goes on normally.
    static let prefix = [
        ev(1, "process.launch", #""pid":7,"reason":"user""#),
        ev(1.1, "app.didFinishLaunching", #""pid":7,"phase":"begin""#),
        ev(1.2, "app.didFinishLaunching", #""pid":7,"phase":"end""#),
        ev(1.3, "app.didBecomeActive", #""pid":7,"phase":"begin""#),
        ev(1.4, "app.didBecomeActive", #""pid":7,"phase":"end""#),
    ]
    static let exited = [
        ev(2, "process.exit", #""pid":7"#),
        ev(3, "app.willResignActive", #""pid":7,"phase":"begin""#),
        ev(4, "bgtask.begin", #""pid":9,"task":"sync""#),
    ]
    static let running = [
        ev(2, "app.willResignActive", #""pid":7,"phase":"begin""#),
        ev(2.1, "app.willResignActive", #""pid":7,"phase":"end""#),
        ev(3, "bgtask.begin", #""pid":7,"task":"upload""#),
    ]

    @Test("A replayer copied mid-log replays each continuation as a fresh replay does")
    func copiedReplayerIsAValue() {
        let first = TestLog((Self.prefix + Self.exited).joined(separator: "\n"))
        let second = TestLog((Self.prefix + Self.running).joined(separator: "\n"))
        var replayer = Replayer(path: "test.jsonl", configuration: ReplayConfiguration())
        for record in first.records.prefix(Self.prefix.count) {
            replayer.process(record, symbols: first.symbols)
        }
        var copy = replayer
        for record in second.records.dropFirst(Self.prefix.count) {
            copy.process(record, symbols: second.symbols)
        }
        for record in first.records.dropFirst(Self.prefix.count) {
            replayer.process(record, symbols: first.symbols)
        }
        let fromCopy = copy.finish(symbols: second.symbols)
        let fromOriginal = replayer.finish(symbols: first.symbols)
        #expect(fromOriginal.ruleLines == first.replay().ruleLines)
        #expect(fromCopy.ruleLines == second.replay().ruleLines)
        #expect(fromOriginal.ruleLines.contains("LC102@7"))
        #expect(!fromCopy.ruleLines.contains("LC102@7"))
        #expect(fromCopy.sessions == second.replay().sessions && fromOriginal.sessions == first.replay().sessions)
    }
}
