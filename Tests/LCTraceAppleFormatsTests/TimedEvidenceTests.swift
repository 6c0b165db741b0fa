import LCTraceCore
import Testing

@testable import LCTraceAppleFormats

/// The one way outside evidence with a time enters a replay (`TimedEvidence`), and the windows
/// of every "same fact" join in one place (`SameFact`).
@Suite struct TimedEvidenceTests {
    static let t0 = Timestamp(nanoseconds: 1_795_168_800_000_000_000)

    static func report(pid: Int64, at offset: Int64, reason: String = "FRONTBOARD 0x8badf00d") -> CrashReport {
        CrashReport(
            path: "r.ips", pid: pid, time: Timestamp(nanoseconds: t0.nanoseconds + offset), reason: reason, summary: reason)
    }

    static func record(_ event: LifecycleEvent, pid: Int64?, at offset: Int64, line: Int = 7) -> Record {
        Record(line: line, time: Timestamp(nanoseconds: t0.nanoseconds + offset), event: event, pid: pid)
    }

    @Test func withoutEvidenceTheLoopNeverAsks() {
        var evidence = TimedEvidence([])
        var symbols = SymbolTable()
        #expect(!evidence.isActive)
        #expect(evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, liveSession: { _ in 1 }, symbols: &symbols) == nil)
    }

    /// A report is due once the log is past its time plus the kill window; at the end, every
    /// one is; a report whose pid has no live session is dropped, never placed.
    @Test(arguments: [
        (Optional(4_000_000_000 as Int64), [Int64]()),  // within the window: not yet
        (Optional(5_000_000_001 as Int64), [Int64]()),  // past the window, but pid 2 is not live
        (nil, [Int64(1)]),  // the end: pid 1 is live, pid 2 is not
    ])
    func dueReportsArePlacedForLiveSessionsOnly(before offset: Int64?, placed: [Int64]) {
        var evidence = TimedEvidence([Self.report(pid: 2, at: 0), Self.report(pid: 1, at: 1_000_000_000)])
        var symbols = SymbolTable()
        let next = offset.map { Self.record(.didBecomeActive, pid: 9, at: $0) }
        var kills: [Record] = []
        while let (kill, report) = evidence.nextDue(
            before: next, liveClock: { $0 == 1 ? Self.t0 : nil }, liveSession: { $0 == 1 ? 1 : nil }, symbols: &symbols)
        {
            #expect(kill.pid == report.pid)
            #expect(kill.event == .sysKill)
            #expect(symbols[kill.reason] == report.reason)
            kills.append(kill)
        }
        #expect(kills.map { $0.pid ?? -1 } == placed)
    }

    /// The log's own kill or exit of the report's pid within 5 s, either side, is the same
    /// kill; another event, pid or a time further off is not.
    @Test(arguments: [
        (LifecycleEvent.sysKill, Int64?(3), Int64(-5_000_000_000), true),
        (.processExit, 3, 5_000_000_000, true),
        (.sysKill, 3, 5_000_000_001, false),
        (.sysKill, 4, 0, false),
        (.sysKill, nil, 0, false),
        (.didEnterBackground, 3, 0, false),
    ])
    func theLogsOwnKillIsTheSameKill(event: LifecycleEvent, pid: Int64?, offset: Int64, same: Bool) {
        var evidence = TimedEvidence([Self.report(pid: 3, at: 0)])
        var record = Self.record(event, pid: pid, at: offset)
        let report = evidence.sameKill(as: record, liveSession: { _ in 1 })
        #expect((report != nil) == same)
        if let report {
            var symbols = SymbolTable()
            TimedEvidence.adopt(report, in: &record, symbols: &symbols)
            #expect(symbols[record.reason] == report.reason)
            #expect(record.reasonCode == ReasonCode(text: report.reason))
            // Taken: it is never placed again.
            #expect(evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, liveSession: { _ in 1 }, symbols: &symbols) == nil)
        }
    }

