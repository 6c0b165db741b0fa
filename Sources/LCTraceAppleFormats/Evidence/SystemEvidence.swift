import LCTraceCore
import LCTraceIngest

/// Joins what the engine derived from a system-log transcript with UIKit's own verdicts
/// (docs/SYSTEM-LOGS.md).
public enum SystemEvidence {
    /// The phrase a finding derived from system evidence carries in its message.
    public static let phrase = " (system log)"

    /// Marks a transcript's findings as system evidence and adds UIKit's verdicts that the
    /// engine did not derive itself: one fact seen twice (same rule, pid and task) is one
    /// finding, the engine's. Findings stay in line order (a verdict after the engine's
    /// findings of its line). A verdict about a pid belongs to that pid's session as the
    /// engine numbered it (`session`, ``Finding/session``), and a verdict about a named task is
    /// owned as the engine owns the tasks it replays: by the run's configured catalogue
    /// (`owners`, SPEC §8), so one task has one owner in every report.
    ///
    /// - Returns: the verdicts added (the engine did not count them for their owners).
    @discardableResult
    public static func merge(
        _ result: inout FileResult, verdicts: [SystemVerdict], owners: OwnerCatalogue, isSystemLog: Bool, session: (Int64?) -> Int?
    ) -> [Finding] {
        guard isSystemLog || !verdicts.isEmpty else { return [] }
        var added: [Finding] = []
        var findings = result.findings
        if isSystemLog {
            for i in findings.indices where findings[i].source != .system {
                findings[i].source = .system
                findings[i].message += phrase
            }
        }
        for systemVerdict in verdicts {
            var verdict = systemVerdict.finding
            verdict.owner = systemVerdict.taskName.flatMap(owners.owner(ofTaskNamed:))
            verdict.file = result.path
            verdict.session = session(verdict.pid)
            if isSeen(verdict, in: findings) { continue }
            let at = findings.firstIndex { $0.line > verdict.line } ?? findings.endIndex
            findings.insert(verdict, at: at)
            added.append(verdict)
        }
        result.findings = findings
        return added
    }

    /// Whether `findings` already hold the fact a verdict states (``SameFact/verdict(_:isSeenAs:)``).
    /// One fact seen twice is one finding.
    public static func isSeen(_ verdict: Finding, in findings: [Finding]) -> Bool {
        findings.contains { SameFact.verdict(verdict, isSeenAs: $0) }
    }
}
