import LCTraceCore

/// The `html` format: one self-contained page for people: the summary, a findings table that
/// filters by rule, severity, file and text, and an SVG timeline per session.
///
/// Self-contained: inline CSS and JavaScript, the system font stack, no request to anything
/// (a `Content-Security-Policy` of `default-src 'none'` makes sure). The findings live in a
/// JSON data block (`<script type="application/json" id="lctrace-data">`) from which the
/// table renders ``pageSize`` rows at a time, so a log with 100,000 findings stays usable.
/// Timelines are drawn in Swift as inline SVG (they need no script), for at most
/// ``maxSessions`` sessions, those with the most findings first; markers that would overlap
/// are merged into one (`<title>` lists them). Everything from a log is escaped: HTML text and
/// attributes, and `<`, `>`, `&` as `\u003C` … inside the JSON block, so no string can close
/// the `<script>` element.
///
/// Timelines need ``FileResult/timeline`` (the pipeline collects it for `--format html`);
/// without it the page has the summary and the table only. Deterministic: no dates, no
/// randomness, the same run gives the same bytes.
public struct HTMLReporter: Reporter {
    /// `html`.
    public static let format = ReportFormat.html

    /// Rows per page of the findings table.
    public static let pageSize = 500
    /// Sessions drawn at most (the worst first).
    public static let maxSessions = 40
    /// The id of the JSON data block.
    public static let dataBlockID = "lctrace-data"

    /// The options (none affect this format).
    public var options: ReportOptions

