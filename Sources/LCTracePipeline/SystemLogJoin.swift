import LCTraceCore

/// Joins the findings of system logs (`--system-log`) to those of the instrumented logs of
/// the same run (docs/SYSTEM-LOGS.md, "Instrumented and system logs together"): one fact seen
/// twice is one finding, the instrumented log's, whose message then names the system log's
/// line too; a finding only the system saw is kept in the system log's result, with source
/// `system`.
///
/// Two findings are the same fact when they have the same rule, the same pid (given), the same
/// task (or none), and times within ``tolerance`` of each other (both given). Different pids
/// or times further apart (another run, a reused pid) are two facts.
enum SystemLogJoin {
    /// How far apart the two sides' times of one fact may be: UIKit writes its messages a
    /// little after the fact, and an instrumented log's and a transcript's clocks may differ.
    static let tolerance: Int64 = 60_000_000_000

    /// Whether `a` (instrumented) and `b` (system) are one fact.
    static func same(_ a: Finding, _ b: Finding) -> Bool {
        guard a.rule == b.rule, let pid = a.pid, b.pid == pid, a.task == b.task else { return false }
        guard let ta = a.time, let tb = b.time else { return false }
        return abs(ta.nanoseconds(since: tb)) <= tolerance
    }

    /// Removes from `system` the findings `app` also has, and notes them on `app`'s.
    static func join(app: inout [FileResult], system: inout [FileResult]) {
        for s in system.indices {
            var kept: [Finding] = []
            for finding in system[s].findings {
                if !note(finding, in: &app) { kept.append(finding) }
            }
            system[s].findings = kept
        }
    }

    /// Notes a system finding on the instrumented finding of the same fact; false when there
    /// is none.
    private static func note(_ finding: Finding, in app: inout [FileResult]) -> Bool {
        for a in app.indices {
            guard let i = app[a].findings.firstIndex(where: { same($0, finding) }) else { continue }
            app[a].findings[i].message += " (also in system log '\(finding.file)' line \(finding.line))"
            return true
        }
        return false
    }
}
