import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReport

@Suite struct JSONLinesReporterTests {
    @Test(arguments: Fixtures.names)
    func linesParseAndFollowTheDocumentedOrder(fixture: String) throws {
        let run = Fixtures.run(fixture)
        let text = JSONLinesReporter().render(run)
        #expect(text.hasSuffix("\n"))
        let lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let expectedCount = Fixtures.findings(of: run).count + run.files.count + run.unreadable.count + 1
        #expect(lines.count == expectedCount)

        var index = 0
        for file in run.files {
            for finding in file.findings {
                let line = lines[index]
                #expect(line.hasPrefix("{\"rule\":"))
                #expect(!line.contains(" \"") && !line.contains("\": "), "compact form")
                expectFinding(try object(try parseJSON(line)), equals: finding)
                index += 1
            }
            #expect(lines[index].hasPrefix("{\"file\":{\"path\":"))
            let entry = try object(try object(try parseJSON(lines[index]))["file"])
            #expect(entry["path"] as? String == file.path)
            #expect(entry["events"] as? Int == file.events)
            #expect(entry["errors"] as? Int == file.count(.error))
            #expect(Set(entry.keys) == Set(JSONKeys.file))
            index += 1
        }
        for input in run.unreadable {
            #expect(lines[index].hasPrefix("{\"unreadable\":"))
            let entry = try object(try object(try parseJSON(lines[index]))["unreadable"])
            #expect(entry["path"] as? String == input.path)
            #expect(entry["reason"] as? String == input.reason)
            index += 1
        }

        let last = lines[index]
        #expect(last.hasPrefix("{\"summary\":"))
        #expect(objectKeyLists(in: last).last == ["summary", "tool"])
        let doc = try object(try parseJSON(last))
        let summary = try object(doc["summary"])
        let s = run.summary
        #expect(summary["files"] as? Int == s.files)
        #expect(summary["events"] as? Int == s.events)
        #expect(summary["sessions"] as? Int == s.sessions)
        #expect(summary["errors"] as? Int == s.errors)
        #expect(summary["warnings"] as? Int == s.warnings)
        #expect(summary["notes"] as? Int == s.notes)
        #expect(summary["unreadable"] as? Int == run.unreadable.count)
        try expectExits(summary["exits"], s.exitClasses)
        #expect(try object(doc["tool"])["version"] as? String == Fixtures.version)
    }

    /// Totals on the summary line agree with the finding lines actually written.
    @Test func summaryTotalsMatchTheLines() throws {
        let lines = JSONLinesReporter().render(Fixtures.failing).split(separator: "\n").map(String.init)
        var counts: [String: Int] = [:]
        for line in lines where line.hasPrefix("{\"rule\":") {
            counts[try object(try parseJSON(line))["severity"] as! String, default: 0] += 1
        }
        let summary = try object(try object(try parseJSON(lines.last!))["summary"])
        #expect(summary["errors"] as? Int == counts["error"] ?? 0)
        #expect(summary["warnings"] as? Int == counts["warning"] ?? 0)
        #expect(summary["notes"] as? Int == counts["note"] ?? 0)
    }

    /// Streaming one file at a time gives the same bytes as the one-shot report.
    @Test func streamingMatchesOneShot() {
        let run = Fixtures.withUnreadable
        let reporter = JSONLinesReporter()
        var streamed = ""
        var summary = RunSummary()
        for file in run.files {
            reporter.writeFile(file, to: &streamed)
            summary.add(file)
        }
        reporter.writeEnd(summary: summary, unreadable: run.unreadable, toolVersion: run.toolVersion, to: &streamed)
        #expect(streamed == reporter.render(run))
    }
}
