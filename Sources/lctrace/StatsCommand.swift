import ArgumentParser
import LCTraceAppleFormats
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

    @OptionGroup var plists: InfoPlistOptions

    func validate() throws {
        try InputFiles.resolve(files)
        try metricKit.validate(inputs: files)
    }

    func run() throws {
        let inputs = files
        let metricKitFiles = try metricKit.load()
        var replayConfiguration = try configuration.replayConfiguration()
        // Read before the output is opened: an unreadable plist leaves nothing behind.
        replayConfiguration.declarations = try plists.declarations()
        let target = try OutputTarget.open(output, inputs: inputs + metricKit.readFiles + plists.infoPlists + configuration.readFiles)
        var stats = LogStats()
        stats.metricKit = metricKitFiles
        // Crash diagnostics join and end sessions as in `audit` (docs/METRICKIT.md): the same deaths.
        let joined = try metricKitFiles.map { try Self.join($0, inputs: inputs, configuration: replayConfiguration, reading: input.readOptions()) }
        var unreadable = 0
        for path in inputs {
            let failure = stats.add(
                path: path, configuration: replayConfiguration, reading: try input.readOptions(),
                crashReports: joined?.reports(of: path) ?? [])
            if let failure {
                StandardError.write(failure.message + "\n")
                unreadable += 1
            }
        }
        for path in stats.filteredToNothing { StandardError.write(input.filterNotice(path)) }
        // No input could be read at all: nothing to report (exit 2, nothing written), as `replay`.
        if unreadable == inputs.count {
            target.abandon()
            throw ExitCode(2)
        }
        let text = format == .json ? StatsReporter.json(stats.summary, toolVersion: LCTraceVersion.current) : StatsReporter.text(stats.summary)
        target.write(text)
        try target.close()
        if unreadable > 0 { throw ExitCode(2) }
    }

    /// The MetricKit `files` joined to the sessions of `inputs`, as `audit` joins them: a
    /// first replay keeps only the sessions of the pids a diagnostic names
    /// (``MetricKitSessionCollector``), and none is run when no diagnostic has a pid.
    static func join(
        _ files: [MetricKitFile], inputs: [String], configuration: ReplayConfiguration, reading: ReadOptions
    ) -> MetricKitReplay {
        let pids = MetricKitReplay.pids(files)
        var sessions: [SessionSpan] = []
        if !pids.isEmpty {
            for path in inputs {
                let collector = MetricKitSessionCollector(file: path, pids: pids, defaultOS: configuration.defaultOS)
                if case .success = FileReplay.run(path: path, configuration: configuration, reading: reading, observer: collector.observe) {
                    sessions += collector.sessions
                }
            }
        }
        return MetricKitReplay.join(files, spans: sessions)
    }
}
