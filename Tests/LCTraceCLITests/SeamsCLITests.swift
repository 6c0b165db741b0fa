import Foundation
import LCTraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 22, the input, output and path families: no input is a usage error, a command that
/// writes a baseline or a log writes nothing when an input fails, audit skips every output of
/// lctrace's, messages name files printably, and one wording for the same damage.
@Suite("Seams: inputs, outputs, names") struct SeamsCLITests {
    typealias CLI = CommandLineTests

    static let log = CLI.trace("clean-multi-session")

    static func temporaryDirectory() throws -> String {
        try ReliabilityCLITests.temporaryDirectory().path
    }

    // MARK: No input

    /// Every command that takes files, with none named.
    static let commandsWithoutInput: [[String]] = [
        ["replay"], ["replay", "--format", "json"], ["stats"], ["timeline"], ["baseline", "-o", "OUT"], ["convert", "-o", "OUT"],
        ["audit"], ["merge"],
    ]

    /// Standard input as a pipe holding a log, a pipe holding nothing, and a regular file.
    enum StandardInput: String, CaseIterable, CustomStringConvertible, Sendable {
        case pipeWithLog, emptyPipe, regularFile
        var description: String { rawValue }
    }

    @Test("No input named is a usage error (exit 2), whatever standard input is; nothing is written", arguments: commandsWithoutInput, StandardInput.allCases)
    func noInputIsAUsageError(arguments: [String], stdin: StandardInput) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/kept.json"
        try Data("kept".utf8).write(to: URL(fileURLWithPath: out))
        let arguments = arguments.map { $0 == "OUT" ? out : $0 }
        let r: CommandLineTests.Outcome
        switch stdin {
        case .pipeWithLog:
            r = try CLI.run(arguments, stdin: try Data(contentsOf: URL(fileURLWithPath: CLI.root.path + "/" + Self.log)))
        case .emptyPipe:
            r = try CLI.run(arguments, stdin: Data())
        case .regularFile:
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            r = try ReliabilityCLITests.bash(#""$LCTRACE" "# + quoted + " < " + Self.log)
        }
        #expect(r.status == 2, "\(arguments): \(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("no input") || r.stderr.contains("Missing expected argument"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["kept.json"])
    }

