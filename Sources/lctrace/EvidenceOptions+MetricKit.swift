import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReport

extension EvidenceOptions {
    /// The crash reports of `--crash-report` and the files of `--metrickit` (`nil` without it),
    /// read before anything is replayed: the replay joins them all through the one join. A
    /// file that cannot be read is exit 2, the output left untouched.
    func loaded(abandoning target: OutputTarget) throws -> (reports: [CrashReport], metricKit: [MetricKitFile]?) {
        let reports = try CrashReports.load(crashReports, abandoning: target)
        return (reports, try metrickit.loaded(abandoning: target))
    }
}
