import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay

/// What `--metrickit` does to a replay (SPEC §8, docs/METRICKIT.md): the diagnostics are
/// joined to the sessions of every log of the run (``EvidenceJoin``), after the logs; a crash
/// diagnostic that joins becomes a crash report of its session, so that a second replay of
/// that session's log ends it as a crash report would and the death gains `metrickit`
/// evidence; the other joined diagnostics are listed, and the rest counted as unjoined and listed with their reasons.
///
/// The join is the engine's one join (``EvidenceJoin``), against the sessions of a first
/// replay: `replay`, `why`, `baseline` and `timeline` take them from the replay that binds
/// every piece of evidence (``RunReport/replaying(_:configuration:reading:collectTimeline:onUnreadable:crashReports:metricKit:countsMetricKitPayloads:onUnmatched:recent:infoPlists:)``);
/// `audit` and `stats` collect only the sessions of the pids some diagnostic names
/// (``MetricKitSessionCollector``, ``pids(_:)``) and join them (``join(_:spans:countPayloads:)``).
public struct MetricKitReplay: Sendable {
    /// One crash report per joined crash diagnostic, restricted to the log of its session
    /// (``CrashReportOrigin/metrickit(index:log:)``).
    public var reports: [CrashReport] = []
    /// The counts and the other joined diagnostics (`summary.metrickit`, `diagnostics`).
    public var summary = MetricKitSummary()
    /// The diagnostics that joined a session, as (MetricKit file, index): what `merge` unites
    /// over the shards of an audit so that a diagnostic is counted once.
    public var joinedDiagnostics: [MetricKitDiagnosticID] = []
    /// The diagnostics that joined no session, each with the join's reason (SPEC §8
    /// `unjoined`), in file then diagnostic order.
    public var unjoined: [UnjoinedEvidence] = []

    /// An empty result.
    public init() {}

    /// The pids some diagnostic of `files` names: the only sessions a join can use.
    public static func pids(_ files: [MetricKitFile]) -> Set<Int64> {
        Set(files.flatMap { $0.diagnostics.compactMap { $0.pid.map(Int64.init) } })
    }

    /// Whether some crash diagnostic of `files` has a pid: only then can the join end a
    /// session, and a replay must run before the one that reports.
    public static func canEndSessions(_ files: [MetricKitFile]) -> Bool {
        files.contains { $0.diagnostics.contains { $0.pid != nil && $0.killReason != nil } }
    }

    /// The sessions of a file replayed with ``ReplayConfiguration/indexesSessions`` as the join
    /// sees them (``FileResult/sessionSpans``); only those of `pids` when given.
    public static func sessions(of file: FileResult, pids: Set<Int64>? = nil) -> [SessionSpan] {
        guard let pids else { return file.sessionSpans }
        return file.sessionSpans.filter { $0.pid.map(pids.contains) ?? false }
    }

    /// Joins the diagnostics of `files` to the sessions of `run` (replayed with
    /// ``ReplayConfiguration/indexesSessions``).
    public static func join(_ files: [MetricKitFile], run: RunReport) -> MetricKitReplay {
        join(files, spans: run.files.flatMap { sessions(of: $0) })
    }

    /// Joins the diagnostics of `files` to `spans` through the one join (``EvidenceJoin``,
    /// SPEC §8): every session of the run that a diagnostic's pid can name
    /// (``FileResult/sessionSpans``, or ``MetricKitSessionCollector``), in report order (file,
    /// then session).
    ///
    /// - Parameters:
    ///   - files: the `--metrickit` files, read.
    ///   - spans: the sessions.
    ///   - countPayloads: whether the files' payloads are counted in ``summary`` (an audit
    ///     shard other than the first leaves them to shard 1, SPEC §8).
    public static func join(_ files: [MetricKitFile], spans: [SessionSpan], countPayloads: Bool = true) -> MetricKitReplay {
        var result = MetricKitReplay()
        for file in files {
            if countPayloads { result.summary.payloads += file.diagnosticPayloads + file.metricPayloads }
            let outcomes = EvidenceJoin.join(file.diagnostics.map(\.piece), to: spans)
            for (diagnostic, outcome) in zip(file.diagnostics, outcomes) {
                let position: Int
                switch outcome {
                case .joined(let p): position = p
                case .unjoined(let reason):
                    result.summary.unjoined += 1
                    result.unjoined.append(
                        UnjoinedEvidence(
                            file: file.path, kind: "metrickit", pid: diagnostic.pid.map(Int64.init),
                            reason: "diagnostic \(DeathEvidence.indexText(diagnostic.index)): \(reason)"))
                    continue
                }
                let span = spans[position]
                guard let pid = span.pid else { continue }
                result.summary.joined += 1
                result.joinedDiagnostics.append(MetricKitDiagnosticID(file: file.path, index: diagnostic.index))
                guard let reason = diagnostic.killReason else {
                    result.summary.diagnostics.append(
                        JoinedDiagnostic(
                            file: file.path, index: diagnostic.index, pid: pid, log: span.file, session: span.session,
                            kind: diagnostic.kind.name, hangDuration: diagnostic.hangDuration,
                            launchDuration: diagnostic.launchDuration))
                    continue
                }
                var report = CrashReport(
                    path: file.path, pid: pid, bundle: diagnostic.bundleIdentifier, time: span.lastTime, reason: reason,
                    summary: diagnostic.terminationReason ?? diagnostic.exceptionText ?? reason,
                    origin: .metrickit(index: diagnostic.index, log: span.file))
                // No time: it ends exactly the session it joined (TimedEvidence), however that ended.
                report.session = span.session
                // What iOS wrote of a watchdog kill is the death's `watchdog`, as a crash report's is.
                report.watchdog = diagnostic.terminationReason.flatMap { TerminationText($0).watchdog }
                // Whose code (SPEC §10): the attributed call stack's first frame outside the system.
                report.stack = diagnostic.stack
                result.reports.append(report)
            }
        }
        return result
    }

    /// The crash reports of `log`: those of its joined crash diagnostics (what a replay of
    /// that log is given).
    public func reports(of log: String) -> [CrashReport] {
        reports.filter { $0.origin.log == log }
    }
}
