import LCTraceAppleFormats
import LCTraceCore
import LCTraceReplay

/// The one join of a run's outside evidence (SPEC §8 "One join of all evidence"), as a replay
/// runs it: a first replay lists every session of every log (``SessionSpan``), the engine's
/// join (``EvidenceJoin``) binds each piece to the session it speaks of and decides, by rank,
/// which piece gives each death its class; the second replay ends each session with its pieces
/// (``TimedEvidence``). Pieces a join made already (MetricKit diagnostics, joined by their own
/// rules: docs/METRICKIT.md) keep their session and take part in the decision.
public enum RunEvidence {
    /// Binds `reports` to `spans`.
    ///
    /// - Parameters:
    ///   - reports: every piece of the run, in any order.
    ///   - spans: every session of the run's logs, from a first replay.
    /// - Returns: the pieces bound to a session (``CrashReport/session``, ``CrashReport/log``,
    ///   ``CrashReport/afterLine``, ``CrashReport/decides``, what disagreeing pieces said), and
    ///   the others with the reason they joined nothing (``CrashReport/unjoinedReason``).
    public static func bind(_ reports: [CrashReport], to spans: [SessionSpan]) -> (bound: [CrashReport], unjoined: [CrashReport]) {
        var groups: [Int: [CrashReport]] = [:]
        var unjoined: [CrashReport] = []
        var free: [CrashReport] = []
        for report in reports {
            guard let session = report.session, let log = report.origin.log else {
                free.append(report)
                continue
            }
            if let s = spans.firstIndex(where: { $0.file == log && $0.session == session }) {
                guard spans[s].exitClass != .normal else {
                    // Evidence never joins a session that ended normally (SPEC §8).
                    var report = report
                    report.unjoinedReason =
                        "pid \(report.pid) ended normally at line \(spans[s].endLine) of \(PrintableText.quoted(log))"
                    unjoined.append(report)
                    continue
                }
                groups[s, default: []].append(report)
            } else {
                var report = report
                report.unjoinedReason = "session \(session) of \(PrintableText.quoted(log)) was not replayed"
                unjoined.append(report)
            }
        }
        for (report, outcome) in zip(free, EvidenceJoin.join(free.map(\.piece), to: spans)) {
            switch outcome {
            case .joined(let s): groups[s, default: []].append(report)
            case .unjoined(let reason):
                var report = report
                report.unjoinedReason = reason
                unjoined.append(report)
            }
        }
        var bound: [CrashReport] = []
        for s in groups.keys.sorted() {
            bound += decided(groups[s]!, for: spans[s])
        }
        return (bound, unjoined)
    }

    /// The pieces of one session, bound to it, the deciding one marked, and what every piece
    /// (the log's own records included) that disagrees with the class decided said.
    static func decided(_ reports: [CrashReport], for span: SessionSpan) -> [CrashReport] {
        let (decider, exitClass) = EvidenceJoin.decide(reports.map(\.piece), for: span)
        let follows = decider.map { reports[$0].name } ?? "its own log's records"
        var out: [CrashReport] = []
        for (i, report) in reports.enumerated() {
            var report = report
            report.session = span.session
            report.log = span.file
            report.afterLine = span.lastLine
            report.decides = i == decider
            let given = report.piece.exitClass(foreground: span.foreground)
            // A piece that says nothing of the cause disagrees with nothing.
            if let exitClass, let given, i != decider, given != exitClass {
                report.said = EvidenceSaid(exitClass: given, reason: report.reason)
                report.disagreements.append(
                    "\(report.name) (\(oneLine(report.summary))) says '\(given.name)'; the class follows \(follows)")
            }
            out.append(report)
        }
        if let decider, let exitClass, span.says != .nothing, span.exitClass != exitClass {
            out[decider].disagreements.insert(
                "its own log (line \(span.endLine)) says '\(span.exitClass.name)'; the class follows \(follows)", at: 0)
        }
        return out
    }

    /// A summary on one line (a termination text written over several).
    public static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
