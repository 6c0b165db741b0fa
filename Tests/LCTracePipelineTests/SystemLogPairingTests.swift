import Foundation
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import Testing

@testable import LCTraceAppleFormats
@testable import LCTracePipeline

/// How the findings of a system log are paired with an instrumented log's
/// (`SystemLogJoin`): one to one, the nearest in time, never trapping on far-apart times.
@Suite struct SystemLogPairingTests {
    static let base: Int64 = 1_795_168_800_000_000_000  // 2026-11-20T10:00:00Z

    static func unmatchedEnd(_ file: String, line: Int, at nanoseconds: Int64, source: FindingSource) -> Finding {
        Finding(
            rule: .bgtaskUnmatchedEnd, file: file, line: line, time: Timestamp(nanoseconds: nanoseconds), pid: 201,
            task: .number(7), message: "task 7 ended but not begun", source: source)
    }

    /// Two unmatched ends of task 7 a second apart, seen by both logs: each system finding
    /// lands on its own instrumented finding (it used to land both on the first).
    @Test func twoFactsOfOneKindPairOneToOne() {
        var app = [
            FileResult(
                path: "app.jsonl",
                findings: [
                    Self.unmatchedEnd("app.jsonl", line: 2, at: Self.base, source: .app),
                    Self.unmatchedEnd("app.jsonl", line: 3, at: Self.base + 1_000_000_000, source: .app),
                ])
        ]
        var system = [
            FileResult(
                path: "s.txt",
                findings: [
                    Self.unmatchedEnd("s.txt", line: 9, at: Self.base + 1_000_000_000, source: .system),
                    Self.unmatchedEnd("s.txt", line: 8, at: Self.base, source: .system),
                ])
        ]
        SystemLogJoin.join(app: &app, system: &system)
        #expect(system[0].findings.isEmpty)
        #expect(
            app[0].findings.map(\.message) == [
                "task 7 ended but not begun (also in system log 's.txt' line 8)",
                "task 7 ended but not begun (also in system log 's.txt' line 9)",
            ])
    }

    /// A third system finding of the same fact, with both instrumented ones taken, stays the system's.
    @Test func aSystemFindingWithNoFreePartnerIsKept() {
        var app = [FileResult(path: "app.jsonl", findings: [Self.unmatchedEnd("app.jsonl", line: 2, at: Self.base, source: .app)])]
        var system = [
            FileResult(
                path: "s.txt",
                findings: [
                    Self.unmatchedEnd("s.txt", line: 8, at: Self.base, source: .system),
                    Self.unmatchedEnd("s.txt", line: 9, at: Self.base + 500_000_000, source: .system),
                ])
        ]
        SystemLogJoin.join(app: &app, system: &system)
        #expect(system[0].findings.map(\.line) == [9])
        #expect(app[0].findings[0].message == "task 7 ended but not begun (also in system log 's.txt' line 8)")
    }

    /// Times at both ends of the range (1700 and 2250): two facts, and no trap (`abs` of
    /// Int64.min trapped here).
    @Test func timesAtBothEndsOfTheRangeAreTwoFacts() {
        let early = Self.unmatchedEnd("app.jsonl", line: 2, at: Int64.min / 2 - 1_000, source: .app)
        let late = Self.unmatchedEnd("s.txt", line: 2, at: Int64.max / 2 + 1_000, source: .system)
        #expect(SameFact.findingDistance(early, late) == nil)
        #expect(SameFact.findingDistance(late, early) == nil)
        var app = [FileResult(path: "app.jsonl", findings: [early])]
        var system = [FileResult(path: "s.txt", findings: [late])]
        SystemLogJoin.join(app: &app, system: &system)
        #expect(system[0].findings.count == 1)
    }

    /// `--subsystem` selects the instrumented export's records; it never drops the system log's
    /// RunningBoard messages (the kill still ends the instrumented session).
    @Test func aSubsystemFilterDoesNotApplyToTheSystemLog() throws {
        let app =
            SystemLogStoryTests.instrumented.split(separator: "\n")
            .filter { !$0.contains("bgtask.") && !$0.contains("sys.kill") }.joined(separator: "\n") + "\n"
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-pairing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let appPath = dir.appendingPathComponent("app.jsonl").path
        let consolePath = dir.appendingPathComponent("console.txt").path
        try app.write(toFile: appPath, atomically: true, encoding: .utf8)
        try SystemLogJoinTests.transcript().write(toFile: consolePath, atomically: true, encoding: .utf8)
        var filter = UnifiedLogFilter(subsystems: ["com.example.uploader"])
        filter.syslog.date = "2026-11-20"
        let run = RunReport.replaying([appPath], systemLogs: [consolePath], configuration: ReplayConfiguration(), reading: ReadOptions(filter: filter))
        #expect(run.files[0].exitClasses == [.purged: 1])
        #expect(run.files[1].findings.count == 3, "\(run.files[1].findings.map(\.message))")
    }
}