    @Test("audit - with no paths on standard input, and merge of nothing, are usage errors", arguments: [Data(), Data("\n\n".utf8)])
    func auditOfNoPathsIsAUsageError(stdin: Data) throws {
        let r = try CLI.run(["audit", "-"], stdin: stdin)
        #expect(r.status == 2, "\(r.stdout) \(r.stderr)")
        #expect(r.stderr.contains("no input: '-' read no paths from standard input"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// Paths that hold no file to audit: an empty directory, two of them, a directory whose
    /// only entry is a link to a directory (skipped), a path given on standard input that is
    /// an empty directory.
    static let emptyAudits: [(label: String, arguments: [String], stdin: String?)] = [
        ("an empty directory", ["audit", "e"], nil),
        ("two empty directories", ["audit", "e", "f"], nil),
        ("a directory holding only a link to a directory", ["audit", "l"], nil),
        ("an empty directory named on standard input", ["audit", "-"], "e\n"),
        ("an empty directory, json to --output", ["audit", "--format", "json", "-o", "OUT", "e"], nil),
    ]

    @Test("audit of paths that hold no file is a usage error (exit 2) naming them; nothing is written", arguments: emptyAudits.indices)
    func auditOfNothingIsAUsageError(index: Int) throws {
        let c = Self.emptyAudits[index]
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for sub in ["e", "f", "l"] { try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/l/to-e", withDestinationPath: dir + "/e")
        let out = dir + "/kept.json"
        try Data("kept".utf8).write(to: URL(fileURLWithPath: out))
        let arguments = c.arguments.map { $0 == "OUT" ? out : (["e", "f", "l"].contains($0) ? dir + "/" + $0 : $0) }
        let r = try CLI.run(arguments, stdin: c.stdin.map { Data((dir + "/" + $0).utf8) } ?? Data())
        #expect(r.status == 2, "\(c.label): \(r.stdout) \(r.stderr)")
        #expect(r.stdout.isEmpty, "\(c.label)")
        let named = c.arguments.last == "-" ? ["e"] : c.arguments.filter { ["e", "f", "l"].contains($0) }
        for name in named { #expect(r.stderr.contains("'\(dir)/\(name)'"), "\(c.label): \(r.stderr)") }
        #expect(r.stderr.contains("no file to audit"), "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "kept")
    }

    /// An empty shard of a set that has files is not "nothing": the other shard holds them.
    @Test("An empty shard of a non-empty set exits 0")
    func anEmptyShardIsNotNothing() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/d", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.root.path + "/" + Self.log, toPath: dir + "/d/one.jsonl.zst")
        var statuses: [Int32] = []
        for k in 1...2 {
            statuses.append(try CLI.run(["audit", "--fail-on", "never", "--shard", "\(k)/2", dir + "/d"]).status)
        }
        #expect(statuses == [0, 0])
    }

    @Test(
        "Two outputs of one command that name one file, existing or not (x, ./x, a link), are a usage error",
        arguments: [["x", "x"], ["x", "./x"], ["x", "DIR/../DIRNAME/x"], ["link", "x"]], [false, true])
    func twoOutputsOfOneFile(names: [String], exists: Bool) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        if exists { try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/x")) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "x")
        let last = URL(fileURLWithPath: dir).lastPathComponent
        let paths = names.map { dir + "/" + $0.replacingOccurrences(of: "DIR/../DIRNAME", with: "../" + last) }
        let gen = try CLI.run(["gen", "--records", "50", "--faults", "LC300=0.5", "-o", paths[0], "--planted", paths[1]])
        #expect(gen.status == 2 && gen.stderr.contains("is the --output file"), "\(gen.stderr)")
        let summary = try CLI.run(
            ["replay", "--format", "github", Self.log, "-o", paths[0]], environment: ["GITHUB_STEP_SUMMARY": paths[1]])
        #expect(summary.status == 2 && summary.stderr.contains("is the --output file"), "\(summary.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == (exists ? ["link", "x"] : ["link"]))
        if exists { #expect(try String(contentsOfFile: dir + "/x", encoding: .utf8) == "old") }
    }

    @Test("'-' reads standard input, once")
    func dashReadsStandardInput() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: CLI.root.path + "/" + Self.log))
        for command in ["replay", "stats", "baseline"] {
            let dir = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let r = try CLI.run([command, "-", "-o", dir + "/out"], stdin: bytes)
            #expect(r.status == 0, "\(command): \(r.stderr)")
            let twice = try CLI.run([command, "-", "-", "-o", dir + "/out2"], stdin: bytes)
            #expect(twice.status == 2 && twice.stderr.contains("can be named only once"), "\(twice.stderr)")
        }
    }

    // MARK: Write nothing on failure

