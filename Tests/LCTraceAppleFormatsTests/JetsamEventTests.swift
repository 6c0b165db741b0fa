import LCTraceCore
import Testing

@testable import LCTraceAppleFormats

/// JetsamEvent reports (`bug_type` 298) given to `--crash-report`: each killed process is a
/// report with the `sys.kill` reason SPEC §5 classes (`memory-limit` while running, `purged`
/// while suspended); a process without `reason` was not killed.
@Suite struct JetsamEventTests {
    typealias F = JetsamEventFixtures

    @Test func eachKilledProcessIsAReport() throws {
        let text = F.report([
            F.alive(pid: 3025, name: "InCallService"),
            F.killed(pid: 432, name: "Uploader", reason: "per-process-limit"),
            F.killed(pid: 8866, name: "maild", reason: "vm-pageshortage", state: "idle"),
        ])
        let reports = try CrashReport.parseAll(text, path: "j.ips")
        #expect(reports.map(\.pid) == [432, 8866])
        #expect(reports.map(\.process) == ["Uploader", "maild"])
        #expect(reports.map(\.reason) == ["per-process-limit", "jetsam"])
        #expect(reports.map(\.summary) == ["JetsamEvent per-process-limit", "JetsamEvent vm-pageshortage"])
        #expect(reports.allSatisfy { $0.isJetsamEvent })
        #expect(reports.allSatisfy { $0.time == Timestamp(rfc3339: "2026-11-20T10:00:20.59Z") })
    }

    /// Every jetsam reason is a memory kill: SPEC §5's `memory-limit` while running.
    @Test(arguments: [
        ("per-process-limit", ReasonCode.memoryLimit), ("vm-pageshortage", .jetsam), ("highwater", .jetsam),
        ("fc-thrashing", .jetsam),
    ])
    func jetsamReasonsAreMemoryKills(_ reason: String, _ code: ReasonCode) {
        #expect(ReasonCode(text: CrashReport.jetsamReason(reason)) == code)
    }

    @Test func withoutTheBodysDateTheHeadersTimestampIsTaken() throws {
        let text = F.report([F.killed(pid: 432, name: "Uploader", reason: "highwater")], date: "null")
        let reports = try CrashReport.parseAll(text, path: "j.ips")
        #expect(reports.first?.time == Timestamp(rfc3339: "2026-11-20T10:00:20Z"))
    }

    @Test func aCrashReportIsStillOneReport() throws {
        let text = CrashReportFixtures.json(termination: CrashReportFixtures.frontboardWatchdog)
        let reports = try CrashReport.parseAll(text, path: "r.ips")
        #expect(reports.count == 1)
        #expect(reports.first?.isJetsamEvent == false)
    }

    @Test(arguments: [
        (
            "no processes", F.header + "\n{\"date\" : \"2026-11-20 11:00:20.59 +0100\"}\n",
            "expected a 'processes' array in the body of the JetsamEvent report (bug_type 298)"
        ),
        (
            "nobody killed", F.report([F.alive(pid: 3025, name: "InCallService")]),
            "expected a killed process (one with 'reason' and 'pid') in 'processes' of the JetsamEvent report (bug_type 298)"
        ),
        (
            "bad date", F.report([F.killed(pid: 432, name: "Uploader", reason: "highwater")], date: "\"today\""),
            "expected 'date' as 'YYYY-MM-DD HH:MM:SS.ssss +HHMM', found 'today'"
        ),
    ])
    func malformedJetsamEventsSayWhatWasExpected(_ name: String, _ text: String, _ message: String) {
        #expect(throws: CrashReportError(path: "j.ips", message: message), "\(name)") {
            try CrashReport.parseAll(text, path: "j.ips")
        }
    }
}
