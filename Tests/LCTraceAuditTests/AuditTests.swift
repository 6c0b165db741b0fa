import Foundation
import LCTraceAudit
import LCTraceCore
import LCTraceReplay
import LCTraceReport
import Testing

@Suite struct AuditDiscoveryTests {
    @Test func findsLogsInNestedDirectoriesAndSkipsTheRest() throws {
        let fx = AuditFixture()
        let logs = fx.populate(count: 8)
        fx.write("README.md", text: "# notes\nnot a log\n")
        fx.write("a/report.json", text: "{\n  \"pretty\": true\n}\n")
        fx.write("a/b/binary.bin", [0x7F, 0x45, 0x4C, 0x46, 0, 1, 2])
        fx.write("d/empty.jsonl", [])
        let inputs = AuditDiscovery.discover([fx.root])
        #expect(inputs.map(\.path) == inputs.map(\.path).sorted { AuditDiscovery.pathPrecedes($0, $1) })
        let (out, aggregate) = AuditFixture.render([fx.root], format: .jsonl, jobs: 2)
        #expect(aggregate.summary.files == logs.count)
        #expect(aggregate.skipped == 3)
        // An empty file holds no record: nothing of it can be replayed, so it is unreadable
        // (a gate never passes on nothing), not an empty log.
        #expect(aggregate.unreadable == 1)
        #expect(out.contains(#"{"unreadable":{"path":"\#(fx.root)/d/empty.jsonl","reason":"no record could be read (the input is empty)"}}"#), "\(out)")
        #expect(aggregate.nothingAuditedReason(in: [fx.root]) == nil, "logs were replayed")
    }

    @Test func symbolicLinkLoopsAreNotFollowed() throws {
        let fx = AuditFixture()
        fx.populate(count: 4)
        try FileManager.default.createSymbolicLink(atPath: fx.root + "/a/b/loop", withDestinationPath: fx.root + "/a")
        try FileManager.default.createSymbolicLink(atPath: fx.root + "/d/self", withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: fx.root + "/linked.jsonl", withDestinationPath: fx.root + "/d/log3.jsonl.zst")
        let inputs = AuditDiscovery.discover([fx.root])
        // linked.jsonl is d/log3.jsonl.zst under another name: audited once, under the
        // name that sorts first.
        #expect(inputs.count == 6)
        let skipped = inputs.filter { if case .skipped = $0.status { return true } else { return false } }.map(\.path)
        #expect(skipped == [fx.root + "/a/b/loop", fx.root + "/d/self"])
        #expect(!inputs.contains { $0.path == fx.root + "/linked.jsonl" })
        #expect(inputs.contains { $0.path == fx.root + "/d/log3.jsonl.zst" && $0.status == .candidate })
    }

    @Test func namedPathsAreDeduplicatedAndMissingOnesUnreadable() {
        let fx = AuditFixture()
        let logs = fx.populate(count: 2)
        let inputs = AuditDiscovery.discover([logs[1], fx.root, logs[1], fx.root + "/nope.jsonl"])
        #expect(inputs.count == 3)
        #expect(inputs.first { $0.path == logs[1] }?.named == true)
        #expect(inputs.first { $0.path.hasSuffix("nope.jsonl") }?.status == .unreadable("no such file or directory"))
    }
}

@Suite struct AuditRunTests {
    @Test func outputIsTheSameWhateverTheNumberOfJobs() {
        let fx = AuditFixture()
        fx.populate(count: 24)
        fx.write("a/README", text: "hello\n")
        for format in AuditReport.Format.allCases {
            let one = AuditFixture.render([fx.root, fx.root + "/missing"], format: format, jobs: 1).text
            for jobs in [2, 4] {
                let many = AuditFixture.render([fx.root, fx.root + "/missing"], format: format, jobs: jobs).text
                #expect(many == one, "\(format) with --jobs \(jobs)")
            }
        }
    }

    @Test func aggregateMatchesReplayingEveryFile() {
        let fx = AuditFixture()
        let logs = fx.populate(count: 10)
        let (_, aggregate) = AuditFixture.render([fx.root], format: .jsonl, jobs: 3)
        let run = RunReport.replaying(logs, configuration: ReplayConfiguration())
        #expect(aggregate.summary == run.summary)
        var byRule: [Rule: Int] = [:]
        for f in run.files.flatMap(\.findings) { byRule[f.rule, default: 0] += 1 }
        #expect(aggregate.rules == byRule)
        #expect(aggregate.summary.errors > 0, "the fixture plants faults")
        #expect(aggregate.worstFiles.count == 5)
        #expect(aggregate.worstFiles.map(\.errors) == aggregate.worstFiles.map(\.errors).sorted(by: >))
    }

