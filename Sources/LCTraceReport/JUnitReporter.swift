import LCTraceCore

/// The `junit` format: JUnit XML, one test case per input file, for CI test dashboards.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="lctrace" tests="3" failures="1" errors="0">
///   <testsuite name="lctrace" tests="3" failures="1" errors="0">
///     <testcase classname="lctrace" name="traces/a.jsonl">
///       <failure message="2 errors" type="lctrace">traces/a.jsonl:12: error: [LC100 …] …
/// …</failure>
///     </testcase>
///     <testcase classname="lctrace" name="traces/b.jsonl">
///       <system-out>traces/b.jsonl:7: warning: [LC103 …] …</system-out>
///     </testcase>
///   </testsuite>
/// </testsuites>
/// ```
///
/// A file fails when it has an error-severity finding; the failure text lists every
/// finding of the file (errors, warnings and notes) as compiler-style lines. A file
/// without errors passes, and its warnings and notes go to `<system-out>`. An input that
/// could not be read is a test case with an `<error>` (the JUnit meaning: the test could
/// not run) and counts in `errors`. Text is escaped for XML and characters XML 1.0
/// forbids are dropped; control characters in messages are already shown as escapes by
/// the compiler-style lines.
public struct JUnitReporter: Reporter {
    /// `junit`.
    public static let format = ReportFormat.junit

    /// The options (none affect this format).
    public var options: ReportOptions

    /// Creates a reporter.
    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// Writes the XML document, followed by a newline.
    public func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output) {
        let tests = run.files.count + run.unreadable.count
        let failures = run.files.filter { $0.count(.error) > 0 }.count
        let counts = " tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(run.unreadable.count)\""

        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"lctrace\"" + counts + ">\n"
        xml += "  <testsuite name=\"lctrace\"" + counts + ">\n"
        for file in run.files {
            xml += "    <testcase classname=\"lctrace\" name=\"" + Self.escaped(file.path, attribute: true) + "\""
            let errors = file.count(.error)
            if errors > 0 {
                xml += ">\n      <failure message=\"" + ReportText.count(errors, "error")
                xml += "\" type=\"lctrace\">" + Self.escaped(lines(file.findings), attribute: false) + "</failure>\n"
                xml += "    </testcase>\n"
            } else if !file.findings.isEmpty {
                xml += ">\n      <system-out>" + Self.escaped(lines(file.findings), attribute: false) + "</system-out>\n"
                xml += "    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        for input in run.unreadable {
            xml += "    <testcase classname=\"lctrace\" name=\"" + Self.escaped(input.path, attribute: true) + "\">\n"
            xml += "      <error message=\"" + Self.escaped(input.message, attribute: true) + "\" type=\"unreadable\"/>\n"
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        output.write(xml)
    }

    private func lines(_ findings: [Finding]) -> String {
        findings.map { TextReporter.line(for: $0) }.joined(separator: "\n")
    }

    /// `text` escaped for XML 1.0 character data or a double-quoted attribute value.
    ///
    /// `& < > " '` become entities; characters outside the XML 1.0 `Char` production
    /// (most C0 controls, U+FFFE, U+FFFF) are dropped because no escape can represent
    /// them. In attributes, tab, newline and carriage return become character references
    /// so that attribute-value normalisation does not turn them into spaces; in text, a
    /// carriage return does too, since parsers would otherwise turn it into a newline.
    static func escaped(_ text: String, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": out += "&#13;"
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += attribute ? "&#9;" : "\t"
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
