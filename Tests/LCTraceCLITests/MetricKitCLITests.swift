import Foundation
import Testing

/// `stats --metrickit` end to end: MetricKit's exit counters beside the recordings, and a bad
/// payload as a usage error that writes nothing.
@Suite struct MetricKitCLITests {
    typealias CLI = CommandLineTests

    /// A metric payload as iOS writes it: localized strings elsewhere, zero counters left out.
    static func metricPayload(backgroundBgtask: Int, backgroundWatchdog: Int) -> String {
        """
        {"appVersion":"5.2.1","metaData":{"bundleIdentifier":"com.example.sample"},
         "timeStampBegin":"2026-11-20 00:00:00 +0000","timeStampEnd":"2026-11-20 23:59:00 +0000",
         "applicationTimeMetrics":{"cumulativeForegroundTime":"2,717秒","cumulativeBackgroundTime":"20 secs."},
         "applicationExitMetrics":{"foregroundExitData":{},
           "backgroundExitData":{"cumulativeBackgroundTaskAssertionTimeoutExitCount":\(backgroundBgtask),
             "cumulativeAppWatchdogExitCount":\(backgroundWatchdog)}}}
        """
    }

    static func metrickitObject(_ stdout: String) throws -> [String: Any] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        return try #require(document["metrickit"] as? [String: Any])
    }

    @Test func statsSetsMetricKitBesideTheRecordings() throws {
        let scratch = try BatchEdgeTests.Scratch()
        // A directory of two days' payloads, and a file that is not .json (ignored).
        try FileManager.default.createDirectory(atPath: scratch.root + "/mk", withIntermediateDirectories: true)
        try scratch.write("mk/day1.json", Array(Self.metricPayload(backgroundBgtask: 2, backgroundWatchdog: 40).utf8))
        try scratch.write("mk/day2.json", Array(Self.metricPayload(backgroundBgtask: 1, backgroundWatchdog: 1).utf8))
        try scratch.write("mk/notes.txt", Array("not a payload".utf8))
        let trace = CLI.trace("killed-in-background")
        let plain = try CLI.run(["stats", "--format", "json", trace])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stdout.contains(#""metrickit""#))
        let exits = try #require(
            (try JSONSerialization.jsonObject(with: Data(plain.stdout.utf8)) as? [String: Any])?["exits"] as? [String: Int])
        let recordedBgtask = try #require(exits["bgtask-timeout"])
        #expect(recordedBgtask > 0)

        let r = try CLI.run(["stats", "--format", "json", trace, "--metrickit", scratch.root + "/mk"])
        #expect(r.status == 0, "\(r.stderr)")
        let metrickit = try Self.metrickitObject(r.stdout)
        #expect(metrickit["payloads"] as? Int == 2)
        let rows = try #require(metrickit["exits"] as? [[String: Any]])
        let keyed = Dictionary(
            uniqueKeysWithValues: rows.map { ("\($0["class"] as? String ?? "?")/\($0["visibility"] as? String ?? "-")", $0) })
        #expect(Set(keyed.keys) == ["bgtask-timeout/background", "watchdog/background"])
        let bgtask = try #require(keyed["bgtask-timeout/background"])
        #expect(bgtask["metrickit"] as? Int == 3)
        #expect(bgtask["recordings"] as? Int == recordedBgtask)
        #expect(bgtask["difference"] as? Int == 3 - recordedBgtask)
        #expect(keyed["watchdog/background"]?["metrickit"] as? Int == 41)
        #expect(keyed["watchdog/background"]?["recordings"] as? Int == 0)

        let text = try CLI.run(["stats", trace, "--metrickit", scratch.root + "/mk/day1.json", "--metrickit", scratch.root + "/mk/day2.json"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("MetricKit counted 41 background watchdog exits; your recordings explain 0 (difference +41)"))
        #expect(text.stdout.contains("MetricKit exits vs recordings (2 metric payloads):"))
    }

    /// Every way a `--metrickit` argument can be wrong: exit 2, a message naming the file (and
    /// the key path), and no report written.
    @Test(
        "a bad --metrickit is a usage error that writes nothing",
        arguments: [
            ("bad.json", #"{"crashDiagnostics":[{},{"diagnosticMetaData":{"pid":"412"}}]}"#, "crashDiagnostics[1].diagnosticMetaData.pid: expected a pid"),
            ("notjson.json", "MetricKit?", "not JSON"),
            ("other.json", #"{"findings":[]}"#, "expected an MXDiagnosticPayload"),
            ("missing.json", nil, "no such file or directory"),
        ] as [(String, String?, String)])
    func badPayload(name: String, content: String?, message: String) throws {
        let scratch = try BatchEdgeTests.Scratch()
        if let content { try scratch.write(name, Array(content.utf8)) }
        let output = scratch.root + "/out.json"
        let r = try CLI.run(["stats", "--format", "json", "-o", output, CLI.trace("clean-scenes"), "--metrickit", scratch.root + "/" + name])
        #expect(r.status == 2, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("--metrickit: \(scratch.root)/\(name): "), "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}

extension MetricKitCLITests {
    /// `stats --metrickit` joins crash diagnostics as `audit` does: the same exit comparison
    /// on the same inputs (the crash ends the open session of `clean-scenes`, a death only
    /// the diagnostic reveals), with metric payloads and with diagnostics only.
    @Test(arguments: [true, false])
    func statsAndAuditGiveTheSameNumbers(withMetrics: Bool) throws {
        let scratch = try BatchEdgeTests.Scratch()
        try FileManager.default.createDirectory(atPath: scratch.root + "/mk", withIntermediateDirectories: true)
        let crash =
            #"{"version":"1.0.0","callStackTree":{},"diagnosticMetaData":{"pid":301,"bundleIdentifier":"com.example.editor","#
            + #""terminationReason":"Namespace SPRINGBOARD, Code 0x8badf00d"}}"#
        try scratch.write("mk/crash.json", Array(crash.utf8))
        if withMetrics { try scratch.write("mk/day1.json", Array(Self.metricPayload(backgroundBgtask: 2, backgroundWatchdog: 4).utf8)) }
        let logs = [CLI.trace("killed-in-background"), CLI.trace("clean-scenes")]
        let stats = try CLI.run(["stats", "--format", "json"] + logs + ["--metrickit", scratch.root + "/mk"])
        #expect(stats.status == 0, "\(stats.stderr)")
        let audit = try CLI.run(["audit", "--no-progress", "--fail-on", "never", "--format", "json"] + logs + ["--metrickit", scratch.root + "/mk"])
        #expect(audit.status == 0, "\(audit.stderr)")
        let fromStats = try Self.metrickitObject(stats.stdout)
        let fromAudit = try Self.metrickitObject(audit.stdout)
        #expect(fromStats["payloads"] as? Int == fromAudit["payloads"] as? Int)
        let statsRows = try #require(fromStats["exits"] as? [[String: Any]])
        let auditRows = try #require(fromAudit["exits"] as? [[String: Any]])
        #expect(NSArray(array: statsRows).isEqual(to: auditRows), "stats \(statsRows) audit \(auditRows)")
        // The diagnostic's death is a foreground watchdog in both.
        let deaths = try #require((try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any])?["exits"] as? [String: Int])
        #expect(deaths["watchdog"] == 1, "\(deaths)")
        #expect(statsRows.isEmpty == !withMetrics)

        let text = try CLI.run(["stats"] + logs + ["--metrickit", scratch.root + "/mk"]).stdout
        #expect(text.contains("(difference -") == false || withMetrics, "\(text)")
        #expect(text.contains("no metric payload given, nothing to compare") == !withMetrics, "\(text)")
    }
}
