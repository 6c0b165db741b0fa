import ArgumentParser
import LCTraceAudit
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceReport

/// `lctrace stats`: what the sessions of some logs did, and how long things took.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Sessions, time in each state, and handler, resume and background-task durations (count, p50, p95, max).",
        discussion: """
            Figures are pooled over all the files named. Percentiles are nearest-rank: the value \
            at rank ⌈p·n/100⌉ of the n sorted durations. JSON durations are integer nanoseconds.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "Log files (zstd or NDJSON); '-' reads standard input.")
    var files: [String] = []

    @Option(help: "text or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write the report here instead of standard output (a file is replaced atomically; never an input).")
    var output: String?

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var input: InputOptions

    @OptionGroup var metricKit: MetricKitOptions

    func validate() throws {
        try InputFiles.resolve(files)
    }

    func run() throws {
        let inputs = files
        let metricKitFiles = try metricKit.load()
        let target = try OutputTarget.open(output, inputs: inputs)
        let replayConfiguration = try configuration.replayConfiguration()
        var stats = LogStats()
        stats.metricKit = metricKitFiles
        var unreadable = 0
        for path in inputs {
            let failure = stats.add(
                path: path, configuration: replayConfiguration, reading: try input.readOptions())
            if let failure {
                StandardError.write(failure.message + "\n")
                unreadable += 1
            }
        }
        for path in stats.filteredToNothing { StandardError.write(input.filterNotice(path)) }
        let text = format == .json ? StatsReporter.json(stats.summary, toolVersion: LCTraceVersion.current) : StatsReporter.text(stats.summary)
        target.write(text)
        try target.close()
        if unreadable > 0 { throw ExitCode(2) }
    }
}
