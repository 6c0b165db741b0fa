import Foundation
import LCTraceCore
import LCTraceReplay
import Testing

@testable import LCTraceAudit

@Suite struct FileDigestTests {
    /// Two sessions: pid 1 is clean and purged; pid 2 has two illegal transitions and is
    /// killed while active (LC103). A malformed line belongs to no session.
    static let log = """
        {"t":0,"ev":"process.launch","pid":1}
        {"t":1,"ev":"app.didFinishLaunching","pid":1}
        {"t":2,"ev":"app.didBecomeActive","pid":1}
        {"t":3,"ev":"app.willResignActive","pid":1}
        {"t":4,"ev":"app.didEnterBackground","pid":1}
        {"t":5,"ev":"sys.suspend","pid":1}
        {"t":6,"ev":"process.exit","pid":1,"reason":"purge"}
        not json
        {"t":10,"ev":"process.launch","pid":2}
        {"t":11,"ev":"app.didFinishLaunching","pid":2}
        {"t":12,"ev":"app.didBecomeActive","pid":2}
        {"t":13,"ev":"app.didBecomeActive","pid":2}
        {"t":14,"ev":"app.didEnterBackground","pid":2}
        {"t":15,"ev":"sys.kill","pid":2,"reason":"watchdog"}

        """

    @Test func findingsAreCountedAgainstTheirSessions() throws {
        let fx = AuditFixture()
        fx.write("two.jsonl", text: Self.log)
        let entry = AuditFile.audit(
            AuditInput(path: fx.root + "/two.jsonl", named: true), configuration: ReplayConfiguration(), top: 5,
            keepFindings: true)
        guard case .file(let d, let findings, _) = entry else {
            Issue.record("not replayed: \(entry)")
            return
        }
        #expect(d.sessions == 2)
        #expect(d.errors == findings.filter { $0.severity == .error }.count)
        #expect(d.rules[.malformedRecord] == 1)
        let sessionErrors = d.errors - 1
        #expect(d.worstSessions.count == 1, "only the session with findings: \(d.worstSessions)")
        let worst = try #require(d.worstSessions.first)
        #expect(worst.pid == 2 && worst.ordinal == 2)
        #expect(worst.errors == sessionErrors && worst.errors >= 2)
        #expect(worst.warnings == d.warnings && worst.warnings >= 1, "LC103 on the kill line")
        #expect(worst.began == "1970-01-01T00:00:10.000Z" && worst.ended == "1970-01-01T00:00:15.000Z")
        #expect(worst.endLine == 14)
    }

    /// LC404 is about the log, not a session: even in a stream of records without a pid (whose
    /// session a pid-less finding would otherwise land in) it counts for the file alone.
    @Test func recordsLostBelongsToNoSession() throws {
        func entry(_ type: String, _ message: String, _ second: Int) -> String {
            #"{"eventType":"\#(type)","timestamp":"2026-11-20 11:00:0\#(second).000000+0100","eventMessage":"\#(message)"}"#
        }
        let export = [
            entry("logEvent", "process.launch reason=user", 0), entry("logEvent", "app.didFinishLaunching", 1),
            entry("logEvent", "app.didBecomeActive", 2), entry("lossEvent", "lost 2 unreliable messages", 3),
            entry("logEvent", "app.willResignActive", 4),
        ].joined(separator: "\n")
        let fx = AuditFixture()
        fx.write("lost.ndjson", text: export + "\n")
        let entryResult = AuditFile.audit(
            AuditInput(path: fx.root + "/lost.ndjson", named: true), configuration: ReplayConfiguration(), top: 5,
            keepFindings: true)
        guard case .file(let d, let findings, _) = entryResult else {
            Issue.record("not replayed: \(entryResult)")
            return
        }
        #expect(findings.map(\.rule) == [.recordsLost])
        #expect(d.rules[.recordsLost] == 1 && d.warnings == 1)
        #expect(d.sessions == 1)
        #expect(d.worstSessions.isEmpty, "\(d.worstSessions)")
    }

    @Test(arguments: [Int64(0), 1_795_168_800_250_000_000, 1_795_168_800_000_123_000, 1_795_168_800_000_000_007, -1_500_000_000])
    func timestampsRoundTrip(nanoseconds: Int64) {
        let t = Timestamp(nanoseconds: nanoseconds)
        #expect(AuditJSON.timestamp(t.rfc3339) == t, "\(t.rfc3339)")
    }

    @Test func worstListsKeepTheTopInATotalOrder() {
        var list: [Int] = []
        for v in [5, 1, 9, 3, 9, 7, 2] { AuditAggregate.insert(v, into: &list, top: 3, by: >) }
        #expect(list == [9, 9, 7])
    }

    /// The audit's text report escapes control characters in paths as every report does
    /// (one `printable`): a newline is `\n`, as in finding lines, not `\u000A`.
    @Test func auditPathsArePrintableAsFindingsAre() {
        #expect(AuditReport.printable("logs/a\nb.jsonl") == "logs/a\\nb.jsonl")
        #expect(AuditReport.printable("esc\u{1B}") == "esc\\u001B")
    }
}
