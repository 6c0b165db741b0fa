import Foundation
import LCTracePipeline
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// Done-when of the unified-log adapter: an export with the same events as a native sample
/// gives the same findings (same rules, on the same events at the same times), and every
/// finding names the export line where the record of its event starts.
@Suite struct UnifiedLogEquivalenceTests {
    /// The export samples (`oslog-*`), each with its native twin.
    static let exports: [String] = RepositoryPaths.sampleLogs().filter { RepositoryPaths.nativeTwin(of: $0) != nil }

    /// What a finding says apart from its line (line numbers differ between the two logs).
    static func signature(_ f: Finding) -> String {
        let task: String
        switch f.task {
        case .number(let n)?: task = "#\(n)"
        case .string(let s)?: task = s
        case nil: task = "-"
        }
        return [f.rule.id, f.event ?? "-", f.time?.rfc3339 ?? "-", f.pid.map(String.init) ?? "-", task].joined(separator: " ")
    }

    @Test func thereAreExportSamplesOfBothForms() {
        #expect(Self.exports.contains { $0.hasSuffix(".ndjson.zst") })
        #expect(Self.exports.contains { $0.hasSuffix(".json.zst") })
    }

    @Test(arguments: exports)
    func exportGivesTheFindingsOfItsNativeTwin(file: String) throws {
        let twin = try #require(RepositoryPaths.nativeTwin(of: file))
        let export = try GoldenTraceTests.replaySample(file)
        let native = try GoldenTraceTests.replaySample(twin)
        #expect(!native.findings.isEmpty)
        #expect(export.findings.map(\.rule.id).sorted() == native.findings.map(\.rule.id).sorted())
        #expect(export.findings.map(Self.signature).sorted() == native.findings.map(Self.signature).sorted())
        #expect(export.events == native.events)
        #expect(export.sessions == native.sessions)
        #expect(export.exitClasses == native.exitClasses)
    }

    /// `--input-format oslog` reads the samples as detection does: every object in them is an
    /// export entry (the ignored ones and the `finished` summary too), so none is LC401.
    @Test(arguments: exports)
    func forcedExportGivesExactlyTheGoldenFindings(file: String) throws {
        let forced = try GoldenTraceTests.replaySample(file, inputFormat: .oslog)
        #expect(!forced.findings.contains { $0.rule == .malformedRecord })
        let golden = try String(contentsOf: GoldenTraceTests.goldenURL(RepositoryPaths.sampleName(file)), encoding: .utf8)
        #expect(try GoldenTraceTests.comparable(GoldenTraceTests.jsonReport(forced)) == GoldenTraceTests.comparable(golden))
    }

    @Test(arguments: exports)
    func everyFindingNamesTheExportLineOfItsEvent(file: String) throws {
        let result = try GoldenTraceTests.replaySample(file)
        let source = RepositoryPaths.traces.appendingPathComponent("src/" + String(file.dropLast(".zst".count)))
        let lines = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\n")
        #expect(!result.findings.isEmpty)
        for finding in result.findings {
            let object = try #require(Self.object(startingOn: finding.line, in: lines), "\(file):\(finding.line)")
            let event = try #require(Self.lifecycleEvent(of: object), "\(file):\(finding.line) holds no lifecycle event")
            #expect(event.canonicalName == finding.event, "\(file):\(finding.line)")
        }
    }

    /// The export record that starts on a 1-based line: the whole line (ndjson), or from the
    /// `{` on it to the `}` in column 1 that closes it (json).
    static func object(startingOn line: Int, in lines: [String]) -> [String: Any]? {
        guard line >= 1, line <= lines.count, let brace = lines[line - 1].firstIndex(of: "{") else { return nil }
        var text = String(lines[line - 1][brace...])
        if (try? JSONSerialization.jsonObject(with: Data(text.utf8))) == nil {
            var k = line
            while k < lines.count {
                let next = lines[k]
                k += 1
                if next.hasPrefix("}") {
                    text += "\n}"
                    break
                }
                text += "\n" + next
            }
        }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    /// The lifecycle event of an export record, by the convention of docs/INSTRUMENTING.md.
    static func lifecycleEvent(of object: [String: Any]) -> LifecycleEvent? {
        let message = object["eventMessage"] as? String ?? ""
        let firstWord = message.split(separator: " ").first.map(String.init) ?? ""
        if object["eventType"] as? String == "signpostEvent" {
            let name = object["signpostName"] as? String ?? ""
            if let event = LifecycleEvent(name: name) { return event }
            if name == "bgtask" { return object["signpostType"] as? String == "end" ? .bgtaskEnd : .bgtaskBegin }
        }
        return LifecycleEvent(name: firstWord)
    }

    @Test(arguments: exports)
    func convertedExportReplaysLikeTheExport(file: String) throws {
        let path = RepositoryPaths.traces.appendingPathComponent(file).path
        var text = ""
        var problems: [String] = []
        let summary = try LogConversion.convert(
            try openLog(path: path), write: { text += $0 }, problem: { problems.append($0) })
        #expect(problems.isEmpty)
        #expect(summary.records == text.split(separator: "\n").count)
        let converted = FileReplay.replay(
            try openLog(bytes: Array(text.utf8), name: "converted", inputFormat: .native),
            configuration: ReplayConfiguration())
        let export = try GoldenTraceTests.replaySample(file)
        #expect(converted.events == summary.records)
        #expect(converted.findings.map(Self.signature).sorted() == export.findings.map(Self.signature).sorted())
        // Converted again, a native log comes out unchanged.
        var again = ""
        _ = try LogConversion.convert(try openLog(bytes: Array(text.utf8), name: "converted"), write: { again += $0 }, problem: { _ in })
        #expect(again == text)
    }
}