    /// A generated fleet names SDK-owned tasks (the generator's task names include OneSignal's,
    /// AWS's and GoogleDataTransport's): the audit ranks their owners worst first, and each
    /// owner's findings are those of the replayed files that name it.
    @Test func generatedFleetRanksOwners() {
        let fx = AuditFixture()
        let logs = fx.populate(count: 8, records: 600)
        let (_, aggregate) = AuditFixture.render([fx.root], format: .jsonl, jobs: 2)
        let run = RunReport.replaying(logs, configuration: ReplayConfiguration())
        var byOwner: [String?: [Rule: Int]] = [:]
        for f in run.files.flatMap(\.findings) where f.task != nil { byOwner[f.owner, default: [:]][f.rule, default: 0] += 1 }
        #expect(Dictionary(uniqueKeysWithValues: aggregate.owners.map { ($0.owner, $0.findings) }) == byOwner)
        let named = Set(aggregate.owners.compactMap(\.owner))
        #expect(named.isSuperset(of: ["OneSignal", "AWS SDK", "Firebase (GoogleDataTransport)"]), "\(named)")
        #expect(aggregate.owners == OwnerTally.ranked(aggregate.owners))
        #expect(aggregate.owners.last?.owner == nil)
        #expect(aggregate.owners.allSatisfy { $0.sessions >= 1 && $0.sessions <= aggregate.summary.sessions })
        let totals = run.files.reduce([OwnerTally]()) { OwnerTally.sum($0, $1.owners) }
        #expect(aggregate.owners == totals)
    }

    @Test func unreadableInputsAreCountedAndTheAuditGoesOn() {
        let fx = AuditFixture()
        fx.populate(count: 3)
        let (text, aggregate) = AuditFixture.render([fx.root, fx.root + "/gone.jsonl.zst"], format: .jsonl, jobs: 2)
        #expect(aggregate.unreadable == 1)
        #expect(aggregate.summary.files == 3)
        #expect(text.contains(#"{"unreadable":{"path":"\#(fx.root)/gone.jsonl.zst","reason":"no such file or directory"}}"#))
        #expect(aggregate.exitStatus(failOn: .never) == 0, "some file could be read")
        let (_, none) = AuditFixture.render([fx.root + "/gone.jsonl.zst"], format: .jsonl, jobs: 2)
        #expect(none.exitStatus(failOn: .never) == 2, "no file at all could be read")
    }

    /// (files written in the tree, the status without and with `isShard`, the reason's text).
    static let skippedOnly: [([String], Int32, Int32, String?)] = [
        (["README.md", "notes.txt", "a.md", "b.md"], 2, 0, "no file to audit in 'ROOT': 4 skipped (ROOT/README.md: "),
        (["README.md", "log"], 0, 0, nil),
    ]

    @Test("An audit whose files were all skipped replays nothing: exit 2 with the reason, except in a shard", arguments: skippedOnly)
    func skippedOnlyIsNothingAudited(files: [String], status: Int32, shardStatus: Int32, reason: String?) {
        let fx = AuditFixture()
        for name in files where name != "log" { fx.write(name, text: "# not a log\n") }
        if files.contains("log") { fx.populate(count: 1) }
        let (_, aggregate) = AuditFixture.render([fx.root], format: .jsonl, jobs: 1)
        #expect(aggregate.exitStatus(failOn: .never) == status)
        #expect(aggregate.exitStatus(failOn: .never, isShard: true) == shardStatus)
        let text = aggregate.nothingAuditedReason(in: [fx.root])
        if let reason {
            #expect(text?.hasPrefix(reason.replacingOccurrences(of: "ROOT", with: fx.root)) == true, "\(text ?? "nil")")
            // Three named, then an ellipsis: the message stays one line however many there are.
            #expect(text?.hasSuffix("; …)") == true, "\(text ?? "nil")")
        } else {
            #expect(text == nil)
        }
    }

    @Test(arguments: [(FailThreshold.error, Int32(1)), (.never, 0)])
    func exitStatusFollowsFailOn(failOn: FailThreshold, status: Int32) {
        let fx = AuditFixture()
        fx.populate(count: 4)
        let (_, aggregate) = AuditFixture.render([fx.root], format: .jsonl, jobs: 2)
        #expect(aggregate.exitStatus(failOn: failOn) == status)
    }

