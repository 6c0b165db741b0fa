import Foundation
import LCTracePipeline
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import LCTraceReport
import LCTraceTestSupport
import Testing

/// A baseline written today suppresses today's findings after unrelated records are
/// inserted earlier in the log, and a new violation still shows.
@Suite struct BaselineTests {
    static func run(_ lines: [String], name: String = "session.jsonl") throws -> RunReport {
        let reader = try openLog(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: name)
        let result = FileReplay.replay(reader, configuration: ReplayConfiguration())
        return RunReport(toolVersion: "test", files: [result])
    }

    static let base = 1_795_168_800
    static func rec(_ t: Double, _ ev: String, pid: Int, _ extra: String = "") -> String {
        "{\"t\":\(Double(base) + t),\"ev\":\"\(ev)\",\"pid\":\(pid)\(extra)}"
    }

    /// A session with a leaked task (LC300) and a didBecomeActive in background (LC100).
    static let today: [String] = [
        rec(0, "process.launch", pid: 7, ",\"reason\":\"user\""), rec(0.1, "app.willFinishLaunching", pid: 7),
        rec(0.3, "app.didFinishLaunching", pid: 7), rec(0.5, "app.didBecomeActive", pid: 7),
        rec(10, "app.willResignActive", pid: 7), rec(10.2, "app.didEnterBackground", pid: 7),
        rec(10.3, "bgtask.begin", pid: 7, ",\"task\":1"), rec(12, "sys.suspend", pid: 7),
        rec(40, "sys.resume", pid: 7), rec(41, "app.didBecomeActive", pid: 7),
    ]

    /// Another process, running its own clean session, recorded before ours.
    static let unrelated: [String] = [
        "{\"t\":\(base - 100),\"ev\":\"meta\",\"os\":\"17.4\"}",
        rec(-90, "process.launch", pid: 3, ",\"reason\":\"user\""), rec(-89.9, "app.willFinishLaunching", pid: 3),
        rec(-89.5, "app.didFinishLaunching", pid: 3), rec(-89, "app.didBecomeActive", pid: 3),
        rec(-80, "app.willResignActive", pid: 3), rec(-79.8, "app.didEnterBackground", pid: 3),
        rec(-79, "sys.suspend", pid: 3),
    ]

    @Test func todaysFindingsAreSuppressedAfterUnrelatedInsertions() throws {
        let before = try Self.run(Self.today)
        #expect(Set(before.files[0].findings.map(\.rule)) == [.bgtaskLeaked, .illegalTransition])
        let baseline = Baseline(run: before)

        let later = try Self.run(Self.unrelated + Self.today)
        #expect(later.files[0].findings.count == before.files[0].findings.count)
        #expect(later.files[0].findings.map(\.line) != before.files[0].findings.map(\.line), "lines moved")
        let comparison = baseline.apply(to: later)
        #expect(comparison.run.files[0].findings.isEmpty)
        #expect(comparison.suppressed == before.files[0].findings.count)
        #expect(comparison.stale.isEmpty)
    }

    @Test func aNewViolationStillShows() throws {
        let baseline = Baseline(run: try Self.run(Self.today))
        let worse = Self.unrelated + Self.today + [Self.rec(50, "bgtask.end", pid: 7, ",\"task\":99")]
        let comparison = baseline.apply(to: try Self.run(worse))
        #expect(comparison.run.files[0].findings.map(\.rule) == [.bgtaskUnmatchedEnd])
        #expect(comparison.run.summary.errors == 1)
    }

    @Test func aSecondOccurrenceOfAnAcceptedFindingIsNew() throws {
        let baseline = Baseline(run: try Self.run(Self.today))
        // The same mistake once more: same key, second occurrence.
        let twice =
            Self.today + [
                Self.rec(50, "app.willResignActive", pid: 7), Self.rec(50.2, "app.didEnterBackground", pid: 7),
                Self.rec(60, "app.didBecomeActive", pid: 7),
            ]
        let comparison = baseline.apply(to: try Self.run(twice))
        #expect(comparison.run.files[0].findings.map(\.rule) == [.illegalTransition])
    }

    /// LC404's message is its subject (what the log said it lost), as for LC401–LC403.
    @Test func recordsLostIsKeyedOnItsMessage() {
        func run(_ message: String) -> RunReport {
            let finding = Finding(rule: .recordsLost, file: "export.ndjson", line: 8, message: message)
            return RunReport(toolVersion: "test", files: [FileResult(path: "export.ndjson", events: 9, findings: [finding])])
        }
        let baseline = Baseline(run: run("the log says records were lost here: 'lost 3 unreliable messages'"))
        #expect(baseline.apply(to: run("the log says records were lost here: 'lost 3 unreliable messages'")).suppressed == 1)
        let other = baseline.apply(to: run("the log says records were lost here: 'lost 40 unreliable messages'"))
        #expect(other.suppressed == 0)
        #expect(other.run.files[0].findings.map(\.rule) == [.recordsLost])
    }

    @Test func fixedFindingsAreStale() throws {
        let baseline = Baseline(run: try Self.run(Self.today))
        var fixed = Self.today
        fixed.insert(Self.rec(11, "bgtask.end", pid: 7, ",\"task\":1"), at: 7)
        let comparison = baseline.apply(to: try Self.run(fixed))
        #expect(comparison.stale.map(\.rule) == ["LC300"])
        #expect(comparison.run.files[0].findings.isEmpty)
    }

    @Test func roundTripsThroughItsFile() throws {
        let baseline = Baseline(run: try Self.run(Self.today))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try baseline.json(toolVersion: "test").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Baseline.load(path: path) == baseline)
    }

    @Test(arguments: ["{}", "[]", "not json", "{\"version\":2,\"entries\":[]}", "{\"version\":1,\"entries\":[{\"rule\":\"LC100\"}]}"])
    func invalidFilesAreRejectedWithTheirPath(text: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: Baseline.LoadError.self) { try Baseline.load(path: path) }
        do {
            _ = try Baseline.load(path: path)
        } catch {
            #expect(error.description.hasPrefix("Unable to read baseline '\(path)'"))
        }
    }
}
