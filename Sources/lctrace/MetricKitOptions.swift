import ArgumentParser
import LCTraceAppleFormats

/// `--metrickit FILE|DIR` (repeatable): MetricKit payloads read with the logs (SPEC §8,
/// docs/METRICKIT.md).
struct MetricKitOptions: ParsableArguments {
    @Option(
        name: .customLong("metrickit"),
        help: ArgumentHelp(
            "A MetricKit payload file (MXDiagnosticPayload, MXMetricPayload, a single diagnostic, or a JSON array of them), or a directory of .json files (repeatable).",
            valueName: "file|dir"))
    var paths: [String] = []

    /// The files, read; `nil` without `--metrickit`. A file that cannot be read or is not
    /// MetricKit is a usage error (exit 2) naming the file and the key path.
    func load() throws -> [MetricKitFile]? {
        guard !paths.isEmpty else { return nil }
        do {
            return try MetricKitFile.paths(paths).map { path throws(MetricKitError) in try MetricKitFile.read(path: path) }
        } catch {
            StandardError.write("lctrace: --metrickit: \(error)\n")
            throw ExitCode(2)
        }
    }
}
