import Foundation
import Testing

/// `replay --crash-report` end to end, and the input options `stats` and `timeline` share
/// with `replay` (`--date`, `--app`).
@Suite struct CrashReportCLITests {
    typealias CLI = CommandLineTests

    static let log =
        [
            #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.uploader","model":"uikit-app"}"#,
            #"{"t":"2026-11-20T10:00:00.000Z","ev":"process.launch","pid":432,"reason":"user"}"#,
            #"{"t":"2026-11-20T10:00:00.450Z","ev":"app.didFinishLaunching","pid":432}"#,
            #"{"t":"2026-11-20T10:00:00.700Z","ev":"app.didBecomeActive","pid":432}"#,
        ].joined(separator: "\n") + "\n"

    /// A text report of a FRONTBOARD watchdog kill (microsoft/react-native-code-push#1715's and
    /// CleverTap/clevertap-ios-sdk#211's shapes).
    static func textReport(pid: Int) -> String {
        """
        Incident Identifier: A4F7C686-E5D4-45F8-9DC5-0542B6069F90
        Hardware Model:      iPhone14,2
        Process:             Uploader [\(pid)]
        Identifier:          com.example.uploader
        Role:                Foreground
        Parent Process:      launchd [1]

        Date/Time:           2026-11-20 11:00:20.5986 +0100
        Launch Time:         2026-11-20 11:00:00.0000 +0100
        OS Version:          iPhone OS 17.4 (21E219)
        Report Version:      104

        Exception Type:  EXC_CRASH (SIGKILL)
        Exception Codes: 0x0000000000000000, 0x0000000000000000
        Exception Note:  EXC_CORPSE_NOTIFY
        Termination Reason: FRONTBOARD 2343432205 
        <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: application<com.example.uploader>:\(pid) exhausted real (wall clock) time allowance of 19.97 seconds
        ProcessVisibility: Foreground

        """
    }

    @Test func aReportEndsTheSessionWithItsExitClass() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("app.jsonl", Array(Self.log.utf8))
        try scratch.write("watchdog.ips", Array(Self.textReport(pid: 432).utf8))
        let without = try CLI.run(["replay", scratch.root + "/app.jsonl"])
        #expect(without.status == 0, "\(without.stdout)")
        let r = try CLI.run([
            "replay", "--format", "json", "--fail-on", "warning", scratch.root + "/app.jsonl", "--crash-report",
            scratch.root + "/watchdog.ips",
        ])
        // LC103 is a warning.
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.contains(#""rule": "LC103""#))
        #expect(r.stdout.contains(#""exit": "watchdog""#), "\(r.stdout)")
        #expect(r.stdout.contains(#""source": "system""#))
        #expect(r.stdout.contains("(crash report '\(scratch.root)/watchdog.ips': FRONTBOARD 0x8badf00d)"))
    }

    @Test func aReportMatchingNoSessionIsSaidOnStandardError() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("app.jsonl", Array(Self.log.utf8))
        try scratch.write("other.ips", Array(Self.textReport(pid: 999).utf8))
        let r = try CLI.run(["replay", scratch.root + "/app.jsonl", "--crash-report", scratch.root + "/other.ips"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(
            r.stderr.contains(
                "lctrace: crash report '\(scratch.root)/other.ips' (pid 999 ('Uploader'), 2026-11-20T10:00:20.598600Z, FRONTBOARD 0x8badf00d) joined no session: no session of pid 999 in the logs"
            ), "\(r.stderr)")
    }

    @Test(arguments: [
        ("bad.ips", "{}\n", "expected 'pid' (an integer) in the report body"),
        (
            "prose.ips", "not a report\n",
            "not a crash report: expected an .ips JSON header line, or a text report with 'Process: NAME [PID]'"
        ),
    ])
    func aMalformedReportIsAUsageError(_ name: String, _ text: String, _ message: String) throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("app.jsonl", Array(Self.log.utf8))
        try scratch.write(name, Array(text.utf8))
        let out = scratch.root + "/report.json"
        let r = try CLI.run([
            "replay", scratch.root + "/app.jsonl", "--crash-report", scratch.root + "/" + name, "-o", out,
        ])
        #expect(r.status == 2)
        #expect(r.stderr == "Unable to read '\(scratch.root)/\(name)': \(message).\n")
        #expect(!FileManager.default.fileExists(atPath: out))
        let missing = try CLI.run([
            "replay", scratch.root + "/app.jsonl", "--crash-report", scratch.root + "/missing.ips",
        ])
        #expect(missing.status == 2)
        #expect(missing.stderr == "Unable to read '\(scratch.root)/missing.ips': no such file or directory.\n")
    }

