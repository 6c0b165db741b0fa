import Foundation
import Testing

/// `merge` against the audit it stands for: the shards of an audit merge into exactly what
/// the unsharded audit writes, in every format, `source` and `session` of every finding
/// included; shards made differently are refused, naming both files and the option.
@Suite struct MergeSeamTests {
    /// A directory of logs with app and system evidence: a system-log transcript (UIKit's own
    /// verdicts, `"source": "system"`), a unified-log export, and native logs.
    static let logs = [
        "syslog-suspended-and-killed.txt.zst", "oslog-killed-in-background.ndjson.zst", "lc103-abnormal-exit.jsonl.zst",
        "lc300-bgtask-leaked.jsonl.zst", "lc102-event-after-exit.jsonl.zst", "lc203-bgtask-overrun.jsonl.zst",
    ]

    /// Runs lctrace in the scratch directory: relative paths name its files.
    static func run(_ s: BatchEdgeTests.Scratch, _ arguments: [String]) throws -> CommandLineTests.Outcome {
        try CommandLineTests.run(arguments.map { $0.hasPrefix("-") ? $0 : Self.absolute(s, $0) })
    }

    /// `s1.jsonl` → `ROOT/s1.jsonl`; option values (`launch=3`, `uikit-scene`, `15.0`) stay.
    static func absolute(_ s: BatchEdgeTests.Scratch, _ argument: String) -> String {
        argument.hasSuffix(".jsonl") || argument == "d" ? s.root + "/" + argument : argument
    }

    static func scratchWithLogs() throws -> BatchEdgeTests.Scratch {
        let s = try BatchEdgeTests.Scratch()
        for name in logs {
            try s.write("d/" + name, Array(try Data(contentsOf: CommandLineTests.root.appendingPathComponent("traces/" + name))))
        }
        return s
    }

    /// Audits `d` as shards 1/2 and 2/2 into `s1.jsonl` and `s2.jsonl`, `more[k]` added to shard k.
    static func shards(_ s: BatchEdgeTests.Scratch, _ more: [[String]] = [[], []]) throws {
        for k in 1...2 {
            let r = try Self.run(
                s,
                ["audit", "--fail-on", "never", "--format", "jsonl", "--shard", "\(k)/2", "-o", "s\(k).jsonl"] + more[k - 1] + ["d"])
            #expect(r.status == 0, "\(r.stderr)")
        }
    }

    /// Every format `merge --format` takes.
    static let formats = ["text", "json", "jsonl", "sarif", "junit", "github", "html"]

