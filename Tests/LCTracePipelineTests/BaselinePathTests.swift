import Foundation
import LCTraceCore
import LCTraceReport
import Testing

/// Baselines compare files by canonical path, and `--strict-baseline` only calls entries of
/// files in the run stale.
@Suite struct BaselinePathTests {
    @Test(arguments: [
        ("./app.jsonl", "app.jsonl"),
        ("app.jsonl", "./app.jsonl"),
        ("logs//app.jsonl", "logs/./app.jsonl"),
        ("logs/../app.jsonl", "app.jsonl"),
        ("/work/project/app.jsonl", "app.jsonl"),
        ("app.jsonl", "/work/project/app.jsonl"),
    ])
    func baselinePathsAreComparedCanonically(baselined: String, replayed: String) throws {
        let recorded = try BaselineTests.run(BaselineTests.today, name: baselined)
        let baseline = Baseline(run: recorded)
        let today = try BaselineTests.run(BaselineTests.today, name: replayed)
        let comparison = baseline.apply(to: today, workingDirectory: "/work/project")
        #expect(comparison.suppressed == recorded.files[0].findings.count)
        #expect(comparison.suppressed > 0)
        #expect(comparison.run.files[0].findings.isEmpty)
        #expect(comparison.stale.isEmpty)
    }

    @Test(arguments: [
        ("./a.jsonl", "/w", "a.jsonl"), ("/w/sub/../a.jsonl", "/w", "a.jsonl"), ("/elsewhere/a.jsonl", "/w", "/elsewhere/a.jsonl"),
        ("../a.jsonl", "/w/x", "/w/a.jsonl"), ("-", "/w", "-"), ("a.jsonl", "/", "a.jsonl"),
    ])
    func canonicalPathSpelling(path: String, cwd: String, expected: String) {
        #expect(Baseline.canonicalPath(path, workingDirectory: cwd) == expected)
    }

    @Test func strictBaselineReportsOnlyEntriesOfFilesInTheRun() throws {
        let a = try BaselineTests.run(BaselineTests.today, name: "a.jsonl")
        let b = try BaselineTests.run(BaselineTests.today, name: "b.jsonl")
        let baseline = Baseline(run: RunReport(toolVersion: "test", files: a.files + b.files))
        // Only a.jsonl is replayed, unchanged: b.jsonl is not in the run, so none of its
        // entries is stale.
        let comparison = baseline.apply(to: a, workingDirectory: "/w")
        #expect(comparison.stale.isEmpty)
        // a.jsonl fixed: its entries are stale, b.jsonl's still are not.
        let fixed = try BaselineTests.run(Array(BaselineTests.today.prefix(4)), name: "./a.jsonl")
        let stale = baseline.apply(to: fixed, workingDirectory: "/w").stale
        #expect(!stale.isEmpty)
        #expect(stale.allSatisfy { $0.file == "a.jsonl" })
    }
}