    /// A kill placed for a report is reported at the line of the last record before it.
    @Test func aPlacedKillTakesTheLineOfTheLastRecord() {
        var evidence = TimedEvidence([Self.report(pid: 3, at: 0)])
        _ = evidence.sameKill(as: Self.record(.didEnterBackground, pid: 3, at: -1, line: 41), liveSession: { _ in 1 })
        var symbols = SymbolTable()
        let due = evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, liveSession: { _ in 1 }, symbols: &symbols)
        #expect(due?.kill.line == 41)
    }

    static func bound(pid: Int64, session: Int, endedAt offset: Int64, reason: String = "0x8badf00d", index: Int = 0)
        -> CrashReport
    {
        var report = CrashReport(
            path: "mk.json", pid: pid, time: Timestamp(nanoseconds: t0.nanoseconds + offset), reason: reason, summary: reason,
            origin: .metrickit(index: [index], log: "a.jsonl"))
        report.session = session
        return report
    }

    /// A report bound to a session (MetricKit) is due exactly before whatever may end that
    /// session, never by a window: any later record, a launch of another pid at the session's
    /// last instant, the end of the log; not a record of the same instant that ends nothing.
    @Test(arguments: [
        (LifecycleEvent.didBecomeActive, Int64?(9), Int64(1), true),  // any later record
        (.processLaunch, 9, 0, true),  // another pid's launch at its last instant (a relaunch of the app)
        (.willFinishLaunching, 9, 0, true),
        (.didBecomeActive, 9, 0, false),  // same instant, ends nothing
        (.processLaunch, 3, 0, false),  // its own pid's launch at that instant
        (.processLaunch, 9, -1, false),  // earlier
    ])
    func aBoundReportIsDueBeforeWhatMayEndItsSession(event: LifecycleEvent, pid: Int64?, offset: Int64, due: Bool) {
        let report = Self.bound(pid: 3, session: 2, endedAt: 0)
        #expect(TimedEvidence.isDue(report, before: Self.record(event, pid: pid, at: offset)) == due)
        #expect(TimedEvidence.isDue(report, before: nil))
    }

    /// A bound report ends only its own session: placed while that session is live (whatever
    /// the time: 1 ms or an hour after its last record), dropped when the pid's live session
    /// is another one.
    @Test(arguments: [
        (Int64(1_000_000), 2, true),
        (3_600_000_000_000, 2, true),
        (1_000_000, 3, false),
    ])
    func aBoundReportEndsItsOwnSessionOnly(after offset: Int64, liveSession: Int, placed: Bool) {
        var evidence = TimedEvidence([Self.bound(pid: 3, session: 2, endedAt: 0)])
        var symbols = SymbolTable()
        let due = evidence.nextDue(
            before: Self.record(.didBecomeActive, pid: 3, at: offset), liveClock: { _ in Self.t0 },
            liveSession: { _ in liveSession }, symbols: &symbols)
        #expect((due != nil) == placed)
        #expect(evidence.matched.count == (placed ? 1 : 0))
    }

    /// The session's own kill takes a bound report's reason at any distance in time; several
    /// bound reports of one session are one kill, decided by a termination code over a bare
    /// crash, the others its evidence; a report with a time of the same kill decides over
    /// both.
    @Test(arguments: [
        (["crash", "0x8badf00d"], false, "0x8badf00d"),
        (["0x8badf00d", "crash"], false, "0x8badf00d"),
        (["crash", "crash"], false, "crash"),
        (["jetsam", "0x8badf00d"], false, "jetsam"),
        (["crash", "0x8badf00d"], true, "bgtask-timeout"),
    ])
    func severalPiecesOfOneDeathAreOneKill(reasons: [String], timed: Bool, decided: String) {
        var reports = reasons.enumerated().map { Self.bound(pid: 3, session: 2, endedAt: 0, reason: $1, index: $0) }
        if timed { reports.append(Self.report(pid: 3, at: 900_000_000_000, reason: "bgtask-timeout")) }
        var evidence = TimedEvidence(reports)
        let kill = Self.record(.sysKill, pid: 3, at: 900_000_000_000)
        let report = evidence.sameKill(as: kill, liveSession: { _ in 2 })
        #expect(report?.reason == decided)
        #expect(evidence.matched.count == reports.count)
        var symbols = SymbolTable()
        #expect(evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, liveSession: { _ in 2 }, symbols: &symbols) == nil)
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
