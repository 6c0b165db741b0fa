import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest

/// What `--metrickit` does to a replay (SPEC §8, docs/METRICKIT.md): the diagnostics are
/// joined to the sessions of every log of the run (``MetricKitJoin``), after the logs; a crash
/// diagnostic that joins becomes a crash report of its session, so that a second replay of
/// that session's log ends it as a crash report would and the death gains `metrickit`
/// evidence; the other joined diagnostics are listed, and the rest counted as unjoined.
///
/// `replay`, `why`, `baseline` and `timeline` join against a first replay with timelines
/// (``join(_:run:)``); `audit` collects only the sessions of the pids some diagnostic names
/// (``sessions(of:pids:)``, ``pids(_:)``) and joins them (``join(_:sessions:)``).
public struct MetricKitReplay: Sendable {
    /// One crash report per joined crash diagnostic, restricted to the log of its session
    /// (``CrashReportOrigin/metrickit(index:log:)``).
    public var reports: [CrashReport] = []
    /// The counts and the other joined diagnostics (`summary.metrickit`, `diagnostics`).
    public var summary = MetricKitSummary()
    /// The diagnostics that joined a session, as (MetricKit file, index): what `merge` unites
    /// over the shards of an audit so that a diagnostic is counted once.
    public var joinedDiagnostics: [MetricKitDiagnosticID] = []

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

    /// The sessions of a replayed file (with its timeline) as the join sees them, in
    /// process then session order; only those of `pids` when given.
    public static func sessions(of file: FileResult, pids: Set<Int64>? = nil) -> [MetricKitSession] {
        var sessions: [MetricKitSession] = []
        for track in file.timeline?.processes ?? [] {
            for session in track.sessions {
                let pid = session.pid ?? track.pid
                if let pids, !(pid.map(pids.contains) ?? false) { continue }
                sessions.append(
                    MetricKitSession(
                        file: file.path, session: session.number, pid: pid, app: track.app, version: track.version, os: track.os,
                        began: session.began, ended: session.ended))
            }
        }
        return sessions
    }

    /// Joins the diagnostics of `files` to the sessions of `run` (replayed with timelines).
    public static func join(_ files: [MetricKitFile], run: RunReport) -> MetricKitReplay {
        join(files, sessions: run.files.flatMap { sessions(of: $0) })
    }

    /// Joins the diagnostics of `files` to `sessions` (every session of the run that a
    /// diagnostic's pid can name, in report order: file, then session).
    ///
    /// - Parameters:
    ///   - files: the `--metrickit` files, read.
    ///   - sessions: the sessions.
    ///   - countPayloads: whether the files' payloads are counted in ``summary`` (an audit
    ///     shard other than the first leaves them to shard 1, SPEC §8).
    public static func join(_ files: [MetricKitFile], sessions: [MetricKitSession], countPayloads: Bool = true) -> MetricKitReplay {
        var result = MetricKitReplay()
        for file in files {
            if countPayloads { result.summary.payloads += file.diagnosticPayloads + file.metricPayloads }
            for (diagnostic, outcome) in zip(file.diagnostics, MetricKitJoin.join(file.diagnostics, to: sessions)) {
                guard case .joined(let position) = outcome, let pid = sessions[position].pid else {
                    result.summary.unjoined += 1
                    continue
                }
                let session = sessions[position]
                result.summary.joined += 1
                result.joinedDiagnostics.append(MetricKitDiagnosticID(file: file.path, index: diagnostic.index))
                guard let reason = diagnostic.killReason else {
                    result.summary.diagnostics.append(
                        JoinedDiagnostic(
                            file: file.path, index: diagnostic.index, pid: pid, log: session.file, session: session.session,
                            kind: diagnostic.kind.name, hangDuration: diagnostic.hangDuration,
                            launchDuration: diagnostic.launchDuration))
                    continue
                }
                var report = CrashReport(
                    path: file.path, pid: pid, bundle: diagnostic.bundleIdentifier, time: session.ended, reason: reason,
                    summary: diagnostic.terminationReason ?? diagnostic.exceptionText ?? reason,
                    origin: .metrickit(index: diagnostic.index, log: session.file))
                // No time: it ends exactly the session it joined (TimedEvidence), however that ended.
                report.session = session.session
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
