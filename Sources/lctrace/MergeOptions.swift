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

    @Option(
        name: .customLong("fail-on"),
        help:
            "Exit 1 when a finding is at or above this severity: error, warning, note, never (default: the shards' own, as their headers record it, else error)."
    )
    var failOn: FailThreshold?

    @Option(help: "Colour: auto (only on a terminal), always, never.")
    var color: ReplayOptions.ColourChoice = .auto

    /// The same choices as replay options, for the writer shared with `audit`.
    ///
    /// - Parameter failOn: the merge's effective `--fail-on` (``effectiveFailOn(recorded:)``).
    func replayOptions(failOn: FailThreshold) throws -> ReplayOptions {
        var arguments = ["--format", format.rawValue, "--fail-on", failOn.rawValue, "--color", color.rawValue]
        if let output { arguments += ["--output", output] }
        return try ReplayOptions.parse(arguments)
    }

    /// The threshold the merge exits by: `--fail-on` when given, else the one the shards
    /// were audited with (their headers' `fail_on`, which must agree), else `error` (shards
    /// of an lctrace that did not record it). So a merge exits as the unsharded audit would
    /// under the same configuration file (docs/SCALE.md).
    func effectiveFailOn(recorded: FailThreshold?) -> FailThreshold {
        failOn ?? recorded ?? .error
    }

    /// The threshold the merged output records (as an audit's does, ``FailThreshold/recorded(commandLine:otherwise:)``),
    /// so that a merged jsonl is the unsharded audit's and merges again alike.
    func recordedFailOn(recorded: FailThreshold?) -> FailThreshold {
        FailThreshold.recorded(commandLine: failOn, otherwise: recorded ?? .error)
    }
}
