import Foundation
import Testing

/// A file lists its first 1,000 deaths and counts all of them (docs/DEATHS.md): every format
/// that lists deaths says how many it left out, and `why --pid` lists every death of its pid.
@Suite struct DeathCutCLITests {
    typealias CLI = CommandLineTests

    /// `extra` deaths past the cap: pids 1…1,000+extra, each launched into the background and
    /// killed by jetsam with a task open (busy: a death, SPEC §8 2028 edition).
    static func log(extra: Int) throws -> BatchEdgeTests.Scratch {
        var text = ""
        for i in 0..<(1_000 + extra) {
            let t = 1_795_168_800 + i * 10
            text += #"{"t":\#(t),"ev":"process.launch","pid":\#(i + 1),"reason":"background"}"# + "\n"
            text += #"{"t":\#(t + 1),"ev":"app.didFinishLaunching","pid":\#(i + 1)}"# + "\n"
            text += #"{"t":\#(t + 2),"ev":"bgtask.begin","pid":\#(i + 1),"task":1}"# + "\n"
            text += #"{"t":\#(t + 3),"ev":"sys.kill","pid":\#(i + 1),"reason":"jetsam"}"# + "\n"
        }
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("big.jsonl", Array(text.utf8))
        return scratch
    }

    /// The cut is said in json (summary and file), jsonl (the file and summary lines),
    /// text, `why` and `audit`; with no cut, no key and no line.
    @Test(arguments: [0, 3])
    func theCutIsSaidInEveryFormat(extra: Int) throws {
        let scratch = try Self.log(extra: extra)
        let log = scratch.root + "/big.jsonl"
        let json = try CLI.run(["replay", "--format", "json", log])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        let file = try #require((document["files"] as? [[String: Any]])?.first)
        #expect((document["deaths"] as? [Any])?.count == 1_000)
        #expect(summary["deaths_omitted"] as? Int == (extra > 0 ? extra : nil))
        #expect(file["deaths_omitted"] as? Int == (extra > 0 ? extra : nil))
        let jsonl = try CLI.run(["replay", "--format", "jsonl", log]).stdout
        #expect(jsonl.components(separatedBy: "\"deaths_omitted\":\(extra)").count - 1 == (extra > 0 ? 2 : 0))
        let text = try CLI.run(["replay", log]).stdout
        #expect(text.contains("\(extra) more deaths not listed") == (extra > 0), "\(text.suffix(300))")
        let why = try CLI.run(["why", log]).stdout
        #expect(why.contains("\(extra) more deaths not listed") == (extra > 0))
        // The audit says it on the file line and in the summary, as `replay` does.
        let audit = try CLI.run(["audit", "--no-progress", "--fail-on", "never", "--format", "jsonl", log]).stdout
        #expect(audit.components(separatedBy: "\"deaths_omitted\":\(extra)").count - 1 == (extra > 0 ? 2 : 0), "\(audit.suffix(400))")
        let auditJSON = try CLI.run(["audit", "--no-progress", "--fail-on", "never", "--format", "json", log])
        let auditDocument = try #require(try JSONSerialization.jsonObject(with: Data(auditJSON.stdout.utf8)) as? [String: Any])
        let auditSummary = try #require(auditDocument["summary"] as? [String: Any])
        #expect(auditSummary["deaths_omitted"] as? Int == (extra > 0 ? extra : nil))
    }

    /// `why --pid` of a death past the cap gives its verdict, never "no death".
    @Test(arguments: [1, 1_000, 1_003])
    func whyListsEveryDeathItIsAskedAbout(pid: Int) throws {
        let scratch = try Self.log(extra: 3)
        let out = try CLI.run(["why", scratch.root + "/big.jsonl", "--pid", String(pid)])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains(": pid \(pid), session ") && out.stdout.contains(": purged\n"), "\(out.stdout)")
        #expect(!out.stdout.contains("No death"))
    }
}
