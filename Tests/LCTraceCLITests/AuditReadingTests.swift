import Foundation
import Testing

/// `audit` reads every file as `replay` does: the same input options, and a system-log
/// transcript found in a directory walk is replayed, not skipped as "not a log".
@Suite struct AuditReadingTests {
    /// Error findings of a text report, without the directory part of their paths.
    static func findings(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(": error: [") || $0.contains(": warning: [") }
            .map { $0.split(separator: "/").last! }
    }

    @Test func aTranscriptFoundInAWalkIsAuditedAsReplayReadsIt() throws {
        let scratch = try BatchEdgeTests.Scratch()
        let transcript = try Data(
            contentsOf: CommandLineTests.root.appendingPathComponent("traces/src/syslog-suspended-and-killed.txt"))
        try scratch.write("d/console.txt", Array(transcript))
        let replay = try CommandLineTests.run(["replay", "--date", "2026-11-20", scratch.root + "/d/console.txt"])
        let audit = try CommandLineTests.run(["audit", "--date", "2026-11-20", scratch.root + "/d"])
        #expect(replay.status == 1)
        #expect(audit.status == replay.status, "\(audit.stdout)\(audit.stderr)")
        #expect(!audit.stdout.contains("skipped"), "\(audit.stdout)")
        #expect(!Self.findings(replay.stdout).isEmpty)
        #expect(Self.findings(audit.stdout) == Self.findings(replay.stdout))
    }

    @Test func auditHonoursTheUnifiedLogFilterAndInputFormat() throws {
        let export = CommandLineTests.root.appendingPathComponent("traces/oslog-killed-in-background.ndjson.zst").path
        let all = try CommandLineTests.run(["audit", export])
        let none = try CommandLineTests.run(["audit", "--subsystem", "com.example.nothing", export])
        let native = try CommandLineTests.run(["audit", "--input-format", "native", export])
        #expect(all.status == 1 && !Self.findings(all.stdout).isEmpty, "\(all.stdout)")
        // The filter keeps no record: nothing to find, as `replay --subsystem` says.
        #expect(none.status == 0, "\(none.stdout)")
        #expect(Self.findings(none.stdout).isEmpty, "\(none.stdout)")
        // Read as a native log, every export line is LC401, as with `replay --input-format native`.
        let replayNative = try CommandLineTests.run(["replay", "--input-format", "native", export])
        #expect(Self.findings(native.stdout) == Self.findings(replayNative.stdout))
        #expect(Self.findings(native.stdout).allSatisfy { $0.contains("LC401") })
    }
}
