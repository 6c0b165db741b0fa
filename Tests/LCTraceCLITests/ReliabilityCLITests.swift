import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Hostile situations around the binary: a reader that goes away, an interrupted or failed
/// `--output`, a decompression bomb, a corrupt frame between good ones (docs/RELIABILITY.md).
@Suite struct ReliabilityCLITests {
    typealias CLI = CommandLineTests

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs a bash script with the binary as `$LCTRACE`, in the repository.
    static func bash(_ script: String) throws -> CommandLineTests.Outcome {
        try CLI.runExecutable(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: ["LCTRACE": CLI.binary.path])
    }

    @Test(
        "A closed standard output ('| head -1') ends quietly with the report's exit status",
        arguments: ["", "trap '' PIPE; "])
    func closedStandardOutput(ignoreInParent: String) throws {
        // Enough report that the writer is still writing when `head` has gone.
        let files = Array(repeating: "traces/lc100-illegal-transition.jsonl.zst traces/lc300-bgtask-leaked.jsonl.zst", count: 200)
            .joined(separator: " ")
        let r = try Self.bash(
            ignoreInParent + #""$LCTRACE" replay --format jsonl "# + files + #" 2>err.tmp.$$ | head -1 >/dev/null; "#
                + #"s=${PIPESTATUS[0]}; cat err.tmp.$$ >&2; rm -f err.tmp.$$; echo "status=$s""#)
        #expect(r.stdout == "status=1\n", "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test("--output into a missing directory: exit 2, an error, and no file")
    func outputIntoMissingDirectory() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("missing/report.json").path
        let r = try CLI.run(["replay", CLI.trace("lc100-illegal-transition"), "--output", target])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("Unable to write '\(target)'"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    // SIGKILL: nothing can clean up after it, so it proves that no file exists before the
    // report is complete. (The test host blocks SIGTERM and SIGINT in the children it spawns.)
    @Test("An interrupted run leaves no --output file, partial or temporary")
    func interruptedRunLeavesNothing() throws {
        let signal = SIGKILL
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("report.json").path
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["replay", "-", "--format", "json", "--output", target]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Half a log, then the run is stopped while it waits for the rest.
        input.fileHandleForWriting.write(Data((#"{"t":1,"ev":"process.launch","pid":1}"# + "\n").utf8))
        usleep(300_000)
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("--max-decompressed stops a large expansion with LC403; a bad value is a usage error")
    func maxDecompressed() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("big.jsonl.zst").path
        let gen = try CLI.run(["gen", "--records", "5000", "--output", log])
        #expect(gen.status == 0, "\(gen.stderr)")
        let r = try CLI.run(["replay", log, "--max-decompressed", "64K", "--format", "json", "--fail-on", "never"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let findings = json["findings"] as! [[String: Any]]
        let cuts = findings.filter { $0["rule"] as? String == "LC403" }
        #expect(cuts.count == 1)
        #expect((cuts.first?["message"] as? String)?.hasPrefix("decompressed data exceeds the limit of 65536 bytes at byte ") == true)
        let unlimited = try CLI.run(["replay", log, "--max-decompressed", "none", "--format", "json", "--fail-on", "never"])
        #expect(!unlimited.stdout.contains("LC403"))
        let bad = try CLI.run(["replay", log, "--max-decompressed", "lots"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--max-decompressed needs a byte count such as 64G or 500M, got 'lots'"), "\(bad.stderr)")
    }

    @Test("A corrupt frame between two good logs: LC403 with its byte offset, and the second log is replayed")
    func corruptFrameBetweenLogs() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try Data(contentsOf: CLI.root.appendingPathComponent(CLI.trace("clean-multi-session")))
        let second = try Data(contentsOf: CLI.root.appendingPathComponent(CLI.trace("lc100-illegal-transition")))
        var damaged = second
        damaged[damaged.startIndex + damaged.count / 2] ^= 0x5A
        let log = dir.appendingPathComponent("joined.jsonl.zst").path
        try (first + damaged + second).write(to: URL(fileURLWithPath: log))
        let r = try CLI.run(["replay", log, "--format", "json"])
        #expect(r.status == 1)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let findings = json["findings"] as! [[String: Any]]
        let cuts = findings.filter { $0["rule"] as? String == "LC403" }
        #expect(cuts.count == 1, "\(findings)")
        let message = cuts.first?["message"] as? String ?? ""
        #expect(message.hasPrefix("corrupt zstd frame at byte \(first.count) "), "\(message)")
        // Reading resumes at the damaged copy's next frame, or at the third copy.
        let resumed = message.split(separator: " ").reversed().dropFirst(5).first.flatMap { Int($0.dropLast()) } ?? 0
        #expect(resumed > first.count && resumed <= first.count + damaged.count, "\(message)")
        #expect(message.hasSuffix(", lines in between are missing"), "\(message)")
        // The LC100 of the last copy is found, after the lost region.
        let cutLine = cuts.first?["line"] as? Int ?? 0
        #expect(findings.contains { $0["rule"] as? String == "LC100" && ($0["line"] as? Int ?? 0) > cutLine })
    }
}
