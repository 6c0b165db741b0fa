/// What `--metrickit` gave a replaying run (SPEC §8): `summary.metrickit` and the top-level
/// `diagnostics` array of the JSON report.
public struct MetricKitSummary: Sendable, Equatable {
    /// Payloads read: diagnostic payloads, bare diagnostics and metric payloads.
    public var payloads = 0
    /// Diagnostics that joined a session (every kind).
    public var joined = 0
    /// Diagnostics that joined none: no pid, pid -1, or nothing matching; never guessed.
    public var unjoined = 0
    /// The joined diagnostics other than crashes (a crash is its death's evidence).
    public var diagnostics: [JoinedDiagnostic] = []

    /// Creates an empty summary.
    public init() {}
}
