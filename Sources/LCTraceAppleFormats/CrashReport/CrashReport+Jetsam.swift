import LCTraceCore
import LCTraceIngest

extension CrashReport {
    /// The `sys.kill` reason of a jetsam `reason`: `per-process-limit` stays itself (the
    /// process's own memory limit), every other (`vm-pageshortage`, `highwater`,
    /// `fc-thrashing`, …) is `jetsam`, memory pressure. SPEC §5 classes both `memory-limit`
    /// while running and `purged` while suspended.
    static func jetsamReason(_ reason: String) -> String {
        reason == "per-process-limit" ? reason : "jetsam"
    }

    /// Reads a JetsamEvent report (`bug_type` 298 in the header or the body): a one-line
    /// JSON header, then a body whose `processes` array lists every process in memory; the
    /// ones jetsam killed carry a `reason` (`per-process-limit`, `vm-pageshortage`, …) with
    /// their `pid` and `name`. Each killed process becomes one report at the body's `date`
    /// (else the header's `timestamp`), so the one the log's session matches ends it.
    ///
    /// - Returns: `nil` when the text is not a JetsamEvent report.
    /// - Throws: ``CrashReportError`` when it is one but has no readable time, no `processes`
    ///   array, or no killed process; and, as ``parse(_:path:)`` would, when text that begins
    ///   with `{` is not JSON.
    static func parseJetsamEvent(_ text: String, path: String) throws(CrashReportError) -> [CrashReport]? {
        guard let start = jsonStart(text), !isTextAfterHeader(text, from: start) else { return nil }
        let (header, body) = try jsonObjects(text, from: start, path: path)
        guard string(header["bug_type"]) == "298" || string(body["bug_type"]) == "298" else { return nil }
        return try jetsamReports(header: header, body: body, path: path)
    }

    /// The killed processes of a JetsamEvent report's body.
    private static func jetsamReports(header: JSONNode, body: JSONNode, path: String)
        throws(CrashReportError) -> [CrashReport]
    {
        guard let processes = body["processes"]?.elements else {
            throw CrashReportError(
                path: path, message: "expected a 'processes' array in the body of the JetsamEvent report (bug_type 298)")
        }
        guard let timeText = string(body["date"]) ?? string(header["timestamp"]) else {
            throw CrashReportError(
                path: path, message: "expected 'date' or 'timestamp' (\(CrashReportTime.example)) in the JetsamEvent report")
        }
        guard let time = CrashReportTime.parse(Substring(timeText)) else {
            throw CrashReportError(
                path: path, message: "expected 'date' as \(CrashReportTime.example), found '\(timeText)'")
        }
        var reports: [CrashReport] = []
        for entry in processes where entry.members != nil {
            guard let why = string(entry["reason"]), let pid = integer(entry["pid"]) else { continue }
            var report = CrashReport(
                path: path, pid: pid, process: string(entry["name"]), time: time, reason: jetsamReason(why),
                summary: "JetsamEvent " + why, origin: .jetsamEvent)
            // What an entry alone says (SPEC §10): `frontmost` is foreground, else background;
            // a `suspended` entry was not running; a daemon is not an app.
            let states = (entry["states"]?.elements ?? []).compactMap { string($0) }
            report.role = states.contains("frontmost") ? "Foreground" : "Background"
            if states.contains("suspended") { report.processState = "Suspended" }
            report.isDaemon = states.contains("daemon")
            report.os = (string(header["os_version"]) ?? string(body["build"])).flatMap(osNumber)
            reports.append(report)
        }
        guard !reports.isEmpty else {
            throw CrashReportError(
                path: path,
                message:
                    "expected a killed process (one with 'reason' and 'pid') in 'processes' of the JetsamEvent report (bug_type 298)"
            )
        }
        return reports
    }
}
