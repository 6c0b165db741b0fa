import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import Testing

/// An instrumented log and a system log of the same run (`replay LOG --system-log S`): one
/// fact seen twice is one finding, the instrumented log's; a fact only the system saw is kept
/// with source `system`; the system's records never move the instrumented app's state.
@Suite struct SystemLogJoinTests {
    typealias Story = SystemLogStoryTests

    /// A scratch directory with the two logs written into it.
    struct Run {
        let dir: URL
        init(app: String, system: String) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-join-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try app.write(to: dir.appendingPathComponent("app.jsonl"), atomically: true, encoding: .utf8)
            try system.write(to: dir.appendingPathComponent("console.txt"), atomically: true, encoding: .utf8)
        }
        var app: String { dir.appendingPathComponent("app.jsonl").path }
        var console: String { dir.appendingPathComponent("console.txt").path }

        func replay(date: String = "2026-11-20") -> RunReport {
            defer { try? FileManager.default.removeItem(at: dir) }
            var filter = UnifiedLogFilter()
            filter.syslog.date = date
            return RunReport.replaying(
                [app], systemLogs: [console], configuration: ReplayConfiguration(), reading: ReadOptions(filter: filter))
        }
    }

    static func transcript() throws -> String {
        try String(
            contentsOf: RepositoryPaths.traces.appendingPathComponent("src/syslog-suspended-and-killed.txt"),
            encoding: .utf8)
    }

    @Test func theStoryToldTwiceGivesEachFindingOnce() throws {
        let run = try Run(app: Story.instrumented, system: Self.transcript()).replay()
        #expect(run.files.map(\.path).count == 2)
        let app = run.files[0]
        let system = run.files[1]
        #expect(app.findings.map(Story.fact).sorted() == ["LC203 pid=201 task=1", "LC300 pid=201 task=1", "LC302 pid=201 task=1"])
        #expect(system.findings.isEmpty, "\(system.findings.map(Story.fact))")
        #expect(app.findings.allSatisfy { $0.source == .app })
        #expect(app.findings.allSatisfy { $0.message.contains("(also in system log '") }, "\(app.findings.map(\.message))")
        // Both logged the task's begin: it was begun once (no LC303), and the kill both logged
        // is one kill.
        #expect(!run.files.flatMap(\.findings).contains { $0.rule == .bgtaskIdReused || $0.rule == .eventAfterExit })
        #expect(app.exitClasses == [.purged: 1])
    }

    /// The app logged its lifecycle but not the task (a library began it) nor its own kill:
    /// UIKit's and RunningBoard's facts are kept as the system's, and the kill RunningBoard
    /// logged ends the instrumented session.
    @Test func aFindingOnlyTheSystemSawIsKeptAsSystem() throws {
        let app =
            Story.instrumented.split(separator: "\n")
            .filter { !$0.contains("bgtask.") && !$0.contains("sys.kill") }.joined(separator: "\n") + "\n"
        let run = try Run(app: app, system: Self.transcript()).replay()
        let system = run.files[1]
        #expect(run.files[0].findings.isEmpty, "\(run.files[0].findings.map(Story.fact))")
        #expect(system.findings.map(Story.fact).sorted() == ["LC203 pid=201 task=1", "LC300 pid=201 task=1", "LC302 pid=201 task=1"])
        #expect(system.findings.allSatisfy { $0.source == .system })
        // Without the transcript the instrumented session is open; with it, purged at the kill.
        #expect(run.files[0].exitClasses == [.purged: 1])
    }

    /// Another pid, or the same story a day later: two facts, both kept.
    @Test(arguments: [("pid", "2026-11-20"), ("time", "2026-11-21")])
    func mismatchedPidsOrTimesDoNotMerge(_ what: String, _ date: String) throws {
        var transcript = try Self.transcript()
        if what == "pid" { transcript = transcript.replacingOccurrences(of: ":201]", with: ":202]") }
        let run = try Run(app: Story.instrumented, system: transcript).replay(date: date)
        let app = run.files[0]
        let system = run.files[1]
        #expect(app.findings.count == 3)
        #expect(!app.findings.contains { $0.message.contains("also in system log") })
        #expect(system.findings.count == 3, "\(system.findings.map(Story.fact))")
        #expect(system.findings.allSatisfy { $0.source == .system })
        // The other pid's kill (or the next day's) ends no instrumented session.
        #expect(app.exitClasses == [.purged: 1])
    }

    /// A system log's kill the instrumented log did not have names the system log's line.
    @Test func aKillOnlyTheSystemSawNamesItsLine() throws {
        // The app is killed while running: LC103 on the instrumented side, from the transcript's kill.
        let app = Story.instrumented.split(separator: "\n").prefix(5).joined(separator: "\n") + "\n"
        let kill =
            "default\t10:01:00.000000+0000\trunningboardd\t[application<com.example.uploader>:201] termination reported by launchd (2, 9, 9)\n"
        let run = try Run(app: app, system: kill).replay()
        let exit = try #require(run.files[0].findings.first { $0.rule == .abnormalExit })
        #expect(exit.source == .system)
        #expect(exit.message.hasSuffix("line 1: termination reported by launchd)"), "\(exit.message)")
        #expect(run.files[1].findings.isEmpty, "\(run.files[1].findings.map(\.message))")
    }
}
