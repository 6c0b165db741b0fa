import Foundation
import LCTraceConfig
import LCTraceCore
import LCTraceReplay
import LCTraceReport
import Testing

/// The file and the command line merged key by key, the command line winning (SPEC §9).
@Suite struct EffectiveConfigurationTests {
    typealias Choices = EffectiveConfiguration.CommandLineChoices

    static let file = try! ConfigurationFile.parse(
        """
        disabled_rules: [LC402, LC400]
        severity: {LC202: error, LC304: warning}
        budgets: {bgtask: 25, launch: 15}
        fail_on: warning
        model: uikit-scene
        os: "17.4"
        owners: {"com.example.sync.": "Example Sync"}
        baseline: ci/baseline.json
        """, path: "/repo/.lctrace.yml")

    @Test func theFileAloneIsApplied() throws {
        let c = try EffectiveConfiguration(file: Self.file, commandLine: Choices(), workingDirectory: "/repo")
        #expect(c.replay.budgets.bgtaskAllowance(osMajor: 17) == 25)
        #expect(c.replay.budgets["launch"] == 15)
        #expect(c.replay.budgets["resume"] == 10)
        #expect(c.replay.model == .uikitScene)
        #expect(c.replay.defaultOS == "17.4")
        #expect(c.replay.rules.disabled == [.unknownEvent, .clockRegression])
        #expect(c.replay.rules.severity(of: .backgroundOverrun) == .error)
        #expect(c.replay.rules.origins[.backgroundOverrun] == "/repo/.lctrace.yml:2")
        #expect(c.replay.owners.extra.map(\.prefix) == ["com.example.sync."])
        #expect(c.replay.owners.owner(ofTaskNamed: "com.example.sync.upload") == "Example Sync")
        #expect(c.replay.owners.owner(ofTaskNamed: "Called by ExampleSync, from -[X y]") == "ExampleSync")
        #expect(c.failOn == .warning)
        #expect(c.baseline == "/repo/ci/baseline.json")
    }

    /// (the configuration file's `fail_on` or none, `--fail-on`, the threshold in force, the one a shard records).
    static let gates: [(FailThreshold?, FailThreshold?, FailThreshold, FailThreshold)] = [
        (nil, nil, .error, .error), (.warning, nil, .warning, .warning), (nil, .note, .note, .note),
        (.warning, .note, .note, .note), (.warning, .never, .never, .warning), (nil, .never, .never, .error),
        (.never, nil, .never, .never), (.never, .warning, .warning, .warning),
    ]

    @Test(
        "A shard records the gate it runs under; --fail-on never (a shard job kept from failing) records the file's",
        arguments: gates)
    func recordedGate(fileFailOn: FailThreshold?, flag: FailThreshold?, failOn: FailThreshold, recorded: FailThreshold) throws {
        let file = try fileFailOn.map { try ConfigurationFile.parse("fail_on: \($0.rawValue)\n", path: "/repo/.lctrace.yml") }
        let c = try EffectiveConfiguration(file: file, commandLine: Choices(failOn: flag), workingDirectory: "/repo")
        #expect(c.failOn == failOn)
        #expect(c.gateFailOn == recorded)
    }

    @Test func noFileMeansTheDefaults() throws {
        let c = try EffectiveConfiguration(file: nil, commandLine: Choices(), workingDirectory: "/repo")
        #expect(c.replay.budgets == Budgets())
        #expect(c.replay.model == .auto && c.replay.defaultOS == nil)
        #expect(c.replay.rules == RuleSettings())
        #expect(c.failOn == .error)
        #expect(c.baseline == nil)
        #expect(!c.excluded.excludes("fixtures/a.jsonl", workingDirectory: "/repo"))
    }

