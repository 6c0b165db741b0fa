import ArgumentParser
import Glibc
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

    @Option(help: "Lifecycle model when a log has no meta.model: auto, uikit-app, uikit-scene.")
    var model: ModelChoice = .auto

    @Option(name: .customLong("budget"), help: ArgumentHelp(
        "Override a time budget, NAME=SECONDS (repeatable). Budgets: \(Budgets.names.joined(separator: ", ")).",
        valueName: "name=seconds"))
    var budgets: [String] = []

    @Option(name: .customLong("os"), help: "OS version assumed when a log has no meta.os (e.g. 17.4).")
    var os: String?

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
        _ = try replayConfiguration()
        _ = try ingestLimits()
        if let os, Double(os.split(separator: ".").first ?? "") == nil {
            throw ValidationError("--os needs a version such as 17.4, got '\(os)'")
        }
    }

    /// The replay configuration these options describe.
    func replayConfiguration() throws -> ReplayConfiguration {
        var b = Budgets()
        for assignment in budgets {
            do {
                try b.apply(assignment)
            } catch {
                throw ValidationError("--budget: \(error.description)")
            }
        }
        return ReplayConfiguration(budgets: b, defaultOS: os, model: model)
    }

    /// The reader's limits these options describe.
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
        if let output {
            do {
                try OutputFile.write(text, toPath: output)
            } catch {
                StandardError.write("\(error)\n")
                throw ExitCode(2)
            }
        } else {
            StandardOutput.write(text)
        }
    }
}