    /// The `json` document is written piece by piece (files streamed, findings spilled);
    /// it must be exactly what JSONWriter makes of the whole document.
    @Test(arguments: [0, 1, 6])
    func streamedJSONIsTheWholeDocument(logs: Int) throws {
        let fx = AuditFixture()
        fx.populate(count: logs)
        fx.write("d/README", text: "hi\n")
        let paths = [fx.root, fx.root + "/missing"]
        var entries: [AuditEntry] = []
        let aggregate = AuditRun.run(
            AuditDiscovery.discover(paths), configuration: ReplayConfiguration(), jobs: 2, top: 5, keepFindings: true,
            onEntry: { entries.append($0) })
        var files: [JSONValue] = [], findings: [JSONValue] = [], deaths: [JSONValue] = [], unreadable: [JSONValue] = []
        var skipped: [JSONValue] = []
        for e in entries {
            switch e {
            case .file(let d, let fs, let ds):
                files.append(AuditReport.file(d))
                findings += fs.map(JSONReporter.finding)
                deaths += ds.map(DeathSchema.object)
            case .unreadable(let u): unreadable.append(JSONReporter.unreadable(u))
            case .skipped(let p, let r): skipped.append(.object([("path", .string(p)), ("reason", .string(r))]))
            }
        }
        let expected =
            JSONWriter.string(
                .object([
                    ("tool", JSONReporter.tool(version: "test")), ("files", .array(files)), ("findings", .array(findings)),
                    ("deaths", .array(deaths)), ("summary", AuditReport.summary(aggregate)), ("unreadable", .array(unreadable)), ("skipped", .array(skipped)),
                ]), pretty: true) + "\n"
        let streamed = AuditFixture.render(paths, format: .json, jobs: 2).text
        #expect(streamed == expected)
        if logs > 1 { #expect(!findings.isEmpty) }
    }

    @Test func summaryOnlyJSONLinesKeepFileLinesButNoFindings() {
        let fx = AuditFixture()
        fx.populate(count: 4)
        let text = AuditFixture.render([fx.root], format: .jsonl, jobs: 2, summaryOnly: true).text
        let lines = AuditFixture.parsedLines(text)
        #expect(lines.first?["audit"] != nil)
        #expect(lines.last?["summary"] != nil)
        #expect(lines.filter { $0["file"] != nil }.count == 4)
        #expect(!lines.contains { $0["rule"] != nil })
    }

    @Test func theReorderWindowBoundsHeldResults() {
        // 200 jobs, 4 threads, window 6, a slow consumer: every result is delivered once
        // and in order, and at most 6 jobs are running or waiting to be delivered besides
        // the one the consumer holds.
        final class Counter: @unchecked Sendable {
            let lock = NSLock()
            var delivered = 0
            var maxAhead = 0
            func started(_ i: Int) {
                lock.lock()
                maxAhead = max(maxAhead, i - delivered + 1)
                lock.unlock()
            }
            func deliver() {
                lock.lock()
                delivered += 1
                lock.unlock()
            }
        }
        let counter = Counter()
        var seen: [Int] = []
        OrderedParallel.run(
            count: 200, threads: 4, window: 6,
            work: { i in
                counter.started(i)
                return i * 2
            },
            deliver: { i, v in
                #expect(v == i * 2)
                seen.append(i)
                usleep(i % 7 == 0 ? 2000 : 0)
                counter.deliver()
            })
        #expect(seen == Array(0..<200))
        #expect(counter.maxAhead <= 6 + 1, "\(counter.maxAhead)")
    }
}

@Suite struct AuditShardTests {
    @Test func fnv1aIsTheStandardHash() {
        #expect(AuditShard.fnv1a64("") == 0xcbf2_9ce4_8422_2325)
        #expect(AuditShard.fnv1a64("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(AuditShard.fnv1a64("foobar") == 0x85944171f73967e8)
    }

