import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReport

/// `--metrickit` on a replaying command (docs/METRICKIT.md): the crash diagnostics that join a
/// session of the replayed logs (``MetricKitJoin``) become crash reports of that session, so
/// that a second replay ends it as a crash report would and the death gains `metrickit`
/// evidence.
struct MetricKitCrashes {
    /// One crash report per joined crash diagnostic, restricted to the log of its session.
    var reports: [CrashReport] = []
    /// The counts and the other joined diagnostics (`summary.metrickit`, `diagnostics`).
    var summary = MetricKitSummary()

    /// Joins the diagnostics of `files` to the sessions of `run` (replayed with timelines).
    static func join(_ files: [MetricKitFile], run: RunReport) -> MetricKitCrashes {
        var sessions: [MetricKitSession] = []
        var sessionEnds: [Timestamp] = []
        for file in run.files {
            for track in file.timeline?.processes ?? [] {
                for session in track.sessions {
                    sessions.append(
                        MetricKitSession(
                            file: file.path, session: session.number, pid: session.pid ?? track.pid, app: track.app,
                            began: session.began, ended: session.ended))
                    sessionEnds.append(session.ended)
                }
            }
        }
        var crashes = MetricKitCrashes()
        for file in files {
            crashes.summary.payloads += file.diagnosticPayloads + file.metricPayloads
            for (diagnostic, outcome) in zip(file.diagnostics, MetricKitJoin.join(file.diagnostics, to: sessions)) {
                guard case .joined(let position) = outcome, let pid = sessions[position].pid else {
                    crashes.summary.unjoined += 1
                    continue
                }
                crashes.summary.joined += 1
                guard let reason = diagnostic.killReason else {
                    crashes.summary.diagnostics.append(
                        JoinedDiagnostic(
                            file: file.path, index: diagnostic.index, pid: pid, log: sessions[position].file,
                            session: sessions[position].session, kind: diagnostic.kind.name,
                            hangDuration: diagnostic.hangDuration, launchDuration: diagnostic.launchDuration))
                    continue
                }
                let origin = CrashReportOrigin.metrickit(index: diagnostic.index, log: sessions[position].file)
                var report = CrashReport(
                    path: file.path, pid: pid, bundle: diagnostic.bundleIdentifier, time: sessionEnds[position],
                    reason: reason, summary: diagnostic.terminationReason ?? reason, origin: origin)
                // What iOS wrote of a watchdog kill is the death's `watchdog`, as a crash report's is.
                report.watchdog = diagnostic.terminationReason.flatMap { TerminationText($0).watchdog }
                crashes.reports.append(report)
            }
        }
        return crashes
    }
}

extension EvidenceOptions {
    /// The crash reports of `--crash-report`, and with `--metrickit` one per crash diagnostic
    /// that joins a session of a first replay (`replay`, given the crash reports, must collect
    /// timelines), and what `--metrickit` gave (`nil` without it). A file that cannot be read
    /// is exit 2, the output left untouched.
    func allCrashReports(abandoning target: OutputTarget, replay: ([CrashReport]) -> RunReport) throws -> (
        reports: [CrashReport], metrickit: MetricKitSummary?
    ) {
        let reports = try CrashReports.load(crashReports, abandoning: target)
        let files: [MetricKitFile]?
        do {
            files = try metrickit.load()
        } catch {
            target.abandon()
            throw error
        }
        guard let files else { return (reports, nil) }
        let crashes = MetricKitCrashes.join(files, run: replay(reports))
        return (reports + crashes.reports, crashes.summary)
    }
}
