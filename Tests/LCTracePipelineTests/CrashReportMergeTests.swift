import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import Testing

/// Crash reports given with a log end the matching session as the engine's `sys.kill`
/// (docs/SYSTEM-LOGS.md): exit class and LC103 from the one engine, source `system`.
@Suite struct CrashReportMergeTests {
    /// An app launched and active with a task open; the log stops there (killed unlogged).
    static let log = [
        #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.uploader","model":"uikit-app"}"#,
        #"{"t":"2026-11-20T10:00:00.000Z","ev":"process.launch","pid":432,"reason":"user"}"#,
        #"{"t":"2026-11-20T10:00:00.120Z","ev":"app.willFinishLaunching","pid":432}"#,
        #"{"t":"2026-11-20T10:00:00.450Z","ev":"app.didFinishLaunching","pid":432}"#,
        #"{"t":"2026-11-20T10:00:00.700Z","ev":"app.didBecomeActive","pid":432}"#,
        #"{"t":"2026-11-20T10:00:05.000Z","ev":"bgtask.begin","pid":432,"task":1,"name":"sync"}"#,
    ]

    static func report(pid: Int64 = 432, at time: String = "2026-11-20T10:00:20.5Z", reason: String) -> CrashReport {
        CrashReport(
            path: "r.ips", pid: pid, process: "Uploader", time: Timestamp(rfc3339: time)!, reason: reason,
            summary: "FRONTBOARD \(reason)")
    }

    static func replay(
        _ lines: [String], reports: [CrashReport], name: String = "app.jsonl", date: String? = nil
    ) throws -> (result: FileResult, matched: [CrashReport]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        var filter = UnifiedLogFilter()
        filter.syslog.date = date
        var matched: [CrashReport] = []
        let result = try FileReplay.run(
            path: path, displayName: name, configuration: ReplayConfiguration(), reading: ReadOptions(filter: filter), crashReports: reports,
            onMatch: { matched.append($0) }
        ).get()
        return (result, matched)
    }

    /// Each termination code gives the exit class SPEC §5 gives it, while running.
    @Test(arguments: [
        ("0x8badf00d", ExitClass.watchdog), ("0xdead10cc", .lockedFile), ("0xc00010ff", .thermal),
        ("jetsam", .memoryLimit), ("watchdog", .watchdog), ("crash", .abnormal), ("0xbaadca11", .abnormal),
    ])
    func theReportsReasonGivesTheExitClass(_ reason: String, _ exitClass: ExitClass) throws {
        let (result, matched) = try Self.replay(Self.log, reports: [Self.report(reason: reason)])
        #expect(matched.count == 1)
        #expect(result.exitClasses[exitClass] == 1, "\(result.exitClasses)")
        #expect(result.exitClasses[.open] == nil)
        let lc103 = try #require(result.findings.first { $0.rule == .abnormalExit })
        #expect(lc103.exitClass == exitClass)
        #expect(lc103.source == .system)
        #expect(lc103.time == Timestamp(rfc3339: "2026-11-20T10:00:20.5Z"))
        #expect(lc103.message.hasSuffix("(crash report 'r.ips': FRONTBOARD \(reason))"), "\(lc103.message)")
        #expect(lc103.message.contains("reason '\(reason)'"))
        // The task merely open when the process died did not get it killed: no LC300 (SPEC §5,
        // 2028 edition), it is on the death; nothing is left open.
        #expect(!result.findings.contains { $0.rule == .bgtaskLeaked })
        #expect(result.deaths.first?.openTasks.map(\.line) == [6])
        #expect(!result.findings.contains { $0.rule == .bgtaskOpenAtEnd })
    }

    @Test func withoutAReportTheSessionIsOpen() throws {
        let (result, matched) = try Self.replay(Self.log, reports: [])
        #expect(matched.isEmpty)
        #expect(result.exitClasses == [.open: 1])
        #expect(result.findings.map(\.rule) == [.bgtaskOpenAtEnd])
    }