    @Test func theCommandLineWinsKeyByKey() throws {
        let choices = Choices(
            budgets: ["bgtask=20"], model: .uikitApp, os: "15.0", failOn: .never, disable: ["LC104"],
            enable: ["unknown-event"], baseline: "other.json")
        let c = try EffectiveConfiguration(file: Self.file, commandLine: choices, workingDirectory: "/repo")
        #expect(c.replay.budgets.bgtaskAllowance(osMajor: 17) == 20)
        #expect(c.replay.budgets["launch"] == 15, "the file's other budgets stay")
        #expect(c.replay.model == .uikitApp)
        #expect(c.replay.defaultOS == "15", "--os is kept in one spelling (docs/DEATHS.md)")
        #expect(c.failOn == .never)
        #expect(c.replay.rules.disabled == [.clockRegression, .mixedLifecycle])
        #expect(c.replay.rules.origins[.mixedLifecycle] == "--disable")
        #expect(c.replay.rules.origins[.unknownEvent] == "--enable")
        #expect(c.replay.rules.severity(of: .backgroundOverrun) == .error, "--enable leaves severities alone")
        #expect(c.baseline == "other.json")
        #expect(!c.baselineFromFile)
    }

    /// (disable, enable, words)
    @Test(
        arguments: [
            (["LC402"], ["LC402"], "--disable LC402 and --enable LC402"),
            (["unknown-event"], ["lc402"], "--disable LC402 and --enable LC402"),
            (["LC3OO"], [], "--disable: unknown rule 'LC3OO'; did you mean 'LC300'?"),
            ([], ["LC9"], "--enable: unknown rule 'LC9'"),
        ] as [([String], [String], String)])
    func ruleSelectionMistakes(disable: [String], enable: [String], words: String) {
        #expect {
            _ = try EffectiveConfiguration(
                file: Self.file, commandLine: Choices(disable: disable, enable: enable), workingDirectory: "/repo")
        } throws: { error in
            (error as? EffectiveConfiguration.UsageError)?.description.contains(words) ?? false
        }
    }

    @Test func aBadBudgetOnTheCommandLineIsAUsageError() {
        #expect {
            _ = try EffectiveConfiguration(file: Self.file, commandLine: Choices(budgets: ["bgtsk=3"]), workingDirectory: "/")
        } throws: { error in
            (error as? EffectiveConfiguration.UsageError)?.description.hasPrefix("--budget: unknown budget 'bgtsk'") ?? false
        }
    }

    @Test func aMissingBaselineFromTheFileNamesTheFileLineAndKey() throws {
        let c = try EffectiveConfiguration(file: Self.file, commandLine: Choices(), workingDirectory: "/repo")
        #expect {
            _ = try c.baselineForReplay()
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.path == "/repo/.lctrace.yml" && error.line == 8 && error.key == "baseline"
                && error.message.contains("'/repo/ci/baseline.json' does not exist")
        }
        // Named on the command line, a missing baseline is reported where it is read.
        let named = try EffectiveConfiguration(file: Self.file, commandLine: Choices(baseline: "/none.json"), workingDirectory: "/")
        #expect(try named.baselineForReplay() == "/none.json")
    }

    @Test func theNearestFileIsFoundAndOnlyIt() throws {
        let root = try HostileConfigurationTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let deep = root + "/a/b/c"
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        #expect(ConfigurationFile.discover(from: deep).map { !$0.hasPrefix(root) } ?? true, "none under the temporary folder")
        try "fail_on: note\n".write(toFile: root + "/.lctrace.yml", atomically: true, encoding: .utf8)
        #expect(ConfigurationFile.discover(from: deep) == root + "/.lctrace.yml")
        try "fail_on: warning\n".write(toFile: root + "/a/.lctrace.yml", atomically: true, encoding: .utf8)
        #expect(ConfigurationFile.discover(from: deep) == root + "/a/.lctrace.yml")
        #expect(ConfigurationFile.discover(from: root + "/a/./b/..") == root + "/a/.lctrace.yml")
        // A folder of that name is not a configuration file.
        try FileManager.default.createDirectory(atPath: deep + "/.lctrace.yml", withIntermediateDirectories: true)
        #expect(ConfigurationFile.discover(from: deep) == root + "/a/.lctrace.yml")
    }
}
