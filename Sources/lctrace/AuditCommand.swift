import ArgumentParser
import Foundation
import LCTraceAudit
import LCTraceConfig
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePlatform
import LCTraceReplay
import LCTraceReport

/// `lctrace audit`: every log under the paths, replayed in parallel, with an aggregate.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Replay every log under the given paths in parallel and report per file and in aggregate.",
        discussion: """
            Directories are searched recursively; a damaged log is replayed (its damage is \
            LC401), and only files clearly not logs (no line like a JSON record) and \
            lctrace's own outputs (reports, timelines, baselines, planted lists) are listed \
            as skipped; a file reached under two names is \
            audited once. A file named on the command line that is not a log is unreadable, \
            as 'replay' says. Output is in path order whatever \
            --jobs is. A path that cannot be read (missing, not a log, empty) is reported on \
            standard error and counted; the audit goes on and exits 2 only when no file at all \
            could be replayed (all unreadable or skipped: a gate never passes on nothing); \
            otherwise the status follows --fail-on. '-' reads more paths from standard input, one per line.
            """
    )

    @Argument(help: "Log files and directories; '-' reads paths from standard input, one per line.")
    var paths: [String] = []

    @OptionGroup var options: ReplayOptions

    // `.unconditional` so that `--jobs -1` and `--top -1` reach validate() and get a
    // proper message instead of ArgumentParser's "Missing value".
    @Option(name: .shortAndLong, parsing: .unconditional, help: "Files replayed at once (default: all cores; at most \(AuditCommand.jobsPerCore) per core).")
    var jobs: Int?

    @Option(help: ArgumentHelp("Audit only shard K of N (1-based): a stable partition by a hash of the path.", valueName: "K/N"))
    var shard: String?

    @Option(parsing: .unconditional, help: "How many worst files and worst sessions to list.")
    var top: Int = 10

    @Flag(name: .customLong("summary-only"), help: "Leave out findings, and per-file lines in text and json; jsonl keeps its file lines.")
    var summaryOnly = false

    @Flag(name: .customLong("no-progress"), help: "No progress bar, even on a terminal.")
    var noProgress = false

    /// `--metrickit FILE|DIR`: crash diagnostics join the audited logs' sessions; metric
    /// payloads' exit counters are set beside the recordings (docs/METRICKIT.md).
    @OptionGroup var metricKit: MetricKitOptions

    /// `--info-plist FILE`: the app's Info.plist, evidence for every audited log of its app
    /// (SPEC §11, docs/INFOPLIST.md).
    @OptionGroup var plists: InfoPlistOptions

    func validate() throws {
        try InputFiles.resolve(paths, kind: .paths)
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if top < 0 { throw ValidationError("--top must be 0 or more") }
        if let shard, AuditShard(parsing: shard) == nil {
            throw ValidationError("--shard: expected K/N with 1 ≤ K ≤ N, got '\(shard)'")
        }
    }

    /// Whether discovery could not read the path (it counts as an input that failed).
    static func isUnreadable(_ status: AuditInput.Status) -> Bool {
        if case .unreadable = status { return true }
        return false
    }

    func run() throws {
        // One decoder per file: its buffers are reused from the heap, not mapped afresh.
        AllocatorTuning.reuseLargeBuffers()
        let settings = try options.resolved()
        var configuration = settings.replay
        // Read before anything is replayed or written: a bad file is exit 2 (SPEC §8, §11).
        let metricKitFiles = try metricKit.load()
        configuration.declarations = try plists.declarations()
        var named = paths.filter { $0 != "-" }
        if paths.contains("-") {
            // Bytes, not readLine: a name that is not UTF-8 keeps its bytes (FilePathText).
            let input: [UInt8]
            do {
                input = try Platform.readAll(from: 0, path: "<stdin>")
            } catch {
                StandardError.write(UnreadableInput(error).message + "\n")
                throw ExitCode(2)
            }
            for line in input.split(separator: 0x0A, omittingEmptySubsequences: true) {
                let bytes = line.last == 0x0D ? line.dropLast() : line[...]
                if !bytes.isEmpty { named.append(FilePathText.string(fromBytes: bytes)) }
            }
            // `find … | lctrace audit -` that found nothing is no input, not a clean audit.
            if named.isEmpty { throw ValidationError("no input: '-' read no paths from standard input") }
        }
        let shardSpec = shard.flatMap(AuditShard.init(parsing:))
        let reading = try options.input.readOptions()
        // `excluded` filters what a directory walk finds, never a path named (SPEC §9).
        let workingDirectory = ConfigFileOption.workingDirectory
        let found = AuditDiscovery.discover(named)
        let walked = found.filter { $0.named || !settings.excluded.excludes($0.path, workingDirectory: workingDirectory) }
        if walked.count < found.count, let file = settings.file {
            let n = found.count - walked.count
            StandardError.write(
                "lctrace: \(n) file\(n == 1 ? "" : "s") left out by 'excluded' in '\(ReportText.printable(file.path))'\n")
        }
        // A log found in a directory walk is an input too: the report must not replace it.
        let overwritten = AuditFile.logOverwritten(by: options.output, among: walked, reading: reading)
        // Every file the run reads besides the logs: MetricKit payloads, the configuration file.
        let readFiles = metricKit.readFiles + plists.infoPlists + options.configuration.readFiles
        let stepSummaryFound = try OutputTarget.stepSummary(format: options.format, output: options.output, inputs: named + readFiles)
            .flatMap { AuditFile.logOverwritten(by: $0, among: walked, reading: reading) }
        let stepSummary = try OutputTarget.stepSummary(
            format: options.format, output: options.output, inputs: named + readFiles + (stepSummaryFound.map { [$0] } ?? []))
        let target = try OutputTarget.open(options.output, inputs: named + readFiles + (overwritten.map { [$0] } ?? []))
        // Never replay this run's own report (or a killed run's temporary file) found in a walk.
        let discovered = walked.filter { input in
            input.named || !(target.names(input.path) || OutputTarget.isTemporaryName(OutputFile.split(input.path).name))
        }
        // A gate that passes on nothing is no gate: paths that hold no file at all (an empty
        // directory, one whose files are all left out) are a usage error, as no input is. An
        // empty shard of a set that has files is not (the other shards hold them).
        if !discovered.contains(where: { $0.status != .candidate ? Self.isUnreadable($0.status) : true }) {
            target.abandon()
            let skipped = discovered.count
            throw ValidationError(
                "no file to audit in \(named.map(PrintableText.quoted).joined(separator: ", "))"
                    + (skipped > 0 ? " (\(skipped) path\(skipped == 1 ? "" : "s") skipped, none a file to replay)" : "")
                    + ": name a log or a directory that holds logs")
        }
        // Evidence files (crash reports, MetricKit files, Info.plists) join the logs of their
        // own directory, which is then one unit of `--shard` (SPEC §8).
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let threads = Self.threads(requested: jobs, cores: cores)
        let evidence = AuditEvidence(classifying: discovered, jobs: threads)
        let inputs = AuditRun.select(discovered, shard: shardSpec, evidence: evidence)
        // What the shard was cut from, for `merge` to refuse shards of different lists: the
        // list after `excluded` and without this run's own output, so a rerun that finds
        // its earlier report in the walk records the same list.
        let fileList = shardSpec.map { _ in AuditFileList(discovered.map(\.path)) }
        if let jobs, jobs > threads {
            StandardError.write(
                "lctrace: --jobs \(jobs) capped at \(threads) (\(Self.jobsPerCore) per core on \(cores) core\(cores == 1 ? "" : "s"); more threads only add memory)\n"
            )
        }

        let output = AuditOutput(
            options: options, target: target, summaryOnly: summaryOnly, top: top, shard: shardSpec,
            configuration: configuration, reading: reading, stepSummary: stepSummary, fileList: fileList,
            failOn: settings.gateFailOn)
        let progress = ProgressBar(enabled: !noProgress && isatty(2) == 1)
        let onEntry: (AuditEntry) -> Void = { entry in
            if case .unreadable(let u) = entry {
                progress.clear()
                StandardError.write(u.message + "\n")
            }
            output.add(entry)
        }
        var aggregate: AuditAggregate
        if let metricKitFiles {
            // Payloads and exit counters are counted by shard 1 only, so `merge` counts each once.
            aggregate = AuditRun.run(
                inputs, metrickit: metricKitFiles, countsPayloads: (shardSpec?.index ?? 1) == 1, configuration: configuration,
                reading: reading, jobs: threads, top: top, keepFindings: output.needsFindings, evidence: evidence,
                onEntry: onEntry, progress: progress.enabled ? { progress.show($0) } : nil)
        } else {
            aggregate = AuditRun.run(
                inputs, configuration: configuration, reading: reading, jobs: threads, top: top,
                keepFindings: output.needsFindings, evidence: evidence, onEntry: onEntry,
                progress: progress.enabled ? { progress.show($0) } : nil)
        }
        progress.clear()
        // Nothing replayed (every file skipped or unreadable): the report says so as an input
        // that could not be read, and the audit exits 2. A shard of several is judged by
        // `merge`, which sees the whole (`--shard 1/1` is the whole).
        let judgedByMerge = (shardSpec?.count ?? 1) > 1
        if let reason = aggregate.nothingAuditedReason(in: named) {
            StandardError.write("lctrace: \(reason)" + (judgedByMerge ? " in shard \(shardSpec!) (merge judges the whole)" : "") + "\n")
        }
        if !judgedByMerge, let why = aggregate.nothingAuditedReason(in: []) {
            output.addNothingAudited(inputs: named, reason: why, to: &aggregate)
        }
        try output.finish(aggregate)
        if inputs.isEmpty {
            StandardError.write("lctrace: no files to audit\(shardSpec.map { " in shard \($0)" } ?? "")\n")
        }
        let status = aggregate.exitStatus(failOn: settings.failOn, isShard: judgedByMerge)
        if status != 0 { throw ExitCode(status) }
    }

    /// Threads per core beyond which `--jobs` is capped: a replay is CPU-bound with some
    /// I/O waits, so a few threads per core keep the cores busy; beyond that each thread
    /// only adds its stack and its file's working set (docs/SCALE.md).
    static let jobsPerCore = 4

    /// The worker threads for `--jobs` (all cores when not given), capped at
    /// ``jobsPerCore`` per core.
    static func threads(requested: Int?, cores: Int) -> Int {
        let cores = max(1, cores)
        guard let requested else { return cores }
        return min(requested, cores * jobsPerCore)
    }
}
