import LCTraceCore

extension MetricKitExitComparison {
    /// `{"payloads": n, "exits": [{"class", "visibility", "metrickit", "recordings", "difference"}]}`
    /// (SPEC §8): the one writer of the comparison, for `stats` and `audit`.
    public var json: JSONValue {
        .object([
            ("payloads", .int(payloads)),
            (
                "exits",
                .array(
                    // No metric payload: nothing to compare, no rows (as the text says).
                    (payloads > 0 ? rows : []).map { row in
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
    public var text: String {
        // Diagnostics only: no counters to set beside the recordings (every row would be 0
        // against the recordings, a negative difference that says nothing).
        guard payloads > 0 else { return "\nMetricKit exits vs recordings: no metric payload given, nothing to compare\n" }
        var out = "\nMetricKit exits vs recordings (" + ReportText.count(payloads, "metric payload") + "):\n"
        if rows.isEmpty { out += "  no exits on either side\n" }
        for row in rows {
            let sign = row.difference > 0 ? "+" : ""
            out += "  " + row.sentence + " (difference \(sign)\(row.difference))\n"
        }
        return out
    }
}
