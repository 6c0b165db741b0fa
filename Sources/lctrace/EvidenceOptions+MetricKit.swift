import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReport

extension EvidenceOptions {
    /// The crash reports of `--crash-report`, and with `--metrickit` one per crash diagnostic
    /// that joins a session of a first replay (``MetricKitReplay``; `replay`, given the crash
    /// reports, must collect timelines), and what `--metrickit` gave (`nil` without it). A
    /// file that cannot be read is exit 2, the output left untouched.
    func allCrashReports(abandoning target: OutputTarget, replay: ([CrashReport]) -> RunReport) throws -> (
        reports: [CrashReport], metrickit: MetricKitSummary?
    ) {
        let reports = try CrashReports.load(crashReports, abandoning: target)
        let joined = try metrickit.join(abandoning: target) { replay(reports) }
        return (reports + (joined?.reports ?? []), joined?.summary)
    }
}
