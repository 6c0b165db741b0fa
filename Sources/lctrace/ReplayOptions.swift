import ArgumentParser
import LCTracePlatform
import LCTraceConfig
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import LCTraceReport

/// The options shared by the commands that replay and report (SPEC §6, §7).
struct ReplayOptions: ParsableArguments {
    @Option(help: "Report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(
        name: .shortAndLong,
        help:
            "Write the report here instead of standard output: a file is replaced atomically when complete, a link written through, a FIFO or device in place; never an input."
    )
    var output: String?

    @Option(
        name: .customLong("fail-on"),
        help: "Exit 1 when a finding is at or above this severity: error (default), warning, note, never.")
    var failOn: FailThreshold?

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var rules: RuleSelectionOptions

    @OptionGroup var input: InputOptions

    @Option(help: "Colour: auto (only on a terminal), always, never.")
    var color: ColourChoice = .auto

    enum ColourChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, always, never
    }

    /// The configuration file merged with these options (SPEC §9); `baseline` is the
    /// command's `--baseline`, if any.
    func resolved(baseline: String? = nil) throws -> EffectiveConfiguration {
        try configuration.resolved(failOn: failOn, rules: rules, baseline: baseline)
    }

    /// Renders a run in the chosen format to `target` (standard output or `--output`); the
    /// `github` format also appends its job summary to `stepSummary` (checked by
    /// ``OutputTarget/stepSummary(format:output:inputs:environment:)``). The caller completes
    /// the target.
    func emit(_ run: RunReport, to target: OutputTarget, stepSummary: String?) {
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
        if format == .github { reportOptions.githubStepSummaryPath = stepSummary }
        let reporter = makeReporter(format, options: reportOptions)
        var stream = target
        reporter.write(run, to: &stream)
    }
}
