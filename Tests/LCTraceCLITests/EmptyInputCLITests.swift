import Foundation
import Testing

/// An input with no record at all cannot be replayed (docs/FORMAT.md): a gate must not pass
/// on nothing, so `zstd -dc log.zst | lctrace replay -` after a producer that wrote nothing
/// fails; and standard input that is closed is an input that cannot be read, never a crash.
@Suite struct EmptyInputCLITests {
    typealias CLI = CommandLineTests

    /// Every command that replays its inputs, with `-o OUT` where it writes a file.
    static let commands: [[String]] = [
        ["replay"], ["replay", "--format", "json"], ["stats"], ["timeline", "-o", "OUT"], ["baseline", "-o", "OUT"], ["why"],
        ["convert", "--compression", "plain", "-o", "OUT"],
    ]

    /// The inputs with no record: (name, bytes). The zstd one is a complete frame whose
    /// content is empty (`printf '' | zstd`).
    static let inputs: [(String, [UInt8])] = [
        ("empty.jsonl", []),
        ("blank.jsonl", Array("\n  \n\r\n\t\n".utf8)),
        ("empty.jsonl.zst", [0x28, 0xB5, 0x2F, 0xFD, 0x24, 0x00, 0x01, 0x00, 0x00, 0x99, 0xE9, 0xD8, 0x51]),
    ]

