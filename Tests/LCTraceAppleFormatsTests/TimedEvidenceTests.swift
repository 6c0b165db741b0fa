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
        #expect(evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, symbols: &symbols) == nil)
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
        let time = offset.map { Timestamp(nanoseconds: Self.t0.nanoseconds + $0) }
        var kills: [Record] = []
        while let (kill, report) = evidence.nextDue(
            before: time, liveClock: { $0 == 1 ? Self.t0 : nil }, symbols: &symbols)
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
        let report = evidence.sameKill(as: record)
        #expect((report != nil) == same)
        if let report {
            var symbols = SymbolTable()
            TimedEvidence.adopt(report, in: &record, symbols: &symbols)
            #expect(symbols[record.reason] == report.reason)
            #expect(record.reasonCode == ReasonCode(text: report.reason))
            // Taken: it is never placed again.
            #expect(evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, symbols: &symbols) == nil)
        }
    }

    /// A kill placed for a report is reported at the line of the last record before it.
    @Test func aPlacedKillTakesTheLineOfTheLastRecord() {
        var evidence = TimedEvidence([Self.report(pid: 3, at: 0)])
        _ = evidence.sameKill(as: Self.record(.didEnterBackground, pid: 3, at: -1, line: 41))
        var symbols = SymbolTable()
        let due = evidence.nextDue(before: nil, liveClock: { _ in Self.t0 }, symbols: &symbols)
        #expect(due?.kill.line == 41)
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
