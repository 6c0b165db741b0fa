import LCTraceCore

/// Wording shared by the human-readable reports (text, JUnit, GitHub, the audit summary).
public enum ReportText {
    /// `1,234`: decimal digits grouped by three with commas (locale-independent, so
    /// reports are reproducible everywhere).
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = value < 0 ? "-" : ""
        for (i, ch) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(ch)
        }
        return out
    }

    /// `1 error`, `2 errors`, `1,234 events`.
    public static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        grouped(value) + " " + (value == 1 ? singular : plural ?? singular + "s")
    }

    /// `lctrace: 2 files, 1,234 events, 12 sessions: 3 errors, 1 warning, 0 notes[, 1 unreadable]`.
    /// `text` followed by spaces up to `width` characters (at least one space after it), for columns.
    public static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// `text` preceded by spaces up to `width` characters (at least one space before it), for
    /// right-aligned number columns.
    public static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? " " + text : String(repeating: " ", count: width - text.count) + text
    }

    static func summaryLine(_ run: RunReport) -> String {
        let s = run.summary
        var line =
            "lctrace: " + count(s.files, "file") + ", " + count(s.events, "event") + ", "
            + count(s.sessions, "session") + ": " + count(s.errors, "error") + ", "
            + count(s.warnings, "warning") + ", " + count(s.notes, "note")
        if !run.unreadable.isEmpty {
            line += ", " + grouped(run.unreadable.count) + " unreadable"
        }
        if let m = run.metrickit {
            line += "; MetricKit: " + count(m.payloads, "payload") + ", " + grouped(m.joined) + " joined, " + grouped(m.unjoined) + " unjoined"
        }
        return line
    }

    /// A finding's message as the line formats print it, with the owner of its task after it
    /// where one is known: `task '7' … not ended before 'sys.suspend' (owner: OneSignal)`.
    static func message(of finding: Finding) -> String {
        guard let owner = finding.owner else { return finding.message }
        return finding.message + " (owner: " + owner + ")"
    }

    /// `[LC100 illegal-transition]`.
    static func ruleTag(_ rule: Rule) -> String {
        "[" + rule.id + " " + rule.name + "]"
    }

    /// `text` made safe for one line of a terminal (``PrintableText``).
    public static func printable(_ text: String) -> String { PrintableText.printable(text) }
}
