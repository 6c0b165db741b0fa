import Foundation
import Testing

/// `--info-plist` and an Info.plist given as a FILE, end to end (SPEC §11): the plist's own
/// finding at its line 1, its SDK and identifiers joined to the log of its app, and a
/// damaged plist refused with exit 2 naming the file.
@Suite struct InfoPlistCLITests {
    static let fixtures = "Tests/LCTraceAppleFormatsTests/Fixtures/InfoPlist/"

    static func log(in dir: URL, _ text: String) throws -> String {
        let url = dir.appendingPathComponent("app.jsonl")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let delegateApp = """
        {"t":0,"ev":"meta","app":"com.loopkit.Loop"}
        {"t":0,"ev":"app.didFinishLaunching","pid":7}
        {"t":0.5,"ev":"app.didBecomeActive","pid":7}
        {"t":1,"ev":"bgsched.submit","pid":7,"task":"com.loopkit.sync","kind":"processing"}
        """

    /// (arguments after the log, exit status, texts the report holds).
    static let cases: [([String], Int32, [String])] = [
        (
            ["--info-plist", fixtures + "loop-built-sdk27.plist"], 1,
            ["app.jsonl:3: error: [LC105", "loop-built-sdk27.plist:1: error: [LC105", "app.jsonl:4: error: [LC311"]
        ),
        ([fixtures + "loop-built-sdk26.plist"], 1, ["app.jsonl:3: warning: [LC106", "loop-built-sdk26.plist:1: warning: [LC106", "[LC311"]),
        ([fixtures + "loop-source.plist"], 1, ["loop-source.plist:1: warning: [LC106", "app.jsonl:4: error: [LC311"]),
        ([fixtures + "spezi-empty-manifest.plist"], 0, ["2 files"]),
        // Not UIKit apps: no finding of their own, and their SDK judges no UIKit recording.
        ([fixtures + "watch-built-sdk27.plist"], 0, ["2 files"]),
        ([fixtures + "appkit-built-sdk27.plist"], 0, ["2 files"]),
        ([], 0, ["1 file, 4 events"]),
    ]

    @Test(arguments: cases)
    func replayWithAPlist(arguments: [String], status: Int32, holds: [String]) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try Self.log(in: dir, Self.delegateApp)
        let r = try CommandLineTests.run(["replay", "--color", "never", log] + arguments)
        #expect(r.status == status, "\(r.stdout)\(r.stderr)")
        for text in holds { #expect(r.stdout.contains(text), "\(text) in \(r.stdout)") }
        if arguments.isEmpty || arguments[0].contains("spezi") || arguments[0].contains("watch") || arguments[0].contains("appkit") {
            #expect(!r.stdout.contains("LC105") && !r.stdout.contains("LC106"), "\(r.stdout)")
        }
    }

    /// (plist text, what standard error says).
    static let damaged: [(String, String)] = [
        (
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x\">\n<plist><dict><key>a</key></plist>",
            "a damaged property list"
        ),
        ("bplist00\u{1}", "shorter than its header"),
        ("not a plist at all", "not a property list"),
    ]

    @Test(arguments: damaged)
    func aDamagedPlistExitsTwoNamingIt(text: String, says: String) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try Self.log(in: dir, Self.delegateApp)
        let plist = dir.appendingPathComponent("Info.plist")
        try Data(text.utf8).write(to: plist)
        let r = try CommandLineTests.run(["replay", log, "--info-plist", plist.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Unable to read '\(plist.path)': "), "\(r.stderr)")
        #expect(r.stderr.contains(says), "\(r.stderr)")
    }

    @Test func aMissingPlistExitsTwo() throws {
        let r = try CommandLineTests.run(["replay", CommandLineTests.trace("clean-multi-session"), "--info-plist", "no-such/Info.plist"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Unable to read 'no-such/Info.plist': no such file or directory"), "\(r.stderr)")
    }

    /// `audit --info-plist`: the plist is evidence for every audited log of its app (its SDK
    /// judges the app-delegate recording, its identifiers LC311); a missing one is exit 2
    /// before anything is audited or written.
    @Test func auditTakesThePlist() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = try Self.log(in: dir, Self.delegateApp)
        let plain = try CommandLineTests.run(["audit", "--format", "json", dir.path])
        #expect(!plain.stdout.contains("LC105") && !plain.stdout.contains("LC311"), "\(plain.stdout)")
        let r = try CommandLineTests.run(["audit", "--format", "json", "--info-plist", Self.fixtures + "loop-built-sdk27.plist", dir.path])
        #expect(r.status == 1, "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let rules = try #require((document["summary"] as? [String: Any])?["rules"] as? [[String: Any]])
        let counts = Dictionary(uniqueKeysWithValues: rules.compactMap { r in (r["rule"] as? String).map { ($0, r["count"] as? Int ?? 0) } })
        #expect(counts == ["LC105": 1, "LC311": 1], "\(rules)")
        let output = dir.appendingPathComponent("report.json").path
        let missing = try CommandLineTests.run(["audit", "--info-plist", "no-such/Info.plist", "-o", output, dir.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Unable to read 'no-such/Info.plist': no such file or directory"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