    @Test func theFormatListIsEveryFormatMergeTakes() throws {
        let help = try CommandLineTests.run(["merge", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(values: " + Self.formats.joined(separator: ", ") + ";"), "\(help)")
    }

    @Test(arguments: formats)
    func mergeOfShardsIsTheUnshardedAudit(format: String) throws {
        let s = try Self.scratchWithLogs()
        try Self.shards(s)
        // Both shards hold files, and the system's verdicts are in them.
        let shardText = try s.read("s1.jsonl") + s.read("s2.jsonl")
        #expect(try s.read("s1.jsonl").contains(#"{"file":"#) && s.read("s2.jsonl").contains(#"{"file":"#))
        #expect(shardText.contains(#""source":"system""#))
        // Both shards carry deaths in their file lines (SPEC §8), and the aggregate sums them.
        #expect(try s.read("s1.jsonl").contains(#""deaths":"#) && s.read("s2.jsonl").contains(#""deaths":"#))
        #expect(shardText.contains(#""deaths":{"bgtask-timeout":{"background":1}}"#))
        let whole = try Self.run(s, ["audit", "--fail-on", "never", "--format", format, "d"])
        let merged = try Self.run(s, ["merge", "--fail-on", "never", "--format", format, "s1.jsonl", "s2.jsonl"])
        #expect(whole.status == 0 && merged.status == 0, "\(whole.stderr) \(merged.stderr)")
        #expect(!whole.stdout.isEmpty)
        #expect(merged.stdout == whole.stdout, "merge --format \(format) differs from the unsharded audit")
        if format == "json" || format == "jsonl" {
            #expect(whole.stdout.contains("\"purged\"") && whole.stdout.contains("\"deaths\""))
        }
    }

    /// The reading options recorded in the shards' headers come back in the merged header.
    @Test func mergeOfShardsReadWithOptionsIsTheUnshardedAudit() throws {
        let s = try Self.scratchWithLogs()
        let reading = ["--date", "2026-11-20", "--app", "com.example.uploader", "--max-decompressed", "1G"]
        try Self.shards(s, [reading, reading])
        let whole = try Self.run(s, ["audit", "--fail-on", "never", "--format", "jsonl"] + reading + ["d"])
        let merged = try Self.run(s, ["merge", "--fail-on", "never", "--format", "jsonl", "s1.jsonl", "s2.jsonl"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(whole.stdout.hasPrefix(#"{"audit":"#) && whole.stdout.contains(#""reading":{"input_format":"auto""#))
        #expect(merged.stdout == whole.stdout)
    }

    /// Every finding read back from a shard is the one the audit wrote: all keys, all values.
    @Test func everyFindingKeyRoundTripsThroughAShard() throws {
        let s = try Self.scratchWithLogs()
        try Self.shards(s)
        let merged = try Self.run(s, ["merge", "--fail-on", "never", "--format", "jsonl", "s1.jsonl", "s2.jsonl"])
        let whole = try Self.run(s, ["audit", "--fail-on", "never", "--format", "jsonl", "d"])
        func findings(_ text: String) -> [NSDictionary] {
            text.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? NSDictionary
            }.filter { $0["rule"] != nil }
        }
        let read = findings(merged.stdout)
        #expect(read.count > 5)
        #expect(read == findings(whole.stdout))
        #expect(read.contains { $0["source"] as? String == "system" })
        #expect(read.contains { $0["session"] is NSNumber })
    }

    @Test(arguments: [
        // (shard 1's extra options, shard 2's, the option the message names)
        ([String](), ["--summary-only"], "--summary-only"),
        (["--summary-only"], [], "--summary-only"),
        ([], ["--budget", "launch=3"], "--budget"),
        ([], ["--model", "uikit-scene"], "--model"),
        ([], ["--os", "15.0"], "--os"),
        ([], ["--top", "3"], "--top"),
        ([], ["--subsystem", "com.example"], "--subsystem"),
        (["--date", "2026-11-20"], [], "--date"),
        ([], ["--input-format", "native"], "--input-format"),
        ([], ["--max-decompressed", "1G"], "--max-decompressed"),
    ])
    func mergeRefusesShardsMadeDifferently(first: [String], second: [String], option: String) throws {
        let s = try Self.scratchWithLogs()
        try Self.shards(s, [first, second])
        for format in ["text", "github", "json"] {
            let r = try Self.run(s, ["merge", "--format", format, "s1.jsonl", "s2.jsonl"])
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("/s1.jsonl'") && r.stderr.contains("/s2.jsonl'"), "\(r.stderr)")
            #expect(r.stderr.contains(option), "\(r.stderr)")
            // Options are named as the flags that give them, never as the header's JSON.
            #expect(!r.stderr.contains("{"), "\(r.stderr)")
        }
    }

    /// Spellings of one option are one option: `--os 17` and `--os 17.0`, a filter's values in
    /// another order or repeated. The shards merge into the unsharded audit's report.
    @Test(arguments: [
        (["--os", "17"], ["--os", "17.0"]),
        (["--os", "17.4.0"], ["--os", "17.4"]),
        (["--subsystem", "a", "--subsystem", "b"], ["--subsystem", "b", "--subsystem", "a"]),
        (["--subsystem", "a"], ["--subsystem", "a", "--subsystem", "a"]),
        (["--category", "y", "--category", "x"], ["--category", "x", "--category", "y", "--category", "x"]),
    ])
    func mergeTakesEquivalentSpellingsOfAnOption(first: [String], second: [String]) throws {
        let s = try Self.scratchWithLogs()
        try Self.shards(s, [first, second])
        for order in [["s1.jsonl", "s2.jsonl"], ["s2.jsonl", "s1.jsonl"]] {
            let merged = try Self.run(s, ["merge", "--fail-on", "never", "--format", "jsonl"] + order)
            #expect(merged.status == 0, "\(merged.stderr)")
            for shard in [first, second] {
                let whole = try Self.run(s, ["audit", "--fail-on", "never", "--format", "jsonl"] + shard + ["d"])
                #expect(merged.stdout == whole.stdout, "\(shard)")
            }
        }
    }

    /// The shard's `file_list` header line, or `nil`.
    static func fileList(_ text: String) -> Substring? {
        guard let start = text.range(of: #""file_list":{"#) else { return nil }
        return text[start.lowerBound...].prefix { $0 != "}" }
    }

    /// Shards hash paths as spelled: shards started with `d` and `./d` split different lists,
    /// and their merge would not be the audit. It is refused, naming both files.
    @Test func mergeRefusesShardsCutFromDifferentFileLists() throws {
        let s = try Self.scratchWithLogs()
        for (k, dir) in [(1, s.root + "/d"), (2, s.root + "/./d")] {
            let r = try CommandLineTests.run(
                ["audit", "--fail-on", "never", "--format", "jsonl", "--shard", "\(k)/2", "-o", s.root + "/s\(k).jsonl", dir])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let (a, b) = (try s.read("s1.jsonl"), try s.read("s2.jsonl"))
        #expect(Self.fileList(a) != nil && Self.fileList(b) != nil && Self.fileList(a) != Self.fileList(b))
        for format in ["text", "jsonl"] {
            let r = try Self.run(s, ["merge", "--fail-on", "never", "--format", format, "s1.jsonl", "s2.jsonl"])
            #expect(r.status == 2, "\(r.stderr)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.contains("/s1.jsonl'") && r.stderr.contains("/s2.jsonl'"), "\(r.stderr)")
            #expect(r.stderr.contains("cut from different file lists"), "\(r.stderr)")
            #expect(r.stderr.contains("start every shard with the same arguments from the same folder"), "\(r.stderr)")
        }
    }

    /// Only shards record the list they were cut from (an unsharded audit's list is its
    /// entries, and audits of different lists merge); a shard's own output found in the walk
    /// on a rerun does not change it.
    @Test func theFileListIsTheShardsAndIgnoresItsOwnOutput() throws {
        let s = try Self.scratchWithLogs()
        try Self.shards(s)
        let recorded = try #require(Self.fileList(try s.read("s1.jsonl")))
        #expect(recorded.contains(#""paths":6,"#), "\(recorded)")
        #expect(Self.fileList(try s.read("s2.jsonl")) == recorded)
        let whole = try Self.run(s, ["audit", "--fail-on", "never", "--format", "jsonl", "d"])
        #expect(Self.fileList(whole.stdout) == nil)
        for _ in 1...2 {
            let r = try CommandLineTests.run(
                ["audit", "--fail-on", "never", "--format", "jsonl", "--shard", "1/2", "-o", s.root + "/d/own.jsonl", s.root + "/d"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(Self.fileList(try s.read("d/own.jsonl")) == recorded)
        }
    }

    /// A shard without `file_list` (an older lctrace) merges only with others without it.
    @Test func aShardWithoutItsFileListMergesOnlyWithOthersWithout() throws {
        let s = try Self.scratchWithLogs()
        try Self.shards(s)
        func strip(_ name: String) throws {
            let text = try s.read(name)
            let key = try #require(Self.fileList(text))
            try s.write(name, Array(text.replacingOccurrences(of: key + "},", with: "").utf8))
        }
        try strip("s2.jsonl")
        let refused = try Self.run(s, ["merge", "s1.jsonl", "s2.jsonl"])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("/s2.jsonl' was cut from a file list that was not recorded"), "\(refused.stderr)")
        try strip("s1.jsonl")
        let merged = try Self.run(s, ["merge", "--fail-on", "never", "--format", "jsonl", "s1.jsonl", "s2.jsonl"])
        let whole = try Self.run(s, ["audit", "--fail-on", "never", "--format", "jsonl", "d"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
    }

    @Test func mergeRefusesShardsOfDifferentLCTraceVersions() throws {
        let s = try Self.scratchWithLogs()
        try Self.shards(s)
        let text = try s.read("s2.jsonl")
        let version = try #require(text.range(of: #""lctrace":""#)).upperBound
        let end = try #require(text[version...].firstIndex(of: "\""))
        try s.write("s2.jsonl", Array(text.replacingCharacters(in: version..<end, with: "0.0.1-older").utf8))
        let r = try Self.run(s, ["merge", "s1.jsonl", "s2.jsonl"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("/s2.jsonl' was written by lctrace 0.0.1-older"), "\(r.stderr)")
        #expect(r.stderr.contains("/s1.jsonl'") && r.stderr.contains("the lctrace version"), "\(r.stderr)")
    }

    /// Shards without findings merge only into a report without findings: every format then
    /// gives the same totals.
    @Test func summaryOnlyShardsMergeOnlyWithSummaryOnly() throws {
        let s = try Self.scratchWithLogs()
        try Self.shards(s, [["--summary-only"], ["--summary-only"]])
        let refused = try Self.run(s, ["merge", "--format", "github", "s1.jsonl", "s2.jsonl"])
        #expect(refused.status == 2)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("/s1.jsonl'") && refused.stderr.contains("--summary-only"), "\(refused.stderr)")
        // Every format: the unsharded audit's report, or a refusal (exit 2, nothing written)
        // when the format lists findings whatever --summary-only says (sarif, junit, github,
        // html), which shards without findings cannot give.
        for format in Self.formats {
            let merged = try Self.run(s, ["merge", "--summary-only", "--fail-on", "never", "--format", format, "s1.jsonl", "s2.jsonl"])
            let whole = try Self.run(s, ["audit", "--summary-only", "--fail-on", "never", "--format", format, "d"])
            #expect(whole.status == 0, "\(whole.stderr)")
            if ["text", "json", "jsonl"].contains(format) {
                #expect(merged.status == 0, "\(format): \(merged.stderr)")
                #expect(merged.stdout == whole.stdout, "\(format)")
            } else {
                #expect(merged.status == 2, "\(format): a report without its findings")
                #expect(merged.stdout.isEmpty, "\(format)")
                #expect(merged.stderr.contains("/s1.jsonl'") && merged.stderr.contains("text, json or jsonl"), "\(merged.stderr)")
            }
        }
        // Shards with their findings make every format with --summary-only, as the audit does.
        let full = try BatchEdgeTests.Scratch()
        for name in Self.logs {
            try full.write("d/" + name, Array(try Data(contentsOf: CommandLineTests.root.appendingPathComponent("traces/" + name))))
        }
        try Self.shards(full)
        for format in Self.formats {
            let merged = try Self.run(full, ["merge", "--summary-only", "--fail-on", "never", "--format", format, "s1.jsonl", "s2.jsonl"])
            let whole = try Self.run(full, ["audit", "--summary-only", "--fail-on", "never", "--format", format, "d"])
            #expect(merged.status == 0, "\(format): \(merged.stderr)")
            #expect(merged.stdout == whole.stdout, "\(format)")
        }
    }
}
