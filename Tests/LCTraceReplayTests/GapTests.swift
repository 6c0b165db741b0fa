import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Gaps in the middle of a log (SPEC §5: LC404, or a corrupt stretch skipped under LC403):
/// every running process's state is unknown after one, and the gap raises no finding of its
/// own; ended processes stay ended and findings after the gap still work.
@Suite struct GapTests {
    /// Replays native NDJSON in which a line `GAP` is a gap (`Replayer.gap(line:)`) and a line
    /// `LOST` is LC404 (`Replayer.recordsLost`) on that line.
    static func replay(_ text: String, observer: ((ReplayObservation) -> Void)? = nil) -> FileResult {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let log = TestLog(lines.map { $0 == "GAP" || $0 == "LOST" ? "" : $0 }.joined(separator: "\n"))
        var replayer = Replayer(path: "gap.jsonl", configuration: ReplayConfiguration())
        replayer.observer = observer
        var next = 0
        for (offset, line) in lines.enumerated() where line == "GAP" || line == "LOST" {
            while next < log.records.count && log.records[next].line < offset + 1 {
                replay(log, next, into: &replayer)
                next += 1
            }
            if line == "GAP" {
                replayer.gap(line: offset + 1)
            } else {
                replayer.recordsLost(line: offset + 1, message: "the log says records were lost here")
            }
        }
        while next < log.records.count {
            replay(log, next, into: &replayer)
            next += 1
        }
        return replayer.finish(symbols: log.symbols)
    }

