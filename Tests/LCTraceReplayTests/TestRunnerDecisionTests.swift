import LCTraceCore
import LCTraceReplay
import Testing

/// A test runner's `Terminate` in the one join's decision (SPEC §8, §12): rank 2, beside the
/// app log's own records. It decides `normal` over what the log only implies of a process that
/// vanished (replaced by a relaunch, presumed purged, an overrun under way), yields to the
/// operating system's own record (rank 1) and to the log's own kill record that names a class.
@Suite struct TestRunnerDecisionTests {
    static let t = Timestamp(nanoseconds: 1_000_000_000_000)

    static func span(_ exitClass: ExitClass, says: SessionSpan.Says, ownRecord: Bool) -> SessionSpan {
        SessionSpan(
            file: "rec.jsonl", session: 1, pid: 2348, app: "com.pagebound.notes", began: t, lastLine: 5, lastTime: t, endLine: 7,
            exitClass: exitClass, foreground: true, says: says, endedByOwnRecord: ownRecord)
    }

    static let runner = EvidencePiece(
        rank: .log, pid: 2348, app: "com.pagebound.notes", time: nil, reason: "test-runner", says: .named)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var exitClass: ExitClass
        var says: SessionSpan.Says
        var ownRecord: Bool
        var decided: ExitClass
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "replaced by a relaunch", exitClass: .abnormal, says: .nothing, ownRecord: false, decided: .normal),
        Case(name: "presumed purged", exitClass: .purged, says: .named, ownRecord: false, decided: .normal),
        Case(name: "overrun under way", exitClass: .watchdog, says: .named, ownRecord: false, decided: .normal),
        Case(name: "a bare sys.kill of its own", exitClass: .abnormal, says: .nothing, ownRecord: true, decided: .normal),
        Case(name: "its own kill naming a class", exitClass: .watchdog, says: .named, ownRecord: true, decided: .watchdog),
    ])
    func theRunnerAgainstTheLog(_ c: Case) {
        let (decider, exitClass) = EvidenceJoin.decide(
            [Self.runner], for: Self.span(c.exitClass, says: c.says, ownRecord: c.ownRecord))
        #expect(exitClass == c.decided)
        #expect(decider == (c.decided == .normal ? 0 : nil))
    }

    @Test func theOperatingSystemsOwnRecordOutranksTheRunner() {
        let crash = EvidencePiece(rank: .system, pid: 2348, time: Self.t, reason: "0x8badf00d", says: .named)
        for pieces in [[Self.runner, crash], [crash, Self.runner]] {
            let (decider, exitClass) = EvidenceJoin.decide(pieces, for: Self.span(.abnormal, says: .nothing, ownRecord: false))
            #expect(exitClass == .watchdog)
            #expect(decider.map { pieces[$0].rank } == .system)
        }
    }

    @Test func theRunnerOutranksASystemLogLine() {
        let line = EvidencePiece(rank: .systemLog, pid: 2348, time: Self.t, reason: "jetsam", says: .named)
        let (decider, exitClass) = EvidenceJoin.decide([line, Self.runner], for: Self.span(.abnormal, says: .nothing, ownRecord: false))
        #expect(exitClass == .normal)
        #expect(decider == 1)
    }

    @Test func testRunnerIsANormalEnd() {
        #expect(ReasonCode(text: "test-runner") == .terminate)
        #expect(Self.runner.exitClass(foreground: true) == .normal)
    }
}