    @Test("An empty input is exit 2 in every command that replays, and an --output is left as it was", arguments: commands)
    func emptyInputIsUnreadable(command: [String]) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out.txt").path
        let arguments = command.map { $0 == "OUT" ? out : $0 }
        for (name, bytes) in Self.inputs {
            let path = dir.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            try Data("keep\n".utf8).write(to: URL(fileURLWithPath: out))
            let r = try CLI.run(arguments + [path])
            #expect(r.status == 2, "\(command) \(name): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("Unable to read '\(path)': no record could be read (the input is empty).\n"), "\(command) \(name): \(r.stderr)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep\n", "\(command) \(name): the output was replaced")
            #expect(!r.stdout.contains("0 errors"), "\(command) \(name): a report claimed a pass: \(r.stdout)")
        }
        // An empty pipe on `-` is the same, named `<stdin>`.
        let piped = try CLI.run(arguments + ["-"], stdin: Data())
        #expect(piped.status == 2, "\(command) -: \(piped.stderr)")
        #expect(piped.stderr.contains("Unable to read '<stdin>': no record could be read (the input is empty).\n"), "\(piped.stderr)")
    }

    /// A `--system-log` with no entry (`log show` matched nothing in the window) is evidence
    /// of nothing: the replay of the logs goes on and exits by their findings.
    @Test(
        "An empty --system-log is evidence of nothing, not a failed run",
        arguments: ["", #"{"count":0,"finished":1}"# + "\n", "[]\n"])
    func anEmptySystemLogIsNoEvidence(text: String) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let system = dir.appendingPathComponent("system.ndjson").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: system))
        for command in ["replay", "why"] {
            let r = try CLI.run([command, "--system-log", system, CLI.trace("clean-multi-session")])
            #expect(r.status == 0, "\(command) \(text.debugDescription): \(r.stderr)")
            #expect(!r.stderr.contains("Unable to read"), "\(r.stderr)")
        }
    }

    @Test("baseline of an empty input leaves the old baseline")
    func baselineIsNotWiped() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseline = dir.appendingPathComponent("b.json").path
        let made = try CLI.run(["baseline", CLI.trace("lc100-illegal-transition"), "-o", baseline])
        #expect(made.status == 0, "\(made.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: baseline))
        #expect(String(decoding: before, as: UTF8.self).contains("LC100"))
        let r = try CLI.run(["baseline", "-", "-o", baseline], stdin: Data())
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("'\(baseline)' is unchanged"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == before)
    }

    /// A file none of whose lines is a record (a CSV named by a typo) is no baseline either:
    /// its LC401s would be accepted and a later replay of it would pass. The old baseline
    /// stays, whatever rules the configuration disables; a log damaged after records is
    /// baselined as before.
    @Test("baseline and convert of a file that gives no record leave their output as it was")
    func baselineOfNoRecordIsRefused() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let baseline = dir.appendingPathComponent("b.json").path
        let csv = dir.appendingPathComponent("sessions.csv").path
        try "pid,state\n201,background\n".write(toFile: csv, atomically: false, encoding: .utf8)
        let config = dir.appendingPathComponent("lctrace.yml").path
        try "disabled_rules: [LC401]\n".write(toFile: config, atomically: false, encoding: .utf8)
        #expect(try CLI.run(["baseline", CLI.trace("lc100-illegal-transition"), "-o", baseline]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: baseline))
        for extra in [[], ["--config", config]] {
            let r = try CLI.run(["baseline", CLI.trace("lc100-illegal-transition"), csv, "-o", baseline] + extra)
            #expect(r.status == 2, "\(r.stderr)")
            #expect(
                r.stderr.contains(
                    "'\(csv)': no record could be read: 2 lines are not a lifecycle record (LC401 at line 1: expected a JSON object at column 1)"
                ), "\(r.stderr)")
            #expect(r.stderr.contains("baseline not written: 1 input gave no record; '\(baseline)' is unchanged"), "\(r.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: baseline)) == before)
        }
        let damaged = dir.appendingPathComponent("damaged.jsonl").path
        try (#"{"t":"2026-11-20T10:00:00Z","ev":"process.launch","pid":7}"# + "\nnot json\n").write(
            toFile: damaged, atomically: false, encoding: .utf8)
        // Nor is it converted: a native log of nothing would replace the output.
        let output = dir.appendingPathComponent("out.zst").path
        try "keep\n".write(toFile: output, atomically: false, encoding: .utf8)
        let converted = try CLI.run(["convert", csv, "--to", "native", "-o", output])
        #expect(converted.status == 2, "\(converted.stderr)")
        #expect(converted.stderr.contains("no record could be read: 2 lines are not a lifecycle record"), "\(converted.stderr)")
        #expect(converted.stderr.contains("nothing written, '\(output)' is unchanged"), "\(converted.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep\n")
        let toStdout = try CLI.run(["convert", csv, "--to", "native", "--compression", "plain"])
        #expect(toStdout.status == 2, "\(toStdout.stderr)")
        #expect(toStdout.stdout.isEmpty, "\(toStdout.stdout)")
        let partly = try CLI.run(["convert", damaged, "--to", "native", "--compression", "plain", "-o", output])
        #expect(partly.status == 1, "\(partly.stderr)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("process.launch"))
        let kept = try CLI.run(["baseline", damaged, "-o", baseline])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains(#""rule": "LC401""#))
    }

    @Test("In audit an empty file is unreadable; exit 2 only when no file at all could be read")
    func auditListsEmptyFilesUnreadable() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.jsonl").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let alone = try CLI.run(["audit", "--no-progress", "--format", "json", empty])
        #expect(alone.status == 2, "\(alone.stderr)")
        #expect(alone.stdout.contains("\"reason\": \"no record could be read (the input is empty)\""), "\(alone.stdout)")
        let beside = try CLI.run(["audit", "--no-progress", empty, CLI.trace("clean-multi-session")])
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(beside.stdout.contains("1 unreadable"), "\(beside.stdout)")
    }

    @Test(
        "convert of an input damaged before its first record is exit 2 and leaves its output",
        arguments: ["zstd-cut", "plain-cut", "empty"])
    func convertLeavesItsOutput(kind: String) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try Data(contentsOf: CLI.root.appendingPathComponent(CLI.trace("lc100-illegal-transition")))
        let input = dir.appendingPathComponent(kind == "zstd-cut" ? "cut.jsonl.zst" : "cut.jsonl").path
        switch kind {
        case "zstd-cut": try log.prefix(10).write(to: URL(fileURLWithPath: input))
        case "plain-cut": try Data(#"{"t":1,"ev":"process.la"#.utf8).write(to: URL(fileURLWithPath: input))
        default: try Data().write(to: URL(fileURLWithPath: input))
        }
        let expected = kind == "empty" ? "(the input is empty)." : "(damaged before its first record): line 1: "
        for compression in ["plain", "zstd"] {
            let out = dir.appendingPathComponent("out.jsonl").path
            try Data("keep\n".utf8).write(to: URL(fileURLWithPath: out))
            let r = try CLI.run(["convert", input, "--compression", compression, "-o", out])
            #expect(r.status == 2, "\(kind) \(compression): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains("Unable to read '\(input)': no record could be read \(expected)"), "\(r.stderr)")
            #expect(!r.stderr.contains("wrote"), "\(r.stderr)")
            #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep\n", "\(kind) \(compression)")
            // To standard output: nothing written, not even an empty zstd frame.
            let piped = try CLI.run(["convert", input, "--compression", compression])
            #expect(piped.status == 2)
            #expect(piped.stdout.isEmpty, "\(kind) \(compression): \(piped.stdout.utf8.count) bytes")
        }
    }

    /// A closed pipe ends the run with its status so far: 0, or 1 when a problem (an LC401
    /// line) was said before the reader went.
    @Test(
        "convert says when its reader closed the output, rather than 'wrote N records', and exits by the problems said",
        arguments: [false, true])
    func convertToAClosedPipe(garbageFirst: Bool) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let generated = dir.appendingPathComponent("big.jsonl").path
        #expect(try CLI.run(["gen", "--seed", "2", "--records", "20000", "--compression", "plain", "-o", generated]).status == 0)
        let log = dir.appendingPathComponent("input.jsonl").path
        let text = try Data(contentsOf: URL(fileURLWithPath: generated))
        try (Data((garbageFirst ? "garbage\n" : "").utf8) + text).write(to: URL(fileURLWithPath: log))
        let r = try ReliabilityCLITests.bash(
            #""$LCTRACE" convert --compression plain "\#(log)" 2>"\#(dir.path)/err" | head -c 10 >"\#(dir.path)/head"; "#
                + #"s=${PIPESTATUS[0]}; cat "\#(dir.path)/err" >&2; echo "status=$s""#)
        #expect(r.stdout == "status=\(garbageFirst ? 1 : 0)\n", "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("the output was closed by its reader"), "\(r.stderr)")
        #expect(!r.stderr.contains("lctrace: wrote"), "\(r.stderr)")
    }

    /// Every command that reads `-`, with `-o OUT` where it writes a file.
    static let standardInputReaders: [[String]] = [
        ["audit", "-"], ["replay", "-"], ["stats", "-"], ["timeline", "-"], ["baseline", "-o", "OUT", "-"], ["why", "-"],
        ["convert", "--compression", "plain", "-"], ["merge", "-"],
    ]

    @Test("Standard input closed is 'Unable to read <stdin>', exit 2, in every command that reads it", arguments: standardInputReaders)
    func closedStandardInput(command: [String]) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = command.map { $0 == "OUT" ? dir.appendingPathComponent("out.json").path : $0 }
        let quoted = arguments.map { "'" + $0 + "'" }.joined(separator: " ")
        let r = try ReliabilityCLITests.bash(#""$LCTRACE" "# + quoted + #" 0<&-; echo "status=$?""#)
        #expect(r.stdout.hasSuffix("status=2\n"), "\(command): \(r.stdout) \(r.stderr)")
        #expect(r.stderr.hasPrefix("Unable to read '<stdin>': bad file descriptor.\n"), "\(command): \(r.stderr)")
        #expect(!r.stderr.contains("Fatal error"), "\(r.stderr)")
    }
}
