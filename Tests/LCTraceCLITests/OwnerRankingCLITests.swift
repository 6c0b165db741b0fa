import Foundation
import Testing

/// `audit` ranks owners over a fleet (SPEC §8 "Owners", 2028 edition): worst first by deaths
/// their tasks caused, then deaths that found one open, then sessions, then findings, the unknown owner last; in JSON, jsonl and text; `merge` sums
/// the shards' counts into the same ranking.
@Suite struct OwnerRankingCLITests {
    /// How a session of the fleet ends.
    enum End: Sendable {
        /// Suspended with its task open: LC300, no death.
        case suspended
        /// Killed 40 s into the background, its task past the 30 s allowance: LC203, LC300, a
        /// `bgtask-timeout` death caused by the task's owner.
        case killedPastAllowance
        /// Crashed 6 s into the background with the task merely open: a death the owner did
        /// not cause (`open_at_deaths`), no finding about the task (SPEC §5, 2028 edition).
        case crashedWithTaskOpen
    }

    /// One session of its own pid: launched, in background at t+3, a task named `name` begun
    /// at t+4, then ended as `end` says.
    static func session(pid: Int, at t: Double, name: String?, end: End) -> [String] {
        func ev(_ dt: Double, _ event: String, _ extra: String = "") -> String {
            "{\"t\":\(1_795_168_800 + t + dt),\"ev\":\"\(event)\",\"pid\":\(pid)\(extra)}"
        }
        let named = name.map { ",\"name\":\"\($0)\"" } ?? ""
        let last: String
        switch end {
        case .suspended: last = ev(9, "sys.suspend")
        case .killedPastAllowance: last = ev(43, "sys.kill", ",\"reason\":\"crash\"")
        case .crashedWithTaskOpen: last = ev(9, "sys.kill", ",\"reason\":\"crash\"")
        }
        return [
            ev(0, "process.launch", ",\"reason\":\"user\""), ev(0.5, "app.didFinishLaunching"), ev(1, "app.didBecomeActive"),
            ev(2, "app.willResignActive"), ev(3, "app.didEnterBackground"), ev(4, "bgtask.begin", ",\"task\":1" + named), last,
        ]
    }

    static let oneSignal = "Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask]"

    /// The fleet: files of sessions (owner name, how it ends).
    static let fleet: [[(String?, End)]] = [
        [(oneSignal, .killedPastAllowance)],
        [(oneSignal, .killedPastAllowance), ("GDTStorage", .suspended)],
        [(oneSignal, .suspended), ("GDTStorage", .suspended), ("GDTCCTUploader-upload", .suspended)],
        [("com.amazonaws.AWSPinpointSessionBackgroundTask", .killedPastAllowance)],
        [("GDTStorage", .suspended), (nil, .suspended), ("GDTStorage", .crashedWithTaskOpen)],
    ]

    static var expected: NSArray {
        [
            ["owner": "OneSignal", "deaths": 2, "open_at_deaths": 0, "sessions": 3, "findings": ["LC203": 2, "LC300": 3]],
            ["owner": "AWS SDK", "deaths": 1, "open_at_deaths": 0, "sessions": 1, "findings": ["LC203": 1, "LC300": 1]],
            ["owner": "Firebase (GoogleDataTransport)", "deaths": 0, "open_at_deaths": 1, "sessions": 5, "findings": ["LC300": 4]],
            ["owner": NSNull(), "deaths": 0, "open_at_deaths": 0, "sessions": 1, "findings": ["LC300": 1]],
        ] as [[String: Any]] as NSArray
    }

    final class Fleet {
        let root: String
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-owners-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/logs", withIntermediateDirectories: true)
            var pid = 100
            for (i, sessions) in OwnerRankingCLITests.fleet.enumerated() {
                var lines: [String] = []
                for (j, s) in sessions.enumerated() {
                    pid += 1
                    lines += OwnerRankingCLITests.session(pid: pid, at: Double(j) * 100, name: s.0, end: s.1)
                }
                try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: root + "/logs/app\(i).jsonl"))
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static func owners(_ summary: Any?) throws -> NSArray {
        let object = try #require(summary as? [String: Any])
        return try #require(object["owners"] as? NSArray)
    }

    @Test func auditRanksTheFleetsOwners() throws {
        let fleet = try Fleet()
        let json = try CommandLineTests.run(["audit", "--format", "json", fleet.root + "/logs"])
        #expect(json.status == 1, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(try Self.owners(document["summary"]) == Self.expected)

        let text = try CommandLineTests.run(["audit", fleet.root + "/logs"])
        #expect(
            text.stdout.contains(
                """
                Owners of background tasks (worst first):
                  OneSignal                       2 deaths caused, open at 0 other deaths, 3 sessions, 5 findings (LC203 2, LC300 3)
                  AWS SDK                         1 death caused, open at 0 other deaths, 1 session, 2 findings (LC203 1, LC300 1)
                  Firebase (GoogleDataTransport)  0 deaths caused, open at 1 other death, 5 sessions, 4 findings (LC300 4)
                  (unknown)                       0 deaths caused, open at 0 other deaths, 1 session, 1 finding (LC300 1)
                """), "\(text.stdout)")

        // Shards (every file in one of three) merge to the same ranking, in jsonl and json.
        var outputs: [String] = []
        for k in 1...3 {
            let path = fleet.root + "/shard\(k).jsonl"
            let r = try CommandLineTests.run(["audit", "--format", "jsonl", "--shard", "\(k)/3", "--output", path, fleet.root + "/logs"])
            #expect(r.status <= 1, "\(r.stderr)")
            outputs.append(path)
        }
        let merged = try CommandLineTests.run(["merge", "--format", "jsonl"] + outputs)
        let last = try #require(merged.stdout.split(separator: "\n").last)
        let summaryLine = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(try Self.owners(summaryLine["summary"]) == Self.expected)
        let single = try CommandLineTests.run(["audit", "--format", "jsonl", fleet.root + "/logs"])
        #expect(merged.stdout.split(separator: "\n").last == single.stdout.split(separator: "\n").last)
    }
}
