import Foundation
import Testing

/// `.lctrace.yml` and `--config`, `--disable`, `--enable` end to end (SPEC §9): one
/// configuration, and every format, count, exit status and aggregate agrees with it.
@Suite struct ConfigurationCLITests {
    typealias Outcome = CommandLineTests.Outcome

    /// A temporary folder, removed by the caller.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-config-cli-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs lctrace with `directory` as the current folder.
    static func run(_ arguments: [String], in directory: URL) throws -> Outcome {
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_STEP_SUMMARY"] = nil
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    static func trace(_ name: String) -> String {
        CommandLineTests.root.appendingPathComponent("traces/\(name).jsonl.zst").path
    }

    static func write(_ text: String, to url: URL) throws {
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static let configuration = """
        disabled_rules: [LC402]
        severity: {LC202: error, LC104: note}
        """

    static let traces = ["lc202-background-overrun", "lc402-unknown-event", "lc104-mixed-lifecycle"].map(trace)

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    // MARK: Every format

    @Test func jsonAndTextFollowTheConfiguration() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write(Self.configuration, to: dir.appendingPathComponent(".lctrace.yml"))
        let r = try Self.run(["replay", "--format", "json"] + Self.traces, in: dir)
        #expect(r.status == 1, "LC202 is an error now: \(r.stderr)")
        let doc = try Self.json(r.stdout)
        let findings = try #require(doc["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["LC202", "LC104"])
        #expect(findings.map { $0["severity"] as? String } == ["error", "note"])
        let summary = try #require(doc["summary"] as? [String: Any])
        #expect(summary["errors"] as? Int == 1 && summary["warnings"] as? Int == 0 && summary["notes"] as? Int == 1)
        let files = try #require(doc["files"] as? [[String: Any]])
        #expect(files.map { $0["notes"] as? Int } == [0, 0, 1], "LC402 is not counted either")

        let text = try Self.run(["replay"] + Self.traces, in: dir)
        #expect(text.status == 1)
        #expect(text.stdout.contains(": error: [LC202 background-overrun]"))
        #expect(text.stdout.contains(": note: [LC104 mixed-lifecycle]"))
        #expect(!text.stdout.contains("LC402"))
        #expect(text.stdout.contains("1 error, 0 warnings, 1 note"))
    }

    @Test func sarifGithubJUnitAndJSONLinesFollowTheConfiguration() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write(Self.configuration, to: dir.appendingPathComponent(".lctrace.yml"))

        let sarif = try Self.run(["replay", "--format", "sarif"] + Self.traces, in: dir)
        #expect(sarif.status == 1)
        let runs = try #require(try Self.json(sarif.stdout)["runs"] as? [[String: Any]])
        let results = try #require(runs.first?["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["LC202", "LC104"])
        #expect(results.map { $0["level"] as? String } == ["error", "note"])

        let github = try Self.run(["replay", "--format", "github"] + Self.traces, in: dir)
        #expect(github.status == 1)
        let commands = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(commands.contains { $0.hasPrefix("::error ") && $0.contains("LC202") })
        #expect(commands.contains { $0.hasPrefix("::notice ") && $0.contains("LC104") })
        #expect(!github.stdout.contains("LC402"))

        let junit = try Self.run(["replay", "--format", "junit"] + Self.traces, in: dir)
        #expect(junit.status == 1)
        #expect(junit.stdout.contains("tests=\"3\" failures=\"1\""), "only the LC202 file fails: \(junit.stdout)")
        #expect(junit.stdout.contains("error: [LC202"))
        #expect(!junit.stdout.contains("LC402"))

        let jsonl = try Self.run(["replay", "--format", "jsonl"] + Self.traces, in: dir)
        let lines = try jsonl.stdout.split(separator: "\n").map { try Self.json(String($0)) }
        #expect(lines.compactMap { $0["rule"] as? String } == ["LC202", "LC104"])
        #expect(lines.compactMap { $0["severity"] as? String } == ["error", "note"])
    }

