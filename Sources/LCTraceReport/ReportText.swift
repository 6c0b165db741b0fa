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
        var line = "lctrace: " + count(s.files, "file") + ", " + count(s.events, "event") + ", "
            + count(s.sessions, "session") + ": " + count(s.errors, "error") + ", "
            + count(s.warnings, "warning") + ", " + count(s.notes, "note")
        if !run.unreadable.isEmpty {
            line += ", " + grouped(run.unreadable.count) + " unreadable"
        }
        return line
    }

    /// `[LC100 illegal-transition]`.
    static func ruleTag(_ rule: Rule) -> String {
        "[" + rule.id + " " + rule.name + "]"
    }

    /// `text` made safe for one line of a terminal: control characters (C0, DEL, C1)
    /// become visible escapes (`\n`, `\t`, `\u001B`, …) so that a log cannot break the
    /// one-line-per-finding layout or send escape sequences to the user's terminal.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || FilePathText.byte(for: $0) != nil }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where FilePathText.byte(for: scalar) != nil:
                let hex = String(FilePathText.byte(for: scalar)!, radix: 16, uppercase: true)
                out += "\\x" + hex
            case _ where isControl(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
