import Foundation
import Testing

/// `lctrace timeline` and `lctrace replay --format html` end to end.
@Suite struct TimelineCommandTests {
    typealias CLI = CommandLineTests

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-viz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func timelineWritesChromeTraceJSONAndFindingsDoNotFailIt() throws {
        let r = try CLI.run(["timeline", CLI.trace("killed-in-background")])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(doc?["displayTimeUnit"] as? String == "ms")
        let events = try #require(doc?["traceEvents"] as? [[String: Any]])
        #expect(events.filter { $0["ph"] as? String == "i" }.count == 4)
        #expect(events.contains { ($0["args"] as? [String: Any])?["name"] as? String == "com.example.uploader (pid 201, iOS 17.4)" })
        let explicit = try CLI.run(["timeline", "--format", "chrome", CLI.trace("killed-in-background")])
        #expect(explicit.stdout == r.stdout, "deterministic, and chrome is the default")
    }

    @Test func timelineOutputFileAndStandardInput() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("trace.json")
        let r = try CLI.run(["timeline", "--output", target.path, CLI.trace("clean-scenes")])
        #expect(r.status == 0 && r.stdout.isEmpty)
        #expect(r.stderr.contains("wrote 1 session and 0 findings"), "\(r.stderr)")
        let doc = try JSONSerialization.jsonObject(with: Data(contentsOf: target)) as? [String: Any]
        #expect((doc?["traceEvents"] as? [Any])?.isEmpty == false)
        let source = try Data(contentsOf: CLI.root.appendingPathComponent("traces/src/clean-scenes.jsonl"))
        let piped = try CLI.run(["timeline", "-"], stdin: source)
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("\"file\":\"<stdin>\""))
    }

    @Test(arguments: [
        ["timeline"],
        ["timeline", "--format", "svg", "traces/clean-scenes.jsonl.zst"],
        ["timeline", "--budget", "nope=1", "traces/clean-scenes.jsonl.zst"],
        ["timeline", "traces/clean-scenes.jsonl.zst", "traces/lc100-illegal-transition.jsonl.zst"],
        ["timeline", "missing.jsonl.zst"],
    ])
    func timelineUsageAndUnreadableExitTwo(arguments: [String]) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
        #expect(!r.stderr.isEmpty)
    }

    @Test func replayWritesAnHTMLReportWithTimelines() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("report.html")
        let r = try CLI.run(["replay", "--format", "html", "--output", target.path, CLI.trace("killed-in-background"), CLI.trace("clean-scenes")])
        #expect(r.status == 1, "errors in the sample: the exit status is the usual one")
        let html = try String(contentsOf: target, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.components(separatedBy: "<figure class=\"session\">").count - 1 == 2)
        #expect(html.contains("com.example.uploader (pid 201, iOS 17.4)"))
        let clean = try CLI.run(["replay", "--format", "html", CLI.trace("clean-multi-session")])
        #expect(clean.status == 0)
        #expect(clean.stdout.hasPrefix("<!DOCTYPE html>") && clean.stdout.contains("<svg"))
    }
}