    @Test(
        "baseline and convert with an input that cannot be read leave the output as it was (exit 2)",
        arguments: [
            ["baseline", "LOG", "MISSING", "-o", "OUT"], ["baseline", "logs/*.zst", "-o", "OUT"], ["baseline", "NOTLOG", "LOG", "-o", "OUT"],
            ["convert", "MISSING", "-o", "OUT"], ["convert", "NOTLOG", "-o", "OUT"],
        ])
    func failedInputWritesNothing(arguments: [String]) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/keep.json"
        try Data("kept".utf8).write(to: URL(fileURLWithPath: out))
        try Data([0x1F, 0x8B, 0x08, 0x00, 1, 2, 3]).write(to: URL(fileURLWithPath: dir + "/not-a-log.gz"))
        let resolved = arguments.map {
            switch $0 {
            case "LOG": return Self.log
            case "MISSING": return dir + "/missing.jsonl.zst"
            case "NOTLOG": return dir + "/not-a-log.gz"
            case "OUT": return out
            default: return $0
            }
        }
        let r = try CLI.run(resolved)
        #expect(r.status == 2, "\(resolved): \(r.stderr)")
        #expect(r.stderr.contains("Unable to read"), "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "kept")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["keep.json", "not-a-log.gz"])
    }

    /// `makedev(1, 7)`: the full device (every write fails with ENOSPC), made in the test's
    /// directory.
    static let fullDevice = dev_t(1 << 8 | 7)

    @Test("gen -o LOG leaves LOG as it was when its planted findings cannot be written (exit 2)")
    func genKeepsTheLogWhenThePlantedListFails() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let full = dir + "/full"
        guard mknod(full, S_IFCHR | 0o666, Self.fullDevice) == 0 else {
            print("SeamsCLITests: mknod failed (\(String(cString: strerror(errno)))): the full-device case is skipped")
            return
        }
        let logPath = dir + "/app.jsonl.zst"
        try Data("old log".utf8).write(to: URL(fileURLWithPath: logPath))
        let r = try CLI.run(["gen", "--records", "300", "--faults", "LC300=0.5", "-o", logPath, "--planted", full])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("Unable to write '\(full)': no space left on device."), "\(r.stderr)")
        #expect(try String(contentsOfFile: logPath, encoding: .utf8) == "old log")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["app.jsonl.zst", "full"])
    }

    @Test("gen --faults -o FIFO or device writes no planted file beside it, and says to use --planted", arguments: ["fifo", "device"])
    func genWritesNoPlantedFileBesideAFIFOOrDevice(kind: String) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/" + kind
        if kind == "fifo" {
            #expect(mkfifo(out, 0o600) == 0)
        } else if mknod(out, S_IFCHR | 0o666, OutputKindCLITests.nullDevice) != 0 {
            print("SeamsCLITests: mknod failed (\(String(cString: strerror(errno)))): the device case is skipped")
            return
        }
        let reader = kind == "fifo" ? FIFOReader(path: out) : nil
        let r = try CLI.run(["gen", "--records", "300", "--faults", "LC300=0.5", "--compression", "plain", "-o", out])
        let received = reader?.finish()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("planted findings not written") && r.stderr.contains("--planted FILE"), "\(r.stderr)")
        #expect(kind == "device" || (received ?? "").contains("process.launch"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == [kind])
    }

    // MARK: Audit skips lctrace's own outputs

    /// How each output of lctrace's is made (`OUT` its path, `IN` a log), and the reason an
    /// audit gives when it finds it.
    static let ownOutputs: [(arguments: [String], reason: String)] = [
        (["replay", "--format", "json", "IN", "-o", "OUT"], "an lctrace json report"),
        (["replay", "--format", "jsonl", "IN", "-o", "OUT"], "an lctrace jsonl report"),
        (["replay", "--format", "jsonl", "FAULTY", "-o", "OUT"], "an lctrace jsonl report"),
        (["replay", "--format", "sarif", "IN", "-o", "OUT"], "an lctrace sarif report"),
        (["replay", "--format", "junit", "IN", "-o", "OUT"], "an lctrace junit report"),
        (["replay", "--format", "html", "IN", "-o", "OUT"], "an lctrace html report"),
        (["replay", "--format", "html", "FAULTY", "-o", "OUT"], "an lctrace html report"),
        (["audit", "--format", "json", "IN", "-o", "OUT"], "an lctrace json report"),
        (["audit", "--format", "jsonl", "IN", "-o", "OUT"], "an lctrace audit jsonl report"),
        (["stats", "--format", "json", "IN", "-o", "OUT"], "an lctrace json report"),
        (["timeline", "FAULTY", "-o", "OUT"], "an lctrace timeline"),
        (["baseline", "FAULTY", "-o", "OUT"], "an lctrace baseline"),
        (["gen", "--records", "300", "--faults", "LC300=0.5", "-o", "LOG", "--planted", "OUT"], "an lctrace planted-findings list"),
    ]

    @Test("An audit finds each output of lctrace's in the tree and skips it with its reason", arguments: ownOutputs.indices)
    func auditSkipsEveryOwnOutput(index: Int) throws {
        let (arguments, reason) = Self.ownOutputs[index]
        let dir = try Self.temporaryDirectory()
        let scratch = try Self.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: scratch)
        }
        try FileManager.default.copyItem(atPath: Self.log, toPath: dir + "/app.jsonl.zst")
        let out = dir + "/output"
        let resolved = arguments.map {
            switch $0 {
            case "IN": return Self.log
            case "FAULTY": return CLI.trace("lc300-bgtask-leaked")
            case "OUT": return out
            case "LOG": return scratch + "/gen.jsonl.zst"
            default: return $0
            }
        }
        let made = try CLI.run(resolved)
        #expect(made.status == 0 || made.status == 1, "\(made.stderr)")
        let r = try CLI.run(["audit", "--format", "jsonl", dir])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        let skipped = r.stdout.split(separator: "\n").filter { $0.contains(#"{"skipped":"#) }
        #expect(skipped.count == 1 && skipped[0].contains(#""path":"\#(out)""#) && skipped[0].contains(reason), "\(r.stdout)")
        #expect(!r.stdout.contains("LC401"))
        #expect(r.stdout.contains(#""files":1"#), "\(r.stdout)")
    }

    // MARK: Printable names

    /// Names that must never reach a terminal as they are, and how they are shown.
    static let hostileNames: [(bytes: String, shown: String)] = [
        (#"$'new\nline.jsonl'"#, #"new\nline.jsonl"#),
        (#"$'esc\e[31mred.jsonl'"#, #"esc\u001B[31mred.jsonl"#),
        (#"$'caf\xe9.jsonl'"#, #"caf\xE9.jsonl"#),
    ]

    /// Each command, with `NAME` where the hostile name goes: a missing file (`Unable to
    /// read`) and a file that is there (`wrote … from`, `wrote … to`).
    static let namingCommands: [[String]] = [
        ["replay", "MISSING"], ["stats", "MISSING"], ["timeline", "MISSING"], ["baseline", "MISSING", "-o", "DIR/b.json"],
        ["convert", "MISSING"], ["audit", "MISSING"], ["convert", "PRESENT", "--compression", "plain", "-o", "DIR/c.jsonl"],
        ["timeline", "PRESENT", "-o", "DIR/NAME"], ["baseline", "PRESENT", "-o", "DIR/NAME"],
        ["replay", "PRESENT", "--baseline", "MISSING"], ["timeline", "PRESENT", "PRESENT"], ["replay", "--output", "PRESENT", "PRESENT"],
    ]

    @Test("Every command shows a file name with a newline, ESC or a byte that is not UTF-8 as escapes", arguments: namingCommands, [0, 1, 2])
    func namesArePrintable(arguments: [String], name: Int) throws {
        let (bytes, shown) = Self.hostileNames[name]
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script =
            "cd '\(dir)' && cp '\(CLI.root.path)/\(Self.log)' \(bytes) && " + #""$LCTRACE" "#
            + arguments.map {
                switch $0 {
                case "MISSING": return "missing-" + bytes
                case "PRESENT": return bytes
                case "DIR/NAME": return "out-" + bytes
                default: return $0.replacingOccurrences(of: "DIR/", with: "")
                }
            }.joined(separator: " ")
        let r = try ReliabilityCLITests.bash(script)
        #expect(r.status == 0 || r.status == 2, "\(script): \(r.stderr)")
        #expect(r.stderr.contains(shown), "\(script): \(r.stderr)")
        #expect(!r.stderr.contains("\u{1B}"), "\(r.stderr)")
        #expect(!r.stderr.contains("\u{FFFD}"), "\(r.stderr)")
        #expect(!r.stderr.contains("new\nline"), "\(r.stderr)")
    }

    // MARK: One wording

    @Test("replay and audit word a .gz input and a symbolic link loop the same (named or found)")
    func replayAndAuditWordDamageTheSame() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let gz = try ReliabilityCLITests.bash(
            "gzip -c '\(CLI.root.path)/\(Self.log)' > '\(dir)/app.jsonl.gz' && ln -s loop2 '\(dir)/loop1' && ln -s loop1 '\(dir)/loop2'")
        #expect(gz.status == 0, "\(gz.stderr)")
        for name in ["app.jsonl.gz", "loop1"] {
            let path = dir + "/" + name
            let replay = try CLI.run(["replay", path])
            #expect(replay.status == 2)
            let prefix = "Unable to read '\(path)': "
            #expect(replay.stderr.hasPrefix(prefix), "\(replay.stderr)")
            let reason = String(replay.stderr.dropFirst(prefix.count).dropLast(2))  // ".\n"
            let named = try CLI.run(["audit", "--format", "jsonl", path])
            let found = try CLI.run(["audit", "--format", "jsonl", dir])
            #expect(named.stdout.contains(#""reason":"\#(reason)""#), "\(reason)\n\(named.stdout)")
            #expect(found.stdout.contains(#""path":"\#(path)","reason":"\#(reason)""#), "\(reason)\n\(found.stdout)")
        }
    }
}
