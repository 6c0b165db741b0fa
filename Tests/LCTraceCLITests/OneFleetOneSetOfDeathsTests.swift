import Foundation
import Testing

/// Every report of a fleet is derived from the same deaths (SPEC §8): `replay`'s `deaths` and
/// `summary.deaths`, `audit`'s `summary.deaths` and owner ranking, `stats`' exit counts, the
/// MetricKit comparison's recordings, the HTML report's death markers and `why`'s verdicts
/// all count one small fleet alike, and the normal purge and the normal exits are no death in
/// any of them.
@Suite struct OneFleetOneSetOfDeathsTests {
    static let base = 1_795_168_800.0

    static func ev(_ pid: Int, _ t: Double, _ event: String, _ extra: String = "") -> String {
        "{\"t\":\(base + t),\"ev\":\"\(event)\",\"pid\":\(pid)\(extra)}"
    }

    /// Launched, in the background at t+3 with task 1 named `name` begun at t+4, then:
    /// `past` killed 43 s in (past the 30 s allowance: bgtask-timeout, caused by the owner);
    /// `open` crashed 9 s in (abnormal, the task merely open); `suspend` the task ended, the
    /// app suspended and purged (an exit, no death).
    static func background(_ pid: Int, _ t: Double, _ name: String, _ end: String) -> [String] {
        var lines = [
            ev(pid, t, "process.launch", ",\"reason\":\"user\""), ev(pid, t + 0.5, "app.didFinishLaunching"),
            ev(pid, t + 1, "app.didBecomeActive"), ev(pid, t + 2, "app.willResignActive"), ev(pid, t + 3, "app.didEnterBackground"),
            ev(pid, t + 4, "bgtask.begin", ",\"task\":1,\"name\":\"\(name)\""),
        ]
        switch end {
        case "past": lines.append(ev(pid, t + 43, "sys.kill", ",\"reason\":\"crash\""))
        case "open": lines.append(ev(pid, t + 9, "sys.kill", ",\"reason\":\"crash\""))
        default:
            lines += [
                ev(pid, t + 5, "bgtask.end", ",\"task\":1"), ev(pid, t + 9, "sys.suspend"),
                ev(pid, t + 60, "sys.kill", ",\"reason\":\"jetsam\""),
            ]
        }
        return lines
    }

    /// Launched and active, then killed with `reason` 20 s in.
    static func foreground(_ pid: Int, _ t: Double, _ reason: String) -> [String] {
        [
            ev(pid, t, "process.launch", ",\"reason\":\"user\""), ev(pid, t + 0.5, "app.didFinishLaunching"),
            ev(pid, t + 1, "app.didBecomeActive"), ev(pid, t + 20, "sys.kill", ",\"reason\":\"\(reason)\""),
        ]
    }

    /// A normal exit: `willTerminate` from the background, or (`fromForeground`) a
    /// `process.exit` `terminate` while active (UIKit sends no `willTerminate` from there).
    static func normal(_ pid: Int, _ t: Double, fromForeground: Bool = false) -> [String] {
        let start = [ev(pid, t, "process.launch", ",\"reason\":\"user\""), ev(pid, t + 0.5, "app.didFinishLaunching"), ev(pid, t + 1, "app.didBecomeActive")]
        let exit = ev(pid, t + 4.5, "process.exit", ",\"reason\":\"terminate\"")
        if fromForeground { return start + [exit] }
        return start + [ev(pid, t + 2, "app.willResignActive"), ev(pid, t + 3, "app.didEnterBackground"), ev(pid, t + 4, "app.willTerminate"), exit]
    }

    static let oneSignal = "Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]"

    static var files: [String: [String]] {
        [
            "a.jsonl": background(101, 0, oneSignal, "past") + foreground(102, 100, "0x8badf00d") + normal(109, 300, fromForeground: true),
            "b.jsonl": background(103, 0, "GDTStorage", "open") + background(104, 100, "GDTStorage", "suspend") + normal(105, 200),
            "c.jsonl": foreground(106, 0, "crash") + foreground(107, 100, "per-process-limit") + background(108, 200, oneSignal, "past"),
        ]
    }

    /// The deaths every report must show, as (file, pid, class, visibility).
    static let expected: Set<String> = [
        "a.jsonl 101 bgtask-timeout background", "a.jsonl 102 watchdog foreground", "b.jsonl 103 abnormal background",
        "c.jsonl 106 abnormal foreground", "c.jsonl 107 memory-limit foreground", "c.jsonl 108 bgtask-timeout background",
    ]

