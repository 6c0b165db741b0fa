import LCTraceCore

/// The reports of `lctrace stats`: its `json` document and its `text` table, rendered from a
/// ``StatsSummary`` like every other report is from what the run produced.
public enum StatsReporter {
    /// The `json` document.
    public static func json(_ stats: StatsSummary, toolVersion: String) -> String {
        func dist(_ d: DurationStats) -> JSONValue {
            .object([
                ("count", .int(d.count)), ("p50_ns", .integer(d.p50)), ("p95_ns", .integer(d.p95)),
                ("max_ns", .integer(d.max)),
            ])
        }
        var members: [(key: String, value: JSONValue)] = [
            ("tool", JSONReporter.tool(version: toolVersion)),
            ("files", .int(stats.files)),
            ("unreadable", .int(stats.unreadable)),
            ("events", .int(stats.events)),
            ("sessions", .int(stats.sessions)),
            ("exits", JSONReporter.exits(stats.exitClasses)),
            ("percentile", .string("nearest-rank")),
            ("time_in_state_ns", .object(stats.timeInState.map { ($0.state, .integer($0.nanoseconds)) })),
            (
                "durations",
                .object([
                    ("session", dist(stats.session)), ("handler", dist(stats.handler)), ("resume", dist(stats.resume)),
                    ("bgtask", dist(stats.bgtask)),
                ])
            ),
            ("handlers", .object(stats.handlers.map { ($0.event, dist($0.stats)) })),
            (
                "findings",
                .object([
                    ("errors", .int(stats.findings.errors)), ("warnings", .int(stats.findings.warnings)),
                    ("notes", .int(stats.findings.notes)),
                ])
            ),
        ]
        if let comparison = stats.metricKit { members.append((key: "metrickit", value: comparison.json)) }
        return JSONWriter.string(.object(members), pretty: true) + "\n"
    }

    /// The `text` report.
    public static func text(_ stats: StatsSummary) -> String {
        var out =
            "lctrace stats: " + ReportText.count(stats.files, "file")
            + (stats.unreadable > 0 ? " (" + ReportText.grouped(stats.unreadable) + " unreadable)" : "") + ", " + ReportText.count(stats.events, "event") + ", "
            + ReportText.count(stats.sessions, "session") + "\n"
        out += "\nSessions by exit class:\n"
        for c in ExitClass.allCases {
            out += "  " + ReportText.pad(c.name, 16) + ReportText.grouped(stats.exitClasses[c] ?? 0) + "\n"
        }
        let total = stats.timeInState.reduce(Int64(0)) { $0 + $1.nanoseconds }
        out += "\nTime in state:\n"
        for (name, ns) in stats.timeInState {
            let share = total > 0 ? Double(ns) / Double(total) * 100 : 0
            let shareText = String(Int((share * 10).rounded()))
            let pct = shareText.count > 1 ? String(shareText.dropLast()) + "." + String(shareText.suffix(1)) : "0." + shareText
            out += "  " + ReportText.pad(name, 16) + ReportText.leftPad(DurationText.clock(ns), 14) + ReportText.leftPad(pct + "%", 8) + "\n"
        }
        out += "\nDurations (nearest-rank percentiles):\n"
        out +=
            "  " + ReportText.pad("", 40) + ReportText.leftPad("count", 8) + ReportText.leftPad("p50", 14) + ReportText.leftPad("p95", 14)
            + ReportText.leftPad("max", 14) + "\n"
        var rows: [(String, DurationStats)] = [
            ("session", stats.session), ("resume", stats.resume), ("bgtask", stats.bgtask), ("handler (all)", stats.handler),
        ]
        rows += stats.handlers.map { ("handler " + $0.event, $0.stats) }
        for (name, d) in rows {
            out +=
                "  " + ReportText.pad(name, 40) + ReportText.leftPad(ReportText.grouped(d.count), 8)
                + ReportText.leftPad(d.p50.map(DurationText.clock) ?? "-", 14) + ReportText.leftPad(d.p95.map(DurationText.clock) ?? "-", 14)
                + ReportText.leftPad(d.max.map(DurationText.clock) ?? "-", 14) + "\n"
        }
        if let comparison = stats.metricKit { out += comparison.text }
        return out
    }
}
