import Foundation
import LCTraceTestSupport
import Testing

/// `audit --metrickit` end to end (SPEC §8): crash diagnostics join the sessions of the
/// audited logs exactly or not at all, the summary counts them, metric payloads' exit counters
/// are set beside the fleet's recordings, and shards merge into the unsharded audit.
@Suite struct AuditMetricKitCLITests {
    typealias CLI = CommandLineTests

    static func session(pid: Int, hour: Int, exits: Bool = false) -> [String] {
        JoinFleetLog.session(pid: pid, hour: hour, exits: exits)
    }

    static let meta = JoinFleetLog.meta

    /// `d/a.jsonl` and `d/b.jsonl` each hold a session of pid 7 (10:00, 11:00): a pid reused
    /// across files; `d/c.jsonl` holds two sessions of pid 9 (10:00, ended; 12:00, open).
    static func fleet() throws -> BatchEdgeTests.Scratch {
        let s = try BatchEdgeTests.Scratch()
        for (name, lines) in [
            ("a", [meta] + session(pid: 7, hour: 10)), ("b", [meta] + session(pid: 7, hour: 11)),
            ("c", [meta] + session(pid: 9, hour: 10, exits: true) + session(pid: 9, hour: 12)),
        ] {
            try s.write("d/\(name).jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
        }
        return s
    }

    /// A crash diagnostic of `pid`, in a payload covering `window` (hours) or bare.
    static func crash(pid: Int?, bundle: String = "com.example.app", window: (Int, Int)? = nil) -> String {
        var meta = [#""signal":11"#, #""exceptionType":1"#, #""bundleIdentifier":"\#(bundle)""#]
        if let pid { meta.append(#""pid":\#(pid)"#) }
        let diagnostic = #"{"version":"1.0.0","callStackTree":{},"diagnosticMetaData":{"# + meta.joined(separator: ",") + "}}"
        guard let window else { return diagnostic }
        return #"{"timeStampBegin":"2026-11-20 \#(String(format: "%02d", window.0)):00:00 +0000","#
            + #""timeStampEnd":"2026-11-20 \#(String(format: "%02d", window.1)):00:00 +0000","crashDiagnostics":[\#(diagnostic)]}"#
    }

    /// The lines of an audit jsonl output, parsed.
    static func lines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// Every way the join can go, at audit level: which file and session the crash ended
    /// (`nil`: none), as the `death` lines with MetricKit evidence say.
    @Test(
        arguments: [
            ("pid reused across files: the session that began last", Self.crash(pid: 7), "a.jsonl|b.jsonl", "b.jsonl", 1),
            ("pid reused across files: the window picks the file", Self.crash(pid: 7, window: (9, 10)), "a.jsonl|b.jsonl", "a.jsonl", 1),
            ("two sessions of one pid: the last", Self.crash(pid: 9), "c.jsonl", "c.jsonl", 2),
            ("two sessions of one pid: the one in the window", Self.crash(pid: 9, window: (11, 13)), "c.jsonl", "c.jsonl", 2),
            ("a payload window that covers none", Self.crash(pid: 7, window: (14, 16)), "a.jsonl|b.jsonl", nil, 0),
            ("bundle ids that differ", Self.crash(pid: 7, bundle: "com.example.other"), "a.jsonl|b.jsonl", nil, 0),
            ("no pid", Self.crash(pid: nil), "a.jsonl", nil, 0),
            ("a pid no log has", Self.crash(pid: 8), "a.jsonl", nil, 0),
        ] as [(String, String, String, String?, Int)])
    func aCrashDiagnosticEndsTheSessionItJoinsInTheAudit(
        _ name: String, _ json: String, _ pidFiles: String, _ file: String?, _ session: Int
    ) throws {
        let s = try Self.fleet()
        try s.write("mk.json", Array(json.utf8))
        let out = try CLI.run(["audit", "--fail-on", "never", "--format", "jsonl", "--metrickit", s.root + "/mk.json", s.root + "/d"])
        #expect(out.status == 0, "\(name): \(out.stderr)")
        let lines = try Self.lines(out.stdout)
        let deaths = lines.compactMap { $0["death"] as? [String: Any] }
        let byMetricKit = deaths.filter { death in
            (death["evidence"] as? [[String: Any]])?.contains { $0["kind"] as? String == "metrickit" } ?? false
        }
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        let metrickit = try #require(summary["metrickit"] as? [String: Any], "\(name)")
        guard let file else {
            #expect(byMetricKit.isEmpty && deaths.isEmpty, "\(name): \(deaths)")
            #expect(metrickit["joined"] as? Int == 0 && metrickit["unjoined"] as? Int == 1, "\(name): \(metrickit)")
            return
        }
        let death = try #require(byMetricKit.first, "\(name): \(out.stdout)")
        #expect(byMetricKit.count == 1, "\(name)")
        #expect((death["file"] as? String)?.hasSuffix("/" + file) == true, "\(name): \(death)")
        #expect(death["session"] as? Int == session && death["class"] as? String == "abnormal", "\(name): \(death)")
        #expect(metrickit["joined"] as? Int == 1 && metrickit["unjoined"] as? Int == 0 && metrickit["payloads"] as? Int == 1, "\(name)")
        // The file line counts the death the diagnostic made, and only that file's.
        for line in lines {
            guard let f = line["file"] as? [String: Any], let path = f["path"] as? String else { continue }
            let counted = (f["deaths"] as? [String: Any])?["abnormal"] != nil
            #expect(counted == path.hasSuffix("/" + file), "\(name): \(path) \(f)")
            #expect(pidFiles.split(separator: "|").contains { path.hasSuffix("/" + $0) } || !counted, "\(name)")
        }
    }

    /// Metric payloads beside the fleet's recordings, in json and text; a bad payload is exit 2
    /// and writes nothing.
    @Test func metricPayloadsAreSetBesideTheFleet() throws {
        let s = try Self.fleet()
        try s.write(
            "mk.json", Array(("[" + MetricKitCLITests.metricPayload(backgroundBgtask: 2, backgroundWatchdog: 41) + "," + Self.crash(pid: 7) + "]").utf8))
        let json = try CLI.run(["audit", "--fail-on", "never", "--format", "json", "--metrickit", s.root + "/mk.json", s.root + "/d"])
        #expect(json.status == 0, "\(json.stderr)")
        let comparison = try MetricKitCLITests.metrickitObject(json.stdout)
        #expect(comparison["payloads"] as? Int == 1)
        let rows = try #require(comparison["exits"] as? [[String: Any]])
        let watchdog = try #require(rows.first { $0["class"] as? String == "watchdog" })
        #expect(watchdog["visibility"] as? String == "background" && watchdog["metrickit"] as? Int == 41)
        #expect(watchdog["recordings"] as? Int == 0 && watchdog["difference"] as? Int == 41)
        // The crash it joined is a recording: MetricKit counted no foreground abnormal exit.
        let abnormal = try #require(rows.first { $0["class"] as? String == "abnormal" })
        #expect(abnormal["metrickit"] as? Int == 0 && abnormal["recordings"] as? Int == 1 && abnormal["difference"] as? Int == -1)
        let text = try CLI.run(["audit", "--fail-on", "never", "--metrickit", s.root + "/mk.json", s.root + "/d"])
        #expect(text.stdout.contains("MetricKit counted 41 background watchdog exits; your recordings explain 0 (difference +41)"), "\(text.stdout)")
        #expect(text.stdout.contains("; MetricKit: 2 payloads, 1 joined, 0 unjoined"), "\(text.stdout)")
        #expect(text.stdout.contains("Deaths by class and visibility:\n  abnormal        foreground 1, background 0\n"), "\(text.stdout)")
        #expect(text.stdout.contains("Files with the most deaths:\n  " + s.root + "/d/b.jsonl: 1 death (abnormal 1)\n"), "\(text.stdout)")

        try s.write("bad.json", Array(#"{"crashDiagnostics":[{"diagnosticMetaData":{"pid":"7"}}]}"#.utf8))
        let bad = try CLI.run(["audit", "--metrickit", s.root + "/bad.json", "-o", s.root + "/out.json", s.root + "/d"])
        #expect(bad.status == 2 && bad.stderr.contains("crashDiagnostics[0].diagnosticMetaData.pid"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: s.root + "/out.json"))
    }

    /// Shards of an audit with `--metrickit` merge into the unsharded audit in every format
    /// audit writes itself: each payload counted once (by shard 1), each diagnostic joined
    /// within its shard and counted once; a shard audited without `--metrickit` is refused.
    /// (A pid with sessions in two shards' logs is the one case that cannot merge exactly:
    /// docs/METRICKIT.md; the diagnostics here name sessions of one file each.)
    @Test(arguments: ["json", "jsonl", "text"])
    func shardsWithMetricKitMergeIntoTheUnshardedAudit(format: String) throws {
        let s = try Self.fleet()
        let payloads = [
            MetricKitCLITests.metricPayload(backgroundBgtask: 2, backgroundWatchdog: 41), Self.crash(pid: 7, window: (9, 10)),
            Self.crash(pid: 9, window: (9, 13)), Self.crash(pid: nil),
        ]
        try s.write("mk.json", Array(("[" + payloads.joined(separator: ",") + "]").utf8))
        let mk = ["--metrickit", s.root + "/mk.json"]
        for k in 1...2 {
            let r = try CLI.run(
                ["audit", "--fail-on", "never", "--format", "jsonl", "--shard", "\(k)/2", "-o", s.root + "/s\(k).jsonl"] + mk + [s.root + "/d"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let whole = try CLI.run(["audit", "--fail-on", "never", "--format", format] + mk + [s.root + "/d"])
        let merged = try CLI.run(["merge", "--fail-on", "never", "--format", format, s.root + "/s1.jsonl", s.root + "/s2.jsonl"])
        #expect(whole.status == 0 && merged.status == 0, "\(whole.stderr) \(merged.stderr)")
        #expect(whole.stdout.contains(format == "text" ? "1 unjoined" : #""unjoined""#), "\(whole.stdout)")
        #expect(merged.stdout == whole.stdout, "merge --format \(format) differs from the unsharded audit")
        if format == "jsonl" {
            let summary = try #require(try Self.lines(whole.stdout).last?["summary"] as? [String: Any])
            let counts = try #require(summary["metrickit"] as? [String: Any])
            #expect(counts["payloads"] as? Int == 4 && counts["joined"] as? Int == 2 && counts["unjoined"] as? Int == 1, "\(counts)")
        }
        // A shard without --metrickit does not merge with one with it.
        let plain = try CLI.run(["audit", "--fail-on", "never", "--format", "jsonl", "--shard", "2/2", "-o", s.root + "/p2.jsonl", s.root + "/d"])
        #expect(plain.status == 0)
        let refused = try CLI.run(["merge", s.root + "/s1.jsonl", s.root + "/p2.jsonl"])
        #expect(refused.status == 2 && refused.stderr.contains("--metrickit"), "\(refused.stderr)")
    }

    /// A death only a MetricKit crash reveals (the log stops with a task open, no kill) is
    /// counted in the owner ranking like any other: the joined crash is replayed as the kill
    /// that ends the session, with its open task (docs/SCALE.md "Owners"). The crash, not the
    /// task, killed it: the owner counts it in `open_at_deaths` (SPEC §8, 2028 edition).
    @Test(arguments: [false, true])
    func aDeathOnlyMetricKitRevealsCountsForTheOwner(withDiagnostic: Bool) throws {
        let s = try BatchEdgeTests.Scratch()
        let lines = [Self.meta] + JoinFleetLog.backgroundTask(name: "SDWebImage.download")
        try s.write("d/a.jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
        try s.write("mk.json", Array(Self.crash(pid: 7).utf8))
        var arguments = ["audit", "--no-progress", "--fail-on", "never", "--format", "json", "--summary-only", s.root + "/d"]
        if withDiagnostic { arguments += ["--metrickit", s.root + "/mk.json"] }
        let r = try CLI.run(arguments)
        #expect(r.status == 0, "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        let owners = try #require(summary["owners"] as? [[String: Any]])
        let deaths = owners.reduce(0) { $0 + ($1["deaths"] as? Int ?? 0) }
        let open = owners.reduce(0) { $0 + ($1["open_at_deaths"] as? Int ?? 0) }
        #expect(deaths == 0, "\(owners)")
        #expect(open == (withDiagnostic ? 1 : 0), "\(owners)")
    }
}

extension AuditMetricKitCLITests {
    /// `--metrickit DIR` reads every `.json` under DIR, recursively, and says how many it read;
    /// the same payload saved twice under two names is read once, with a notice (SPEC §8,
    /// 2028 edition): counted twice, every counter would double.
    @Test func aMetricKitFolderIsReadRecursivelyAndADuplicateOnce() throws {
        let s = try BatchEdgeTests.Scratch()
        let lines = [Self.meta] + JoinFleetLog.backgroundTask(name: "upload")
        try s.write("d/a.jsonl", Array((lines.joined(separator: "\n") + "\n").utf8))
        for folder in ["d", "mk/2026-11-20/device-1", "mk/2026-11-21"] {
            try FileManager.default.createDirectory(atPath: s.root + "/" + folder, withIntermediateDirectories: true)
        }
        try s.write("mk/2026-11-20/device-1/diag.json", Array(Self.crash(pid: 7).utf8))
        try s.write("mk/2026-11-21/copy.json", Array(Self.crash(pid: 7).utf8))
        try s.write("mk/notes.txt", Array("not read".utf8))
        let r = try CLI.run(["replay", "--fail-on", "never", "--format", "json", s.root + "/d/a.jsonl", "--metrickit", s.root + "/mk"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("--metrickit '\(s.root)/mk': 2 .json files read"), "\(r.stderr)")
        #expect(r.stderr.contains("(the same content): read once"), "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let metrickit = try #require((document["summary"] as? [String: Any])?["metrickit"] as? [String: Any])
        #expect((metrickit["joined"] as? NSNumber)?.intValue == 1, "\(metrickit)")
    }
}
