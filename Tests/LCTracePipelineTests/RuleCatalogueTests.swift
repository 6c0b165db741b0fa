import Foundation
import LCTraceAppleFormats
import LCTracePipeline
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import LCTraceReport
import LCTraceTestSupport
import Testing

/// The rule catalogue documents itself, and its examples are true: each triggering example
/// fires its rule through the real pipeline (ingest included), each passing one does not.
@Suite struct RuleCatalogueTests {
    /// Replays an example, with the rule's example Info.plist when it has one (LC311).
    static func replay(_ ndjson: String, plist: String? = nil) throws -> FileResult {
        let reader = try openLog(bytes: Array(ndjson.utf8), name: "example.jsonl")
        var configuration = ReplayConfiguration()
        if let plist { configuration.declarations = [try InfoPlistFile.parse(Array(plist.utf8), name: "Info.plist")] }
        return FileReplay.replay(reader, configuration: configuration)
    }

    @Test(arguments: Rule.allCases)
    func descriptionIsComplete(rule: Rule) {
        let d = rule.documentation
        #expect(d.rule == rule)
        #expect(d.summary.count > 20, "\(rule.id) needs a real summary")
        #expect(!d.rationale.isEmpty, "\(rule.id) needs a rationale")
        #expect(!d.reportedLine.isEmpty, "\(rule.id) must say which line it names")
        #expect(!d.triggeringExample.isEmpty && !d.passingExample.isEmpty, "\(rule.id) needs examples")
    }

    @Test(arguments: Rule.allCases)
    func triggeringExampleFires(rule: Rule) throws {
        let result = try Self.replay(rule.documentation.triggeringExample, plist: rule.documentation.infoPlistExample)
        #expect(result.findings.contains { $0.rule == rule }, "\(rule.id): \(result.findings.map(\.message))")
    }

    @Test(arguments: Rule.allCases)
    func passingExampleIsSilent(rule: Rule) throws {
        let result = try Self.replay(rule.documentation.passingExample, plist: rule.documentation.infoPlistExample)
        #expect(!result.findings.contains { $0.rule == rule }, "\(rule.id): \(result.findings.map(\.message))")
    }

    @Test func rulesDocumentIsCurrent() throws {
        let url = RepositoryPaths.root.appendingPathComponent("docs/RULES.md")
        let rendered = RuleCatalogueText.markdown()
        if RepositoryPaths.recording {
            try rendered.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("re-recorded docs/RULES.md; run again without LCTRACE_RECORD")
            return
        }
        let onDisk = try String(contentsOf: url, encoding: .utf8)
        #expect(onDisk == rendered, "docs/RULES.md is stale: run LCTRACE_RECORD=1 swift test --filter rulesDocumentIsCurrent")
    }

    @Test func catalogueListsEveryRuleOnce() {
        #expect(RuleCatalogue.all.map(\.rule) == Rule.allCases.sorted())
        let table = RuleCatalogueText.table()
        for rule in Rule.allCases { #expect(table.contains(rule.id + "  " + rule.severity.name)) }
        let json = try? JSONSerialization.jsonObject(with: Data(RuleCatalogueText.json().utf8)) as? [[String: Any]]
        #expect(json?.count == Rule.allCases.count)
        #expect(json?.first?["id"] as? String == "LC100")
    }
}
