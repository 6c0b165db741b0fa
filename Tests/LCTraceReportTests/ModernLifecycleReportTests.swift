import Foundation
import LCTraceCore
import LCTraceReplay
import LCTraceReport
import Testing

/// Every report format shows the rules of scheduled tasks (LC204, LC305, LC306) and the exit
/// classes after MetricKit (`locked-file`, `memory-limit`, `cpu-limit`, `thermal`), from the
/// samples in traces/ replayed through the real pipeline.
@Suite struct ModernLifecycleReportTests {
    static let files = [
        "lc204-bgsched-overrun.jsonl.zst", "lc305-bgsched-not-completed.jsonl.zst",
        "lc306-bgsched-expired-not-completed.jsonl.zst", "clean-prewarm-scheduled.jsonl.zst",
    ]

    static func output(_ format: ReportFormat) throws -> String {
        let run = try SampleTraceSARIFTests.run(files)
        var text = ""
        makeReporter(format, options: ReportOptions(workingDirectory: SampleTraceSARIFTests.root.path)).write(run, to: &text)
        return text
    }

    @Test(arguments: [ReportFormat.text, .json, .jsonl, .sarif, .junit, .github, .html])
    func newRulesAppear(format: ReportFormat) throws {
        let text = try Self.output(format)
        for id in ["LC204", "LC305", "LC306"] { #expect(text.contains(id), "\(format) lacks \(id)") }
    }

    @Test(arguments: [ReportFormat.json, .jsonl, .html])
    func newExitClassesAreCounted(format: ReportFormat) throws {
        let text = try Self.output(format)
        for name in ["locked-file", "memory-limit", "cpu-limit", "thermal"] {
            #expect(text.contains(name), "\(format) lacks \(name)")
        }
    }

    @Test func githubStepSummaryCountsTheNewExitClasses() throws {
        let md = GitHubReporter().stepSummary(for: try SampleTraceSARIFTests.run(Self.files))
        #expect(md.contains("| locked-file | 1 |"))
        for name in ["memory-limit", "cpu-limit", "thermal"] { #expect(md.contains("| \(name) | 0 |")) }
    }

    @Test func sarifListsEveryNewRule() throws {
        let run = try SampleTraceSARIFTests.run(Self.files)
        let sarif = SampleTraceSARIFTests.render(.sarif, run)
        let runs = try #require(sarif["runs"] as? [[String: Any]])
        let driver = try #require((runs.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ids = Set(((driver["rules"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String })
        #expect(ids.isSuperset(of: ["LC204", "LC305", "LC306"]))
    }

    @Test func jsonCountsTheLockedFileAndPurgedSessions() throws {
        let run = try SampleTraceSARIFTests.run(["clean-prewarm-scheduled.jsonl.zst"])
        let json = SampleTraceSARIFTests.render(.json, run)
        let exits = try #require((json["summary"] as? [String: Any])?["exits"] as? [String: Int])
        #expect(exits["locked-file"] == 1 && exits["purged"] == 1 && exits["open"] == 1)
    }

    @Test func lc103NamesTheMemoryLimitClass() {
        var replayer = Replayer(path: "t.jsonl", configuration: ReplayConfiguration())
        var symbols = SymbolTable()
        let reason = symbols.append("per-process-limit")
        let records = [
            Record(line: 1, time: Timestamp(nanoseconds: 0), event: .didFinishLaunching, pid: 1),
            Record(line: 2, time: Timestamp(nanoseconds: 1_000_000_000), event: .didBecomeActive, pid: 1),
            Record(
                line: 3, time: Timestamp(nanoseconds: 2_000_000_000), event: .sysKill, pid: 1,
                reasonCode: ReasonCode(text: "per-process-limit"), reason: reason),
        ]
        for r in records { replayer.process(r, symbols: symbols) }
        let result = replayer.finish(symbols: symbols)
        let run = RunReport(toolVersion: "test", files: [result])
        let text = TextReporter(options: ReportOptions()).render(run)
        #expect(text.contains("exit class 'memory-limit', reason 'per-process-limit'"), "\(text)")
    }
}
