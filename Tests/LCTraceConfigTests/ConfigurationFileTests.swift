import Foundation
import LCTraceConfig
import LCTraceCore
import LCTraceReplay
import LCTraceReport
import Testing

/// `.lctrace.yml` read with Yams: every key of SPEC §9, and every error a user will make,
/// each naming the file, the line and the key.
@Suite struct ConfigurationFileTests {
    static let complete = """
        # the example of docs/CI.md
        disabled_rules: [LC402]          # never reported
        severity: {LC202: error, LC304: warning}
        budgets: {bgtask: 25, launch: 15}
        fail_on: warning
        model: uikit-scene
        os: "17.4"
        excluded: ["fixtures/**", "**/*.tmp.jsonl"]
        owners: {"com.example.sync.": "Example Sync"}
        baseline: .lctrace-baseline.json
        """

    @Test func everyKeyIsRead() throws {
        let file = try ConfigurationFile.parse(Self.complete, path: "repo/.lctrace.yml")
        #expect(file.disabledRules == [.unknownEvent])
        #expect(file.severities == [.backgroundOverrun: .error, .bgtaskOpenAtEnd: .warning])
        #expect(file.budgets == ["bgtask": 25, "launch": 15])
        #expect(file.failOn == .warning)
        #expect(file.model == .uikitScene)
        #expect(file.os == "17.4")
        #expect(file.excluded.map(\.pattern) == ["fixtures/**", "**/*.tmp.jsonl"])
        #expect(file.owners == ["com.example.sync.": "Example Sync"])
        #expect(file.baseline == ".lctrace-baseline.json")
        #expect(file.baselinePath == "repo/.lctrace-baseline.json")
        #expect(file.lines["disabled_rules"] == 2)
        #expect(file.lines["severity.LC304"] == 3)
        #expect(file.origin(of: "budgets") == "repo/.lctrace.yml:4")
    }

    @Test func blockStyleAndRuleNamesAreRead() throws {
        let text = """
            disabled_rules:
              - unknown-event
              - LC400
            severity:
              background-overrun: error
            budgets:
              refresh: 12.5
            os: 16
            """
        let file = try ConfigurationFile.parse(text, path: ".lctrace.yml")
        #expect(file.disabledRules == [.unknownEvent, .clockRegression])
        #expect(file.lines["disabled_rules.LC400"] == 3)
        #expect(file.severities == [.backgroundOverrun: .error])
        #expect(file.budgets == ["refresh": 12.5])
        #expect(file.os == "16")
        #expect(file.baselinePath == nil)
    }

    @Test(arguments: ["", "# only a comment\n", "---\n", "~\n", "disabled_rules:\nseverity:\n"])
    func emptyFilesConfigureNothing(text: String) throws {
        let file = try ConfigurationFile.parse(text, path: ".lctrace.yml")
        #expect(file.disabledRules.isEmpty && file.severities.isEmpty && file.budgets.isEmpty)
        #expect(file.failOn == nil && file.model == nil && file.os == nil && file.baseline == nil)
    }

