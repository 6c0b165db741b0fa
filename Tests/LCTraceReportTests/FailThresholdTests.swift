import LCTraceCore
import Testing

@testable import LCTraceReport

@Suite struct FailThresholdTests {
    @Test(arguments: [
        ("error", FailThreshold.error), ("warning", .warning), ("note", .note), ("never", .never),
    ])
    func parses(text: String, threshold: FailThreshold) {
        #expect(FailThreshold(parsing: text) == threshold)
    }

    @Test(arguments: ["", "Error", "errors", "none", "info"])
    func rejects(text: String) {
        #expect(FailThreshold(parsing: text) == nil)
    }

    private static func summary(errors: Int = 0, warnings: Int = 0, notes: Int = 0) -> RunSummary {
        var s = RunSummary()
        s.files = 1
        s.errors = errors
        s.warnings = warnings
        s.notes = notes
        return s
    }

    /// (errors, warnings, notes, threshold, unreadable) → status.
    @Test(arguments: [
        (0, 0, 0, FailThreshold.error, 0, Int32(0)),
        (1, 0, 0, .error, 0, 1),
        (0, 1, 0, .error, 0, 0),
        (0, 0, 1, .error, 0, 0),
        (0, 1, 0, .warning, 0, 1),
        (1, 0, 0, .warning, 0, 1),
        (0, 0, 1, .warning, 0, 0),
        (0, 0, 1, .note, 0, 1),
        (0, 0, 0, .note, 0, 0),
        (3, 3, 3, .never, 0, 0),
        (0, 0, 0, .never, 1, 2),
        (0, 0, 0, .error, 1, 2),
        (5, 0, 0, .error, 2, 2),
    ])
    func exitStatusTable(errors: Int, warnings: Int, notes: Int, threshold: FailThreshold, unreadable: Int, status: Int32) {
        let s = Self.summary(errors: errors, warnings: warnings, notes: notes)
        #expect(exitStatus(for: s, failOn: threshold, unreadable: unreadable) == status)
    }

    @Test func fixturesGiveExpectedStatus() {
        #expect(exitStatus(for: Fixtures.failing.summary, failOn: .error, unreadable: 0) == 1)
        #expect(exitStatus(for: Fixtures.warningsOnly.summary, failOn: .error, unreadable: 0) == 0)
        #expect(exitStatus(for: Fixtures.warningsOnly.summary, failOn: .warning, unreadable: 0) == 1)
        #expect(exitStatus(for: Fixtures.clean.summary, failOn: .note, unreadable: 0) == 0)
        #expect(exitStatus(for: Fixtures.empty.summary, failOn: .note, unreadable: 1) == 2)
    }
}
