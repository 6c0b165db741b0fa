import LCTraceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SPEC §6 "Outputs", for every command that writes: `--output` never destroys what it
/// names, an input is never an output, an interrupted run leaves nothing behind, and a
/// standard output that cannot be written is exit 2 (docs/RELIABILITY.md). Every file,
/// FIFO and link here is created by the test in a temporary directory.
@Suite("Outputs") struct OutputCLITests {
    typealias CLI = CommandLineTests

    static let log = CLI.trace("clean-multi-session")

    /// A command that writes, with `OUT` where its output path goes.
    struct Writer: CustomStringConvertible, Sendable {
        var arguments: [String]
        var description: String { arguments.prefix(3).joined(separator: " ") }

        /// The arguments with `OUT` replaced, after making any input the command needs in `dir`.
        func arguments(output: String, in dir: String) throws -> [String] {
            if arguments.contains("SHARD") {
                let shard = dir + "/../shard-\(UUID().uuidString).jsonl"
                let r = try CLI.run(["audit", "--format", "jsonl", "--shard", "1/1", "--output", shard, OutputCLITests.log])
                #expect(r.status == 0, "\(r.stderr)")
                return arguments.map { $0 == "OUT" ? output : $0 == "SHARD" ? shard : $0 }
            }
            return arguments.map { $0 == "OUT" ? output : $0 }
        }
    }

    static let writers: [Writer] = [
        Writer(arguments: ["replay", "--format", "text", log, "-o", "OUT"]),
        Writer(arguments: ["replay", "--format", "json", log, "-o", "OUT"]),
        Writer(arguments: ["replay", "--format", "jsonl", log, "-o", "OUT"]),
        Writer(arguments: ["replay", "--format", "sarif", log, "-o", "OUT"]),
        Writer(arguments: ["replay", "--format", "junit", log, "-o", "OUT"]),
        Writer(arguments: ["replay", "--format", "github", log, "-o", "OUT"]),
        Writer(arguments: ["replay", "--format", "html", log, "-o", "OUT"]),
        Writer(arguments: ["audit", "--format", "json", log, "-o", "OUT"]),
        Writer(arguments: ["audit", "--format", "sarif", log, "-o", "OUT"]),
        Writer(arguments: ["merge", "SHARD", "-o", "OUT"]),
        Writer(arguments: ["timeline", log, "-o", "OUT"]),
        Writer(arguments: ["stats", log, "-o", "OUT"]),
        Writer(arguments: ["baseline", log, "-o", "OUT"]),
        Writer(arguments: ["convert", log, "-o", "OUT"]),
        Writer(arguments: ["gen", "--records", "200", "-o", "OUT"]),
    ]

    static func temporaryDirectory() throws -> String {
        try ReliabilityCLITests.temporaryDirectory().path
    }

    static func contents(of dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    static func fileType(_ path: String) -> mode_t {
        var st = stat()
        guard lstat(path, &st) == 0 else { return 0 }
        return st.st_mode & S_IFMT
    }

    @Test("--output through a symbolic link writes its target; the link stays a link", arguments: writers)
    func symbolicLinkIsWrittenThrough(writer: Writer) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "old".write(toFile: dir + "/real", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "real")
        let r = try CLI.run(try writer.arguments(output: dir + "/link", in: dir))
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        #expect(Self.fileType(dir + "/link") == S_IFLNK)
        let written = try Data(contentsOf: URL(fileURLWithPath: dir + "/real"))
        #expect(written.count > 3 && written != Data("old".utf8))
        #expect(try Self.contents(of: dir) == ["link", "real"])
    }

