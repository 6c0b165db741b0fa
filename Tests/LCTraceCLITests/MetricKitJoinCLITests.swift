import Foundation
import Testing

/// `--metrickit` on `replay` and `why` end to end: a crash diagnostic that joins a session ends
/// it as a crash report would and is the death's `metrickit` evidence; one that joins nothing
/// ends nothing.
@Suite struct MetricKitJoinCLITests {
    typealias CLI = CommandLineTests

    /// `traces/clean-scenes` is one session of pid 301 (com.example.editor), open at the end.
    static let log = CLI.trace("clean-scenes")

    /// A crash diagnostic's `diagnosticMetaData`, as iOS writes it.
    static func crash(pid: Int?, bundle: String? = "com.example.editor", reason: String? = nil) -> String {
        var members = ["\"signal\":11", "\"exceptionType\":1"]
        if let pid { members.append("\"pid\":\(pid)") }
        if let bundle { members.append("\"bundleIdentifier\":\"\(bundle)\"") }
        if let reason { members.append("\"terminationReason\":\"\(reason)\"") }
        return #"{"version":"1.0.0","callStackTree":{},"diagnosticMetaData":{"# + members.joined(separator: ",") + "}}"
    }

    /// A diagnostic payload covering `begin`…`end` (2026-11-20, hours).
    static func payload(_ crashes: [String], begin: Int = 0, end: Int = 23) -> String {
        #"{"timeStampBegin":"2026-11-20 \#(String(format: "%02d", begin)):00:00 +0000","#
            + #""timeStampEnd":"2026-11-20 \#(String(format: "%02d", end)):00:00 +0000","#
            + #""crashDiagnostics":["# + crashes.joined(separator: ",") + "]}"
    }

    /// The deaths of a `replay --format json` run.
    static func deaths(_ arguments: [String]) throws -> [[String: Any]] {
        let out = try CLI.run(["replay", "--format", "json"] + arguments)
        #expect(out.status <= 1, "\(out.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        return try #require(document["deaths"] as? [[String: Any]])
    }

