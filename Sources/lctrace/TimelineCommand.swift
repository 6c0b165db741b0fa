import ArgumentParser
import LCTraceAudit
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceReport

/// `lctrace timeline`: one log's replayed sessions for a trace viewer (SPEC §7).
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Export the replayed sessions of a log as a trace for Perfetto or chrome://tracing.",
        discussion: """
            One process per pid with tracks for sessions, app state, handlers and each scene; \
            background tasks as async slices; findings as instant events. Open the file at \
            https://ui.perfetto.dev or in chrome://tracing. Exit status: 0 when the trace was \
            written (findings do not change it), 2 for a usage error or an unreadable input.
            """
    )

    /// The trace formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// Chrome trace-event JSON.
        case chrome
    }

    @Argument(help: "The log file (zstd or NDJSON, detected by content); '-' reads standard input.")
    var file: String

    @Option(help: "Trace format: chrome (trace-event JSON for Perfetto and chrome://tracing).")
    var format: Format = .chrome

    @Option(name: .shortAndLong, help: "Write the trace here instead of standard output (a file is replaced atomically; never the input).")
    var output: String?

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var input: InputOptions

    /// `--metrickit FILE|DIR`: crash diagnostics that join a session end it, as in `replay`.
    @OptionGroup var metricKit: MetricKitOptions

    @OptionGroup var plists: InfoPlistOptions

    func validate() throws {
        try metricKit.validate(inputs: [file])
    }

    func run() throws {
        // Streamed: a trace can be hundreds of megabytes.
        var replayConfiguration = try configuration.replayConfiguration()
        // Read before the output is opened: an unreadable plist leaves nothing behind.
        replayConfiguration.declarations = try plists.declarations()
        let target = try OutputTarget.open(output, inputs: [file] + metricKit.readFiles + plists.infoPlists + configuration.readFiles)
        let result: FileResult
        let reading = try input.readOptions()
        let outcome: Result<FileResult, UnreadableInput>
        if let metricKitFiles = try metricKit.loaded(abandoning: target) {
            // Its crash diagnostics end their sessions through the one join, as in `replay`.
            var failure = UnreadableInput(path: file, reason: "not replayed")
            let run = RunReport.replaying(
                [file], configuration: replayConfiguration, reading: reading, collectTimeline: true,
                onUnreadable: { failure = $0 }, metricKit: metricKitFiles)
            outcome = run.files.first.map { .success($0) } ?? .failure(failure)
        } else {
            outcome = FileReplay.run(path: file, configuration: replayConfiguration, reading: reading, collectTimeline: true)
        }
        switch outcome {
        case .success(let r):
            result = r
            if r.filterMatchedNothing { StandardError.write(input.filterNotice(r.path)) }
        case .failure(let failure):
            StandardError.write(failure.message + "\n")
            throw ExitCode(2)
        }
        let timeline = result.timeline ?? Timeline(file: result.path)
        var stream = target
        switch format {
        case .chrome: ChromeTraceExporter().write(timeline, to: &stream)
        }
        try target.close()
        if let output {
            let sessions = timeline.processes.reduce(0) { $0 + $1.sessions.count }
            StandardError.write(
                "lctrace: wrote \(sessions) session\(sessions == 1 ? "" : "s") and \(timeline.findings.count) finding\(timeline.findings.count == 1 ? "" : "s") to \(PrintableText.quoted(output))\n"
            )
        }
    }
}
