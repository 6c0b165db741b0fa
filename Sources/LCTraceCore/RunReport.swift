/// A whole run, as reporters receive it.
public struct RunReport: Sendable {
    /// lctrace's version.
    public var toolVersion: String
    /// Per-file results, in the order the files were named.
    public var files: [FileResult]
    /// Inputs that could not be read at all (also printed to standard error).
    public var unreadable: [UnreadableInput]
    /// What `--metrickit` gave the run; `nil` without it (no `diagnostics`, no
    /// `summary.metrickit`).
    public var metrickit: MetricKitSummary? = nil
    /// The pieces of outside evidence that joined no session (SPEC §8), each with its reason.
    public var unjoined: [UnjoinedEvidence] = []
    /// What inputs were read with doubt, one line each (`lctrace: warning: 'x.ips':
    /// /threads/0/frames/4/imageIndex: …`): the commands print them on standard error.
    public var warnings: [String] = []

    /// Creates a report.
    public init(toolVersion: String, files: [FileResult], unreadable: [UnreadableInput] = []) {
        self.toolVersion = toolVersion
        self.files = files
        self.unreadable = unreadable
    }

    /// Totals over `files`.
    public var summary: RunSummary {
        var s = RunSummary()
        for f in files { s.add(f) }
        return s
    }
}
