import LCTraceAppleFormats
import LCTraceCore
import LCTraceReport

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
            normalExits: exitClasses[.normal] ?? 0)
    }

    /// `{"payloads": n, "exits": [{"class", "visibility", "metrickit", "recordings", "difference"}]}`.
    static func json(_ comparison: MetricKitExitComparison) -> JSONValue {
        .object([
            ("payloads", .int(comparison.payloads)),
            (
                "exits",
                .array(
                    comparison.rows.map { row in
                        .object([
                            ("class", .string(row.exitClass.name)), ("visibility", .string(row.visibility?.rawValue)),
                            ("metrickit", .int(row.metrickit)), ("recordings", .int(row.recordings)),
                            ("difference", .int(row.difference)),
                        ])
                    })
            ),
        ])
    }

    /// The text section: one sentence per row, and the difference.
    static func text(_ comparison: MetricKitExitComparison) -> String {
        var out = "\nMetricKit exits vs recordings (" + ReportText.count(comparison.payloads, "metric payload") + "):\n"
        if comparison.rows.isEmpty { out += "  no exits on either side\n" }
        for row in comparison.rows {
            let sign = row.difference > 0 ? "+" : ""
            out += "  " + row.sentence + " (difference \(sign)\(row.difference))\n"
        }
        return out
    }
}