    @Test(arguments: [1, 2, 3, 7])
    func shardsAreDisjointCompleteAndStable(count: Int) {
        let paths = (0..<500).map { "logs/device-\($0 % 17)/session-\($0).jsonl.zst" }
        var owner: [String: Int] = [:]
        for k in 1...count {
            let shard = AuditShard(index: k, count: count)!
            for p in paths where shard.contains(p) {
                #expect(owner[p] == nil, "\(p) in two shards")
                owner[p] = k
            }
        }
        #expect(owner.count == paths.count)
        // Stable: the same answer again (and across processes, since FNV-1a is not seeded).
        for p in paths { #expect(AuditShard(index: owner[p]!, count: count)!.contains(p)) }
        if count > 1 { #expect(Set(owner.values).count == count, "every shard gets some of 500 paths") }
    }

    @Test func parsing() {
        #expect(AuditShard(parsing: "2/8") == AuditShard(index: 2, count: 8))
        for bad in ["0/4", "5/4", "1", "a/b", "1/0", "-1/2", "1/2/3"] { #expect(AuditShard(parsing: bad) == nil, "\(bad)") }
    }

    @Test(arguments: [AuditReport.Format.jsonl, .json, .text])
    func shardsMergedEqualOneAudit(format: AuditReport.Format) throws {
        let fx = AuditFixture()
        fx.populate(count: 20)
        fx.write("d/notes.txt", text: "not a log\n")
        let paths = [fx.root, fx.root + "/missing.jsonl"]
        let single = AuditFixture.render(paths, format: format, jobs: 2, top: 4)
        let n = 3
        let out = AuditFixture()
        var shardFiles: [String] = []
        for k in 1...n {
            let text = AuditFixture.render(paths, format: .jsonl, jobs: 2, shard: AuditShard(index: k, count: n), top: 4).text
            let path = out.root + "/shard-\(k).jsonl"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            shardFiles.append(path)
        }
        let merger = try AuditMerge.open(shardFiles.reversed())
        var report = AuditReport(format: format, toolVersion: "test")
        var merged = report.begin(top: merger.top, shard: nil)
        let aggregate = try merger.run { merged += report.entry($0) }
        merged += report.end(aggregate)
        #expect(aggregate == single.aggregate)
        if format == .jsonl {
            #expect(AuditFixture.parsedLines(merged) == AuditFixture.parsedLines(single.text))
        } else if format == .json {
            let a = try JSONSerialization.jsonObject(with: Data(merged.utf8)) as? NSDictionary
            let b = try JSONSerialization.jsonObject(with: Data(single.text.utf8)) as? NSDictionary
            #expect(a == b)
        }
        #expect(merged == single.text)
    }

    @Test func incompleteOrMixedShardsAreRefused() throws {
        let fx = AuditFixture(), out = AuditFixture()
        fx.populate(count: 6)
        func shardFile(_ k: Int, _ n: Int, top: Int = 5) throws -> String {
            let text = AuditFixture.render([fx.root], format: .jsonl, jobs: 1, shard: AuditShard(index: k, count: n), top: top).text
            let path = out.root + "/shard-\(k)-\(n)-\(top).out"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let s1 = try shardFile(1, 3), s2 = try shardFile(2, 3), s3 = try shardFile(3, 3)
        #expect(throws: AuditMergeError("Unable to merge: missing shard 2/3")) { try AuditMerge.open([s1, s3]) }
        #expect(throws: AuditMergeError("Unable to merge: shard 1/3 is given twice")) { try AuditMerge.open([s1, s1, s2]) }
        let whole = out.root + "/whole.jsonl"
        try AuditFixture.render([fx.root], format: .jsonl, jobs: 1).text.write(toFile: whole, atomically: true, encoding: .utf8)
        let twice = try AuditMerge.open([whole, whole])
        #expect(throws: AuditMergeError.self) { try twice.run { _ in } }
        let other = try shardFile(2, 3, top: 7)
        #expect(throws: AuditMergeError.self) { try AuditMerge.open([s1, other, s3]) }
        let cut = out.root + "/cut.out"
        let text = try String(contentsOfFile: s1, encoding: .utf8)
        try String(text.split(separator: "\n").dropLast().joined(separator: "\n") + "\n").write(toFile: cut, atomically: true, encoding: .utf8)
        let merger = try AuditMerge.open([cut, s2, s3])
        #expect(throws: AuditMergeError.self) { try merger.run { _ in } }
    }
}

@Suite struct AuditProgressTests {
    @Test func progressLine() {
        let p = AuditProgress(done: 250, total: 1000, records: 1_250_000, elapsed: 10)
        #expect(p.line(barWidth: 8) == "[##......] 250/1,000 files  125,000 rec/s  0:10 elapsed  0:30 left")
        let done = AuditProgress(done: 3, total: 3, records: 0, elapsed: 3725)
        #expect(done.line(barWidth: 4) == "[####] 3/3 files  0 rec/s  1:02:05 elapsed")
    }
}
