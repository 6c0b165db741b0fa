import LCTraceCore

extension GitHubReporter {
    /// The Markdown job summary: totals, findings by rule, findings by file, the worst
    /// files and the worst sessions, and sessions by exit class.
    ///
    /// A finding counts for the session the replay engine stamped on it (``Finding/session``),
    /// the same one the audit's worst sessions and the HTML timelines count it for; findings
    /// of no session (a malformed line, a cut) count for their file only. Long tables are
    /// cut with a "… more" row because GitHub limits a step summary to 1 MiB.
    public func stepSummary(for run: RunReport) -> String {
        let s = run.summary
        var md = "## lctrace\n\n"
        md += "| Files | Events | Sessions | Errors | Warnings | Notes | Unreadable |\n"
        md += "| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        md +=
            "| "
            + [s.files, s.events, s.sessions, s.errors, s.warnings, s.notes, run.unreadable.count]
            .map(ReportText.grouped).joined(separator: " | ") + " |\n\n"

        let findings = run.files.flatMap(\.findings)
        if findings.isEmpty {
            md += "No findings.\n"
        } else {
            md += byRule(findings)
            md += byFile(run)
            md += worstFiles(run)
            md += worstSessions(run)
        }
        if !run.unreadable.isEmpty {
            md += "\n### Unreadable inputs\n\n"
            for input in run.unreadable { md += "- " + Self.markdown(input.message) + "\n" }
        }
        md += "\n### Sessions by exit class\n\n| Exit class | Sessions |\n| --- | ---: |\n"
        for exit in ExitClass.allCases {
            md += "| " + exit.name + " | " + ReportText.grouped(s.exitClasses[exit] ?? 0) + " |\n"
        }
        return md
    }

    private func byRule(_ findings: [Finding]) -> String {
        // The severity shown is the findings' own (a configuration may have changed the rule's).
        var counts: [Rule: (findings: Int, files: Set<String>, severity: Severity)] = [:]
        for f in findings {
            counts[f.rule, default: (0, [], f.severity)].findings += 1
            counts[f.rule, default: (0, [], f.severity)].files.insert(f.file)
            counts[f.rule]!.severity = max(counts[f.rule]!.severity, f.severity)
        }
        var md = "### Findings by rule\n\n| Rule | Name | Severity | Findings | Files |\n| --- | --- | --- | ---: | ---: |\n"
        let rules = counts.keys.sorted { a, b in
            let sa = counts[a]!.severity, sb = counts[b]!.severity
            return sa != sb ? sa > sb : a < b
        }
        for rule in rules {
            let c = counts[rule]!
            md +=
                "| [" + rule.id + "](" + ProjectLinks.help(for: rule) + ") | " + rule.name + " | "
                + c.severity.name + " | " + ReportText.grouped(c.findings) + " | "
                + ReportText.grouped(c.files.count) + " |\n"
        }
        return md
    }

    private func byFile(_ run: RunReport) -> String {
        let files = run.files.filter { !$0.findings.isEmpty }
        var md = "\n### Findings by file\n\n| File | Errors | Warnings | Notes | Events | Sessions |\n"
        md += "| --- | ---: | ---: | ---: | ---: | ---: |\n"
        for file in files.prefix(Self.tableRowLimit) {
            md +=
                "| " + path(file.path) + " | "
                + [file.count(.error), file.count(.warning), file.count(.note), file.events, file.sessions]
                .map(ReportText.grouped).joined(separator: " | ") + " |\n"
        }
        if files.count > Self.tableRowLimit {
            md += "| … " + ReportText.count(files.count - Self.tableRowLimit, "more file") + " | | | | | |\n"
        }
        let clean = run.files.count - files.count
        if clean > 0 { md += "\n" + ReportText.count(clean, "file") + " without findings.\n" }
        return md
    }

    private func worstFiles(_ run: RunReport) -> String {
        let ranked = run.files.enumerated().filter { !$0.element.findings.isEmpty }.sorted { a, b in
            let ka = [a.element.count(.error), a.element.count(.warning), a.element.count(.note)]
            let kb = [b.element.count(.error), b.element.count(.warning), b.element.count(.note)]
            return ka != kb ? ka.lexicographicallyPrecedes(kb, by: >) : a.offset < b.offset
        }
        var md = "\n### Worst files\n\n| File | Errors | Warnings | Notes | First worst finding |\n"
        md += "| --- | ---: | ---: | ---: | --- |\n"
        for (_, file) in ranked.prefix(Self.worstLimit) {
            let worst = file.findings.max { a, b in a.severity < b.severity || (a.severity == b.severity && a.line > b.line) }!
            md +=
                "| " + path(file.path) + " | " + ReportText.grouped(file.count(.error)) + " | "
                + ReportText.grouped(file.count(.warning)) + " | " + ReportText.grouped(file.count(.note)) + " | "
                + Self.markdown("line \(worst.line): \(worst.rule.id) \(worst.rule.name): \(worst.message)") + " |\n"
        }
        return md
    }

    private func worstSessions(_ run: RunReport) -> String {
        struct Session {
            var path: String
            var number: Int
            var pid: Int64?
            var counts: [Int] = [0, 0, 0]  // errors, warnings, notes
            var exit: ExitClass?
        }
        var sessions: [Session] = []
        for file in run.files {
            var index: [Int: Int] = [:]
            for finding in file.findings {
                guard let number = finding.session else { continue }
                let i: Int
                if let known = index[number] {
                    i = known
                } else {
                    i = sessions.count
                    index[number] = i
                    sessions.append(Session(path: file.path, number: number, pid: finding.pid))
                }
                sessions[i].counts[2 - finding.severity.rawValue] += 1
                // The session's own class, as `audit` shows it; a finding's where none is known.
                if let exit = file.sessionExits[number] ?? finding.exitClass { sessions[i].exit = exit }
            }
        }
        guard !sessions.isEmpty else { return "" }
        // The one worst-first order (SessionRank), as the audit and the HTML report rank them.
        func rank(_ s: Session) -> SessionRank {
            SessionRank(errors: s.counts[0], warnings: s.counts[1], notes: s.counts[2], file: s.path, session: s.number)
        }
        let ranked = sessions.sorted { rank($0).isWorse(than: rank($1)) }
        var md = "\n### Worst sessions\n\n| File | Session | PID | Errors | Warnings | Notes | Exit |\n"
        md += "| --- | ---: | ---: | ---: | ---: | ---: | --- |\n"
        for session in ranked.prefix(Self.worstLimit) {
            md +=
                "| " + path(session.path) + " | " + String(session.number) + " | "
                + (session.pid.map { String($0) } ?? "") + " | "
                + session.counts.map(ReportText.grouped).joined(separator: " | ") + " | "
                + (session.exit?.name ?? "") + " |\n"
        }
        return md
    }

    private func path(_ path: String) -> String {
        Self.markdown(path == ArtifactPath.standardInput ? path : ArtifactPath.relative(path, to: options.workingDirectory))
    }

    /// `text` safe inside a Markdown table cell: control characters shown as escapes,
    /// Markdown punctuation backslash-escaped, `& < >` as entities (GitHub's sanitiser
    /// would otherwise eat what looks like HTML).
    static func markdown(_ text: String) -> String {
        var out = ""
        for ch in ReportText.printable(text) {
            switch ch {
            // Inside a table cell nothing is at the start of a line, so only inline
            // syntax needs escaping: emphasis, code, links and the cell separator.
            case "\\", "`", "*", "_", "[", "]", "|", "~":
                out += "\\" + String(ch)
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(ch)
            }
        }
        return out
    }
}
