import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReport

/// The `owner` of a finding (SPEC §8) in every format that renders findings: a JSON key
/// (`null` when unknown), a SARIF property, and after the message in the line formats.
@Suite struct OwnerReportTests {
    static let owned = Finding(
        rule: .bgtaskLeaked, file: "app.jsonl", line: 40, pid: 1, task: .number(7), state: "background",
        event: "sys.suspend", message: "task '7' begun at line 30 not ended before 'sys.suspend'", owner: "OneSignal")
    static let unowned = Finding(
        rule: .bgtaskLeaked, file: "app.jsonl", line: 41, pid: 1, task: .number(8), state: "background",
        event: "sys.suspend", message: "task '8' begun at line 31 not ended before 'sys.suspend'")
    static let run = RunReport(toolVersion: "1.0", files: [FileResult(path: "app.jsonl", findings: [owned, unowned])])

    @Test func jsonAndJSONLines() throws {
        let document = try object(parseJSON(JSONReporter().render(Self.run)))
        let findings = try array(document["findings"])
        #expect(try object(findings[0])["owner"] as? String == "OneSignal")
        #expect(isNull(try object(findings[1])["owner"]))
        let lines = JSONLinesReporter().render(Self.run).split(separator: "\n")
        #expect(try object(parseJSON(String(lines[0])))["owner"] as? String == "OneSignal")
        #expect(isNull(try object(parseJSON(String(lines[1])))["owner"]))
    }

    @Test func sarifProperty() throws {
        let text = SARIFReporter().render(Self.run)
        #expect(try SchemaValidator.errors(in: text).isEmpty)
        let runs = try array(object(parseJSON(text))["runs"])
        let results = try array(object(runs[0])["results"])
        #expect(try object(object(results[0])["properties"])["owner"] as? String == "OneSignal")
        #expect(try object(object(results[1])["properties"])["owner"] == nil)
    }

    @Test func lineFormats() {
        let text = TextReporter().render(Self.run)
        #expect(text.contains("not ended before 'sys.suspend' (owner: OneSignal)\n"))
        #expect(text.contains("task '8' begun at line 31 not ended before 'sys.suspend'\n"))
        #expect(GitHubReporter().render(Self.run).contains("not ended before 'sys.suspend' (owner: OneSignal)"))
        #expect(HTMLReporter().render(Self.run).contains("7 (OneSignal)"))
    }

    /// The HTML report ranks the run's owners (what `audit --format html` shows of a fleet).
    @Test func htmlRanksOwners() {
        var a = FileResult(path: "a.jsonl")
        a.owners = [OwnerTally(owner: "OneSignal", deaths: 0, sessions: 2, findings: [.bgtaskLeaked: 2])]
        var b = FileResult(path: "b.jsonl")
        b.owners = [
            OwnerTally(owner: "AWS SDK", deaths: 1, sessions: 1, findings: [.bgtaskLeaked: 1]),
            OwnerTally(owner: "OneSignal", deaths: 0, sessions: 1, findings: [.bgtaskOverrun: 1]),
            OwnerTally(owner: nil, deaths: 0, sessions: 4, findings: [.bgtaskLeaked: 4]),
        ]
        let html = HTMLReporter().render(RunReport(toolVersion: "1.0", files: [a, b]))
        let section = html.components(separatedBy: "<section id=\"owners\"").dropFirst().first ?? ""
        let aws = section.range(of: "AWS SDK"), oneSignal = section.range(of: "OneSignal"), unknown = section.range(of: "<i>unknown</i>")
        #expect(aws != nil && oneSignal != nil && unknown != nil)
        if let aws, let oneSignal, let unknown {
            #expect(aws.lowerBound < oneSignal.lowerBound && oneSignal.lowerBound < unknown.lowerBound)
        }
        #expect(section.contains("LC203 1, LC300 2"))
        #expect(!HTMLReporter().render(RunReport(toolVersion: "1.0", files: [FileResult(path: "c.jsonl")])).contains("id=\"owners\""))
    }
}