    static let metrics = """
        {"timeStampBegin":"2026-11-20 00:00:00 +0000","timeStampEnd":"2026-11-21 00:00:00 +0000","applicationExitMetrics":{"foregroundExitData":{"cumulativeAppWatchdogExitCount":2,"cumulativeNormalAppExitCount":1},"backgroundExitData":{"cumulativeMemoryPressureExitCount":3,"cumulativeNormalAppExitCount":4}}}
        """

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// `{"class": {"visibility": n}}` → ["class visibility": n].
    static func flatten(_ value: Any?) -> [String: Int] {
        var out: [String: Int] = [:]
        for (c, v) in value as? [String: Any] ?? [:] {
            for (vis, n) in v as? [String: Any] ?? [:] { out["\(c) \(vis)"] = (n as? NSNumber)?.intValue ?? -1 }
        }
        return out
    }

    @Test func everyReportCountsTheSameDeaths() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-onefleet-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/logs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (name, lines) in Self.files {
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: root + "/logs/" + name))
        }
        try Data(Self.metrics.utf8).write(to: URL(fileURLWithPath: root + "/metrics.json"))
        let logs = Self.files.keys.sorted().map { root + "/logs/" + $0 }

        // replay: the deaths, and the summary counted from them.
        let replay = try Self.json(try CommandLineTests.run(["replay", "--format", "json"] + logs).stdout)
        let deaths = try #require(replay["deaths"] as? [[String: Any]])
        let listed = Set(
            deaths.map { d in
                "\((d["file"] as? String ?? "").split(separator: "/").last ?? "") \(d["pid"] ?? "") \(d["class"] ?? "") \(d["visibility"] ?? "")"
            })
        #expect(listed == Self.expected, "\(listed)")
        var byClass: [String: Int] = [:]
        for d in deaths { byClass["\(d["class"] ?? "") \(d["visibility"] ?? "")", default: 0] += 1 }
        let summary = try #require(replay["summary"] as? [String: Any])
        #expect(Self.flatten(summary["deaths"]) == byClass)

        // audit: the same summary, and the owners charged from the same deaths.
        let audit = try Self.json(try CommandLineTests.run(["audit", "--format", "json", "--metrickit", root + "/metrics.json", root + "/logs"]).stdout)
        let auditSummary = try #require(audit["summary"] as? [String: Any])
        #expect(Self.flatten(auditSummary["deaths"]) == byClass)
        let owners = try #require(auditSummary["owners"] as? [[String: Any]])
        func owner(_ name: String, _ key: String) -> Int { (owners.first { $0["owner"] as? String == name }?[key] as? NSNumber)?.intValue ?? -1 }
        // Caused: the bgtask-timeout deaths whose open task is theirs; open at: the others that found one open.
        #expect(owner("OneSignal", "deaths") == byClass["bgtask-timeout background"])
        #expect(owner("Firebase (GoogleDataTransport)", "deaths") == 0)
        #expect(owner("Firebase (GoogleDataTransport)", "open_at_deaths") == 1)
        #expect(owners.reduce(0) { $0 + (($1["deaths"] as? NSNumber)?.intValue ?? 0) } == byClass["bgtask-timeout background"])

        // The MetricKit comparison's recordings are those deaths, the purge and the normal exits by visibility.
        let rows = try #require((audit["metrickit"] as? [String: Any])?["exits"] as? [[String: Any]])
        var recordings: [String: Int] = [:]
        for row in rows { recordings["\(row["class"] ?? "") \(row["visibility"] ?? "")"] = (row["recordings"] as? NSNumber)?.intValue }
        for (key, n) in byClass { #expect(recordings[key] == n, "\(key)") }
        #expect(recordings["purged background"] == 1)
        #expect(recordings["normal foreground"] == 1 && recordings["normal background"] == 1, "\(recordings)")

        // stats: exits per class are the deaths plus the exits (one purge, two normal).
        let stats = try Self.json(try CommandLineTests.run(["stats", "--format", "json"] + logs).stdout)
        let exits = try #require(stats["exits"] as? [String: Any])
        for c in ["watchdog", "bgtask-timeout", "memory-limit", "abnormal"] {
            let deathsOfClass = byClass.filter { $0.key.hasPrefix(c + " ") }.values.reduce(0, +)
            #expect((exits[c] as? NSNumber)?.intValue == deathsOfClass, "\(c)")
        }
        #expect((exits["purged"] as? NSNumber)?.intValue == 1 && (exits["normal"] as? NSNumber)?.intValue == 2)

        // HTML: one death marker per death; why: one verdict per death, none for the purge.
        let html = try CommandLineTests.run(["replay", "--format", "html"] + logs).stdout
        #expect(html.components(separatedBy: "class=\"death\"").count - 1 == deaths.count)
        let why = try CommandLineTests.run(["why"] + logs).stdout
        let verdicts = why.split(separator: "\n").filter { $0.contains(": pid ") && $0.contains(", session ") && !$0.hasPrefix(" ") }
        #expect(verdicts.count == deaths.count, "\(why)")
        #expect(!why.contains("pid 104,"), "the purge of a suspended app is no death: \(why)")
        let all = try CommandLineTests.run(["why", "--all"] + logs).stdout
        #expect(all.contains("pid 104"), "why --all lists the purge: \(all)")
    }
}
