import LCTraceCore

/// The `jsonl` format: one compact JSON object per line, for streaming and batch use.
///
/// Line kinds, told apart by their first key:
///
/// | first key | line |
/// | --- | --- |
/// | `rule` | a finding: the same object as a `json` `findings` entry |
/// | `death` | `{"death": {…}}`: a `json` `deaths` entry, after that file's findings |
/// | `file` | `{"file": {…}}`: a `json` `files` entry, after that file's findings and deaths |
/// | `unreadable` | `{"unreadable": {"path", "reason"}}`: an input that could not be read |
/// | `diagnostic` | with `--metrickit`: `{"diagnostic": {…}}`, a `json` `diagnostics` entry (another diagnostic of a joined pid), after the files |
/// | `summary` | `{"summary": {…}, "tool": {…}}`: always the last line |
///
/// For each file, in run order, its findings come first, then its deaths, then its `file` line, so a
/// consumer can act on a file as soon as its `file` line arrives. Unreadable inputs follow
/// the files. The summary line has the same totals as the `json` `summary`.
/// ``writeFile(_:to:)`` and ``writeEnd(summary:unreadable:toolVersion:to:)`` let a batch
/// run stream files as they finish (accumulating a `RunSummary` with `add(_:)`) instead
/// of holding the whole run.
public struct JSONLinesReporter: Reporter {
    /// `jsonl`.
    public static let format = ReportFormat.jsonl

    /// The options (none affect this format).
    public var options: ReportOptions

    /// Creates a reporter.
    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// Writes every line of the run.
    public func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output) {
        for file in run.files { writeFile(file, to: &output) }
        for entry in run.metrickit?.diagnostics ?? [] {
            writeLine(.object([("diagnostic", JSONReporter.diagnostic(entry))]), to: &output)
        }
        writeEnd(
            summary: run.summary, unreadable: run.unreadable, toolVersion: run.toolVersion, metrickit: run.metrickit,
            to: &output)
    }

    /// Writes one file's finding lines and its `file` line.
    public func writeFile<Output: TextOutputStream>(_ file: FileResult, to output: inout Output) {
        for finding in file.findings {
            writeLine(JSONReporter.finding(finding), to: &output)
        }
        for death in file.deaths {
            writeLine(.object([("death", DeathSchema.object(death))]), to: &output)
        }
        writeLine(.object([("file", JSONReporter.file(file))]), to: &output)
    }

    /// Writes the `unreadable` lines and the final `summary` line.
    ///
    /// - Parameters:
    ///   - summary: Totals over every file written.
    ///   - unreadable: The inputs that could not be read.
    ///   - toolVersion: lctrace's version.
    ///   - metrickit: what `--metrickit` gave (`summary.metrickit`), `nil` without it.
    ///   - output: The stream.
    public func writeEnd<Output: TextOutputStream>(
        summary: RunSummary, unreadable: [UnreadableInput], toolVersion: String, metrickit: MetricKitSummary? = nil,
        to output: inout Output
    ) {
        for input in unreadable {
            writeLine(.object([("unreadable", JSONReporter.unreadable(input))]), to: &output)
        }
        writeLine(
            .object([
                ("summary", JSONReporter.summary(summary, unreadable: unreadable.count, metrickit: metrickit)),
                ("tool", JSONReporter.tool(version: toolVersion)),
            ]), to: &output)
    }

    private func writeLine<Output: TextOutputStream>(_ value: JSONValue, to output: inout Output) {
        JSONWriter.write(value, pretty: false, to: &output)
        output.write("\n")
    }
}
