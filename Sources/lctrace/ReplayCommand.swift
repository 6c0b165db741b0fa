import ArgumentParser
import LCTracePlatform
import LCTraceAudit
import LCTraceConfig
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceReport

extension ReportFormat: ExpressibleByArgument {}
extension ModelChoice: ExpressibleByArgument {}
extension FailThreshold: ExpressibleByArgument {}

/// `lctrace replay`: replay logs and report, with an exit status that gates a build.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay lifecycle logs against the reference model and report findings."
    )

    @Argument(help: "Log files (zstd or plain; native NDJSON or a unified-log export, detected by content); '-' reads standard input.")
    var files: [String] = []

    @OptionGroup var options: ReplayOptions

    @Option(help: "Report only findings that are not in this baseline file (see 'lctrace baseline').")
    var baseline: String?

    @Flag(name: .customLong("strict-baseline"), help: "Also report baseline entries that no longer occur, and fail on them.")
    var strictBaseline = false

    @OptionGroup var evidence: EvidenceOptions

    @OptionGroup var plists: InfoPlistOptions

    func validate() throws {
        try InputFiles.resolve(files)
        try evidence.validate(inputs: files)
    }

    func run() throws {
        // The configuration first: a file that cannot be used stops the run before anything
        // is read or written (SPEC §9).
        let settings = try options.resolved(baseline: baseline)
        let baseline: String?
        do {
            baseline = try settings.baselineForReplay()
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode(2)
        }
        if strictBaseline && baseline == nil {
            throw ValidationError("--strict-baseline needs --baseline FILE (or 'baseline' in the configuration file)")
        }
        let configuration = settings.replay
        let inputs = files
        let allInputs =
            inputs + (baseline.map { [$0] } ?? []) + evidence.readFiles + plists.infoPlists + options.configuration.readFiles
        let stepSummary = try OutputTarget.stepSummary(format: options.format, output: options.output, inputs: allInputs)
        let target = try OutputTarget.open(options.output, inputs: allInputs)
        let reading = try options.input.readOptions()
        let (reports, metricKit) = try evidence.loaded(abandoning: target)
        let accepted: Baseline?
        do {
            accepted = try baseline.map { path throws(Baseline.LoadError) in try Baseline.load(path: path) }
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode(2)
        }
        var unmatched: [CrashReport] = []
        var run = RunReport.replaying(
            inputs, systemLogs: evidence.systemLogs, configuration: configuration, reading: reading,
            collectTimeline: options.format == .html,
            onUnreadable: { StandardError.write($0.message + "\n") }, crashReports: reports, metricKit: metricKit,
            onUnmatched: { unmatched.append($0) }, infoPlists: plists.infoPlists)
        for line in CrashReports.unmatched(unmatched, of: reports, run: run) { StandardError.write(line + "\n") }
        for warning in run.warnings { StandardError.write(warning + "\n") }
        // No input could be read at all: there is no report to give, only the errors above
        // (exit 2, nothing written: an empty report would read as a clean run).
        if run.files.isEmpty && !run.unreadable.isEmpty {
            target.abandon()
            throw ExitCode(2)
        }
        for file in run.files where file.filterMatchedNothing { StandardError.write(options.input.filterNotice(file.path)) }
        var staleEntries = 0
        if let accepted {
            let comparison = accepted.apply(to: run, disabled: configuration.rules.disabled)
            run = comparison.run
            if comparison.suppressed > 0 {
                StandardError.write(
                    "lctrace: \(comparison.suppressed) finding\(comparison.suppressed == 1 ? "" : "s") suppressed by the baseline \(PrintableText.quoted(baseline!))\n"
                )
            }
            if strictBaseline {
                staleEntries = comparison.stale.count
                for e in comparison.stale {
                    let subject = [e.pid.map { "pid \($0)" }, e.scene.map { "scene '\($0)'" }, e.task.map { "task '\($0)'" }, e.event.map { "'\($0)'" }]
                        .compactMap { $0 }.joined(separator: ", ")
                    StandardError.write("\(PrintableText.printable(e.file)): baseline entry no longer occurs: [\(e.rule)] \(subject) (\(e.message))\n")
                }
            }
        }
        options.emit(run, to: target, stepSummary: stepSummary)
        try target.close()
        var status = exitStatus(for: run.summary, failOn: settings.failOn, unreadable: run.unreadable.count)
        if status == 0 && staleEntries > 0 { status = 1 }
        if status != 0 { throw ExitCode(status) }
    }
}