    /// A report for a pid the log does not have, or for a session that ended long before,
    /// matches nothing: the log's findings are unchanged.
    @Test(arguments: [
        (Int64(999), "2026-11-20T10:00:20.5Z"),
        (Int64(432), "2026-11-20T09:00:00Z"),
    ])
    func aReportThatMatchesNoSessionChangesNothing(_ pid: Int64, _ time: String) throws {
        let ended = Self.log + [#"{"t":"2026-11-20T10:00:10.000Z","ev":"app.willTerminate","pid":432}"#]
        let plain = try Self.replay(ended, reports: [])
        let (result, matched) = try Self.replay(ended, reports: [Self.report(pid: pid, at: time, reason: "0x8badf00d")])
        #expect(matched.isEmpty)
        #expect(result.findings.map(\.message) == plain.result.findings.map(\.message))
        #expect(result.exitClasses == plain.result.exitClasses)
    }

    /// A session that ended before the report's time (beyond the tolerance) is not the report's.
    @Test func aSessionEndedBeforeTheReportIsNotEndedAgain() throws {
        let ended = Self.log + [#"{"t":"2026-11-20T10:00:10.000Z","ev":"app.willTerminate","pid":432}"#]
        let (result, matched) = try Self.replay(ended, reports: [Self.report(reason: "0x8badf00d")])
        #expect(matched.isEmpty)
        #expect(result.exitClasses == [.normal: 1])
    }

    /// A kill the log has within the tolerance (before or after the report's time) is the
    /// same kill: it takes the report's reason, and no second kill is replayed.
    @Test(arguments: ["2026-11-20T10:00:18.000Z", "2026-11-20T10:00:24.000Z"])
    func aKillInTheLogIsTheSameKill(_ killTime: String) throws {
        let killed =
            Self.log + [
                #"{"t":"\#(killTime)","ev":"sys.kill","pid":432}"#,
                #"{"t":"2026-11-20T10:00:40.000Z","ev":"process.launch","pid":433,"reason":"user"}"#,
            ]
        let (result, matched) = try Self.replay(killed, reports: [Self.report(reason: "0x8badf00d")])
        #expect(matched.count == 1)
        #expect(result.events == killed.count)
        #expect(result.exitClasses[.watchdog] == 1, "\(result.exitClasses)")
        let lc103 = try #require(result.findings.first { $0.rule == .abnormalExit })
        #expect(lc103.line == 7)
        #expect(lc103.source == .system)
        #expect(lc103.message.contains("(crash report 'r.ips'"))
        #expect(!result.findings.contains { $0.rule == .eventAfterExit })
    }

    /// Within the tolerance, the log's records of the pid after the report's time come first:
    /// the kill is replayed after them (clocks of report and log differ a little).
    @Test func recordsJustAfterTheReportComeBeforeItsKill() throws {
        let later =
            Self.log + [
                #"{"t":"2026-11-20T10:00:22.000Z","ev":"bgtask.end","pid":432,"task":1}"#,
                #"{"t":"2026-11-20T10:01:00.000Z","ev":"process.launch","pid":500,"reason":"user"}"#,
            ]
        let (result, matched) = try Self.replay(later, reports: [Self.report(reason: "0xdead10cc")])
        #expect(matched.count == 1)
        #expect(result.exitClasses[.lockedFile] == 1, "\(result.exitClasses)")
        let lc103 = try #require(result.findings.first { $0.rule == .abnormalExit })
        #expect(lc103.line == 7)
        #expect(lc103.time == Timestamp(rfc3339: "2026-11-20T10:00:22Z"))
        #expect(!result.findings.contains { $0.rule == .eventAfterExit || $0.rule == .bgtaskLeaked })
    }

    /// A system-log transcript: RunningBoard's `termination reported by launchd` of a
    /// suspended app is a purge; the crash report says it was the file-lock kill.
    @Test func aTranscriptsKillTakesTheReportsReason() throws {
        let transcript = try String(
            contentsOf: RepositoryPaths.traces.appendingPathComponent("src/syslog-suspended-and-killed.txt"),
            encoding: .utf8)
        let lines = transcript.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let plain = try Self.replay(lines, reports: [], name: "console.txt", date: "2026-11-20")
        #expect(plain.result.exitClasses == [.purged: 1])
        let report = CrashReport(
            path: "lock.ips", pid: 201, time: Timestamp(rfc3339: "2026-11-20T10:20:01.2Z")!, reason: "0xdead10cc",
            summary: "RUNNINGBOARD 0xdead10cc")
        let (result, matched) = try Self.replay(lines, reports: [report], name: "console.txt", date: "2026-11-20")
        #expect(matched.count == 1)
        #expect(result.exitClasses == [.lockedFile: 1])
        #expect(result.findings.allSatisfy { $0.source == .system })
        #expect(result.findings.map(\.rule).sorted() == plain.result.findings.map(\.rule).sorted())
    }

    /// The timeline (HTML, `lctrace timeline`) shows the session ended by the report.
    @Test func theTimelineEndsTheSessionAtTheReport() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("app.jsonl").path
        try (Self.log.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try FileReplay.run(
            path: path, configuration: ReplayConfiguration(), collectTimeline: true,
            crashReports: [Self.report(reason: "0x8badf00d")]
        ).get()
        let session = try #require(result.timeline?.processes.first?.sessions.first)
        #expect(session.exitClass == .watchdog)
    }

    /// Several files: a report is said unmatched only when no file matched it.
    @Test func unmatchedReportsAreToldOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = dir.appendingPathComponent("a.jsonl").path
        let b = dir.appendingPathComponent("b.jsonl").path
        try (Self.log.joined(separator: "\n") + "\n").write(toFile: a, atomically: true, encoding: .utf8)
        try "{\"t\":\"2026-11-20T10:00:00Z\",\"ev\":\"process.launch\",\"pid\":7}\n".write(
            toFile: b, atomically: true, encoding: .utf8)
        var unmatched: [CrashReport] = []
        let reports = [Self.report(reason: "0x8badf00d"), Self.report(pid: 8, reason: "crash")]
        let run = RunReport.replaying(
            [a, b], configuration: ReplayConfiguration(), crashReports: reports, onUnmatched: { unmatched.append($0) })
        #expect(unmatched.map(\.pid) == [8])
        #expect(unmatched.first?.unjoinedReason == "no session of pid 8 in the logs")
        #expect(run.files[0].exitClasses[.watchdog] == 1)
        #expect(run.files[1].exitClasses == [.open: 1])
    }
}

extension CrashReportMergeTests {
    /// While suspended, SPEC §5's order decides as for any kill: a lock kill is `locked-file`,
    /// a jetsam kill a purge; no LC103 for a suspended process.
    @Test(arguments: [("0xdead10cc", ExitClass.lockedFile), ("jetsam", .purged), ("crash", .purged)])
    func aSuspendedProcessIsClassedByTheOneEngine(_ reason: String, _ exitClass: ExitClass) throws {
        let suspended =
            Self.log + [
                #"{"t":"2026-11-20T10:00:06.000Z","ev":"bgtask.end","pid":432,"task":1}"#,
                #"{"t":"2026-11-20T10:00:07.000Z","ev":"app.willResignActive","pid":432}"#,
                #"{"t":"2026-11-20T10:00:07.100Z","ev":"app.didEnterBackground","pid":432}"#,
                #"{"t":"2026-11-20T10:00:08.000Z","ev":"sys.suspend","pid":432}"#,
            ]
        let (result, matched) = try Self.replay(suspended, reports: [Self.report(reason: reason)])
        #expect(matched.count == 1)
        #expect(result.exitClasses == [exitClass: 1], "\(result.exitClasses)")
        #expect(!result.findings.contains { $0.rule == .abnormalExit })
    }
}
