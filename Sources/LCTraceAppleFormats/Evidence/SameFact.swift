import LCTraceCore
import LCTraceIngest

/// When two pieces of evidence are one fact seen twice (docs/SYSTEM-LOGS.md): the one place
/// the windows of every join are written.
///
/// | Join | Same fact when | Window |
/// |---|---|---|
/// | UIKit's verdict and the engine's finding on one log (``SystemEvidence``) | rule, pid, task (a cut: its line) | any time |
/// | a `--system-log` finding and an instrumented one (``SystemLogJoin``) | rule, pid, task | ``findingWindow`` (60 s) |
/// | a crash report, a system-log kill or a MetricKit crash and a session (`EvidenceJoin` in the engine) | pid, the session alive at the piece's time | `EvidenceJoin.window` (5 s) |
/// | an export's system message and the app's own record after it (`UnifiedLogSystemEvidence`) | pid, event, task | ``echoWindow`` (5 s) |
public enum SameFact {
    /// How far apart a system log's finding and an instrumented log's finding of the same
    /// fact may be: UIKit writes its messages a little after the fact, and the two logs'
    /// clocks may differ.
    public static let findingWindow: Int64 = 60_000_000_000
    /// How far after a record written from a system message the app's own record of the same
    /// event (and task) is the same fact.
    public static let echoWindow: Int64 = 5_000_000_000

    /// Whether two times are within `window` nanoseconds of each other. `magnitude`: times at
    /// both ends of the range saturate at `Int64.min`, which `abs` traps on.
    static func within(_ window: Int64, _ a: Timestamp, _ b: Timestamp) -> Bool {
        a.nanoseconds(since: b).magnitude <= UInt64(window)
    }

    /// Whether UIKit's `verdict` states a fact `finding` already states: the same rule, pid
    /// and task (for a cut, the same line), at any time.
    public static func verdict(_ verdict: Finding, isSeenAs finding: Finding) -> Bool {
        finding.rule == verdict.rule && finding.pid == verdict.pid && finding.task == verdict.task
            && (finding.rule != .truncatedLog || finding.line == verdict.line)
    }

    /// How far apart `a` (instrumented) and `b` (system) are as one fact: `nil` when they are
    /// two facts (another rule, pid or task, a time missing, or further apart than
    /// ``findingWindow``), else the distance of their times in nanoseconds.
    static func findingDistance(_ a: Finding, _ b: Finding) -> UInt64? {
        guard a.rule == b.rule, let pid = a.pid, b.pid == pid, a.task == b.task else { return nil }
        guard let ta = a.time, let tb = b.time, within(findingWindow, ta, tb) else { return nil }
        return ta.nanoseconds(since: tb).magnitude
    }
}
