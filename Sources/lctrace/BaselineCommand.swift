import ArgumentParser
import LCTracePlatform
import LCTraceAudit
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import LCTraceReport

/// `lctrace baseline`: record today's findings so that CI reports only new ones.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Record the current findings of logs as a baseline for 'lctrace replay --baseline'."
    )

    @Argument(help: "Log files (zstd or NDJSON); '-' reads standard input.")
    var files: [String] = []

    @Option(
        name: .shortAndLong,
        help: "The baseline file to write (atomically; never an input; default: the configuration file's 'baseline', else .lctrace-baseline.json).")
    var output: String?

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var input: InputOptions

    /// `--metrickit FILE|DIR`: crash diagnostics that join a session end it, as in `replay`.
    @OptionGroup var metricKit: MetricKitOptions

    @OptionGroup var plists: InfoPlistOptions

    func validate() throws {
        try InputFiles.resolve(files)
        try metricKit.validate(inputs: files)
    }

    func run() throws {
        let settings = try configuration.resolved(baseline: output)
        let output = settings.baseline ?? ".lctrace-baseline.json"
        let inputs = files
        let target = try OutputTarget.open(
            output, inputs: inputs + metricKit.readFiles + plists.infoPlists + configuration.readFiles)
        let reading = try input.readOptions()
        let metricKitFiles = try metricKit.loaded(abandoning: target)
        let run = RunReport.replaying(
            inputs, configuration: settings.replay, reading: reading,
            onUnreadable: { StandardError.write($0.message + "\n") }, metricKit: metricKitFiles,
            infoPlists: plists.infoPlists)
        for file in run.files where file.filterMatchedNothing { StandardError.write(input.filterNotice(file.path)) }
        for warning in run.warnings { StandardError.write(warning + "\n") }
        // A baseline of fewer files than named would silently accept their findings later:
        // one unreadable input and the old baseline stays as it was (issue 22).
        // So would a baseline of a file that is no log at all (a CSV named by a typo): its
        // LC401s would be accepted, and a later replay of it would pass.
        let noRecord = run.files.filter { $0.onlyMalformedLines != nil }
        for file in noRecord {
            StandardError.write(FileResult.noRecordInput(path: file.path, lines: file.onlyMalformedLines ?? "").message + "\n")
        }
        if !run.unreadable.isEmpty || !noRecord.isEmpty {
            target.abandon()
            let n = run.unreadable.count
            let m = noRecord.count
            let why = [
                n == 0 ? nil : "\(n) input\(n == 1 ? "" : "s") could not be read",
                m == 0 ? nil : "\(m) input\(m == 1 ? "" : "s") gave no record",
            ].compactMap { $0 }.joined(separator: " and ")
            StandardError.write("lctrace: baseline not written: \(why); \(PrintableText.quoted(output)) is unchanged\n")
            throw ExitCode(2)
        }
        let baseline = Baseline(run: run)
        target.write(baseline.json(toolVersion: LCTraceVersion.current))
        try target.close()
        StandardError.write("lctrace: wrote \(baseline.entries.count) finding\(baseline.entries.count == 1 ? "" : "s") to \(PrintableText.quoted(output))\n")
    }
}
