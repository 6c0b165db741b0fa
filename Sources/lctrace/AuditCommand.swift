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
        let target = try OutputTarget.open(options.output, inputs: named)
        // Never replay this run's own report (or a killed run's temporary file) found in a walk.
        let discovered = AuditDiscovery.discover(named).filter { input in
            input.named || !(target.names(input.path) || OutputTarget.isTemporaryName(OutputFile.split(input.path).name))
        }
        let inputs = AuditRun.select(discovered, shard: shardSpec)
        let threads = jobs ?? ProcessInfo.processInfo.activeProcessorCount

        let output = AuditOutput(options: options, target: target, summaryOnly: summaryOnly, top: top, shard: shardSpec)
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
