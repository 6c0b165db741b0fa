import ArgumentParser
import Foundation
import LCTraceAudit
import LCTraceCore
import LCTraceReplay
import LCTraceReport

/// `lctrace audit`: every log under the paths, replayed in parallel, with an aggregate.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Replay every log under the given paths in parallel and report per file and in aggregate.",
        discussion: """
            Directories are searched recursively; files are recognised by content (zstd, or \
            NDJSON text), anything else is listed as skipped. Output is in path order whatever \
            --jobs is. A path that cannot be read is reported on standard error and counted; \
            the audit goes on and exits 2 only when no file at all could be read; otherwise \
            the status follows --fail-on. '-' reads more paths from standard input, one per line.
            """
    )

    @Argument(help: "Log files and directories; '-' reads paths from standard input, one per line.")
    var paths: [String] = []

    @OptionGroup var options: ReplayOptions

    @Option(name: .shortAndLong, help: "Files replayed at once (default: all cores).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Audit only shard K of N (1-based): a stable partition by a hash of the path.", valueName: "K/N"))
    var shard: String?

    @Option(help: "How many worst files and worst sessions to list.")
    var top: Int = 10

    @Flag(name: .customLong("summary-only"), help: "Leave out findings, and per-file lines in text and json; jsonl keeps its file lines.")
    var summaryOnly = false

    @Flag(name: .customLong("no-progress"), help: "No progress bar, even on a terminal.")
    var noProgress = false

    func validate() throws {
        if paths.isEmpty {
            throw ValidationError("no input: name log files or directories, or '-' to read paths from standard input")
        }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if top < 0 { throw ValidationError("--top must be 0 or more") }
        if let shard, AuditShard(parsing: shard) == nil {
            throw ValidationError("--shard: expected K/N with 1 ≤ K ≤ N, got '\(shard)'")
        }
    }

    func run() throws {
        let configuration = try options.replayConfiguration()
        var named = paths.filter { $0 != "-" }
        if paths.contains("-") {
            while let line = readLine(strippingNewline: true) {
                if !line.isEmpty { named.append(line) }
            }
        }
        let shardSpec = shard.flatMap(AuditShard.init(parsing:))
        let inputs = AuditRun.select(AuditDiscovery.discover(named), shard: shardSpec)
        let threads = jobs ?? ProcessInfo.processInfo.activeProcessorCount

        let output = try AuditOutput(options: options, summaryOnly: summaryOnly, top: top, shard: shardSpec)
        let progress = ProgressBar(enabled: !noProgress && isatty(2) == 1)
        let aggregate = AuditRun.run(
            inputs, configuration: configuration, jobs: threads, top: top, keepFindings: output.needsFindings,
            onEntry: { entry in
                if case .unreadable(let u) = entry {
                    progress.clear()
                    StandardError.write(u.message + "\n")
                }
                output.add(entry)
            },
            progress: progress.enabled ? { progress.show($0) } : nil)
        progress.clear()
        try output.finish(aggregate)
        if inputs.isEmpty {
            StandardError.write("lctrace: no files to audit\(shardSpec.map { " in shard \($0)" } ?? "")\n")
        }
        let status = aggregate.exitStatus(failOn: options.failOn)
        if status != 0 { throw ExitCode(status) }
    }

}

/// Writes an audit's entries as they arrive: `text`, `json` and `jsonl` through
/// ``AuditReport`` (streamed, except the json document), `sarif`, `junit` and `github`
/// through the replay reporters (which need the whole run, so those hold every file's
/// findings). Shared by `audit` and `merge`, so both print the same report.
final class AuditOutput {
    private let options: ReplayOptions
    private let format: AuditReport.Format?
    private var report: AuditReport
    private let sink: ReportSink?
    private var files: [FileResult] = []
    private var unreadable: [UnreadableInput] = []

    init(options: ReplayOptions, summaryOnly: Bool, top: Int, shard: AuditShard?) throws {
        self.options = options
        format = AuditReport.Format(rawValue: options.format.rawValue)
        let colour: Bool
        switch options.color {
        case .auto: colour = options.output == nil && Terminal.supportsColour(fd: 1)
        case .always: colour = true
        case .never: colour = false
        }
        report = AuditReport(format: format ?? .json, summaryOnly: summaryOnly, colour: colour && format == .text)
        sink = format == nil ? nil : try ReportSink(path: options.output)
        sink?.write(report.begin(top: top, shard: shard))
    }

    /// Whether entries must carry their findings.
    var needsFindings: Bool { format == nil || report.needsFindings }

    func add(_ entry: AuditEntry) {
        if let sink {
            sink.write(report.entry(entry))
            return
        }
        switch entry {
        case .file(let d, let findings):
            files.append(FileResult(path: d.path, events: d.events, sessions: d.sessions, exitClasses: d.exitClasses, findings: findings))
        case .unreadable(let u):
            unreadable.append(u)
        case .skipped:
            break
        }
    }

    /// Drops a half-written `--output` file.
    func abandon() {
        sink?.abandon()
    }

    func finish(_ aggregate: AuditAggregate) throws {
        if let sink {
            sink.write(report.end(aggregate, toolVersion: LCTraceVersion.current))
            try sink.commit()
        } else {
            try options.emit(RunReport(toolVersion: LCTraceVersion.current, files: files, unreadable: unreadable))
        }
    }
}

/// Where a streamed report goes: standard output, or a file written atomically (renamed
/// into place by ``commit()``, so that an interrupted run leaves nothing behind).
final class ReportSink {
    private let file: AtomicOutputFile?
    private var failure: OutputFileError?

    init(path: String?) throws {
        do {
            file = try path.map { p throws(OutputFileError) in try AtomicOutputFile(path: p) }
        } catch {
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
    }

    func write(_ text: String) {
        guard !text.isEmpty else { return }
        guard let file else {
            StandardOutput.write(text)
            return
        }
        guard failure == nil else { return }
        var text = text
        text.withUTF8 { buf in
            do throws(OutputFileError) {
                try file.write(UnsafeRawBufferPointer(buf))
            } catch {
                failure = error
            }
        }
    }

    func commit() throws {
        guard let file else { return }
        do throws(OutputFileError) {
            if let failure { throw failure }
            try file.commit()
        } catch {
            file.abandon()
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
    }

    func abandon() {
        file?.abandon()
    }
}

/// The progress line on standard error; every call is a no-op unless `enabled` (standard
/// error is a terminal and `--no-progress` was not given). Redrawn at most ten times a second.
final class ProgressBar {
    let enabled: Bool
    private var lastDraw: UInt64 = 0
    private var shown = false

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func show(_ progress: AuditProgress) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard progress.done == progress.total || now - lastDraw >= 100_000_000 else { return }
        lastDraw = now
        StandardError.write("\r" + progress.line() + "\u{1B}[K")
        shown = true
    }

    func clear() {
        guard enabled, shown else { return }
        StandardError.write("\r\u{1B}[K")
        shown = false
    }
}
