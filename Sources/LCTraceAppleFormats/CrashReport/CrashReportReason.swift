import LCTraceCore

/// How a crash report's termination fields become a `sys.kill` reason (SPEC §5): the
/// termination code of a system namespace (FRONTBOARD, RUNNINGBOARD, SPRINGBOARD,
/// ASSERTIOND, …) as `0x…` hexadecimal, `jetsam` for the JETSAM namespace, `crash` for a
/// signal or an exception without a termination code, and `watchdog` for a report that
/// names a watchdog transgression but gives no code.
struct CrashReportReason {
    /// The termination namespace (`FRONTBOARD`), upper-cased; `nil` when absent.
    var namespace: String?
    /// The termination code, when given.
    var code: UInt64?
    /// The termination text (description, reasons, indicator) joined.
    var text: String = ""
    /// The exception type (`EXC_CRASH`), when given.
    var exception: String?

    /// The reason and a summary for messages; `nil` when the report names no termination
    /// and no exception.
    var resolved: (reason: String, summary: String)? {
        let words = [namespace, code.map { "0x" + String($0, radix: 16) }].compactMap { $0 }
        let summary = words.isEmpty ? (exception ?? "") : words.joined(separator: " ")
        switch namespace {
        case "SIGNAL", "EXC_RESOURCE", "DYLD", "CODESIGNING", "LIBSYSTEM", "OBJC", "SPRINGBOARD_CRASH":
            return ("crash", summary)
        case "JETSAM", "MEMORYSTATUS":
            return ("jetsam", summary)
        default:
            break
        }
        // iOS 12 wrote an assertion timeout under 0x8badf00d: the words decide (SPEC §8).
        if TerminationText(text).assertionTimeout { return ("bgtask-timeout", summary.isEmpty ? "bgtask-timeout" : summary) }
        if let code, namespace != nil { return ("0x" + String(code, radix: 16), summary) }
        if text.lowercased().contains("watchdog transgression") {
            return ("watchdog", summary.isEmpty ? "watchdog" : summary)
        }
        if exception != nil || namespace != nil { return ("crash", summary) }
        return nil
    }

    /// What the termination text says of a watchdog kill (``TerminationText``).
    var watchdog: WatchdogDetails? { TerminationText(text).watchdog }

    /// The report of either form, once its fields are read: its reason and summary (with the
    /// watchdog's details), or an error saying what was missing (`expected`).
    func report(
        path: String, pid: Int64, process: String?, bundle: String?, time: Timestamp, expected: String
    ) throws(CrashReportError) -> CrashReport {
        guard let (why, summary) = resolved else { throw CrashReportError(path: path, message: expected) }
        var report = CrashReport(path: path, pid: pid, process: process, bundle: bundle, time: time, reason: why, summary: summary)
        report.watchdog = watchdog
        return report
    }

    /// Reads a code written as `0x8badf00d`, `0x8BADF00D` or decimal `2343432205`.
    static func code(_ text: Substring) -> UInt64? {
        let t = trimmed(text, of: ",;")
        if t.hasPrefix("0x") || t.hasPrefix("0X") { return UInt64(t.dropFirst(2), radix: 16) }
        return UInt64(t)
    }

    /// The text without the given characters at either end.
    static func trimmed(_ text: Substring, of set: String) -> Substring {
        var s = text
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return s
    }
}
