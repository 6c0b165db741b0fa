import LCTraceCore
import Testing

@testable import LCTraceAppleFormats

/// How evidence the one join bound to a session enters a replay (`TimedEvidence`), and the
/// windows of the "same fact" joins of findings (`SameFact`).
@Suite struct TimedEvidenceTests {
    static let t0 = Timestamp(nanoseconds: 1_795_168_800_000_000_000)

    static func record(_ event: LifecycleEvent, pid: Int64?, at offset: Int64 = 0, line: Int = 7) -> Record {
        Record(line: line, time: Timestamp(nanoseconds: t0.nanoseconds + offset), event: event, pid: pid)
    }

    /// A piece bound to session `session` of pid `pid`, whose process's last record is `afterLine`.
    static func bound(
        pid: Int64 = 3, session: Int = 2, afterLine: Int = 10, reason: String = "0x8badf00d", decides: Bool = true, index: Int = 0
    ) -> CrashReport {
        var report = CrashReport(
            path: "r\(index).ips", pid: pid, time: Timestamp(nanoseconds: t0.nanoseconds + 1_000_000_000), reason: reason, summary: reason)
        report.session = session
        report.log = "a.jsonl"
        report.afterLine = afterLine
        report.decides = decides
        return report
    }

    @Test func withoutEvidenceTheLoopNeverAsks() {
        var evidence = TimedEvidence([])
        var symbols = SymbolTable()
        #expect(!evidence.isActive)
        #expect(evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, liveSession: { _ in 1 }, symbols: &symbols) == nil)
    }

    /// A piece the join did not bind is not the replay's to place.
    @Test func anUnboundPieceIsIgnored() {
        let evidence = TimedEvidence([CrashReport(path: "r.ips", pid: 3, time: Self.t0, reason: "crash", summary: "crash")])
        #expect(!evidence.isActive)
    }

    /// A bound piece is due before the first record after its process's last record (whatever
    /// its pid or time: the launch that replaced the process included) and at the end of the
    /// log; not before a record at or before that line.
    @Test(arguments: [(11, true), (10, false), (3, false)])
    func aBoundPieceIsDueAfterItsProcesssLastRecord(line: Int, due: Bool) {
        var evidence = TimedEvidence([Self.bound()])
        var symbols = SymbolTable()
        let placed = evidence.nextDue(
            before: Self.record(.processLaunch, pid: 9, line: line), liveClock: { _ in Self.t0 }, liveSession: { _ in 2 },
            symbols: &symbols)
        #expect((placed != nil) == due)
        if !due {
            #expect(evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, liveSession: { _ in 2 }, symbols: &symbols) != nil)
        }
    }

    /// A piece ends only its own session: dropped when the pid's live session is another one or
    /// none; its kill takes the deciding piece's reason, at the piece's time (the clock when later).
    @Test(arguments: [(Optional(2), true), (3, false), (nil, false)])
    func aBoundPieceEndsItsOwnSessionOnly(liveSession: Int?, placed: Bool) {
        var evidence = TimedEvidence([Self.bound()])
        var symbols = SymbolTable()
        let due = evidence.nextDue(
            before: nil, liveClock: { _ in liveSession == nil ? nil : Self.t0 }, liveSession: { _ in liveSession }, symbols: &symbols)
        #expect((due != nil) == placed)
        if let due {
            #expect(due.kill.event == .sysKill && due.kill.pid == 3)
            #expect(symbols[due.kill.reason] == "0x8badf00d")
            #expect(due.kill.time == Timestamp(nanoseconds: Self.t0.nanoseconds + 1_000_000_000))
        }
        #expect(evidence.matched.count == (placed ? 1 : 0))
    }

    /// The session's own kill or exit carries every piece bound to it and takes the deciding
    /// one's reason; when none decides (the log's own records do), it stays as written. Another
    /// record of the process carries nothing.
    @Test(arguments: [
        (LifecycleEvent.sysKill, true, true),
        (.processExit, false, true),
        (.didEnterBackground, true, false),
    ])
    func theSessionsOwnKillCarriesItsPieces(event: LifecycleEvent, decides: Bool, carries: Bool) {
        let pieces = [Self.bound(reason: "crash", decides: false, index: 0), Self.bound(reason: "0xdead10cc", decides: decides, index: 1)]
        var evidence = TimedEvidence(pieces)
        let same = evidence.sameKill(as: Self.record(event, pid: 3, line: 10), liveSession: { _ in 2 })
        #expect((same != nil) == carries)
        guard let same else { return }
        #expect(same.pieces == 2)
        #expect(same.decider?.reason == (decides ? "0xdead10cc" : nil))
        #expect(evidence.matched.count == 2)
        var symbols = SymbolTable()
        #expect(evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, liveSession: { _ in 2 }, symbols: &symbols) == nil)
    }

    /// A kill placed for a piece is reported at the line of the last record before it, with no
    /// reason when the log's own records decide.
    @Test func aPlacedKillTakesTheLineOfTheLastRecord() {
        var evidence = TimedEvidence([Self.bound(afterLine: 41, decides: false)])
        _ = evidence.sameKill(as: Self.record(.didEnterBackground, pid: 3, line: 41), liveSession: { _ in 2 })
        var symbols = SymbolTable()
        let due = evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, liveSession: { _ in 2 }, symbols: &symbols)
        #expect(due?.kill.line == 41)
        #expect(due?.kill.reason == Symbol.none)
    }

    /// The windows of the joins: 60 s for a system log's finding, any time for UIKit's verdict.
    @Test(arguments: [
        (Int64(60_000_000_000), true),
        (-60_000_000_000, true),
        (60_000_000_001, false),
        (Int64.max / 2, false),
    ])
    func aSystemFindingIsTheSameFactWithinAMinute(offset: Int64, same: Bool) {
        let a = Finding(rule: .bgtaskUnmatchedEnd, file: "a", line: 1, time: Self.t0, pid: 3, message: "x")
        var b = a
        b.time = Timestamp(nanoseconds: Self.t0.nanoseconds &+ offset)
        #expect((SameFact.findingDistance(a, b) != nil) == same)
        #expect(SameFact.verdict(b, isSeenAs: a))
    }
}