    private static func replay(_ log: TestLog, _ i: Int, into replayer: inout Replayer) {
        if let meta = log.metas[i] {
            replayer.process(log.records[i], meta: meta, symbols: log.symbols)
        } else {
            replayer.process(log.records[i], symbols: log.symbols)
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var label: String
        var before: String
        var after: String
        /// What the same log gives without the gap.
        var withoutGap: Rule
        var testDescription: String { label }
    }

    static let launched = """
        {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
        {"t":0.1,"ev":"app.willFinishLaunching","pid":1}
        {"t":0.3,"ev":"app.didFinishLaunching","pid":1}
        {"t":0.5,"ev":"app.didBecomeActive","pid":1}
        """

    static let inBackground = """
        \(launched)
        {"t":2,"ev":"app.willResignActive","pid":1}
        {"t":2.1,"ev":"app.didEnterBackground","pid":1}
        """

    static let cases: [Case] = [
        Case(
            label: "didEnterBackground, gap, didBecomeActive (willEnterForeground lost)",
            before: inBackground,
            after: #"{"t":9,"ev":"app.didBecomeActive","pid":1}"#, withoutGap: .illegalTransition),
        Case(
            label: "willEnterForeground, gap, willResignActive (didBecomeActive lost)",
            before: """
                \(inBackground)
                {"t":8,"ev":"app.willEnterForeground","pid":1}
                """,
            after: #"{"t":9,"ev":"app.willResignActive","pid":1}"#, withoutGap: .illegalTransition),
        Case(
            label: "suspended, gap, willEnterForeground (the resume lost)",
            before: """
                \(inBackground)
                {"t":3,"ev":"sys.suspend","pid":1}
                """,
            after: #"{"t":9,"ev":"app.willEnterForeground","pid":1}"#, withoutGap: .ranWhileSuspended),
        Case(
            label: "bgtask.begin, gap, suspension (its end lost)",
            before: """
                \(inBackground)
                {"t":2.2,"ev":"bgtask.begin","pid":1,"task":7}
                """,
            after: #"{"t":9,"ev":"sys.suspend","pid":1}"#, withoutGap: .bgtaskLeaked),
        Case(
            label: "bgtask.begin, gap, bgtask.begin of the same id (the end lost)",
            before: """
                \(launched)
                {"t":2,"ev":"bgtask.begin","pid":1,"task":7}
                """,
            after: """
                {"t":9,"ev":"bgtask.begin","pid":1,"task":7}
                {"t":9.5,"ev":"bgtask.end","pid":1,"task":7}
                """,
            withoutGap: .bgtaskIdReused),
        Case(
            label: "gap, bgtask.end (its begin lost)",
            before: launched,
            after: #"{"t":9,"ev":"bgtask.end","pid":1,"task":7}"#, withoutGap: .bgtaskUnmatchedEnd),
        Case(
            label: "handler span begin, gap, its end long after (the span's real end lost)",
            before: """
                \(launched)
                {"t":2,"ev":"app.willResignActive","pid":1}
                {"t":2.1,"ev":"app.didEnterBackground","pid":1,"phase":"begin"}
                """,
            after: #"{"t":60,"ev":"app.didEnterBackground","pid":1,"phase":"end"}"#, withoutGap: .handlerOverrun),
        Case(
            label: "background, gap, a kill (a suspension may have been lost)",
            before: inBackground,
            after: #"{"t":90,"ev":"sys.kill","pid":1,"reason":"crash"}"#, withoutGap: .abnormalExit),
        Case(
            label: "scene in background, gap, scene.didBecomeActive (its foregrounding lost)",
            before: """
                {"t":0,"ev":"meta","pid":1,"model":"uikit-scene"}
                {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
                {"t":0.3,"ev":"app.didFinishLaunching","pid":1}
                {"t":0.4,"ev":"scene.willConnect","pid":1,"scene":"main"}
                {"t":0.5,"ev":"scene.willEnterForeground","pid":1,"scene":"main"}
                {"t":0.6,"ev":"scene.didBecomeActive","pid":1,"scene":"main"}
                {"t":2,"ev":"scene.willResignActive","pid":1,"scene":"main"}
                {"t":2.1,"ev":"scene.didEnterBackground","pid":1,"scene":"main"}
                """,
            after: #"{"t":9,"ev":"scene.didBecomeActive","pid":1,"scene":"main"}"#, withoutGap: .illegalTransition),
    ]

    /// A gap that cuts into a launch: the launch callbacks after it continue that launch (they
    /// are not a second launch of a pid "running since the log began").
    @Test("A gap during a launch: the launch records after it are no second launch")
    func gapDuringLaunch() {
        let before = """
            {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
            {"t":0.1,"ev":"app.willFinishLaunching","pid":1}
            """
        let after = """
            {"t":0.3,"ev":"app.didFinishLaunching","pid":1}
            {"t":0.5,"ev":"app.didBecomeActive","pid":1}
            """
        let gapped = Self.replay(before + "\nGAP\n" + after)
        #expect(gapped.findings.isEmpty, "\(gapped.findings.map { "\($0.line): \($0.rule.id) \($0.message)" })")
        let lost = Self.replay(before + "\nLOST\n" + after)
        #expect(lost.findings.map(\.rule) == [.recordsLost], "\(lost.findings.map(\.message))")
        // A launch record of a pid that began mid-log (no gap) is still a second launch.
        let midLog = Self.replay(#"{"t":0,"ev":"app.didBecomeActive","pid":1}"# + "\n" + after)
        #expect(midLog.findings.map(\.rule) == [.illegalTransition], "\(midLog.findings.map(\.message))")
    }

    @Test("A gap raises no finding of its own; without it the same log has one", arguments: cases)
    func gapRaisesNothing(c: Case) {
        let plain = Self.replay(c.before + "\n" + c.after)
        #expect(plain.findings.map(\.rule).contains(c.withoutGap), "\(plain.findings.map(\.message))")
        let gapped = Self.replay(c.before + "\nGAP\n" + c.after)
        #expect(gapped.findings.isEmpty, "\(gapped.findings.map { "\($0.line): \($0.rule.id) \($0.message)" })")
        let lost = Self.replay(c.before + "\nLOST\n" + c.after)
        let gapLine = c.before.split(separator: "\n").count + 1
        #expect(lost.findings.map(\.rule) == [.recordsLost], "\(lost.findings.map(\.message))")
        #expect(lost.findings.first?.line == gapLine)
        #expect(lost.sessions == plain.sessions)
    }

    @Test("An ended process stays ended across a gap: its app records after it are LC102")
    func endedStaysEnded() {
        let log = """
            \(Self.launched)
            {"t":2,"ev":"sys.kill","pid":1,"reason":"crash"}
            GAP
            {"t":9,"ev":"app.didBecomeActive","pid":1}
            """
        let result = Self.replay(log)
        #expect(result.findings.map(\.rule) == [.abnormalExit, .eventAfterExit], "\(result.findings.map(\.message))")
        #expect(result.findings.last?.line == 7)
        #expect(result.exitClasses == [.abnormal: 1])
    }

    @Test("Findings after a gap still work, once an event has implied the state")
    func findingsAfterTheGap() {
        let log = """
            \(Self.launched)
            GAP
            {"t":9,"ev":"app.didEnterBackground","pid":1}
            {"t":10,"ev":"app.didBecomeActive","pid":1}
            {"t":11,"ev":"app.willResignActive","pid":1}
            {"t":11.1,"ev":"app.didEnterBackground","pid":1}
            {"t":11.2,"ev":"bgtask.begin","pid":1,"task":3}
            {"t":12,"ev":"sys.suspend","pid":1}
            """
        let result = Self.replay(log)
        #expect(result.findings.map(\.rule) == [.illegalTransition, .bgtaskLeaked], "\(result.findings.map(\.message))")
        #expect(result.findings.map(\.line) == [7, 11])
    }

    @Test("A gap does not end the session: one session, and it is still open at the end")
    func sessionGoesOn() {
        let result = Self.replay(Self.launched + "\nGAP\n" + #"{"t":9,"ev":"app.willResignActive","pid":1}"#)
        #expect(result.sessions == 1)
        #expect(result.exitClasses == [.open: 1])
        #expect(result.findings.isEmpty)
    }

    @Test("Observers see the forgotten task end as open and the state go unknown at the gap")
    func observations() {
        var seen: [String] = []
        let log = """
            \(Self.launched)
            {"t":2,"ev":"bgtask.begin","pid":1,"task":7}
            GAP
            {"t":9,"ev":"app.willResignActive","pid":1}
            """
        _ = Self.replay(log) { observation in
            switch observation {
            case .stateChanged(_, let line, _, let from, let to): seen.append("\(line) \(from.rawValue)>\(to.rawValue)")
            case .taskEnded(_, _, _, _, _, let line, let outcome): seen.append("\(line) task \(outcome.rawValue)")
            default: break
            }
        }
        #expect(seen.suffix(3) == ["0 task open", "6 active>unknown", "7 unknown>inactive"], "\(seen)")
    }
}