    /// (text, line, key, words the message must hold)
    @Test(
        arguments: [
            ("disabled_rule: [LC402]", 1, "disabled_rule", "unknown key 'disabled_rule'; did you mean 'disabled_rules'?"),
            ("os: '17'\nSeverity: {}", 2, "Severity", "did you mean 'severity'?"),
            ("colour: red", 1, "colour", "unknown key 'colour'; keys: disabled_rules, severity"),
            ("disabled_rules: [LC402, LC3OO]", 1, "disabled_rules", "unknown rule 'LC3OO'; did you mean 'LC300'?"),
            ("severity:\n  LC202: error\n  LC2O3: note", 3, "severity", "unknown rule 'LC2O3'; did you mean 'LC203'?"),
            ("severity: {LC202: fatal}", 1, "severity.LC202", "expected error, warning or note, got 'fatal'"),
            ("severity: [LC202]", 1, "severity", "expected rule: severity pairs"),
            ("budgets:\n  bgtsk: 25", 2, "budgets", "unknown budget 'bgtsk'; did you mean 'bgtask'?"),
            ("budgets: {bgtask: soon}", 1, "budgets.bgtask", "expected a positive number of seconds, got 'soon'"),
            ("budgets: {bgtask: -3}", 1, "budgets.bgtask", "expected a positive number of seconds, got '-3'"),
            ("budgets: {bgtask: [1]}", 1, "budgets.bgtask", "expected a positive number of seconds, got a list"),
            ("budgets: 25", 1, "budgets", "expected budget: seconds pairs"),
            ("disabled_rules: LC402", 1, "disabled_rules", "expected a list of rule ids, like [LC402], got 'LC402'"),
            ("fail_on: sometimes", 1, "fail_on", "expected error, warning, note or never, got 'sometimes'"),
            ("fail_on: {a: b}", 1, "fail_on", "got a mapping"),
            ("model: uikit-scenes", 1, "model", "did you mean 'uikit-scene'?"),
            ("os: latest", 1, "os", "expected a version such as \"17.4\", got 'latest'"),
            ("excluded: fixtures", 1, "excluded", "expected a list of glob patterns"),
            ("excluded: [\"../other/**\"]", 1, "excluded", "leaves the configuration file's folder"),
            ("excluded: [[a]]", 1, "excluded", "expected a glob pattern, got a list"),
            ("owners: [a, b]", 1, "owners", "expected name prefix: owner pairs"),
            ("owners: {\"com.x.\": [a]}", 1, "owners.com.x.", "expected an owner's name, got a list"),
            ("baseline: [a]", 1, "baseline", "expected a file path, got a list"),
        ] as [(String, Int, String, String)])
    func mistakesNameTheFileLineAndKey(text: String, line: Int, key: String, words: String) {
        #expect {
            _ = try ConfigurationFile.parse(text, path: "conf/.lctrace.yml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            #expect(error.path == "conf/.lctrace.yml")
            #expect(error.line == line, "\(error)")
            #expect(error.key == key, "\(error)")
            #expect(error.message.contains(words), "\(error)")
            #expect(error.description.hasPrefix("conf/.lctrace.yml:\(line): error: "), "\(error)")
            #expect(error.description.contains("'\(key)'"), "the key is named: \(error)")
            return true
        }
    }

    /// (text, line, words)
    @Test(
        arguments: [
            ("severity: {LC202: error\nfail_on: warning", 2, "YAML syntax error"),
            ("fail_on: warning\n  model: auto\n", 2, "YAML syntax error: mapping values are not allowed"),
            ("disabled_rules: [LC402]\ndisabled_rules: [LC400]\n", 1, "duplicate key 'disabled_rules'"),
            ("- LC402\n- LC400\n", 1, "expected a mapping of keys"),
            ("just text\n", 1, "expected a mapping of keys"),
            ("\"tab\tkey\": 1", 1, "unknown key"),
        ] as [(String, Int, String)])
    func syntaxErrorsNameTheLine(text: String, line: Int, words: String) {
        Self.expectRefusal(of: text, line: line, words: words)
    }

    /// Expects `text` to be refused with a ``ConfigurationError`` at `line` whose message holds `words`.
    static func expectRefusal(of text: String, line: Int?, words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(sourceLocation: sourceLocation) {
            _ = try ConfigurationFile.parse(text, path: ".lctrace.yml")
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(words), "\(error)", sourceLocation: sourceLocation)
            return true
        }
    }
}

/// The example of docs/CI.md is a configuration lctrace reads, with every key.
@Suite struct DocumentedConfigurationTests {
    @Test func theExampleInDocsCIIsValidAndComplete() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/CI.md"), encoding: .utf8)
        let section = try #require(doc.range(of: "## The configuration file"))
        let start = try #require(doc.range(of: "```yaml\n", range: section.upperBound..<doc.endIndex))
        let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let text = String(doc[start.upperBound..<end.lowerBound])
        let file = try ConfigurationFile.parse(text, path: "/src/app/.lctrace.yml")
        #expect(Set(ConfigurationFile.keys.filter { file.lines[$0] != nil }) == Set(ConfigurationFile.keys))
        #expect(file.disabledRules == [.unknownEvent])
        #expect(file.severities == [.backgroundOverrun: .error, .bgtaskOpenAtEnd: .warning])
        #expect(file.excluded.count == 2)
        #expect(file.baselinePath == "/src/app/ci/lctrace-baseline.json")
        #expect(file.lines["severity.LC202"] == 4 && file.lines["disabled_rules.LC402"] == 2, "the lines docs/CI.md shows")
    }
}
