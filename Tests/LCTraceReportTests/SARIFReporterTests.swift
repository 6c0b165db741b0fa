import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReport

@Suite struct SARIFReporterTests {
    static let workingDirectories: [String?] = [nil, "/work/repo", "/work/repo/"]

    /// The OASIS schema accepts every fixture, with and without a working directory.
    @Test(arguments: Fixtures.names, workingDirectories)
    func validatesAgainstOASISSchema(fixture: String, workingDirectory: String?) throws {
        let run = Fixtures.run(fixture)
        let text = SARIFReporter(options: ReportOptions(workingDirectory: workingDirectory)).render(run)
        let errors = try SchemaValidator.errors(in: text)
        #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
    }

    /// Absolute paths, paths under the working directory, stdin, line 0 and hostile text.
    @Test func validatesEdgeCases() throws {
        let findings = [
            Finding(rule: .truncatedLog, file: "/work/repo/logs/x y.jsonl.zst", line: 0, message: "cut"),
            Finding(rule: .malformedRecord, file: "<stdin>", line: 5, message: "\u{0}\u{1B}"),
            Finding(rule: .clockRegression, file: "/elsewhere/z.jsonl", line: 9, pid: Int64.min, message: "back"),
        ]
        let run = RunReport(
            toolVersion: "0.1.0",
            files: [
                FileResult(path: "/work/repo/logs/x y.jsonl.zst", findings: [findings[0]]),
                FileResult(path: "<stdin>", findings: [findings[1]]),
                FileResult(path: "/elsewhere/z.jsonl", findings: [findings[2]]),
            ],
            unreadable: [UnreadableInput(path: "/work/repo/gone.jsonl", reason: "no such file or directory")])
        let text = SARIFReporter(options: ReportOptions(workingDirectory: "/work/repo")).render(run)
        #expect(try SchemaValidator.errors(in: text).isEmpty)

        let results = try Self.results(text)
        #expect(try Self.uri(results[0]) == "logs/x%20y.jsonl.zst")
        #expect(try Self.startLine(results[0]) == 1)
        #expect(try Self.uri(results[1]) == "stdin")
        #expect(try Self.uri(results[2]) == "file:///elsewhere/z.jsonl")

        let run0 = try object(try array(try object(try parseJSON(text))["runs"]).first)
        let invocation = try object(try array(run0["invocations"]).first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let note = try object(try array(invocation["toolExecutionNotifications"]).first)
        #expect(try object(note["message"])["text"] as? String == "Unable to read '/work/repo/gone.jsonl': no such file or directory.")
    }

    /// Guards against a vacuous validator: a broken log must be rejected.
    @Test func validatorRejectsInvalidLogs() throws {
        let text = SARIFReporter().render(Fixtures.failing)
        let noVersion = text.replacingAll("\"version\": \"2.1.0\",", "")
        #expect(try !SchemaValidator.errors(in: noVersion).isEmpty)
        let lineZero = text.replacingAll("\"startLine\": 12", "\"startLine\": 0")
        #expect(try !SchemaValidator.errors(in: lineZero).isEmpty)
        let badLevel = text.replacingAll("\"level\": \"note\"", "\"level\": \"info\"")
        #expect(try !SchemaValidator.errors(in: badLevel).isEmpty)
    }

    @Test func schemaAndVersionComeFirst() {
        let text = SARIFReporter().render(Fixtures.failing)
        #expect(text.hasPrefix("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": ["))
    }

    @Test func driverListsEveryRuleSortedWithHelp() throws {
        let text = SARIFReporter().render(Fixtures.clean)
        let run = try object(try array(try object(try parseJSON(text))["runs"]).first)
        let driver = try object(try object(run["tool"])["driver"])
        #expect(driver["name"] as? String == "lctrace")
        #expect(driver["version"] as? String == Fixtures.version)
        #expect(driver["semanticVersion"] as? String == Fixtures.version)
        #expect(driver["informationUri"] as? String == ProjectLinks.home)
        let rules = try array(driver["rules"]).map { try object($0) }
        #expect(rules.map { $0["id"] as? String } == Rule.allCases.sorted().map(\.id))
        for (json, rule) in zip(rules, Rule.allCases.sorted()) {
            #expect(json["name"] as? String == rule.name)
            #expect(json["helpUri"] as? String == ProjectLinks.help(for: rule))
            #expect(try object(json["shortDescription"])["text"] as? String == rule.summary)
            let full = try object(json["fullDescription"])["text"] as? String
            #expect(full == (rule.documentation.rationale.isEmpty ? rule.summary : rule.documentation.rationale))
            #expect(full?.isEmpty == false)
            #expect(try object(json["defaultConfiguration"])["level"] as? String == rule.severity.name)
        }
        #expect(try array(run["results"]).isEmpty)
        #expect(try array(run["artifacts"]).count == 1)
    }

    /// SARIF results carry the same findings as the JSON report, in the same order.
    @Test(arguments: Fixtures.names)
    func resultsMatchJSONFindings(fixture: String) throws {
        let run = Fixtures.run(fixture)
        let text = SARIFReporter().render(run)
        let results = try Self.results(text)
        let findings = try array(try object(try parseJSON(JSONReporter().render(run)))["findings"]).map { try object($0) }
        #expect(results.count == findings.count)
        let sortedRules = Rule.allCases.sorted().map(\.id)
        for (result, finding) in zip(results, findings) {
            #expect(result["ruleId"] as? String == finding["rule"] as? String)
            #expect((result["ruleIndex"] as? Int).map { sortedRules[$0] } == finding["rule"] as? String)
            #expect(result["level"] as? String == finding["severity"] as? String)
            #expect(try object(result["message"])["text"] as? String == finding["message"] as? String)
            #expect(try Self.startLine(result) == max(1, finding["line"] as! Int))
            let path = finding["file"] as! String
            #expect(try Self.uri(result) == ArtifactPath.percentEncoded(path))
            #expect(try Self.uri(result).removingPercentEncoding == path)

            let properties = (result["properties"] as? [String: Any]) ?? [:]
            for key in ["pid", "scene", "task", "state", "event", "time", "exit", "source"] {
                let expected = finding[key]!
                if isNull(expected) {
                    #expect(properties[key] == nil, "\(key) should be absent")
                } else {
                    #expect(sameJSONScalar(properties[key], expected), "\(key)")
                }
            }
        }
    }

    @Test func artifactsListEveryFileWithIndexes() throws {
        let text = SARIFReporter().render(Fixtures.failing)
        let run = try object(try array(try object(try parseJSON(text))["runs"]).first)
        let artifacts = try array(run["artifacts"]).map { try object(try object($0)["location"])["uri"] as? String }
        #expect(artifacts == Fixtures.failing.files.map { ArtifactPath.percentEncoded($0.path) })
        let indexes = try Self.results(text).map {
            try object(try object(try object(try array($0["locations"]).first)["physicalLocation"])["artifactLocation"])["index"] as? Int
        }
        #expect(indexes == [0, 0, 0, 0, 1, 1])
    }

    @Test func outputIsDeterministic() {
        let reporter = SARIFReporter(options: ReportOptions(workingDirectory: "/work/repo"))
        #expect(reporter.render(Fixtures.withUnreadable) == reporter.render(Fixtures.withUnreadable))
    }

    @Test(
        arguments: [
            ("<stdin>", nil, "stdin"),
            ("traces/a.jsonl", nil, "traces/a.jsonl"),
            ("./traces//a.jsonl", "/work/repo", "traces/a.jsonl"),
            ("/work/repo/traces/a b.jsonl", "/work/repo", "traces/a%20b.jsonl"),
            ("/work/repo/traces/a.jsonl", "/work/repo/", "traces/a.jsonl"),
            ("/work/repository/a.jsonl", "/work/repo", "file:///work/repository/a.jsonl"),
            ("/other/x.jsonl", "/work/repo", "file:///other/x.jsonl"),
            ("/other/x.jsonl", nil, "file:///other/x.jsonl"),
            ("a:b.jsonl", nil, "a%3Ab.jsonl"),
            ("día/100%#?.jsonl", nil, "d%C3%ADa/100%25%23%3F.jsonl"),
            ("../up.jsonl", "/work/repo", "../up.jsonl"),
            // The name's bytes: 0xE9 that is not UTF-8, and the character U+10FFE9.
            (FilePathText.string(fromBytes: [0x63, 0xE9]), nil, "c%E9"),
            (FilePathText.string(fromBytes: [0x63, 0xF4, 0x8F, 0xBF, 0xA9]), nil, "c%F4%8F%BF%A9"),
        ] as [(String, String?, String)])
    func artifactURIs(path: String, workingDirectory: String?, uri: String) {
        #expect(ArtifactPath.uri(path, workingDirectory: workingDirectory) == uri)
    }

    // MARK: helpers

    static func results(_ text: String) throws -> [[String: Any]] {
        let run = try object(try array(try object(try parseJSON(text))["runs"]).first)
        return try array(run["results"]).map { try object($0) }
    }

    static func physical(_ result: [String: Any]) throws -> [String: Any] {
        try object(try object(try array(result["locations"]).first)["physicalLocation"])
    }

    static func uri(_ result: [String: Any]) throws -> String {
        try #require(try object(try physical(result)["artifactLocation"])["uri"] as? String)
    }

    static func startLine(_ result: [String: Any]) throws -> Int {
        try #require(try object(try physical(result)["region"])["startLine"] as? Int)
    }
}