    @Test func failOnComesFromTheFileUnlessTheCommandLineSaysOtherwise() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let note = Self.trace("lc304-bgtask-open-at-end")
        #expect(try Self.run(["replay", note], in: dir).status == 0)
        try Self.write("fail_on: note\n", to: dir.appendingPathComponent(".lctrace.yml"))
        #expect(try Self.run(["replay", note], in: dir).status == 1)
        #expect(try Self.run(["replay", "--fail-on", "never", note], in: dir).status == 0)
        // A severity override moves a finding across the threshold.
        try Self.write("fail_on: warning\nseverity: {LC304: warning}\n", to: dir.appendingPathComponent(".lctrace.yml"))
        #expect(try Self.run(["replay", note], in: dir).status == 1)
        try Self.write("fail_on: warning\nseverity: {LC202: note}\n", to: dir.appendingPathComponent(".lctrace.yml"))
        #expect(try Self.run(["replay", Self.trace("lc202-background-overrun")], in: dir).status == 0)
    }

    @Test func budgetsModelAndOSFromTheFileYieldToTheCommandLine() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = Self.trace("lc202-background-overrun")
        try Self.write("budgets: {background: 100, launch: 1000}\nfail_on: warning\n", to: dir.appendingPathComponent(".lctrace.yml"))
        #expect(try Self.run(["replay", trace], in: dir).status == 0, "the file's budget holds the overrun")
        let r = try Self.run(["replay", "--budget", "background=2", trace], in: dir)
        #expect(r.status == 1)
        #expect(r.stdout.contains("budget 'background' is 2 s"))
    }

    // MARK: Audit

    @Test func auditsAggregateAndExclusionsFollowTheConfiguration() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let logs = dir.appendingPathComponent("logs")
        let fixtures = logs.appendingPathComponent("fixtures")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        for name in ["lc202-background-overrun", "lc402-unknown-event", "lc104-mixed-lifecycle"] {
            try FileManager.default.copyItem(atPath: Self.trace(name), toPath: logs.appendingPathComponent(name + ".jsonl.zst").path)
        }
        let planted = fixtures.appendingPathComponent("lc100.jsonl.zst")
        try FileManager.default.copyItem(atPath: Self.trace("lc100-illegal-transition"), toPath: planted.path)
        try Self.write(Self.configuration + "\nexcluded: [\"logs/fixtures/**\"]\n", to: dir.appendingPathComponent(".lctrace.yml"))

        // Run from inside `logs`: the patterns are relative to the file's folder.
        let r = try Self.run(["audit", "--format", "json", "--no-progress", "."], in: logs)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("1 file left out by 'excluded'"), "\(r.stderr)")
        let doc = try Self.json(r.stdout)
        let files = try #require(doc["files"] as? [[String: Any]])
        #expect(files.count == 3, "the fixture is left out")
        let aggregate = try #require(doc["summary"] as? [String: Any])
        let rules = try #require(aggregate["rules"] as? [[String: Any]])
        #expect(rules.map { $0["rule"] as? String } == ["LC104", "LC202"])
        #expect(rules.map { $0["severity"] as? String } == ["note", "error"])
        #expect(aggregate["errors"] as? Int == 1 && aggregate["notes"] as? Int == 1 && aggregate["warnings"] as? Int == 0)

        let text = try Self.run(["audit", "--no-progress", "."], in: logs)
        #expect(text.status == 1)
        #expect(text.stdout.split(separator: "\n").contains { $0.contains("LC202 background-overrun") && $0.contains(" error ") }, "\(text.stdout)")
        #expect(!text.stdout.contains("LC402"))

        // A file found by walking a named folder is filtered like any other.
        let walked = try Self.run(["audit", "--format", "json", "--no-progress", "fixtures"], in: logs)
        #expect(walked.stderr.contains("1 file left out by 'excluded'"), "\(walked.stderr)")
        #expect(!walked.stdout.contains("LC100"))

        // A path named on the command line is audited even when a pattern matches it.
        let named = try Self.run(["audit", "--format", "json", "--no-progress", planted.path], in: logs)
        #expect(named.status == 1)
        #expect(named.stdout.contains("LC100"))

        // --enable puts a disabled rule back; --disable takes one out.
        let enabled = try Self.run(["audit", "--format", "json", "--no-progress", "--enable", "LC402", "--disable", "LC202", "."], in: logs)
        #expect(enabled.status == 0, "\(enabled.stderr)")
        #expect(enabled.stdout.contains("\"LC402\""))
        #expect(!enabled.stdout.contains("\"LC202\""))
    }

    @Test func shardsCarryTheirRuleSettingsIntoMerge() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let logs = dir.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        for name in ["lc202-background-overrun", "lc402-unknown-event", "lc104-mixed-lifecycle", "lc100-illegal-transition"] {
            try FileManager.default.copyItem(atPath: Self.trace(name), toPath: logs.appendingPathComponent(name + ".jsonl.zst").path)
        }
        try Self.write(Self.configuration, to: dir.appendingPathComponent(".lctrace.yml"))
        var shards: [String] = []
        for k in 1...2 {
            let shard = dir.appendingPathComponent("shard\(k).jsonl").path
            let r = try Self.run(["audit", "--format", "jsonl", "--no-progress", "--shard", "\(k)/2", "--output", shard, "logs"], in: dir)
            #expect(r.status <= 1, "\(r.stderr)")
            shards.append(shard)
        }
        let whole = try Self.run(["audit", "--format", "json", "--no-progress", "logs"], in: dir)
        // Merged elsewhere, with no configuration file: the shards' headers carry the settings.
        let elsewhere = try Self.folder()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let merged = try Self.run(["merge", "--format", "json"] + shards, in: elsewhere)
        #expect(merged.status == whole.status, "\(merged.stderr)")
        let a = try Self.json(whole.stdout), b = try Self.json(merged.stdout)
        let rulesA = try #require((a["summary"] as? [String: Any])?["rules"] as? [[String: Any]])
        let rulesB = try #require((b["summary"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rulesB.map { $0["severity"] as? String } == rulesA.map { $0["severity"] as? String })
        #expect(rulesB.first { $0["rule"] as? String == "LC202" }?["severity"] as? String == "error")

        // A shard audited under other rule settings is refused.
        let plain = dir.appendingPathComponent("plain2.jsonl").path
        let r = try Self.run(
            ["audit", "--format", "jsonl", "--no-progress", "--shard", "2/2", "--enable", "LC402", "--output", plain, "logs"], in: dir)
        #expect(r.status <= 1)
        let refused = try Self.run(["merge", "--format", "json", shards[0], plain], in: elsewhere)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--disable LC402"), "\(refused.stderr)")
    }

    // MARK: rules, explain

    @Test func ownersFromTheFileNameTheTaskOwnerInFindingsAndTheAuditRanking() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = """
            {"t":1795168800.0,"ev":"process.launch","pid":5,"reason":"user"}
            {"t":1795168800.2,"ev":"app.didFinishLaunching","pid":5}
            {"t":1795168800.3,"ev":"app.didBecomeActive","pid":5}
            {"t":1795168810.0,"ev":"app.willResignActive","pid":5}
            {"t":1795168810.1,"ev":"app.didEnterBackground","pid":5}
            {"t":1795168810.2,"ev":"bgtask.begin","pid":5,"task":3,"name":"com.example.sync.upload"}
            {"t":1795168812.0,"ev":"sys.suspend","pid":5}

            """
        try Self.write(log, to: dir.appendingPathComponent("app.jsonl"))
        func owners(_ args: [String]) throws -> [String?] {
            let r = try Self.run(["replay", "--format", "json", "--fail-on", "never"] + args + ["app.jsonl"], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
            let findings = try #require(try Self.json(r.stdout)["findings"] as? [[String: Any]])
            return findings.filter { $0["rule"] as? String == "LC300" }.map { $0["owner"] as? String }
        }
        #expect(try owners([]) == [nil])
        try Self.write("owners: {\"com.example.sync.\": \"Example Sync\"}\n", to: dir.appendingPathComponent(".lctrace.yml"))
        #expect(try owners([]) == ["Example Sync"])
        let audit = try Self.run(["audit", "--format", "json", "--no-progress", "--fail-on", "never", "app.jsonl"], in: dir)
        let summary = try #require(try Self.json(audit.stdout)["summary"] as? [String: Any])
        let ranking = try #require(summary["owners"] as? [[String: Any]], "\(audit.stdout.prefix(400))")
        #expect(ranking.first?["owner"] as? String == "Example Sync")
    }

    @Test func rulesShowsTheEffectiveConfigurationAndWhereItCameFrom() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("a/b")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent(".lctrace.yml")
        try Self.write(Self.configuration, to: file)
        let r = try Self.run(["rules"], in: sub)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasSuffix("/.lctrace.yml") ?? false, "\(lines.first ?? "")")
        #expect(lines.contains { $0.hasPrefix("LC202  error*") })
        #expect(lines.contains { $0.hasPrefix("LC402  disabled*") })
        #expect(lines.contains { $0.hasPrefix("LC203  error ") }, "an untouched rule is unmarked")
        #expect(lines.contains { $0.contains("LC202  warning -> error") && $0.hasSuffix(".lctrace.yml:2)") })
        #expect(lines.contains { $0.contains("LC402  disabled") && $0.hasSuffix(".lctrace.yml:1)") })

        let json = try Self.run(["rules", "--format", "json"], in: sub)
        let rules = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let lc202 = try #require(rules.first { $0["id"] as? String == "LC202" })
        #expect(lc202["severity"] as? String == "error" && lc202["defaultSeverity"] as? String == "warning")
        #expect((lc202["configuredBy"] as? String)?.hasSuffix(".lctrace.yml:2") ?? false)
        #expect(rules.first { $0["id"] as? String == "LC402" }?["disabled"] as? Bool == true)

        // --config replaces the search.
        let other = dir.appendingPathComponent("other.yml")
        try Self.write("severity: {LC100: note}\n", to: other)
        let named = try Self.run(["rules", "--config", other.path], in: sub)
        #expect(named.stdout.contains("LC100  note*"))
        #expect(named.stdout.contains("LC202  warning "))

        let explain = try Self.run(["explain", "LC202"], in: sub)
        #expect(explain.stdout.contains("Reported as error by the configuration"))
        // docs/RULES.md is the catalogue's, whatever a configuration says.
        #expect(
            try Self.run(["rules", "--format", "markdown"], in: sub).stdout
                == (try Self.run(["rules", "--format", "markdown"], in: dir.deletingLastPathComponent())).stdout)
    }

    // MARK: Baseline

    @Test func theBaselineKeyIsWhereBaselineWritesAndWhatReplayComparesWith() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Self.write("baseline: ci/known.json\nfail_on: warning\n", to: dir.appendingPathComponent(".lctrace.yml"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("ci"), withIntermediateDirectories: true)
        let trace = Self.trace("lc202-background-overrun")

        let missing = try Self.run(["replay", trace], in: sub)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains(".lctrace.yml:1: error: 'baseline': '"), "\(missing.stderr)")
        #expect(missing.stderr.contains("ci/known.json' does not exist"), "\(missing.stderr)")
        #expect(missing.stdout.isEmpty)

        let recorded = try Self.run(["baseline", trace], in: sub)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("ci/known.json").path), "relative to the file's folder")

        let compared = try Self.run(["replay", trace], in: sub)
        #expect(compared.status == 0, "\(compared.stderr)")
        #expect(compared.stderr.contains("suppressed by the baseline"))
        // --baseline on the command line wins (a missing one is its own error).
        let other = try Self.run(["replay", "--baseline", "none.json", trace], in: sub)
        #expect(other.status == 2)
        #expect(!other.stderr.contains(".lctrace.yml"))
    }

    @Test func aDisabledRulesBaselineEntriesAreNeverStale() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = Self.trace("lc202-background-overrun")
        let baseline = dir.appendingPathComponent("b.json").path
        #expect(try Self.run(["baseline", "--output", baseline, trace], in: dir).status == 0)
        let before = try Self.run(["replay", "--baseline", baseline, "--strict-baseline", trace], in: dir)
        #expect(before.status == 0, "\(before.stderr)")
        let disabled = try Self.run(["replay", "--baseline", baseline, "--strict-baseline", "--disable", "LC202", trace], in: dir)
        #expect(disabled.status == 0, "\(disabled.stderr)")
        #expect(!disabled.stderr.contains("no longer occurs"), "\(disabled.stderr)")
        // A severity override leaves the entry matching.
        try Self.write("severity: {LC202: error}\n", to: dir.appendingPathComponent(".lctrace.yml"))
        let raised = try Self.run(["replay", "--baseline", baseline, "--strict-baseline", trace], in: dir)
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(raised.stderr.contains("1 finding suppressed"), "\(raised.stderr)")
    }

    // MARK: Mistakes

    /// (file text, the message's words)
    @Test(arguments: [
        ("disabled_rule: [LC402]\n", ".lctrace.yml:1: error: unknown key 'disabled_rule'; did you mean 'disabled_rules'?"),
        ("severity: {LC3OO: error}\n", ".lctrace.yml:1: error: 'severity': unknown rule 'LC3OO'; did you mean 'LC300'?"),
        ("fail_on: warning\nbudgets:\n  bgtsk: 25\n", ".lctrace.yml:3: error: 'budgets': unknown budget 'bgtsk'; did you mean 'bgtask'?"),
        ("fail_on: [warning]\n", ".lctrace.yml:1: error: 'fail_on': expected error, warning, note or never, got a list"),
        ("severity: {LC202: error\n", ".lctrace.yml:2: error: YAML syntax error"),
    ])
    func aBadFileIsExit2BeforeAnythingIsWritten(text: String, words: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write(text, to: dir.appendingPathComponent(".lctrace.yml"))
        let output = dir.appendingPathComponent("report.json")
        for arguments in [
            ["replay", "--format", "json", "--output", output.path, Self.trace("lc202-background-overrun")],
            ["audit", "--format", "json", "--output", output.path, "--no-progress", Self.trace("lc202-background-overrun")],
            ["baseline", "--output", output.path, Self.trace("lc202-background-overrun")],
            ["stats", Self.trace("lc202-background-overrun")],
            ["timeline", Self.trace("lc202-background-overrun")],
            ["rules"],
        ] {
            let r = try Self.run(arguments, in: dir)
            #expect(r.status == 2, "\(arguments[0]): \(r.stderr)")
            #expect(r.stderr.contains(words), "\(arguments[0]): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(arguments[0])")
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(arguments[0]) wrote a report")
        }
    }

    /// (arguments, words)
    @Test(arguments: [
        (["--disable", "LC402", "--enable", "LC402"], "--disable LC402 and --enable LC402: a rule cannot be both"),
        (["--disable", "LC3OO"], "--disable: unknown rule 'LC3OO'; did you mean 'LC300'?"),
        (["--config", "/nonexistent/lctrace.yml"], "/nonexistent/lctrace.yml: error: no such configuration file"),
        (["--config", ""], "--config needs a file name, not an empty string"),
    ])
    func commandLineMistakesAreExit2(arguments: [String], words: String) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for command in ["replay", "audit"] {
            let r = try Self.run([command] + arguments + [Self.trace("lc202-background-overrun")], in: dir)
            #expect(r.status == 2, "\(command): \(r.stderr)")
            #expect(r.stderr.contains(words), "\(command): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }

    @Test func configReplacesTheSearchAndDisableWorksOnReplay() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.write("colour: red\n", to: dir.appendingPathComponent(".lctrace.yml"))
        let good = dir.appendingPathComponent("good.yml")
        try Self.write("disabled_rules: [LC202]\n", to: good)
        let trace = Self.trace("lc202-background-overrun")
        let r = try Self.run(["replay", "--config", good.path, "--fail-on", "warning", trace], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("LC202"))
        let enabled = try Self.run(["replay", "--config", good.path, "--enable", "LC202", "--fail-on", "warning", trace], in: dir)
        #expect(enabled.status == 1)
        let disabled = try Self.run(["replay", "--config", good.path, "--disable", "background-overrun", "--disable", "LC104", trace], in: dir)
        #expect(disabled.status == 0)
    }
}
