import ArgumentParser
import LCTraceReport

/// The options of `lctrace merge`: only those that shape the merged report. The replay
/// options (`--budget`, `--model`, `--os`, `--max-decompressed`, `--subsystem`, …) are
/// not accepted: a merge replays nothing, and the shards' headers say how they were audited.
struct MergeOptions: ParsableArguments {
    @Option(help: "Report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(name: .customLong("fail-on"), help: "Exit 1 when a finding is at or above this severity: error, warning, note, never.")
    var failOn: FailThreshold = .error

    @Option(help: "Colour: auto (only on a terminal), always, never.")
    var color: ReplayOptions.ColourChoice = .auto

    /// The same choices as replay options, for the writer shared with `audit`.
    func replayOptions() throws -> ReplayOptions {
        var arguments = ["--format", format.rawValue, "--fail-on", failOn.rawValue, "--color", color.rawValue]
        if let output { arguments += ["--output", output] }
        return try ReplayOptions.parse(arguments)
    }
}
