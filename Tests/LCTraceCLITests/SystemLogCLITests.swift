import Foundation
import Testing

/// `replay LOG --system-log S` end to end: the instrumented log and a transcript of the same
/// run give each finding once.
@Suite struct SystemLogCLITests {
    typealias CLI = CommandLineTests

    /// The instrumented twin of traces/src/syslog-suspended-and-killed.txt (pid 201, task 1).
    static let instrumented =
        [
            #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.uploader","model":"uikit-app"}"#,
            #"{"t":"2026-11-20T10:00:00.000Z","ev":"process.launch","pid":201,"reason":"user"}"#,
            #"{"t":"2026-11-20T10:00:00.450Z","ev":"app.didFinishLaunching","pid":201}"#,
            #"{"t":"2026-11-20T10:00:00.700Z","ev":"app.didBecomeActive","pid":201}"#,
            #"{"t":"2026-11-20T10:02:59.900Z","ev":"app.willResignActive","pid":201}"#,
            #"{"t":"2026-11-20T10:02:59.980Z","ev":"app.didEnterBackground","pid":201}"#,
            #"{"t":"2026-11-20T10:03:00.200Z","ev":"bgtask.begin","pid":201,"task":1,"name":"upload-photos"}"#,
            #"{"t":"2026-11-20T10:03:35.000Z","ev":"bgtask.expire","pid":201,"task":1}"#,
            #"{"t":"2026-11-20T10:03:41.000Z","ev":"sys.suspend","pid":201}"#,
        ].joined(separator: "\n") + "\n"

    @Test func theStoryToldTwiceIsReportedOnce() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("app.jsonl", Array(Self.instrumented.utf8))
        let transcript = try Data(contentsOf: CLI.root.appendingPathComponent("traces/src/syslog-suspended-and-killed.txt"))
        try scratch.write("console.txt", Array(transcript))
        let alone = try CLI.run(["replay", "--format", "jsonl", scratch.root + "/app.jsonl"])
        let r = try CLI.run([
            "replay", "--format", "jsonl", "--date", "2026-11-20", scratch.root + "/app.jsonl", "--system-log",
            scratch.root + "/console.txt",
        ])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").filter { $0.contains(#""rule""#) }
        #expect(lines.count == 3, "\(r.stdout)")
        #expect(lines.allSatisfy { $0.contains("also in system log") && $0.contains(#""source":"app""#) }, "\(r.stdout)")
        // The same three facts the instrumented log gives alone, none of them from the transcript's lines.
        #expect(alone.stdout.split(separator: "\n").filter { $0.contains(#""rule""#) }.count == 3)
        #expect(!lines.contains { $0.contains(#"console.txt","line""#) }, "\(r.stdout)")
    }

    @Test func standardInputIsNotASystemLog() throws {
        let scratch = try BatchEdgeTests.Scratch()
        try scratch.write("app.jsonl", Array(Self.instrumented.utf8))
        let r = try CLI.run(["replay", scratch.root + "/app.jsonl", "--system-log", "-"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("--system-log needs a file"), "\(r.stderr)")
    }
}
