import Foundation
import Testing

/// Whole reports of multi-frame logs read by the frame workers (a file given by path, with
/// `LCTRACE_FRAME_WORKERS=1`) are the reports of the scan-thread path and of the sequential reader (the same bytes through a pipe), clean, cut short and
/// corrupted; and a multi-frame log on standard input from a file is read whole.
@Suite struct FrameParallelCLITests {
    /// `lctrace gen` with faults, in frames of `frameSize` decoded bytes.
    static func generate(_ path: String, frameSize: Int) throws {
        let r = try CommandLineTests.run([
            "gen", "--seed", "11", "--records", "30000", "--model", "mixed", "--apps", "3", "--frame-size", "\(frameSize)",
            "--faults", "LC300=0.05,LC201=0.05,LC100=0.02,LC400=0.01", "--output", path,
        ])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// The environment that turns the frame workers on (`LogReader.frameWorkersByDefault`).
    static let on = ["LCTRACE_FRAME_WORKERS": "1"]

    /// The damage done to the generated file: none, cut, a byte flipped in the middle.
    static let damages = ["none", "cut", "flip"]

    @Test(arguments: damages, [4096, 65536])
    func reportOfAFileIsTheReportOfThePipe(damage: String, frameSize: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-frames-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.jsonl.zst").path
        try Self.generate(path, frameSize: frameSize)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        switch damage {
        case "cut": bytes = bytes.prefix(bytes.count * 2 / 3)
        case "flip": bytes[bytes.count / 2] ^= 0x3C
        default: break
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let file = try CommandLineTests.run(["replay", "--format", "json", "--fail-on", "never", path], environment: Self.on)
        let scanThread = try CommandLineTests.run(["replay", "--format", "json", "--fail-on", "never", path])
        let pipe = try CommandLineTests.run(["replay", "--format", "json", "--fail-on", "never", "-"], stdin: bytes)
        #expect(file.status == pipe.status)
        #expect(file.stdout == scanThread.stdout)
        let named = pipe.stdout.replacingOccurrences(of: "\"<stdin>\"", with: JSONEncoder.quoted(path))
        #expect(file.stdout == named)
        // A cut file ends in an LC403 (a flipped byte may break a frame, a line, or nothing visible).
        #expect(damage != "cut" || file.stdout.contains("\"LC403\""))
    }

    /// `--input-format` is obeyed whichever path reads the file: a forced export (`oslog`)
    /// of a native log is an export of foreign lines on both, never a native log.
    @Test(arguments: ["oslog", "native", "auto"])
    func theInputFormatIsObeyedByTheFrameWorkers(format: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-frames-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.jsonl.zst").path
        try Self.generate(path, frameSize: 4096)
        let arguments = ["replay", "--format", "json", "--fail-on", "never", "--input-format", format, path]
        let workers = try CommandLineTests.run(arguments, environment: Self.on)
        let scanThread = try CommandLineTests.run(arguments)
        #expect(workers.status == scanThread.status)
        #expect(workers.stdout == scanThread.stdout)
        // Forced as an export, no native record is replayed.
        #expect(format != "oslog" || workers.stdout.contains("\"events\": 0"))
    }

    @Test func aMultiFrameLogOnStandardInputFromAFileIsReadWhole() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-frames-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.jsonl.zst").path
        try Self.generate(path, frameSize: 4096)
        let process = Process()
        process.executableURL = CommandLineTests.binary
        process.arguments = ["replay", "--format", "json", "--fail-on", "never", "-"]
        process.environment = ProcessInfo.processInfo.environment.merging(Self.on) { $1 }
        process.standardInput = FileHandle(forReadingAtPath: path)
        let out = directory.appendingPathComponent("out.json")
        #expect(FileManager.default.createFile(atPath: out.path, contents: nil))
        process.standardOutput = try FileHandle(forWritingTo: out)
        try process.run()
        process.waitUntilExit()
        let stdin = try String(contentsOf: out, encoding: .utf8)
        let file = try CommandLineTests.run(["replay", "--format", "json", "--fail-on", "never", path], environment: Self.on)
        #expect(stdin.replacingOccurrences(of: "\"<stdin>\"", with: JSONEncoder.quoted(path)) == file.stdout)
        #expect(file.stdout.contains("\"events\" : 30000") || file.stdout.contains("\"events\": 30000"))
    }
}

extension JSONEncoder {
    /// `string` as a JSON string literal.
    fileprivate static func quoted(_ string: String) -> String {
        String(decoding: try! JSONEncoder().encode(string), as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
    }
}
