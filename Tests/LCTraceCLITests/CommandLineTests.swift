import Foundation
import Testing

/// The `lctrace` binary end to end: exit statuses, errors on standard error, atomic
/// output, standard input. Runs the executable the test build produced.
@Suite struct CommandLineTests {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The lctrace binary beside the test bundle (`.build/<config>/lctrace`).
    static var binary: URL {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return exe.deletingLastPathComponent().appendingPathComponent("lctrace")
    }

    static func trace(_ name: String) -> String { "traces/\(name).jsonl.zst" }

    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Outcome {
        try runExecutable(binary, arguments, stdin: stdin, environment: environment)
    }

    /// Runs any executable in the repository, with the same pipes as ``run(_:stdin:environment:)``.
    static func runExecutable(
        _ executable: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = root
        var env = ProcessInfo.processInfo.environment
        env["GITHUB_STEP_SUMMARY"] = nil
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting so a large report cannot block the child.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    @Test func binaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "\(Self.binary.path)")
    }

    @Test func cleanLogExitsZero() throws {
        let r = try Self.run(["replay", Self.trace("clean-multi-session")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("0 errors"))
        #expect(r.stderr.isEmpty)
    }

    @Test(arguments: [
        ("lc100-illegal-transition", [String](), Int32(1)),
        ("lc100-illegal-transition", ["--fail-on", "never"], 0),
        ("lc103-abnormal-exit", [], 0),
        ("lc103-abnormal-exit", ["--fail-on", "warning"], 1),
        ("lc304-bgtask-open-at-end", ["--fail-on", "warning"], 0),
        ("lc304-bgtask-open-at-end", ["--fail-on", "note"], 1),
        ("lc403-truncated-log", [], 0),
        ("lc403-truncated-log", ["--fail-on", "warning"], 1),
    ])
    func exitStatusFollowsFailOn(sample: String, options: [String], status: Int32) throws {
        let r = try Self.run(["replay"] + options + [Self.trace(sample)])
        #expect(r.status == status, "\(sample) \(options): \(r.stdout) \(r.stderr)")
    }

    @Test func textFindingsAreCompilerStyle() throws {
        let r = try Self.run(["replay", Self.trace("lc100-illegal-transition")])
        #expect(
            r.stdout.contains("traces/lc100-illegal-transition.jsonl.zst:8: error: [LC100 illegal-transition] 'app.didBecomeActive' in 'background'"),
            "\(r.stdout)")
        #expect(!r.stdout.contains("\u{1B}["), "no colour when not a terminal")
    }

    @Test func unreadableInputsExitTwoAndTheRestIsReplayed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let binaryFile = dir.appendingPathComponent("core.bin")
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x00, 0x01, 0x02, 0x00, 0xFF, 0xFE]).write(to: binaryFile)

        let r = try Self.run(["replay", "missing.jsonl.zst", Self.trace("lc100-illegal-transition"), dir.path, binaryFile.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Unable to read 'missing.jsonl.zst': no such file or directory."), "\(r.stderr)")
        #expect(r.stderr.contains("Unable to read '\(dir.path)': is a directory."), "\(r.stderr)")
        #expect(r.stderr.contains("Unable to read '\(binaryFile.path)': not a lifecycle log"), "\(r.stderr)")
        #expect(r.stdout.contains("[LC100 illegal-transition]"), "the readable file is still replayed")
    }

    /// When no input could be read at all there is no report: the error, exit 2, and nothing
    /// on standard output or in `--output` (an empty report would read as a clean run).
    @Test(arguments: ["replay", "stats"], ["text", "json"])
    func noReadableInputWritesNothing(command: String, format: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let toStdout = try Self.run([command, "--format", format, "missing.jsonl"])
        #expect(toStdout.status == 2)
        #expect(toStdout.stdout.isEmpty, "\(toStdout.stdout)")
        #expect(toStdout.stderr.contains("Unable to read 'missing.jsonl'"), "\(toStdout.stderr)")
        let output = dir.appendingPathComponent("report.out").path
        let toFile = try Self.run([command, "--format", format, "-o", output, "missing.jsonl"])
        #expect(toFile.status == 2)
        #expect(!FileManager.default.fileExists(atPath: output))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no temporary file left")
    }

    @Test(arguments: [
        ["replay", "--budget", "nope=3", "traces/clean-scenes.jsonl.zst"],
        ["replay", "--budget", "launch=abc", "traces/clean-scenes.jsonl.zst"],
        ["replay", "--budget", "launch", "traces/clean-scenes.jsonl.zst"],
        ["replay", "--format", "xml", "traces/clean-scenes.jsonl.zst"],
        ["replay", "--fail-on", "fatal", "traces/clean-scenes.jsonl.zst"],
        ["replay", "--model", "android", "traces/clean-scenes.jsonl.zst"],
        ["replay", "--os", "seventeen", "traces/clean-scenes.jsonl.zst"],
        ["replay", "-", "-"],
        ["explain", "LC999"],
        ["frobnicate"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let r = try Self.run(arguments)
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
        #expect(!r.stderr.isEmpty)
    }

    @Test func unknownBudgetNamesTheValidOnes() throws {
        let r = try Self.run(["replay", "--budget", "nope=3", Self.trace("clean-scenes")])
        #expect(r.stderr.contains("launch") && r.stderr.contains("expiration"), "\(r.stderr)")
    }

    @Test func budgetOverrideChangesTheVerdict() throws {
        let r = try Self.run(["replay", "--budget", "launch=30", Self.trace("lc200-launch-watchdog")])
        #expect(r.status == 0, "\(r.stdout)")
        let tight = try Self.run(["replay", "--budget", "launch=10", Self.trace("lc200-launch-watchdog")])
        #expect(tight.status == 1)
    }

    @Test func outputIsWrittenAtomicallyAndNothingIsLeftOnFailure() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("report.json")
        let r = try Self.run(["replay", "--format", "json", "--output", target.path, Self.trace("lc300-bgtask-leaked")])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        let data = try Data(contentsOf: target)
        let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect((doc?["findings"] as? [Any])?.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["report.json"])

        let bad = try Self.run(["replay", "--output", dir.appendingPathComponent("no/such/dir/r.txt").path, Self.trace("clean-scenes")])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("Unable to write"), "\(bad.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["report.json"])
    }

    @Test func standardInputIsReadWithDash() throws {
        let source = try Data(contentsOf: Self.root.appendingPathComponent("traces/src/lc301-bgtask-unmatched-end.jsonl"))
        let r = try Self.run(["replay", "--format", "jsonl", "-"], stdin: source)
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n")
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["rule"] as? String == "LC301")
        #expect(first?["file"] as? String == "<stdin>")
        let zstd = try Data(contentsOf: Self.root.appendingPathComponent(Self.trace("lc301-bgtask-unmatched-end")))
        let z = try Self.run(["replay", "-"], stdin: zstd)
        #expect(z.status == 1)
        #expect(z.stdout.contains("<stdin>:"))
    }

    @Test func severalFilesInOneRunKeepTheirOrder() throws {
        let r = try Self.run([
            "replay", "--format", "json", Self.trace("lc301-bgtask-unmatched-end"), Self.trace("clean-scenes"), Self.trace("lc100-illegal-transition"),
        ])
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let files = (doc?["files"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(files == [Self.trace("lc301-bgtask-unmatched-end"), Self.trace("clean-scenes"), Self.trace("lc100-illegal-transition")])
        let summary = doc?["summary"] as? [String: Any]
        #expect(summary?["files"] as? Int == 3)
        #expect(summary?["errors"] as? Int == 2)
    }

    @Test func refreshBudgetIsOverridable() throws {
        let strict = try Self.run(["replay", Self.trace("lc204-bgsched-overrun")])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("[LC204 bgsched-overrun]"))
        let relaxed = try Self.run(["replay", "--budget", "refresh=60", Self.trace("lc204-bgsched-overrun")])
        #expect(relaxed.status == 0, "\(relaxed.stdout)")
        let explain = try Self.run(["explain", "LC306"])
        #expect(explain.stdout.contains("LC306 bgsched-expired-not-completed (error)"))
    }

    @Test func rulesAndExplain() throws {
        let rules = try Self.run(["rules"])
        #expect(rules.status == 0)
        // A header line, then one line per rule (LC100–LC106, LC200–LC204, LC300–LC311, LC400–LC404).
        #expect(rules.stdout.split(separator: "\n").count == 30)
        for id in ["LC307", "LC308", "LC309"] { #expect(rules.stdout.contains(id)) }
        let explain = try Self.run(["explain", "LC203"])
        #expect(explain.status == 0)
        #expect(explain.stdout.contains("LC203 bgtask-overrun (error)"))
        #expect(explain.stdout.contains("Triggering example"))
        let late = try Self.run(["explain", "LC307"])
        #expect(late.stdout.hasPrefix("LC307 bgsched-registered-late (error)"))
        #expect(late.stdout.contains("All launch handlers must be registered before"))
        let byName = try Self.run(["explain", "bgtask-leaked"])
        #expect(byName.stdout.hasPrefix("LC300 bgtask-leaked"))
    }

    @Test func closedStandardOutputEndsQuietly() throws {
        // `lctrace replay … | head -1`: the reader goes away; lctrace must not crash or complain.
        let process = Process()
        process.executableURL = Self.binary
        process.arguments =
            ["replay", "--fail-on", "never"]
            + (try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("traces").path))
            .filter { $0.hasSuffix(".zst") }.sorted().map { "traces/" + $0 }
        process.currentDirectoryURL = Self.root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try out.fileHandleForReading.close()
        try process.run()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: e, as: UTF8.self).isEmpty)
    }
}
