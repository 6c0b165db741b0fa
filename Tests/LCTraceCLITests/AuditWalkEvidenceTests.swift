import Foundation
import Testing

/// Evidence files that `audit`'s directory walk finds (SPEC §8 "In `audit`…", §10, §11): a
/// crash report, a MetricKit file or an Info.plist joins the logs of its own directory only,
/// one incident in two forms is one death, and a directory with evidence is one unit of
/// `--shard`, so the shards together give the deaths of the whole audit.
@Suite struct AuditWalkEvidenceTests {
    typealias CLI = CommandLineTests

    /// A log of the process `iOSCrashingTest.ips` reports, alive when it crashed.
    static let crashingLog =
        [
            #"{"t":"2022-09-18T06:28:25.516Z","ev":"meta","app":"jp.mahdi.iOSCrashingTest","os":"16.0","model":"uikit-app"}"#,
            #"{"t":"2022-09-18T06:28:25.516Z","ev":"process.launch","pid":455,"reason":"user"}"#,
            #"{"t":"2022-09-18T06:28:26.000Z","ev":"app.didFinishLaunching","pid":455}"#,
            #"{"t":"2022-09-18T06:28:26.100Z","ev":"app.didBecomeActive","pid":455}"#,
        ].joined(separator: "\n") + "\n"

    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: EvidenceAloneCLITests.fixtures.appendingPathComponent(name)))
    }

    /// Two devices' folders holding the same log (pid 455 on each); only the first holds the
    /// crash report; a third folder holds one incident as `.ips` and as text.
    static func devices() throws -> BatchEdgeTests.Scratch {
        let scratch = try BatchEdgeTests.Scratch()
        for dir in ["dev1", "dev2", "reports"] {
            try FileManager.default.createDirectory(atPath: scratch.root + "/d/" + dir, withIntermediateDirectories: true)
        }
        try scratch.write("d/dev1/app.jsonl", Array(crashingLog.utf8))
        try scratch.write("d/dev2/app.jsonl", Array(crashingLog.utf8))
        try scratch.write("d/dev1/crash.ips", try fixture("iOSCrashingTest.ips"))
        try scratch.write("d/reports/a.ips", try fixture("iOSCrashingTest.ips"))
        try scratch.write("d/reports/a.crash", try fixture("iOSCrashingTest.crash"))
        return scratch
    }

    /// The audit's JSON files by path relative to `root`, with their deaths.
    static func deathsByFile(_ stdout: String, root: String) throws -> [String: [[String: Any]]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        var out: [String: [[String: Any]]] = [:]
        for file in try #require(document["files"] as? [[String: Any]]) {
            let path = try #require(file["path"] as? String)
            out[String(path.dropFirst(root.count + 1))] = []
        }
        for death in try #require(document["deaths"] as? [[String: Any]]) {
            let path = try #require(death["file"] as? String)
            out[String(path.dropFirst(root.count + 1)), default: []].append(death)
        }
        return out
    }

    @Test func aWalksCrashReportJoinsTheLogsOfItsOwnDirectoryOnly() throws {
        let scratch = try Self.devices()
        let r = try CLI.run(["audit", "--no-progress", "--format", "json", scratch.root + "/d"])
        #expect(r.status == 0, "\(r.stderr)")
        let deaths = try Self.deathsByFile(r.stdout, root: scratch.root)
        // dev1's report ends dev1's session, with its code; it is no death of its own.
        let joined = try #require(deaths["d/dev1/app.jsonl"])
        #expect(joined.count == 1, "\(deaths)")
        #expect((joined.first?["evidence"] as? [[String: Any]])?.contains { $0["kind"] as? String == "crash-report" } == true)
        #expect((joined.first?["code"] as? [String: Any])?["offset"] as? Int == 25788)
        #expect(deaths["d/dev1/crash.ips"]?.isEmpty == true, "\(deaths)")
        // The same pid on another device is another process: dev2's log is not joined.
        #expect(deaths["d/dev2/app.jsonl"]?.isEmpty == true, "\(deaths)")
        // One incident in `.ips` and text form is one death, with both pieces.
        let reports = (deaths["d/reports/a.crash"] ?? []) + (deaths["d/reports/a.ips"] ?? [])
        #expect(reports.count == 1, "\(deaths)")
        #expect((reports.first?["evidence"] as? [[String: Any]])?.count == 2)
        // As `replay` joins the same directory's files.
        let replay = try CLI.run(["replay", "--format", "json", scratch.root + "/d/dev1/app.jsonl", scratch.root + "/d/dev1/crash.ips"])
        let replayed = try EvidenceAloneCLITests.report(replay.stdout).deaths
        #expect(replayed.count == 1)
        #expect(replayed.first?["class"] as? String == joined.first?["class"] as? String)
    }

    @Test func aDirectoryWithEvidenceIsOneShardUnit() throws {
        let scratch = try Self.devices()
        let whole = try CLI.run(["audit", "--no-progress", "--format", "json", scratch.root + "/d"])
        let wholeDeaths = try Self.deathsByFile(whole.stdout, root: scratch.root)
        for n in 2...4 {
            var files: [String: [[String: Any]]] = [:]
            for k in 1...n {
                let r = try CLI.run(["audit", "--no-progress", "--format", "json", "--shard", "\(k)/\(n)", scratch.root + "/d"])
                #expect(r.status == 0, "\(r.stderr)")
                let shard = try Self.deathsByFile(r.stdout, root: scratch.root)
                // A directory's files are all in this shard or none.
                for dir in ["d/dev1/", "d/reports/"] {
                    let held = shard.keys.filter { $0.hasPrefix(dir) }.count
                    #expect(held == 0 || held == 2, "shard \(k)/\(n): \(shard.keys.sorted())")
                }
                files.merge(shard) { a, _ in a }
            }
            #expect(files.keys.sorted() == wholeDeaths.keys.sorted())
            #expect(files.mapValues(\.count) == wholeDeaths.mapValues(\.count), "\(n) shards")
        }
    }

    @Test func anInfoPlistInAWalkJoinsTheLogsOfItsDirectory() throws {
        let scratch = try BatchEdgeTests.Scratch()
        for dir in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: scratch.root + "/d/" + dir, withIntermediateDirectories: true)
            try scratch.write("d/\(dir)/app.jsonl", Array(InfoPlistCLITests.delegateApp.utf8))
        }
        let plist = try Data(contentsOf: URL(fileURLWithPath: InfoPlistCLITests.fixtures + "loop-built-sdk27.plist"))
        try scratch.write("d/a/Info.plist", Array(plist))
        let r = try CLI.run(["audit", "--no-progress", "--color", "never", scratch.root + "/d"])
        #expect(r.status == 1, "\(r.stderr)")
        // The plist's own finding, and its SDK and identifiers judging its directory's log only.
        #expect(r.stdout.contains("d/a/Info.plist:1: error: [LC105"), "\(r.stdout)")
        #expect(r.stdout.contains("d/a/app.jsonl:3: error: [LC105"), "\(r.stdout)")
        #expect(r.stdout.contains("d/a/app.jsonl:4: error: [LC311"), "\(r.stdout)")
        #expect(!r.stdout.contains("d/b/app.jsonl:3") && !r.stdout.contains("d/b/app.jsonl:4"), "\(r.stdout)")
        #expect(r.stdout.contains("Audit of 3 files"), "\(r.stdout)")
    }

    /// An audit lists a file it cannot read and audits the others (exit 2 only when nothing
    /// could be audited, as for a log).
    @Test func aDamagedPlistInAWalkIsAnUnreadableInputNamingIt() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("d/app.jsonl", Array(InfoPlistCLITests.delegateApp.utf8))
        try scratch.write("d/Info.plist", Array("<?xml version=\"1.0\"?>\n<plist><dict><key>a</key></plist>".utf8))
        let r = try CLI.run(["audit", "--no-progress", scratch.root + "/d"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("Unable to read '\(scratch.root)/d/Info.plist': "), "\(r.stderr)")
        // What can be read is still audited.
        #expect(r.stdout.contains("d/app.jsonl: 4 events"), "\(r.stdout)")
        let json = try CLI.run(["audit", "--no-progress", "--format", "json", scratch.root + "/d"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let unreadable = try #require(document["unreadable"] as? [[String: Any]])
        #expect(unreadable.map { $0["path"] as? String } == [scratch.root + "/d/Info.plist"], "\(unreadable)")
    }

    @Test func aDamagedReportBesideALogIsUnreadableAndTheLogStillAudited() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("d/app.jsonl", Array(Self.crashingLog.utf8))
        let ips = try Self.fixture("iOSCrashingTest.ips")
        try scratch.write("d/cut.ips", Array(ips.prefix(ips.count / 2)))
        let r = try CLI.run(["audit", "--no-progress", scratch.root + "/d"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stderr.contains("\(scratch.root)/d/cut.ips"), "\(r.stderr)")
        #expect(r.stdout.contains("d/app.jsonl: 4 events, 1 session"), "\(r.stdout)")
    }
}