    /// Creates a reporter.
    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// Writes the page.
    public func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output) {
        let summary = run.summary
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <meta name="generator" content="lctrace \(Self.attribute(run.toolVersion))">
            <title>lctrace report: \(Self.text(Self.title(run)))</title>
            <style>\(Self.css)</style>
            </head>
            <body>
            <header class="top">
            <h1>lctrace report</h1>
            <p class="sub">\(Self.text(Self.title(run))) · lctrace \(Self.text(run.toolVersion))</p>
            </header>
            <main>

            """
        page += Self.summarySection(run, summary)
        page += Self.ownersSection(run)
        page += Self.findingsSection(run, summary)
        page += Self.timelineSection(run)
        page += "</main>\n"
        page += "<script type=\"application/json\" id=\"\(Self.dataBlockID)\">"
        page += Self.scriptSafe(JSONWriter.string(Self.data(run), pretty: false))
        page += "</script>\n<script>\(Self.javascript)</script>\n</body>\n</html>\n"
        output.write(page)
    }

    /// `3 files`, or the file's name when there is one.
    static func title(_ run: RunReport) -> String {
        if run.files.count == 1 && run.unreadable.isEmpty { return run.files[0].path }
        return ReportText.count(run.files.count + run.unreadable.count, "file")
    }

    // MARK: - Summary

    static func summarySection(_ run: RunReport, _ s: RunSummary) -> String {
        var html = "<section id=\"summary\" aria-label=\"Summary\">\n<div class=\"cards\">\n"
        let cards: [(String, Int, String)] = [
            ("files", s.files, ""), ("events", s.events, ""), ("sessions", s.sessions, ""),
            ("errors", s.errors, s.errors > 0 ? " error" : ""), ("warnings", s.warnings, s.warnings > 0 ? " warning" : ""),
            ("notes", s.notes, s.notes > 0 ? " note" : ""),
        ]
        for (label, value, kind) in cards {
            html += "<div class=\"card\(kind)\" id=\"sum-\(label)\"><b>\(ReportText.grouped(value))</b><span>\(label)</span></div>\n"
        }
        if !run.unreadable.isEmpty {
            html += "<div class=\"card error\" id=\"sum-unreadable\"><b>\(ReportText.grouped(run.unreadable.count))</b><span>unreadable</span></div>\n"
        }
        html += "</div>\n"
        html += "<p class=\"exits\">Sessions by exit class: "
        html += ExitClass.allCases.map { exit in
            "<span class=\"exit exit-\(exit.name)\">\(exit.name) <b>\(ReportText.grouped(s.exitClasses[exit] ?? 0))</b></span>"
        }.joined(separator: " ")
        html += "</p>\n"
        let open = run.files.count + run.unreadable.count <= 12 ? " open" : ""
        html += "<details class=\"files\"\(open)><summary>\(ReportText.count(run.files.count + run.unreadable.count, "file"))</summary>\n"
        html +=
            "<table class=\"files\"><thead><tr><th>file</th><th class=\"n\">events</th><th class=\"n\">sessions</th><th class=\"n\">errors</th><th class=\"n\">warnings</th><th class=\"n\">notes</th></tr></thead><tbody>\n"
        for file in run.files {
            html += "<tr><td class=\"path\">\(text(file.path))</td><td class=\"n\">\(ReportText.grouped(file.events))</td>"
            html += "<td class=\"n\">\(ReportText.grouped(file.sessions))</td>"
            for severity in [Severity.error, .warning, .note] {
                let n = file.count(severity)
                html += "<td class=\"n\(n > 0 ? " " + severity.name : "")\">\(ReportText.grouped(n))</td>"
            }
            html += "</tr>\n"
        }
        for u in run.unreadable {
            html += "<tr class=\"unreadable\"><td class=\"path\">\(text(u.path))</td><td colspan=\"5\">unreadable: \(text(u.reason))</td></tr>\n"
        }
        html += "</tbody></table>\n</details>\n</section>\n"
        return html
    }

    // MARK: - Findings table

    static func findingsSection(_ run: RunReport, _ s: RunSummary) -> String {
        let total = s.errors + s.warnings + s.notes
        return """
            <section id="findings" aria-label="Findings">
            <h2>Findings <small>\(ReportText.grouped(total))</small></h2>
            <form class="filters" id="filters" onsubmit="return false">
            <label>Rule <select id="f-rule"><option value="">all rules</option></select></label>
            <label>Severity <select id="f-severity"><option value="">all severities</option></select></label>
            <label>File <select id="f-file"><option value="">all files</option></select></label>
            <label class="grow">Search <input id="f-search" type="search" placeholder="message, event, state, pid, line…" autocomplete="off"></label>
            <button type="button" id="f-clear">Clear</button>
            </form>
            <p class="count" id="count" aria-live="polite">\(total == 0 ? "No findings." : ReportText.count(total, "finding"))</p>
            <noscript><p class="note">The table needs JavaScript; the summary and the timelines do not.</p></noscript>
            <div class="scroll"><table class="findings" id="findings-table">
            <thead><tr><th>severity</th><th>rule</th><th>location</th><th>time</th><th class="n">pid</th><th>subject</th><th>message</th></tr></thead>
            <tbody id="findings-body"></tbody>
            </table></div>
            <nav class="pager" id="pager" aria-label="Pages">
            <button type="button" id="first" title="first page">«</button>
            <button type="button" id="prev">‹ previous</button>
            <span id="page">page 1 of 1</span>
            <button type="button" id="next">next ›</button>
            <button type="button" id="last" title="last page">»</button>
            </nav>
            </section>

            """
    }

    /// The JSON data block: files, rules, findings as arrays
    /// `[rule, severity, file index, line, time, pid, scene, task, state, event, message]`, in file order
    /// then line order (timeline markers name a finding by its index here).
    static func data(_ run: RunReport) -> JSONValue {
        var rules: [Rule] = []
        var seen = Set<Rule>()
        for file in run.files {
            for f in file.findings where !seen.contains(f.rule) {
                seen.insert(f.rule)
                rules.append(f.rule)
            }
        }
        rules.sort()
        var rows: [JSONValue] = []
        rows.reserveCapacity(run.files.reduce(0) { $0 + $1.findings.count })
        for (i, file) in run.files.enumerated() {
            for f in file.findings {
                rows.append(
                    .array([
                        .string(f.rule.id), .string(f.severity.name), .int(i), .int(f.line), .string(f.time?.rfc3339),
                        .integer(f.pid), .string(f.scene), .string(f.task.map { task in f.owner.map { "\(task.text) (\($0))" } ?? task.text }),
                        .string(f.state), .string(f.event),
                        .string(f.message),
                    ]))
            }
        }
        return .object([
            ("version", .string(run.toolVersion)),
            ("pageSize", .int(pageSize)),
            ("files", .array(run.files.map { .string($0.path) })),
            ("rules", .array(rules.map { .array([.string($0.id), .string($0.name), .string($0.summary)]) })),
            ("findings", .array(rows)),
        ])
    }

    // MARK: - Escaping

    /// HTML text: `&`, `<`, `>` escaped, control characters other than tab and line ends dropped.
    static func text(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An attribute value (to go between double quotes): text escaping plus `"` and `'`.
    static func attribute(_ s: String) -> String {
        text(s).replacingAll("\"", with: "&quot;").replacingAll("'", with: "&#39;")
    }

    /// JSON made safe inside `<script>`: `<`, `>` and `&` only occur in strings there, where
    /// `\u003C`, `\u003E`, `\u0026` mean the same, so `</script>` and `<!--` cannot appear.
    static func scriptSafe(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003C"
            case ">": out += "\\u003E"
            case "&": out += "\\u0026"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension String {
    /// Every occurrence of `target` replaced (one character; Foundation-free).
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var out = ""
        for ch in self { if ch == target { out += replacement } else { out.append(ch) } }
        return out
    }
}
