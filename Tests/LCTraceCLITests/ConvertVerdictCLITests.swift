import Foundation
import Testing

/// `lctrace convert` of a system log whose UIKit verdicts no native record can carry.
@Suite struct ConvertVerdictCLITests {
    @Test func convertRefusesToDropUIKitsVerdictsAndWritesNothing() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-convert-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = CommandLineTests.root.appendingPathComponent("traces/syslog-suspended-and-killed.txt.zst").path
        let replay = try CommandLineTests.run(["replay", "--fail-on", "never", input])
        #expect(replay.stdout.contains("[LC203 bgtask-overrun] UIKit reported task '1'"))
        for compression in ["zstd", "plain"] {
            let out = dir + "/converted-\(compression).jsonl"
            let r = try CommandLineTests.run(["convert", "--compression", compression, "-o", out, input])
            #expect(r.status == 2, "\(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out), "nothing is written")
            #expect(r.stderr.hasPrefix("Unable to convert '\(input)': line 6: LC203 bgtask-overrun"), "\(r.stderr)")
            #expect(r.stderr.contains("replay the system log itself"))
        }
        // A transcript's lines wait for the check: nothing reaches standard output either.
        let piped = try CommandLineTests.run(["convert", "--compression", "plain", input])
        #expect(piped.status == 2)
        #expect(piped.stdout.isEmpty, "\(piped.stdout)")
    }
}
