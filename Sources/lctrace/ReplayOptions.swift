import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import LCTraceReport

/// The options shared by the commands that replay and report (SPEC §6, §7).
struct ReplayOptions: ParsableArguments {
    @Option(help: "Report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding is at or above this severity: error, warning, note, never.")
    var failOn: FailThreshold = .error

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var input: InputOptions
    @Option(name: .customLong("max-decompressed"), help: ArgumentHelp(
        "The most decompressed bytes read from one zstd file, against decompression bombs (K, M, G, T suffixes; 0 or none: no limit).",
        valueName: "bytes"))
    var maxDecompressed: String = "64G"

    @Option(help: "Colour: auto (only on a terminal), always, never.")
    var color: ColourChoice = .auto

    enum ColourChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    func validate() throws {
        _ = try ingestLimits()
    }

    /// The replay configuration these options describe.
    func replayConfiguration() throws -> ReplayConfiguration {
        try configuration.replayConfiguration()
    }

    /// The reader's limits (`--max-decompressed`).
    func ingestLimits() throws -> IngestLimits {
        guard let limit = IngestLimits.parseByteCount(maxDecompressed) else {
            throw ValidationError("--max-decompressed needs a byte count such as 64G or 500M, got '\(maxDecompressed)'")
        }
        return IngestLimits(maximumDecompressedBytes: limit)
    }

    /// Renders a run in the chosen format and writes it to standard output or `--output`.
    func emit(_ run: RunReport) throws {
        let toTerminal = output == nil && Terminal.supportsColour(fd: 1)
        let colour: Bool
        switch color {
        case .auto: colour = toTerminal
        case .always: colour = true
        case .never: colour = false
        }
        var workingDirectory: String?
        if let cwd = getcwd(nil, 0) {
            workingDirectory = String(cString: cwd)
            free(cwd)
        }
        var reportOptions = ReportOptions(colour: colour && format == .text, workingDirectory: workingDirectory)
        if format == .github, let summary = getenv("GITHUB_STEP_SUMMARY") {
            let path = String(cString: summary)
            if !path.isEmpty { reportOptions.githubStepSummaryPath = path }
        }
        let reporter = makeReporter(format, options: reportOptions)
        var text = ""
        reporter.write(run, to: &text)
        try ReportDestination.write(text, to: output)
    }
}
