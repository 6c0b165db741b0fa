import Foundation
import Testing

/// A gate never passes on nothing (SPEC §6): an audit that replays no file exits 2 and its
/// report says why; a file named on the command line that is not a log is unreadable.
@Suite struct AuditGateCLITests {
    typealias CLI = CommandLineTests

    /// What a directory holds that has nothing to audit: (case name, files and contents).
    static let nothingToAudit: [(String, [(String, [UInt8])])] = [
        ("a README", [("README.txt", Array("hi\n".utf8))]),
        (
            "lctrace's own reports",
            [("report.json", Array("{\n  \"tool\": {\"name\": \"lctrace\", \"version\": \"1\"},\n  \"files\": []\n}\n".utf8))]
        ),
        ("a README and a gzip file", [("README.txt", Array("hi\n".utf8)), ("log.gz", [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 3])]),
    ]

    @Test(
        "An audit that replays no file exits 2 in every format and its report says why",
        arguments: ["text", "json", "jsonl", "sarif", "junit", "github"], [0, 1, 2])
    func nothingAuditedIsExitTwo(format: String, contents: Int) throws {
        let (name, files) = Self.nothingToAudit[contents]
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let logs = dir.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        for (file, bytes) in files { try Data(bytes).write(to: logs.appendingPathComponent(file)) }
        let out = dir.appendingPathComponent("report.out").path
        let r = try CLI.run(["audit", "--no-progress", "--format", format, "-o", out, logs.path])
        #expect(r.status == 2, "\(name) \(format): \(r.status) \(r.stderr)")
        let expected = "no file to audit in '\(logs.path)': \(files.count) skipped ("
        #expect(r.stderr.contains("lctrace: " + expected), "\(name) \(format): \(r.stderr)")
        // The report, whatever its format, names the reason rather than reading as a pass.
        let report = try String(contentsOfFile: out, encoding: .utf8)
        if format == "github" {
            // The github format counts unreadable inputs (their reasons are on standard error,
            // in the job's log), as `replay --format github` does.
            #expect(report.contains("0 files, 0 events, 0 sessions: 0 errors, 0 warnings, 0 notes, 1 unreadable"), "\(name): \(report)")
        } else if format == "jsonl" {
            // What `merge` reads: the summary line says it (no file, every path skipped) and no
            // entry with a made-up path breaks the path order merge checks.
            #expect(report.contains("\"files\":0,") && report.contains("\"skipped\":\(files.count),"), "\(name): \(report)")
            #expect(!report.contains("no file to audit"), "\(name): \(report)")
        } else {
            #expect(report.contains("no file to audit: \(files.count) skipped ("), "\(name) \(format): \(report)")
        }
        if format == "json" {
            let object = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
            let unreadable = object?["unreadable"] as? [[String: Any]]
            #expect(unreadable?.first?["path"] as? String == logs.path, "\(report)")
        }
    }

