import Foundation
import Testing

/// Exit status for damaged inputs (SPEC §6): nothing replayed because of damage is exit 2 with
/// an error naming the file and the damage; damage after records stays a finding.
@Suite struct DamagedInputCLITests {
    typealias CLI = CommandLineTests

    /// A small zstd log from `gen` in a new temporary directory: (directory, log path, bytes).
    static func generated(records: Int = 400) throws -> (URL, String, [UInt8]) {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        let path = dir.appendingPathComponent("app.jsonl.zst").path
        let r = try CLI.run(["gen", "--seed", "3", "--records", "\(records)", "-o", path])
        #expect(r.status == 0, "\(r.stderr)")
        return (dir, path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test(
        "An input damaged before its first record is exit 2 naming the file and the damage, in replay, stats, timeline and audit",
        arguments: ["cut", "corrupt"])
    func damagedBeforeFirstRecord(kind: String) throws {
        let (dir, _, bytes) = try Self.generated()
        defer { try? FileManager.default.removeItem(at: dir) }
        var damaged = bytes
        if kind == "cut" {
            damaged = Array(bytes.prefix(10))  // the frame header, no block
        } else {
            for i in 20..<min(bytes.count, 400) { damaged[i] ^= 0xA5 }  // inside the first block
        }
        let path = dir.appendingPathComponent("damaged.jsonl.zst").path
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        let expected = "Unable to read '\(path)': no record could be read (damaged before its first record): line 1: "
        for command in [["replay"], ["replay", "--format", "json"], ["stats"], ["timeline"], ["audit"]] {
            let r = try CLI.run(command + [path])
            #expect(r.status == 2, "\(command): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(expected), "\(command): \(r.stderr)")
            #expect(r.stderr.contains(kind == "cut" ? "zstd stream cut short at byte 10" : "corrupt zstd frame at byte 0"), "\(command): \(r.stderr)")
        }
        // Beside a readable log, replay still reports that one and exits 2.
        let good = dir.appendingPathComponent("app.jsonl.zst").path
        let both = try CLI.run(["replay", "--format", "json", good, path])
        #expect(both.status == 2)
        #expect(both.stdout.contains("\"path\": \"\(good)\""), "\(both.stdout.prefix(300))")
    }

    @Test("A plain log cut inside its first line is exit 2, as an empty input is; lines that are all LC401 are not")
    func plainCutBeforeFirstRecord() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cut.jsonl").path
        try Data(#"{"t":1,"ev":"process.la"#.utf8).write(to: URL(fileURLWithPath: path))
        let r = try CLI.run(["replay", path])
        #expect(r.status == 2)
        #expect(
            r.stderr.contains("Unable to read '\(path)': no record could be read (damaged before its first record): line 1: last line is cut short: "),
            "\(r.stderr)")
        // An empty file and a file of blank lines hold no record: nothing to replay, exit 2
        // (they used to pass as empty logs; a gate must not pass on nothing).
        for (name, text) in [("empty.jsonl", ""), ("blank.jsonl", "\n  \n\r\n")] {
            let file = dir.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            let e = try CLI.run(["replay", file])
            #expect(e.status == 2, "\(name): \(e.stderr)")
            #expect(e.stderr == "Unable to read '\(file)': no record could be read (the input is empty).\n", "\(name)")
        }
        // Lines none of which is a record, the stream intact: every line is LC401 (exit 1).
        let csv = dir.appendingPathComponent("table.csv").path
        try Data("time,event\n1,launch\n".utf8).write(to: URL(fileURLWithPath: csv))
        let c = try CLI.run(["replay", csv])
        #expect(c.status == 1, "\(c.stderr)")
        #expect(c.stdout.components(separatedBy: "[LC401 malformed-record]").count == 3, "\(c.stdout)")
    }

    @Test("An input damaged after records were read stays exit 0 or 1, with its LC403 and its records", arguments: ["replay", "audit"])
    func damagedAfterRecords(command: String) throws {
        // Several zstd blocks: a cut in the last one leaves the earlier ones readable.
        let (dir, _, bytes) = try Self.generated(records: 5000)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("cut.jsonl.zst").path
        try Data(bytes.prefix(bytes.count - 7)).write(to: URL(fileURLWithPath: path))
        let r = try CLI.run([command, "--format", "json", path])
        #expect(r.status == 0 || r.status == 1, "\(r.status) \(r.stderr)")
        #expect(!r.stderr.contains("Unable to read"), "\(r.stderr)")
        #expect(r.stdout.contains("LC403"), "\(r.stdout.prefix(500))")
    }

    @Test("A NUL-padded plain log and one with a bad byte in its first line are replayed, not refused")
    func plainDamageIsPerLine() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = dir.appendingPathComponent("app.jsonl").path
        #expect(try CLI.run(["gen", "--seed", "3", "--records", "400", "--compression", "plain", "-o", plain]).status == 0)
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: plain)))
        let padded = dir.appendingPathComponent("padded.jsonl").path
        try Data(bytes + [UInt8](repeating: 0, count: 8192)).write(to: URL(fileURLWithPath: padded))
        let p = try CLI.run(["replay", "--format", "json", padded])
        #expect(p.status == 0, "\(p.stderr)")
        #expect(p.stdout.contains("\"events\": 400"), "\(p.stdout.prefix(300))")
        #expect(p.stdout.contains("NUL padding from column 1 on"), "\(p.stdout.prefix(300))")
        bytes[3] = 0xFF
        let bad = dir.appendingPathComponent("bad.jsonl").path
        try Data(bytes).write(to: URL(fileURLWithPath: bad))
        let b = try CLI.run(["replay", "--format", "json", bad])
        #expect(b.status == 1, "\(b.stderr)")
        #expect(b.stdout.contains("\"events\": 399"), "\(b.stdout.prefix(300))")
        #expect(b.stdout.contains("\"rule\": \"LC401\""))
    }

    @Test("A gzip-compressed log is exit 2 with a hint to decompress it")
    func gzip() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("app.jsonl.gz").path
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x01, 0x02]).write(to: URL(fileURLWithPath: path))
        let r = try CLI.run(["replay", path])
        #expect(r.status == 2)
        #expect(
            r.stderr.contains("Unable to read '\(path)': not a lifecycle log: gzip-compressed data (first bytes 1F 8B 08 00): decompress it first"),
            "\(r.stderr)")
    }
}