    /// A JetsamEvent report (`bug_type` 298; process entries as in KSCrash#278's and
    /// immich#12471's fragments) with the app and a daemon killed.
    static func jetsamEvent(pid: Int, reason: String) -> String {
        #"{"bug_type":"298","timestamp":"2026-11-20 11:00:20.00 +0100","os_version":"iPhone OS 17.4 (21E219)","incident_id":"0F3E2A11-0000-4000-8000-000000000003"}"#
            + "\n" + """
                {
                  "product" : "iPhone14,2",
                  "date" : "2026-11-20 11:00:20.59 +0100",
                  "largestProcess" : "Uploader",
                  "processes" : [
                    {
                      "states" : [ "frontmost" ],
                      "killDelta" : 13593,
                      "reason" : "\(reason)",
                      "pid" : \(pid),
                      "name" : "Uploader"
                    },
                    {
                      "states" : [ "daemon", "idle" ],
                      "name" : "maild",
                      "reason" : "vm-pageshortage",
                      "pid" : 8866,
                      "killDelta" : 2942585
                    }
                  ]
                }

                """
    }

    /// The app's entry ends its session: `memory-limit` while running, `purged` once
    /// suspended (SPEC §5); the daemon's entry matches nothing and is not said.
    @Test(arguments: [(false, "memory-limit", true), (true, "purged", false)])
    func aJetsamEventEndsTheSession(_ suspended: Bool, _ exit: String, _ abnormal: Bool) throws {
        let scratch = try BatchEdgeTests.Scratch()
        var log = Self.log
        if suspended {
            log += #"{"t":"2026-11-20T10:00:05.000Z","ev":"app.willResignActive","pid":432}"# + "\n"
            log += #"{"t":"2026-11-20T10:00:05.100Z","ev":"app.didEnterBackground","pid":432}"# + "\n"
            log += #"{"t":"2026-11-20T10:00:05.200Z","ev":"sys.suspend","pid":432}"# + "\n"
        }
        try scratch.write("app.jsonl", Array(log.utf8))
        try scratch.write("jetsam.ips", Array(Self.jetsamEvent(pid: 432, reason: "per-process-limit").utf8))
        let r = try CLI.run([
            "replay", "--format", "json", scratch.root + "/app.jsonl", "--crash-report", scratch.root + "/jetsam.ips",
        ])
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.contains(#""\#(exit)": 1"#), "\(r.stdout)")
        #expect(r.stdout.contains(#""rule": "LC103""#) == abnormal, "\(r.stdout)")
        if abnormal {
            #expect(r.stdout.contains("(crash report '\(scratch.root)/jetsam.ips': JetsamEvent per-process-limit)"))
        }
    }

    @Test func aJetsamEventMatchingNoSessionIsSaidOnce() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("app.jsonl", Array(Self.log.utf8))
        try scratch.write("jetsam.ips", Array(Self.jetsamEvent(pid: 999, reason: "highwater").utf8))
        let r = try CLI.run(["replay", scratch.root + "/app.jsonl", "--crash-report", scratch.root + "/jetsam.ips"])
        #expect(r.status == 0, "\(r.stdout)")
        #expect(
            r.stderr
                == "lctrace: JetsamEvent report '\(scratch.root)/jetsam.ips' (2026-11-20T10:00:20.590Z, killed: pid 999 ('Uploader'), pid 8866 ('maild')) joined no session: no session of those pids was alive at its time\n"
        )
    }

    @Test func theReportIsNeverTheOutput() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("app.jsonl", Array(Self.log.utf8))
        try scratch.write("watchdog.ips", Array(Self.textReport(pid: 432).utf8))
        let r = try CLI.run([
            "replay", scratch.root + "/app.jsonl", "--crash-report", scratch.root + "/watchdog.ips", "-o",
            scratch.root + "/watchdog.ips",
        ])
        #expect(r.status == 2)
        #expect(try scratch.read("watchdog.ips") == Self.textReport(pid: 432))
    }

    /// A Console.app copy naming two apps: `stats` and `timeline` take `--app` and `--date`
    /// as `replay` does.
    @Test(arguments: ["stats", "timeline"])
    func statsAndTimelineTakeTheTranscriptOptions(_ command: String) throws {
        let scratch = try BatchEdgeTests.Scratch()
        var transcript = try String(
            contentsOf: CLI.root.appendingPathComponent("traces/src/syslog-suspended-and-killed.txt"), encoding: .utf8)
        transcript +=
            "default\t10:21:00.000000+0000\trunningboardd\t[application<com.example.other>:300] Suspending task.\n"
        try scratch.write("console.txt", Array(transcript.utf8))
        let path = scratch.root + "/console.txt"
        let several = try CLI.run([command, path])
        #expect(several.status == 2)
        #expect(several.stderr.contains("several apps are named"), "\(several.stderr)")
        let chosen = try CLI.run([command, "--app", "com.example.uploader", "--date", "2026-11-20", path])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        let badDate = try CLI.run([command, "--app", "com.example.uploader", "--date", "2026-13-20", path])
        #expect(badDate.status == 2)
        #expect(badDate.stderr.contains("'--date' must be YYYY-MM-DD, found '2026-13-20'"), "\(badDate.stderr)")
        if command == "stats" {
            #expect(chosen.stdout.contains("1 file, 5 events, 1 session"), "\(chosen.stdout)")
        } else {
            #expect(chosen.stdout.contains("\"traceEvents\""), "\(chosen.stdout.prefix(200))")
        }
        let limited = try CLI.run([command, "--max-decompressed", "lots", path])
        #expect(limited.status != 0)
        #expect(limited.stderr.contains("--max-decompressed needs a byte count"), "\(limited.stderr)")
    }
}