    /// Every way the join can go: what ends the session, and what ends nothing.
    @Test(
        arguments: [
            ("joined, reason from terminationReason", Self.payload([Self.crash(pid: 301, reason: "Namespace SPRINGBOARD, Code 0x8badf00d")]), "watchdog"),
            ("joined, no reason: a crash", Self.payload([Self.crash(pid: 301)]), "abnormal"),
            ("bare diagnostic joins the last session of its pid", Self.crash(pid: 301), "abnormal"),
            ("no pid", Self.payload([Self.crash(pid: nil)]), nil),
            ("pid -1", Self.payload([Self.crash(pid: -1)]), nil),
            ("pid of no session", Self.payload([Self.crash(pid: 302)]), nil),
            ("another app's pid", Self.payload([Self.crash(pid: 301, bundle: "com.example.other")]), nil),
            ("a window that covers no session", Self.payload([Self.crash(pid: 301)], begin: 12, end: 13), nil),
        ] as [(String, String, String?)])
    func aCrashDiagnosticEndsTheSessionItJoins(_ name: String, _ json: String, _ exitClass: String?) throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("mk.json", Array(json.utf8))
        let deaths = try Self.deaths([Self.log, "--metrickit", scratch.root + "/mk.json"])
        guard let exitClass else {
            #expect(deaths.isEmpty, "\(name)")
            return
        }
        let death = try #require(deaths.first, "\(name)")
        #expect(deaths.count == 1, "\(name)")
        #expect(death["class"] as? String == exitClass, "\(name)")
        #expect(death["pid"] as? Int == 301, "\(name)")
        let evidence = try #require(death["evidence"] as? [[String: Any]])
        #expect(evidence.count == 1 && evidence[0]["kind"] as? String == "metrickit", "\(name)")
        #expect(evidence[0]["file"] as? String == scratch.root + "/mk.json", "\(name)")
        #expect(evidence[0]["index"] as? Int == 0, "\(name)")
    }

    /// A crash diagnostic given as a FILE (SPEC §10) joins by the rules it joins by under
    /// `--metrickit` (the payload's window, the bundle id, the build and OS): one that joins
    /// ends the log's session; one that joins nothing is a death of its own, in its own file,
    /// never the log's.
    @Test(
        arguments: [
            ("joined, within the payload's window", Self.payload([Self.crash(pid: 301)]), true),
            ("bare diagnostic joins the last session of its pid", Self.crash(pid: 301), true),
            ("a window that covers no session", Self.payload([Self.crash(pid: 301)], begin: 12, end: 13), false),
            ("a window that ends before the session began", Self.payload([Self.crash(pid: 301)], begin: 0, end: 9), false),
            ("another app's pid", Self.payload([Self.crash(pid: 301, bundle: "com.example.other")]), false),
            (
                "another OS",
                Self.payload([Self.crash(pid: 301).replacingOccurrences(of: #""signal":11"#, with: #""signal":11,"osVersion":"iPhone OS 18.1 (22B83)""#)]),
                false
            ),
        ] as [(String, String, Bool)])
    func aCrashDiagnosticGivenAsAFileJoinsByTheSameRules(_ name: String, _ json: String, _ joins: Bool) throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("mk.json", Array(json.utf8))
        let deaths = try Self.deaths([Self.log, scratch.root + "/mk.json"])
        let death = try #require(deaths.first, "\(name)")
        #expect(deaths.count == 1, "\(name): \(deaths)")
        #expect(death["file"] as? String == (joins ? Self.log : scratch.root + "/mk.json"), "\(name)")
        #expect(death["pid"] as? Int == 301, "\(name)")
        let evidence = try #require(death["evidence"] as? [[String: Any]])
        #expect(evidence.map { $0["kind"] as? String } == ["metrickit"], "\(name)")
        // The same diagnostic under --metrickit joins or not alike.
        let joined = try Self.deaths([Self.log, "--metrickit", scratch.root + "/mk.json"])
        #expect(joined.isEmpty != joins, "\(name)")
    }

    /// What iOS wrote of a watchdog kill in `terminationReason` (RunningBoard's form) is the
    /// death's `watchdog`, as it is for a crash report's termination text.
    @Test func aWatchdogTerminationReasonGivesTheDeathsWatchdogDetails() throws {
        let scratch = try BatchEdgeTests.Scratch()
        let reason =
            #"<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: "#
            + #"app<com.example.editor(9F2A)>:301 exhausted real (wall clock) time allowance of 10.00 seconds\n"#
            + #"ProcessVisibility: Background\nProcessState: Running\nWatchdogEvent: scene-update\nWatchdogVisibility: Foreground"#
        try scratch.write("mk.json", Array(Self.payload([Self.crash(pid: 301, reason: reason)]).utf8))
        let deaths = try Self.deaths([Self.log, "--metrickit", scratch.root + "/mk.json"])
        let death = try #require(deaths.first)
        #expect(death["class"] as? String == "watchdog")
        let watchdog = try #require(death["watchdog"] as? [String: Any], "\(death)")
        #expect(watchdog["event"] as? String == "scene-update")
        #expect(watchdog["allowance"] as? Double == 10)
        #expect(watchdog["clock"] as? String == "wall")
        #expect(watchdog["visibility"] as? String == "foreground")
    }

    /// A pid reused across files whose sessions began at the same instant: a tie, which the
    /// order the logs are named in must not decide: unjoined either way, nothing ended.
    @Test(arguments: [false, true])
    func aTieBetweenLogsJoinsNeither(reversed: Bool) throws {
        let scratch = try BatchEdgeTests.Scratch()
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.log)))
        try scratch.write("a.jsonl.zst", bytes)
        try scratch.write("b.jsonl.zst", bytes)
        try scratch.write("mk.json", Array(Self.payload([Self.crash(pid: 301)]).utf8))
        var logs = [scratch.root + "/a.jsonl.zst", scratch.root + "/b.jsonl.zst"]
        if reversed { logs.reverse() }
        let out = try CLI.run(["replay", "--format", "json"] + logs + ["--metrickit", scratch.root + "/mk.json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        #expect((document["deaths"] as? [Any])?.isEmpty == true)
        let metrickit = try #require((document["summary"] as? [String: Any])?["metrickit"] as? [String: Any])
        #expect(metrickit["joined"] as? Int == 0 && metrickit["unjoined"] as? Int == 1, "\(metrickit)")
    }

    /// In a top-level array the index is `[payload, diagnostic]` (SPEC §8), in JSON and in
    /// `why`; a diagnostic that joins nothing beside it changes nothing.
    @Test func anArrayIndexIsAPairInJSONAndWhy() throws {
        let scratch = try BatchEdgeTests.Scratch()
        let metric = #"{"metaData":{"bundleIdentifier":"com.example.editor"},"applicationExitMetrics":{}}"#
        let array = "[" + metric + "," + Self.payload([Self.crash(pid: 999), Self.crash(pid: 301)]) + "]"
        try scratch.write("mk.json", Array(array.utf8))
        let deaths = try Self.deaths([Self.log, "--metrickit", scratch.root + "/mk.json"])
        let evidence = try #require((deaths.first?["evidence"] as? [[String: Any]])?.first)
        #expect(evidence["index"] as? [Int] == [1, 1])

        let why = try CLI.run(["why", Self.log, "--metrickit", scratch.root + "/mk.json"])
        #expect(why.status == 0, "\(why.stderr)")
        #expect(why.stdout.contains("pid 301"))
        #expect(why.stdout.contains("diagnostic [1, 1]"), "\(why.stdout)")
    }

    /// A file that is not MetricKit is exit 2 before anything is written.
    @Test(arguments: ["replay", "why"])
    func aBadFileIsAUsageError(_ command: String) throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("mk.json", Array(#"{"hello":1}"#.utf8))
        let out = try CLI.run([command, Self.log, "--metrickit", scratch.root + "/mk.json", "--output", scratch.root + "/out"])
        #expect(out.status == 2)
        #expect(out.stderr.contains(scratch.root + "/mk.json"))
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/out"))
    }
}

extension MetricKitJoinCLITests {
    /// `summary.metrickit` counts payloads, joined and unjoined diagnostics; the other kinds of
    /// a joined pid are listed in `diagnostics` with their durations as written; a text run says
    /// the counts on its summary line; without `--metrickit` neither key is written.
    @Test func theSummaryCountsAndOtherDiagnosticsAreListed() throws {
        let scratch = try BatchEdgeTests.Scratch()
        let hang = #"{"diagnosticMetaData":{"pid":301,"hangDuration":"2,717秒"}}"#
        let launch = #"{"diagnosticMetaData":{"pid":-1,"launchDuration":"3 sec"}}"#
        let payload =
            #"{"timeStampBegin":"2026-11-20 00:00:00 +0000","timeStampEnd":"2026-11-20 23:00:00 +0000","#
            + #""hangDiagnostics":[\#(hang)],"appLaunchDiagnostics":[\#(launch)],"crashDiagnostics":[\#(Self.crash(pid: 301))]}"#
        try scratch.write("mk.json", Array(payload.utf8))
        let out = try CLI.run(["replay", "--format", "json", Self.log, "--metrickit", scratch.root + "/mk.json"])
        #expect(out.status <= 1, "\(out.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let summary = try #require((document["summary"] as? [String: Any])?["metrickit"] as? [String: Int])
        #expect(summary == ["payloads": 1, "joined": 2, "unjoined": 1])
        let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["kind"] as? String == "hang")
        #expect(diagnostics.first?["hangDuration"] as? String == "2,717秒")
        #expect(diagnostics.first?["pid"] as? Int == 301)
        #expect(diagnostics.first?["session"] as? Int == 1)
        #expect(diagnostics.first?["log"] as? String == Self.log)
        // Key order: hang (index 0), app launch (1), crash (2).
        let death = try #require((document["deaths"] as? [[String: Any]])?.first)
        #expect((death["evidence"] as? [[String: Any]])?.first?["index"] as? Int == 2)

        let text = try CLI.run(["replay", Self.log, "--metrickit", scratch.root + "/mk.json"])
        #expect(text.stdout.contains("; MetricKit: 1 payload, 2 joined, 1 unjoined"), "\(text.stdout)")
        let plain = try CLI.run(["replay", "--format", "json", Self.log])
        #expect(!plain.stdout.contains("\"diagnostics\"") && !plain.stdout.contains("\"metrickit\""))

        // jsonl carries the same: one diagnostic line per entry, and summary.metrickit.
        let jsonl = try CLI.run(["replay", "--format", "jsonl", Self.log, "--metrickit", scratch.root + "/mk.json"])
        let lines = try jsonl.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let entries = lines.compactMap { $0["diagnostic"] as? [String: Any] }
        #expect(entries.count == 1 && entries.first?["kind"] as? String == "hang" && entries.first?["hangDuration"] as? String == "2,717秒")
        let last = try #require(lines.last?["summary"] as? [String: Any])
        #expect(last["metrickit"] as? [String: Int] == ["payloads": 1, "joined": 2, "unjoined": 1])
        let plainLines = try CLI.run(["replay", "--format", "jsonl", Self.log]).stdout
        #expect(!plainLines.contains("\"diagnostic\"") && !plainLines.contains("\"metrickit\""))
    }

    /// Every command that replays takes `--metrickit` (SPEC §8): `baseline` records the finding
    /// the joined crash makes (LC103), and `timeline` ends the session with it; without it,
    /// neither has it; a bad file is exit 2 and writes nothing.
    @Test(arguments: [
        (["baseline"], #""rule": "LC103""#),
        (["timeline"], "abnormal-exit"),
    ])
    func baselineAndTimelineTakeMetricKit(_ command: [String], _ made: String) throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("mk.json", Array(Self.crash(pid: 301).utf8))
        try scratch.write("bad.json", Array(#"{"crashDiagnostics":[{"diagnosticMetaData":{"pid":"301"}}]}"#.utf8))
        let with = try CLI.run(command + [Self.log, "--metrickit", scratch.root + "/mk.json", "-o", scratch.root + "/with.json"])
        let without = try CLI.run(command + [Self.log, "-o", scratch.root + "/without.json"])
        #expect(with.status == 0 && without.status == 0, "\(with.stderr) \(without.stderr)")
        #expect(try scratch.read("with.json").contains(made), "\(command)")
        #expect(try !scratch.read("without.json").contains(made), "\(command)")
        let bad = try CLI.run(command + [Self.log, "--metrickit", scratch.root + "/bad.json", "-o", scratch.root + "/bad-out.json"])
        #expect(bad.status == 2 && bad.stderr.contains("diagnosticMetaData.pid"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/bad-out.json"))
    }

    /// The logs are replayed twice with `--metrickit`: standard input is refused (exit 2)
    /// rather than replayed once and then found empty, by every command that takes both.
    @Test(arguments: [["replay"], ["why"], ["baseline", "-o", "OUT"], ["timeline", "-o", "OUT"]])
    func standardInputWithMetricKitIsAUsageError(_ command: [String]) throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("mk.json", Array(Self.crash(pid: 301).utf8))
        let arguments = command.map { $0 == "OUT" ? scratch.root + "/out.json" : $0 } + ["-", "--metrickit", scratch.root + "/mk.json"]
        let out = try CLI.run(arguments, stdin: try Data(contentsOf: CLI.root.appendingPathComponent(Self.log)))
        #expect(out.status == 2, "\(command): \(out.stdout)")
        #expect(out.stderr.contains("--metrickit needs the logs as files"), "\(out.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/out.json"))
    }
}

extension MetricKitJoinCLITests {
    /// One file named twice, whatever the names (a directory and a file in it, a path and
    /// `./path`, a symbolic link), is read once, said on standard error: the counts are those
    /// of one reading, and the joined crash still ends its session.
    @Test(arguments: ["dir", "dot", "link"])
    func aFileNamedTwiceIsReadOnce(_ how: String) throws {
        let scratch = try BatchEdgeTests.Scratch()
        try FileManager.default.createDirectory(atPath: scratch.root + "/mk", withIntermediateDirectories: true)
        try scratch.write("mk/a.json", Array(Self.payload([Self.crash(pid: 301)]).utf8))
        let first = scratch.root + "/mk/a.json"
        let second: String
        switch how {
        case "dir": second = scratch.root + "/mk"
        case "dot": second = scratch.root + "/mk/./a.json"
        default:
            second = scratch.root + "/link.json"
            try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: first)
        }
        let out = try CLI.run(["replay", "--format", "json", Self.log, "--metrickit", first, "--metrickit", second])
        #expect(out.stderr.contains("is '\(first)' again (the same file): read once"), "\(out.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let summary = try #require((document["summary"] as? [String: Any])?["metrickit"] as? [String: Int])
        #expect(summary == ["payloads": 1, "joined": 1, "unjoined": 0], "\(how)")
        #expect((document["deaths"] as? [Any])?.count == 1)
    }
}
