import Foundation
import LCTraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 22: every output path of every command (`-o`, `GITHUB_STEP_SUMMARY`, planted
/// findings, baselines, shards, timelines, converted and generated logs) goes through the one
/// output target and its input check. Each command is run against each kind of output: a
/// regular file, a symbolic link to one, a FIFO, a character device made with mknod in the
/// test's directory, and one of the command's own inputs. Everything is created by the test in
/// temporary directories.
@Suite("Every output × every kind") struct OutputKindCLITests {
    typealias CLI = CommandLineTests

    /// The clean log every command reads (the one the other output tests use).
    static var log: String { OutputCLITests.log }

    /// One output of one command: `IN` is the command's input log (a copy), `SHARD` an audit
    /// shard made from it, `LOG` a log path beside the inputs; `OUT` is the output under test,
    /// in `--output` or, with `summary`, in `GITHUB_STEP_SUMMARY`.
    struct Output: CustomStringConvertible, Sendable {
        var arguments: [String]
        var summary = false
        /// The input that `OUT` names in the `input` kind (`IN`, `SHARD` or `LOG`); nil when
        /// the command reads nothing (`gen -o`).
        var input: String? = "IN"
        var description: String {
            (summary ? "GITHUB_STEP_SUMMARY " : "") + arguments.filter { $0 != "IN" && $0 != "OUT" }.joined(separator: " ")
        }
    }

    static let outputs: [Output] = [
        Output(arguments: ["replay", "IN", "-o", "OUT"]),
        Output(arguments: ["replay", "--format", "json", "IN", "-o", "OUT"]),
        Output(arguments: ["replay", "--format", "jsonl", "IN", "-o", "OUT"]),
        Output(arguments: ["replay", "--format", "sarif", "IN", "-o", "OUT"]),
        Output(arguments: ["replay", "--format", "junit", "IN", "-o", "OUT"]),
        Output(arguments: ["replay", "--format", "html", "IN", "-o", "OUT"]),
        Output(arguments: ["replay", "--format", "github", "IN", "-o", "OUT"]),
        Output(arguments: ["replay", "--format", "github", "IN"], summary: true),
        Output(arguments: ["audit", "--format", "github", "IN"], summary: true),
        Output(arguments: ["audit", "--format", "json", "IN", "-o", "OUT"]),
        Output(arguments: ["audit", "--format", "jsonl", "--shard", "1/1", "IN", "-o", "OUT"]),
        Output(arguments: ["merge", "SHARD", "-o", "OUT"], input: "SHARD"),
        Output(arguments: ["merge", "--format", "github", "SHARD"], summary: true, input: "SHARD"),
        Output(arguments: ["stats", "IN", "-o", "OUT"]),
        Output(arguments: ["timeline", "IN", "-o", "OUT"]),
        Output(arguments: ["baseline", "IN", "-o", "OUT"]),
        Output(arguments: ["why", "IN", "-o", "OUT"]),
        Output(arguments: ["convert", "IN", "-o", "OUT"]),
        Output(arguments: ["gen", "--records", "200", "-o", "OUT"], input: nil),
        Output(arguments: ["gen", "--records", "200", "--faults", "LC300=0.5", "-o", "LOG", "--planted", "OUT"], input: "LOG"),
    ]

    enum Kind: String, CaseIterable, CustomStringConvertible, Sendable {
        case file, link, fifo, device, input
        var description: String { rawValue }
    }

    /// `makedev(1, 3)`: the null device's numbers, so a node made in the test's directory is
    /// written as `/dev/null` is.
    static let nullDevice = dev_t(1 << 8 | 3)

    @Test("The output is written as its kind says, or refused when it is an input", arguments: outputs, Kind.allCases)
    func outputOfEveryKind(output: Output, kind: Kind) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory().path
        let inputs = try ReliabilityCLITests.temporaryDirectory().path
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: inputs)
        }
        if kind == .input && output.input == nil { return }  // `gen -o` reads nothing
        let input = inputs + "/app.jsonl.zst"
        try FileManager.default.copyItem(atPath: Self.log, toPath: input)
        let shard = inputs + "/shard.jsonl"
        if output.arguments.contains("SHARD") {
            let r = try CLI.run(["audit", "--format", "jsonl", "--shard", "1/1", "-o", shard, Self.log])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let logPath = inputs + "/gen.jsonl.zst"
        if kind == .input && output.input == "LOG" { try Data("old".utf8).write(to: URL(fileURLWithPath: logPath)) }
        let inputPaths = ["IN": input, "SHARD": shard, "LOG": logPath]

        var made: [String] = []
        let out: String
        switch kind {
        case .file:
            out = dir + "/out"
            try Data("old".utf8).write(to: URL(fileURLWithPath: out))
            made = ["out"]
        case .link:
            out = dir + "/link"
            try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/real"))
            try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: "real")
            made = ["link", "real"]
        case .fifo:
            out = dir + "/pipe"
            #expect(mkfifo(out, 0o600) == 0)
            made = ["pipe"]
        case .device:
            out = dir + "/null"
            guard mknod(out, S_IFCHR | 0o666, Self.nullDevice) == 0 else {
                print("OutputKindCLITests: mknod failed (\(String(cString: strerror(errno)))): device kind skipped for \(output)")
                return
            }
            made = ["null"]
        case .input:
            out = inputPaths[output.input!]!
        }
        var before: Data?
        if kind == .input { before = try Data(contentsOf: URL(fileURLWithPath: out)) }
        let arguments = output.arguments.map { inputPaths[$0] ?? ($0 == "OUT" ? out : $0) }
        let environment = output.summary ? ["GITHUB_STEP_SUMMARY": out] : [:]

        let reader = kind == .fifo ? FIFOReader(path: out) : nil
        let r = try CLI.run(arguments, environment: environment)
        let received = reader?.finish()

        if kind == .input {
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains(output.summary ? "GITHUB_STEP_SUMMARY" : "is the"), "\(r.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == before, "the input was changed")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
            return
        }
        #expect(r.status == 0 || r.status == 1, "\(arguments): \(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == made, "a stray file beside the output")
        switch kind {
        case .file, .link:
            #expect(OutputCLITests.fileType(out) == (kind == .file ? S_IFREG : S_IFLNK))
            let written = try Data(contentsOf: URL(fileURLWithPath: dir + (kind == .file ? "/out" : "/real")))
            #expect(written.count > 20, "\(written.count) bytes")
            if output.summary {
                #expect(written.starts(with: Data("old".utf8)), "the summary is appended")
            } else {
                #expect(!written.starts(with: Data("old".utf8)), "the output replaces the file")
            }
        case .fifo:
            #expect(OutputCLITests.fileType(out) == S_IFIFO)
            #expect((received ?? "").utf8.count > 20, "\(received ?? "")")
        case .device:
            #expect(OutputCLITests.fileType(out) == S_IFCHR)
        case .input:
            break
        }
    }
}
