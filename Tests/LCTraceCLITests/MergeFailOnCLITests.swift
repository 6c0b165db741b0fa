import Foundation
import Testing

/// The merge of an audit's shards exits as the unsharded audit would under the same
/// configuration (docs/SCALE.md): each shard's header records the effective `fail_on`.
@Suite struct MergeFailOnCLITests {
    typealias CLI = CommandLineTests

    /// (logs, threshold, the unsharded audit's status): lc103 is a warning, lc304 a note.
    static let cases: [([String], String, Int32)] = [
        (["lc103-abnormal-exit", "lc304-bgtask-open-at-end", "lc400-clock-regression"], "error", 0),
        (["lc103-abnormal-exit", "lc304-bgtask-open-at-end", "lc400-clock-regression"], "warning", 1),
        (["lc103-abnormal-exit", "lc304-bgtask-open-at-end", "lc400-clock-regression"], "note", 1),
        (["lc304-bgtask-open-at-end", "clean-multi-session"], "warning", 0),
        (["lc304-bgtask-open-at-end", "clean-multi-session"], "note", 1),
    ]

    /// A folder of copies of `traces` and a configuration file, or `nil` for none.
    static func fixture(_ traces: [String], failOn: String?) throws -> (dir: URL, logs: String, config: [String]) {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        let logs = dir.appendingPathComponent("logs")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        for trace in traces {
            try FileManager.default.copyItem(
                at: CLI.root.appendingPathComponent(CLI.trace(trace)), to: logs.appendingPathComponent(trace + ".jsonl.zst"))
        }
        let config = dir.appendingPathComponent("lctrace.yml").path
        try Data((failOn.map { "fail_on: \($0)\n" } ?? "budgets:\n  launch: 20\n").utf8).write(to: URL(fileURLWithPath: config))
        return (dir, logs.path, ["--config", config])
    }

    /// Runs the shards with `shardOptions` and merges them with `mergeOptions`: (shard statuses, merge).
    static func sharded(
        _ fx: (dir: URL, logs: String, config: [String]), shardOptions: [String], mergeOptions: [String] = []
    ) throws -> ([Int32], CommandLineTests.Outcome) {
        var statuses: [Int32] = []
        var shards: [String] = []
        for k in 1...2 {
            let out = fx.dir.appendingPathComponent("s\(k).jsonl").path
            let r = try CLI.run(
                ["audit", "--no-progress", "--shard", "\(k)/2", "--format", "jsonl", "-o", out] + fx.config + shardOptions + [fx.logs])
            statuses.append(r.status)
            shards.append(out)
        }
        return (statuses, try CLI.run(["merge"] + mergeOptions + shards))
    }

    @Test("The merge of shards exits as the unsharded audit, fail_on from the configuration file", arguments: cases)
    func failOnFromConfigurationFile(traces: [String], failOn: String, status: Int32) throws {
        let fx = try Self.fixture(traces, failOn: failOn)
        defer { try? FileManager.default.removeItem(at: fx.dir) }
        let whole = try CLI.run(["audit", "--no-progress"] + fx.config + [fx.logs])
        #expect(whole.status == status, "\(whole.stderr)")
        let (_, merged) = try Self.sharded(fx, shardOptions: [])
        #expect(merged.status == status, "\(failOn): \(merged.stderr)")
        // Shards kept from failing with --fail-on never still merge into the file's gate.
        let (quiet, gated) = try Self.sharded(fx, shardOptions: ["--fail-on", "never"])
        #expect(quiet == [0, 0])
        #expect(gated.status == status, "\(failOn) after --fail-on never: \(gated.stderr)")
        // merge --fail-on wins over what the shards recorded.
        let (_, never) = try Self.sharded(fx, shardOptions: [], mergeOptions: ["--fail-on", "never"])
        #expect(never.status == 0)
        let (_, note) = try Self.sharded(fx, shardOptions: [], mergeOptions: ["--fail-on", "note"])
        #expect(note.status == 1)
    }

    @Test("The merge of shards exits as the unsharded audit, --fail-on on the command line", arguments: cases)
    func failOnFromTheFlag(traces: [String], failOn: String, status: Int32) throws {
        let fx = try Self.fixture(traces, failOn: nil)
        defer { try? FileManager.default.removeItem(at: fx.dir) }
        let whole = try CLI.run(["audit", "--no-progress", "--fail-on", failOn] + fx.config + [fx.logs])
        #expect(whole.status == status, "\(whole.stderr)")
        let (_, merged) = try Self.sharded(fx, shardOptions: ["--fail-on", failOn])
        #expect(merged.status == status, "\(failOn): \(merged.stderr)")
        let header = try String(contentsOf: fx.dir.appendingPathComponent("s1.jsonl"), encoding: .utf8).prefix { $0 != "\n" }
        #expect(header.contains(#""fail_on":"\#(failOn)""#), "\(header)")
    }

    @Test("Shards audited with different fail_on are refused, as other header differences are")
    func disagreeingShardsAreRefused() throws {
        let fx = try Self.fixture(["lc103-abnormal-exit", "lc304-bgtask-open-at-end"], failOn: nil)
        defer { try? FileManager.default.removeItem(at: fx.dir) }
        var shards: [String] = []
        for (k, failOn) in [(1, "error"), (2, "warning")] {
            let out = fx.dir.appendingPathComponent("s\(k).jsonl").path
            let r = try CLI.run(
                ["audit", "--no-progress", "--shard", "\(k)/2", "--format", "jsonl", "--fail-on", failOn, "-o", out] + fx.config + [fx.logs])
            #expect(r.status == 0 || r.status == 1)
            shards.append(out)
        }
        let merged = try CLI.run(["merge"] + shards)
        #expect(merged.status == 2)
        #expect(merged.stderr.contains("--fail-on (or fail_on in the configuration file) must be the same in every input"), "\(merged.stderr)")
        #expect(merged.stdout.isEmpty)
    }
}
