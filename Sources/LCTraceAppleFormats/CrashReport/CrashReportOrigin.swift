import LCTraceCore

/// Where a ``CrashReport`` comes from: what ended the session says so in its findings, and
/// what is said of a report that matched no session depends on it (docs/SYSTEM-LOGS.md).
public enum CrashReportOrigin: Sendable, Equatable {
    /// A crash report (`.ips`, JSON or text) given with `--crash-report`.
    case crashReport
    /// One killed process of a JetsamEvent report (`bug_type` 298) given with `--crash-report`.
    case jetsamEvent
    /// A termination a system log given with `--system-log` recorded (`sys.kill` from
    /// RunningBoard or FrontBoard), on that log's `line`.
    case systemLog(line: Int)
    /// A MetricKit crash diagnostic given with `--metrickit`, joined to a session of the log
    /// `log` (docs/METRICKIT.md): its index in its file (SPEC §8), and the one log it may end a
    /// session of.
    case metrickit(index: [Int], log: String)
    /// A test runner's `Terminate BUNDLE:PID` on `line` of an `xcodebuild test` transcript
    /// (``UITestTranscript``, SPEC §12): the runner ended that process, normally.
    case testRunner(line: Int)

    /// The one log a report may end a session of; `nil`: any log of the run.
    public var log: String? {
        if case .metrickit(_, let log) = self { return log }
        return nil
    }

    /// How the findings of the kill name it: `crash report 'R': FRONTBOARD 0x8badf00d`,
    /// `system log 'S' line 9: termination reported by launchd`.
    /// The summary on one line: a termination text written over several lines (an
    /// `RBSTerminateContext` and its `ProcessVisibility:` … lines) has its whitespace collapsed.
    public func label(path: String, summary: String) -> String {
        let summary = summary.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        switch self {
        case .crashReport, .jetsamEvent: return "crash report '\(path)': \(summary)"
        case .systemLog(let line): return "system log \(PrintableText.quoted(path)) line \(line): \(summary)"
        case .metrickit(let index, _):
            return "MetricKit \(PrintableText.quoted(path)) diagnostic \(DeathEvidence.indexText(index)): \(summary)"
        case .testRunner(let line): return "xcodebuild transcript \(PrintableText.quoted(path)) line \(line): \(summary)"
        }
    }
}