    @Test("A named file that is not a log is unreadable, as replay says", arguments: ["random", "gzip", "nul"])
    func namedNonLogIsUnreadable(kind: String) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("input.bin").path
        var generator = SystemRandomNumberGenerator()
        let bytes: [UInt8] =
            switch kind {
            case "random": [0xCF, 0xF3, 0x67, 0xF3] + (0..<2000).map { _ in UInt8.random(in: 0x80...0xFF, using: &generator) }
            case "gzip": [0x1F, 0x8B, 0x08, 0x00] + Array(repeating: 0, count: 40)
            default: Array(repeating: 0, count: 4096)
            }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let replay = try CLI.run(["replay", path])
        #expect(replay.status == 2)
        let message = replay.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(message.hasPrefix("Unable to read '\(path)': not a lifecycle log: "), "\(replay.stderr)")
        let audit = try CLI.run(["audit", "--no-progress", "--format", "json", path])
        #expect(audit.status == 2, "\(kind): \(audit.stderr)")
        #expect(audit.stderr.contains(message + "\n"), "\(kind): \(audit.stderr)")
        #expect(audit.stdout.contains("\"unreadable\": [\n    {\n      \"path\": \"\(path)\""), "\(audit.stdout)")
        // Beside a log it is still unreadable, and the audit exits by the log's findings.
        let beside = try CLI.run(["audit", "--no-progress", path, CLI.trace("lc100-illegal-transition")])
        #expect(beside.status == 1, "\(beside.stderr)")
        #expect(beside.stderr.contains(message + "\n"))
    }

    @Test(
        "Non-logs found beside a log are skipped and the exit follows the findings",
        arguments: [("clean-multi-session", Int32(0)), ("lc100-illegal-transition", 1)])
    func walkSkipsNonLogsBesideLogs(trace: String, status: Int32) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("hi\n".utf8).write(to: dir.appendingPathComponent("README.txt"))
        try FileManager.default.copyItem(
            at: CLI.root.appendingPathComponent(CLI.trace(trace)), to: dir.appendingPathComponent("app.jsonl.zst"))
        let r = try CLI.run(["audit", "--no-progress", dir.path])
        #expect(r.status == status, "\(r.stderr)")
        #expect(r.stdout.contains("README.txt: skipped: not a lifecycle log"), "\(r.stdout)")
        #expect(!r.stderr.contains("no file to audit"), "\(r.stderr)")
    }

    @Test("A shard whose files are all skipped exits 0; the merge of the set exits 2, as the unsharded audit")
    func skippedShardsMergeToExitTwo() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let logs = dir.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        for name in ["a.txt", "b.txt", "c.txt", "d.txt"] { try Data("hi\n".utf8).write(to: logs.appendingPathComponent(name)) }
        let whole = try CLI.run(["audit", "--no-progress", logs.path])
        #expect(whole.status == 2, "\(whole.stderr)")
        var shards: [String] = []
        for k in 1...2 {
            let shard = dir.appendingPathComponent("s\(k).jsonl").path
            let r = try CLI.run(["audit", "--no-progress", "--shard", "\(k)/2", "--format", "jsonl", "-o", shard, logs.path])
            #expect(r.status == 0, "shard \(k): \(r.stderr)")
            shards.append(shard)
        }
        let merged = try CLI.run(["merge"] + shards)
        #expect(merged.status == whole.status, "\(merged.stderr)")
        #expect(merged.stderr.contains("lctrace: no file to audit: 4 skipped ("), "\(merged.stderr)")
        // The merged report does not read as a pass either: an input that could not be read.
        let junit = try CLI.run(["merge", "--format", "junit"] + shards)
        #expect(junit.status == 2)
        #expect(junit.stdout.contains("errors=\"1\""), "\(junit.stdout)")
        // `--shard 1/1` is the whole set: judged as the unsharded audit.
        let one = try CLI.run(["audit", "--no-progress", "--shard", "1/1", logs.path])
        #expect(one.status == 2, "\(one.stderr)")
    }

    /// A shard whose files were all unreadable (an empty recording) exits 0 like the rest:
    /// `merge` judges the whole, and it exits as the unsharded audit (by the findings).
    @Test func aShardOfUnreadableFilesIsJudgedByMerge() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let logs = dir.appendingPathComponent("d")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CLI.root.appendingPathComponent(CLI.trace("clean-multi-session")), to: logs.appendingPathComponent("a.jsonl.zst"))
        try Data().write(to: logs.appendingPathComponent("b.jsonl"))
        let whole = try CLI.run(["audit", "--no-progress", logs.path])
        #expect(whole.status == 0, "\(whole.stderr)")
        var shards: [String] = []
        for k in 1...2 {
            let shard = dir.appendingPathComponent("s\(k).jsonl").path
            let r = try CLI.run(["audit", "--no-progress", "--shard", "\(k)/2", "--fail-on", "never", "--format", "jsonl", "-o", shard, logs.path])
            #expect(r.status == 0, "shard \(k): \(r.stderr)")
            shards.append(shard)
        }
        let merged = try CLI.run(["merge"] + shards)
        #expect(merged.status == whole.status, "\(merged.stderr)")
    }

    /// A part of a path-partitioned audit whose files were all skipped still merges with the
    /// others (its jsonl holds no made-up entry to break the path order).
    @Test func anAllSkippedPartMergesWithTheOthers() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let d1 = dir.appendingPathComponent("d1")
        try FileManager.default.createDirectory(at: d1, withIntermediateDirectories: true)
        try Data("hi\n".utf8).write(to: d1.appendingPathComponent("README.txt"))
        let a1 = dir.appendingPathComponent("a1.jsonl").path
        let a2 = dir.appendingPathComponent("a2.jsonl").path
        let first = try CLI.run(["audit", "--no-progress", "--format", "jsonl", "-o", a1, d1.path])
        #expect(first.status == 2)
        let second = try CLI.run(["audit", "--no-progress", "--format", "jsonl", "-o", a2, CLI.trace("lc100-illegal-transition")])
        #expect(second.status == 1)
        let merged = try CLI.run(["merge", a1, a2])
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(!merged.stderr.contains("not in path order"), "\(merged.stderr)")
    }

    /// `merge --fail-on` judges the whole by one threshold, so shards audited with different
    /// ones merge; without it they must agree, and the refusal says how to merge them.
    @Test func mergeFailOnJudgesShardsOfDifferentThresholds() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var shards: [String] = []
        for (k, threshold) in [(1, "error"), (2, "warning")] {
            let shard = dir.appendingPathComponent("s\(k).jsonl").path
            _ = try CLI.run([
                "audit", "--no-progress", "--shard", "\(k)/2", "--fail-on", threshold, "--format", "jsonl", "-o", shard,
                CLI.trace("lc100-illegal-transition"), CLI.trace("lc103-abnormal-exit"),
            ])
            shards.append(shard)
        }
        let refused = try CLI.run(["merge"] + shards)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("or give merge --fail-on to judge the whole by one"), "\(refused.stderr)")
        let judged = try CLI.run(["merge", "--fail-on", "warning"] + shards)
        #expect(judged.status == 1, "\(judged.stderr)")
        // What the merge records does not depend on the order of its inputs: shards that
        // disagree record none, so `--fail-on never` records `error`, as one audit would.
        for order in [shards, shards.reversed()] {
            let merged = try CLI.run(["merge", "--fail-on", "never", "--format", "jsonl"] + order)
            let header = merged.stdout.split(separator: "\n").first.map(String.init) ?? ""
            #expect(header.contains(#""fail_on":"error""#), "\(header)")
        }
    }
}
