import LCTraceAppleFormats
import LCTraceCore

extension LogStats {
    /// The comparison of the `--metrickit` files' exit counters with the recordings; `nil`
    /// without `--metrickit`.
    public var metricKitComparison: MetricKitExitComparison? {
        guard let files = metricKit else { return nil }
        var counted: [MetricKitExit: Int] = [:]
        for file in files {
            for (row, count) in file.exits { counted[row, default: 0] += count }
        }
        return MetricKitExitComparison(
            payloads: files.reduce(0) { $0 + $1.metricPayloads }, counted: counted, deaths: deaths,
            normalExits: exitClasses[.normal] ?? 0, normalExitsInBackground: normalExitsInBackground,
            purges: exitClasses[.purged] ?? 0)
    }
}
