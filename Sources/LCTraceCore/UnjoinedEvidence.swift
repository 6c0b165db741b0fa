/// A piece of outside evidence that joined no session of the run (SPEC §8 `unjoined`): the
/// JSON report's top-level `unjoined` array and `summary.unjoined`.
public struct UnjoinedEvidence: Sendable, Equatable {
    /// The evidence file, as given.
    public var file: String
    /// Its kind, as a death's `evidence` names it: `crash-report`, `system-log`, `metrickit`.
    public var kind: String
    /// The pid it names, `nil` when none.
    public var pid: Int64?
    /// Why it joined nothing (`no session of pid 504 was alive at 2026-11-20T10:00:39.500Z`).
    public var reason: String

    /// Creates an entry.
    public init(file: String, kind: String, pid: Int64?, reason: String) {
        self.file = file
        self.kind = kind
        self.pid = pid
        self.reason = reason
    }
}