    @Test("--output to a FIFO writes in place: the reader gets everything, the FIFO stays", arguments: writers)
    func fifoIsWrittenInPlace(writer: Writer) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let arguments = try writer.arguments(output: fifo, in: dir)
        let reader = FIFOReader(path: fifo)
        let r = try CLI.run(arguments)
        let received = reader.finish()
        #expect(r.status == 0 || r.status == 1, "\(r.stderr)")
        #expect(received.utf8.count > 20)
        #expect(Self.fileType(fifo) == S_IFIFO)
        #expect(try Self.contents(of: dir) == ["pipe"])
    }

    @Test("--output /dev/fd/N writes the descriptor in place: the shell's file keeps its text and gets the report after it")
    func descriptorPathIsWrittenInPlace() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "kept\n".write(toFile: dir + "/all.txt", atomically: false, encoding: .utf8)
        let r = try ReliabilityCLITests.bash(#""$LCTRACE" replay "# + Self.log + #" -o /dev/fd/3 3>>"# + dir + "/all.txt")
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: dir + "/all.txt", encoding: .utf8)
        #expect(text.hasPrefix("kept\n") && text.contains("0 errors"), "\(text)")
        #expect(try Self.contents(of: dir) == ["all.txt"])
    }

    /// Each case: the arguments (`IN` is a copy of a log, `LINK` a link to it) and how the
    /// output names the input.
    static let inputConflicts: [[String]] = [
        ["replay", "IN", "-o", "IN"],
        ["replay", "IN", "-o", "LINK"],
        ["replay", "IN", "--format", "json", "-o", "REL"],
        ["replay", "OTHER", "--baseline", "IN", "-o", "IN"],
        ["timeline", "IN", "-o", "IN"],
        ["stats", "IN", "-o", "LINK"],
        ["baseline", "IN", "-o", "IN"],
        ["audit", "IN", "-o", "IN"],
        ["convert", "LINK", "-o", "IN"],
        ["merge", "IN", "-o", "IN"],
    ]

    @Test("An output that is one of the inputs is a usage error (exit 2) and the input is untouched", arguments: inputConflicts)
    func outputThatIsAnInputIsRefused(arguments: [String]) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/app.jsonl.zst"
        if arguments[0] == "merge" {
            let shard = try CLI.run(["audit", "--format", "jsonl", "--shard", "1/1", "-o", input, Self.log])
            #expect(shard.status == 0)
        } else {
            try FileManager.default.copyItem(atPath: Self.log, toPath: input)
        }
        try FileManager.default.copyItem(atPath: Self.log, toPath: dir + "/other.jsonl.zst")
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "app.jsonl.zst")
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let resolved = arguments.map {
            switch $0 {
            case "IN": return input
            case "LINK": return dir + "/link"
            case "REL": return dir + "/../" + URL(fileURLWithPath: dir).lastPathComponent + "/./app.jsonl.zst"
            case "OTHER": return dir + "/other.jsonl.zst"
            default: return $0
            }
        }
        let r = try CLI.run(resolved)
        #expect(r.status == 2, "\(resolved): \(r.stderr)")
        #expect(r.stderr.contains("is the input"), "\(r.stderr)")
        #expect(!r.stderr.contains("Usage: lctrace <subcommand>"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        #expect(try Self.contents(of: dir) == ["app.jsonl.zst", "link", "other.jsonl.zst"])
    }

    /// Each case: a command over a log, reading another file (`READ`: a MetricKit payload, a
    /// configuration file, a crash report, a system log; `DIR/mk.json`: a payload in a
    /// `--metrickit` directory) that its output names, directly or as standard output.
    static let readFileConflicts: [[String]] = [
        ["replay", "--metrickit", "READ", "-o", "READ"],
        ["replay", "--metrickit", "DIR", "-o", "DIR/mk.json"],
        ["replay", "--config", "CONFIG", "-o", "CONFIG"],
        ["replay", "--crash-report", "READ", "-o", "READ"],
        ["replay", "--system-log", "READ", "-o", "READ"],
        ["replay", "--metrickit", "READ", ">>", "READ"],
        ["audit", "--metrickit", "READ", "-o", "READ"],
        ["audit", "--config", "CONFIG", "-o", "CONFIG"],
        ["why", "--metrickit", "READ", "-o", "READ"],
        ["why", "--config", "CONFIG", "-o", "CONFIG"],
        ["stats", "--metrickit", "READ", "-o", "READ"],
        ["stats", "--config", "CONFIG", "-o", "CONFIG"],
        ["timeline", "--metrickit", "READ", "-o", "READ"],
        ["timeline", "--config", "CONFIG", "-o", "CONFIG"],
        ["baseline", "--metrickit", "READ", "-o", "READ"],
        ["baseline", "--config", "CONFIG", "-o", "CONFIG"],
    ]

    @Test(
        "An output that is a file the command reads besides the logs (MetricKit, configuration, crash report, system log) is a usage error; that file is untouched",
        arguments: readFileConflicts)
    func outputThatIsAnotherReadFileIsRefused(arguments: [String]) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/mk", withIntermediateDirectories: false)
        let payload = #"{"timeStampBegin":"2026-11-20 10:00:00","timeStampEnd":"2026-11-20 11:00:00","crashDiagnostics":[]}"#
        let contents: [String: String] = [
            "/read.json": payload, "/mk/mk.json": payload, "/config.yml": "fail_on: error\n",
        ]
        for (name, text) in contents { try text.write(toFile: dir + name, atomically: false, encoding: .utf8) }
        let protected = arguments.contains("CONFIG") ? "/config.yml" : arguments.contains("DIR") ? "/mk/mk.json" : "/read.json"
        let command = arguments.map { word in
            switch word {
            case "READ": return dir + "/read.json"
            case "CONFIG": return dir + "/config.yml"
            case "DIR": return dir + "/mk"
            case "DIR/mk.json": return dir + "/mk/mk.json"
            default: return word
            }
        }
        let redirect = command.firstIndex(of: ">>")
        var words = [command[0], Self.log] + command[1..<(redirect ?? command.count)]
        words = words.map { "'" + $0 + "'" }
        let line = #""$LCTRACE" "# + words.joined(separator: " ") + (redirect.map { " >> '" + command[$0 + 1] + "'" } ?? "")
        let r = try ReliabilityCLITests.bash(line)
        #expect(r.status == 2, "\(line): \(r.stderr)")
        #expect(r.stderr.contains("is the input"), "\(r.stderr)")
        #expect(try String(contentsOfFile: dir + protected, encoding: .utf8) == contents[protected], "\(protected) changed")
        #expect(try Self.contents(of: dir) == ["config.yml", "mk", "read.json"])
    }

    /// `audit -o d/app.jsonl.zst d`: the log is not named, the walk finds it; the report would
    /// replace it. An earlier report, or a file that is not a log, is still replaced.
    @Test("audit --output naming a log found in a directory walk (directly or through a link) is a usage error; its own report is replaced")
    func auditOutputOnALogFoundInAWalk() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let logs = dir + "/logs"
        try FileManager.default.createDirectory(atPath: logs, withIntermediateDirectories: true)
        let input = logs + "/app.jsonl.zst"
        try FileManager.default.copyItem(atPath: Self.log, toPath: input)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: input)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        for output in [input, dir + "/link"] {
            let r = try CLI.run(["audit", "-o", output, logs])
            #expect(r.status == 2, "\(output): \(r.stderr)")
            #expect(r.stderr.contains("is the input '\(input)'"), "\(r.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        }
        #expect(try Self.contents(of: logs) == ["app.jsonl.zst"])
        // A report in the directory is lctrace's own: a rerun replaces it and audits the log.
        for _ in 0..<2 {
            let r = try CLI.run(["audit", "--format", "json", "-o", logs + "/report.json", logs])
            #expect(r.status == 0, "\(r.stderr)")  // a clean log
        }
        let report = try String(contentsOfFile: logs + "/report.json", encoding: .utf8)
        #expect(report.contains("app.jsonl.zst"), "\(report.prefix(300))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
    }

    @Test("The output is checked against the inputs before anything is read (standard input is never waited for)")
    func inputCheckComesBeforeReading() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/app.jsonl.zst"
        try FileManager.default.copyItem(atPath: Self.log, toPath: input)
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["replay", "-", input, "-o", input]
        let stdin = Pipe(), stderr = Pipe()
        process.standardInput = stdin  // left open and empty: reading it would block
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let hung = process.isRunning
        if hung { process.terminate() }
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(!hung, "lctrace read standard input before checking --output")
        #expect(process.terminationStatus == 2)
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("--output '\(input)' is the input '\(input)'"), "\(message)")
    }

    @Test("Standard output that is an input ('replay log >> log'), or --output that is standard input ('replay - -o log < log'), is a usage error")
    func standardOutputThatIsAnInput() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.log, toPath: dir + "/app.jsonl.zst")
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/app.jsonl.zst"))
        let r = try ReliabilityCLITests.bash(#""$LCTRACE" replay "# + dir + "/app.jsonl.zst >> " + dir + "/app.jsonl.zst")
        #expect(r.status == 2)
        #expect(r.stderr.contains("standard output is the input"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/app.jsonl.zst")) == before)
        let stdin = try ReliabilityCLITests.bash(#""$LCTRACE" replay - -o "# + dir + "/app.jsonl.zst < " + dir + "/app.jsonl.zst")
        #expect(stdin.status == 2)
        #expect(stdin.stderr.contains("is the input standard input"), "\(stdin.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/app.jsonl.zst")) == before)
        #expect(try Self.contents(of: dir) == ["app.jsonl.zst"])
    }

    @Test("An audit never replays its own report, nor a temporary file a killed run left, found in a directory it walks")
    func auditSkipsItsOwnOutput() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: Self.log, toPath: dir + "/app.jsonl.zst")
        try FileManager.default.copyItem(atPath: Self.log, toPath: dir + "/.report.jsonl.lctrace-999-abc.tmp")
        for _ in 0..<2 {
            let r = try CLI.run(["audit", dir, "--format", "jsonl", "-o", dir + "/report.jsonl"])
            #expect(r.status == 0, "\(r.stderr)")
            let report = try String(contentsOfFile: dir + "/report.jsonl", encoding: .utf8)
            #expect(report.contains("app.jsonl.zst"))
            #expect(!report.contains("report.jsonl\""), "\(report)")
            #expect(!report.contains("lctrace-999"), "\(report)")
            #expect(!report.contains("LC401"))
        }
    }

    /// A command kept busy (waiting on its input, or generating), then interrupted: audit,
    /// convert and gen have started writing (their temporary file is seen first); replay,
    /// timeline, stats and baseline write only once the input is read, so nothing exists yet.
    static let interruptions: [(command: String, signal: Int32)] = [
        ("replay", SIGINT), ("audit", SIGTERM), ("audit", SIGINT), ("convert", SIGHUP), ("convert", SIGTERM),
        ("gen", SIGINT), ("gen", SIGTERM), ("gen", SIGHUP), ("timeline", SIGHUP), ("stats", SIGTERM), ("baseline", SIGINT),
    ]

    @Test(
        "SIGINT, SIGTERM or SIGHUP mid-run leaves no output and no temporary file, and the process dies of the signal",
        arguments: interruptions)
    func interruptedRunLeavesNothing(command: String, signal: Int32) throws {
        let dir = try Self.temporaryDirectory()
        let inputs = try Self.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: inputs)
        }
        let out = dir + "/out"
        let fifo = inputs + "/log"
        #expect(mkfifo(fifo, 0o600) == 0)
        let arguments: [String]
        switch command {
        case "gen": arguments = ["gen", "--records", "500000000", "--faults", "LC300=0.1", "-o", out]
        case "audit": arguments = ["audit", "--format", "jsonl", fifo, "-o", out]
        case "convert": arguments = ["convert", fifo, "--compression", "plain", "-o", out]
        default: arguments = [command, fifo, "-o", out]
        }
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Part of a log in the FIFO (opened read-write and non-blocking so that this never
        // blocks), more than the 64 KiB lctrace looks at to tell formats apart; kept open.
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        defer { close(writer) }
        let part = String(repeating: #"{"t":1,"ev":"process.launch","pid":1}"# + "\n", count: 2_000)
        if command != "gen" { Self.feed(part, to: writer, for: 10) }
        let streams = ["audit", "convert", "gen"].contains(command)
        if !streams { usleep(300_000) }
        var deadline = Date().addingTimeInterval(20)
        var temporaries: [String] = []
        while streams && Date() < deadline {
            temporaries = try Self.contents(of: dir)
            if temporaries.contains(where: { $0.contains(".lctrace-") }) { break }
            usleep(20_000)
        }
        #expect(!streams || temporaries.contains { $0.hasPrefix(".out.lctrace-") && $0.hasSuffix(".tmp") }, "\(temporaries)")
        kill(process.processIdentifier, signal)
        deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let survived = process.isRunning
        if survived { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(!survived, "the signal did not end the run")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(try Self.contents(of: dir).isEmpty)
    }

    @Test("A signal ignored when lctrace starts (nohup's SIGHUP) stays ignored: the run completes")
    func ignoredSignalStaysIgnored() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fifo = dir + "/log", out = dir + "/out"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", #"trap '' HUP; exec "$0" convert "$1" --compression plain -o "$2""#, CLI.binary.path, fifo, out]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let writer = open(fifo, O_RDWR | O_NONBLOCK)
        Self.feed(String(repeating: #"{"t":1,"ev":"process.launch","pid":1}"# + "\n", count: 2_000), to: writer, for: 10)
        var deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !(try Self.contents(of: dir)).contains(where: { $0.contains(".lctrace-") }) { usleep(20_000) }
        kill(process.processIdentifier, SIGHUP)
        usleep(200_000)
        close(writer)  // end of the log: the run can finish
        deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(try Self.contents(of: dir) == ["log", "out"])
    }

    /// Writes `text` to a non-blocking descriptor as its reader takes it, for at most `seconds`.
    static func feed(_ text: String, to fd: Int32, for seconds: Double) {
        let bytes = Array(text.utf8)
        var offset = 0
        let deadline = Date().addingTimeInterval(seconds)
        while offset < bytes.count && Date() < deadline {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n > 0 { offset += n } else { usleep(10_000) }
        }
    }

    static let standardOutputWriters: [[String]] = [
        ["replay", log], ["replay", "--format", "json", log], ["audit", log], ["timeline", log], ["stats", log],
        ["rules"], ["explain", "LC100"], ["convert", "--compression", "plain", log], ["gen", "--records", "50", "--compression", "plain"],
        ["merge", "SHARD"],
    ]

    @Test(
        "A standard output that cannot be written is reported, exit 2 ('Unable to write '<stdout>': bad file descriptor.')",
        arguments: standardOutputWriters)
    func unwritableStandardOutputExitsTwo(arguments: [String]) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let arguments = try Writer(arguments: arguments).arguments(output: "", in: dir)
        // Standard output opened for reading only: every write(2) to it fails (EBADF), as
        // writes to a full or closed output fail; EPIPE alone is a quiet end.
        let sink = dir + "/read-only"
        #expect(FileManager.default.createFile(atPath: sink, contents: nil))
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = arguments
        process.currentDirectoryURL = CLI.root
        let stderr = Pipe()
        process.standardOutput = FileHandle(forReadingAtPath: sink)
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2, "\(arguments): \(message)")
        #expect(message.contains("Unable to write '<stdout>': bad file descriptor."), "\(message)")
    }

    @Test(
        "An empty --output is a usage error that says so",
        arguments: [
            ["replay", log, "-o", ""], ["audit", log, "-o", ""], ["stats", log, "-o", ""], ["timeline", log, "-o", ""],
            ["baseline", log, "-o", ""], ["convert", log, "-o", ""], ["gen", "-o", ""], ["merge", log, "-o", ""],
        ])
    func emptyOutputIsAUsageError(arguments: [String]) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains("--output needs a file name, not an empty string"), "\(r.stderr)")
        #expect(!r.stderr.contains("is a directory"))
        // The message alone: not the root command's usage, which names no subcommand.
        #expect(!r.stderr.contains("Usage: lctrace <subcommand>"), "\(r.stderr)")
    }

    @Test("gen into a missing directory says 'Unable to write' once")
    func genOpenErrorIsSaidOnce() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.run(["gen", "--records", "10", "-o", dir + "/missing/x.jsonl.zst"])
        #expect(r.status == 2)
        #expect(r.stderr == "Unable to write '\(dir)/missing/x.jsonl.zst': no such file or directory.\n")
    }

    /// A file-size limit (`ulimit -f`, SIGXFSZ ignored) makes writes fail with EFBIG, as a
    /// full disk fails them with ENOSPC, without touching a shared device.
    @Test(
        "A write that fails mid-output is said once, exit 2, and leaves no file ('Unable to write 'P': file too large.')",
        arguments: [
            ["gen", "--records", "20000", "--compression", "plain", "-o", "OUT"],
            ["gen", "--records", "20000", "-o", "OUT"],
            ["replay", "--format", "json", "LOGS", "-o", "OUT"],
            ["audit", "--format", "jsonl", "traces", "-o", "OUT"],
            ["replay", "--format", "json", "LOGS", "STDOUT"],
            ["timeline", "LOG", "STDOUT"],
        ])
    func failingWriteIsReportedOnce(arguments: [String]) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let out = dir + "/out"
        let logs = Array(repeating: "traces/lc100-illegal-transition.jsonl.zst traces/lc300-bgtask-leaked.jsonl.zst", count: 40).joined(separator: " ")
        let command = arguments.map {
            switch $0 {
            case "OUT": return out
            case "STDOUT": return "> " + out
            case "LOGS": return logs
            case "LOG": return "traces/clean-multi-session.jsonl.zst"
            default: return $0
            }
        }.joined(separator: " ")
        let r = try ReliabilityCLITests.bash(#"trap '' XFSZ; ulimit -f 4; "$LCTRACE" "# + command)
        let name = arguments.contains("STDOUT") ? "<stdout>" : out
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr == "Unable to write '\(name)': file too large.\n", "\(r.stderr)")
        if !arguments.contains("STDOUT") {
            #expect(try Self.contents(of: dir).isEmpty)
        }
    }
}
