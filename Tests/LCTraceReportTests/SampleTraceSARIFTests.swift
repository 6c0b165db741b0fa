import Foundation
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import LCTraceReport
import Testing

/// The SARIF of every sample in traces/ validates against the OASIS schema and carries the
/// same findings as `--format json` (rule, level, file, line, message), in the same order.
@Suite struct SampleTraceSARIFTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func samples() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("traces").path)) ?? []
        return names.filter { $0.hasSuffix(".zst") }.sorted()
    }

    static func run(_ files: [String]) throws -> RunReport {
        let results = try files.map { file in
            try FileReplay.run(
                path: root.appendingPathComponent("traces/" + file).path, displayName: "traces/" + file,
                configuration: ReplayConfiguration()
            ).get()
        }
        return RunReport(toolVersion: LCTraceVersion.current, files: results)
    }

    static func render(_ format: ReportFormat, _ run: RunReport) -> [String: Any] {
        var text = ""
        makeReporter(format, options: ReportOptions(workingDirectory: root.path)).write(run, to: &text)
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @Test func thereAreSamples() {
        #expect(Self.samples().count >= 21)
    }

    @Test(arguments: samples())
    func sampleSARIFValidatesAndMatchesJSON(file: String) throws {
        let run = try Self.run([file])
        var sarifText = ""
        makeReporter(.sarif, options: ReportOptions(workingDirectory: Self.root.path)).write(run, to: &sarifText)
        #expect(try SchemaValidator.errors(in: sarifText) == [])

        let sarif = Self.render(.sarif, run)
        let json = Self.render(.json, run)
        let results = ((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let findings = (json["findings"] as? [[String: Any]]) ?? []
        #expect(results.count == findings.count)
        for (result, finding) in zip(results, findings) {
            #expect(result["ruleId"] as? String == finding["rule"] as? String)
            let level = finding["severity"] as? String
            #expect(result["level"] as? String == level)
            #expect((result["message"] as? [String: Any])?["text"] as? String == finding["message"] as? String)
            let location = ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
            #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == finding["file"] as? String)
            #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == finding["line"] as? Int)
        }
    }

    @Test func allSamplesInOneRunValidate() throws {
        let run = try Self.run(Self.samples())
        var sarifText = ""
        makeReporter(.sarif, options: ReportOptions(workingDirectory: Self.root.path)).write(run, to: &sarifText)
        #expect(try SchemaValidator.errors(in: sarifText) == [])
        let results = ((Self.render(.sarif, run)["runs"] as? [[String: Any]])?.first?["results"] as? [Any]) ?? []
        #expect(results.count == run.files.reduce(0) { $0 + $1.findings.count })
    }
}