extension CrashReportCLITests {
    /// A report that joins no session is in the JSON report's top-level `unjoined` with its
    /// reason, and counted in `summary.unjoined` (SPEC §8); a run where every piece joined has
    /// neither key.
    @Test func anUnjoinedReportIsListedInTheJSONReport() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("app.jsonl", Array(Self.log.utf8))
        try scratch.write("other.ips", Array(Self.textReport(pid: 999).utf8))
        let r = try CLI.run(["replay", "--format", "json", scratch.root + "/app.jsonl", "--crash-report", scratch.root + "/other.ips"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let unjoined = try #require(document["unjoined"] as? [[String: Any]])
        #expect(unjoined.count == 1)
        #expect(unjoined.first?["file"] as? String == scratch.root + "/other.ips")
        #expect(unjoined.first?["kind"] as? String == "crash-report")
        #expect((unjoined.first?["pid"] as? NSNumber)?.intValue == 999)
        #expect(unjoined.first?["reason"] as? String == "no session of pid 999 in the logs")
        #expect(((document["summary"] as? [String: Any])?["unjoined"] as? NSNumber)?.intValue == 1)
        let clean = try CLI.run(["replay", "--format", "json", scratch.root + "/app.jsonl"])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(clean.stdout.utf8)) as? [String: Any])
        #expect(plain["unjoined"] == nil)
    }

    /// With outside evidence the logs are replayed twice: standard input cannot be (exit 2).
    @Test func standardInputWithACrashReportIsAUsageError() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("r.ips", Array(Self.textReport(pid: 432).utf8))
        let r = try CLI.run(["replay", "-", "--crash-report", scratch.root + "/r.ips"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--crash-report and --system-log need the logs as files"), "\(r.stderr)")
    }
}
