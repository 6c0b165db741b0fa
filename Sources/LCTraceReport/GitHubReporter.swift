import LCTraceCore

/// The `github` format: GitHub Actions workflow commands that become annotations on the
/// pull request, plus an optional Markdown job summary.
///
/// ```
/// ::error file=traces/a.jsonl,line=12,title=LC100 illegal-transition::'app.didBecomeActive' in …
/// lctrace: 23 more errors, 4 more warnings not annotated (GitHub shows 10 per type per step); see the full report
/// lctrace: 2 files, 1,234 events, 12 sessions: 33 errors, 14 warnings, 0 notes
/// ```
///
/// GitHub shows at most ``annotationsPerType`` annotations of each type per step (and 50
/// per job) and silently drops the rest, so the findings are ranked (errors first, then
/// rule id, then file in run order, then line) and only the first ten of each type are
/// printed; a plain line then says how many were left out. The summary line follows.
/// Paths are made relative to `options.workingDirectory` (GitHub resolves them against
/// the checkout); findings on standard input carry no `file`/`line`.
///
/// When `options.githubStepSummaryPath` is set (the CLI passes `GITHUB_STEP_SUMMARY`),
/// ``stepSummary(for:)`` is appended to that file. If that fails, a `::warning::` saying
/// so is printed instead: the report itself must not be lost for a summary.
public struct GitHubReporter: Reporter {
    /// `github`.
    public static let format = ReportFormat.github

    /// The number of annotations of one type GitHub displays per step.
    public static let annotationsPerType = 10

    /// Rows in the step summary's per-file and worst-of tables before they are cut.
    static let tableRowLimit = 50
    static let worstLimit = 5

    /// The options; `workingDirectory` and `githubStepSummaryPath` are used.
    public var options: ReportOptions

    /// Creates a reporter.
    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// Writes the annotations, the left-out line (when needed) and the summary line, and
    /// appends the step summary when a path is set.
    public func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output) {
        var shown: [Severity: Int] = [:]
        var leftOut: [Severity: Int] = [:]
        for finding in Self.ranked(run) {
            if shown[finding.severity, default: 0] < Self.annotationsPerType {
                shown[finding.severity, default: 0] += 1
                output.write(annotation(for: finding))
                output.write("\n")
            } else {
                leftOut[finding.severity, default: 0] += 1
            }
        }
        if !leftOut.isEmpty {
            let parts = Severity.allCases.reversed().compactMap { severity -> String? in
                guard let n = leftOut[severity] else { return nil }
                return ReportText.grouped(n) + " more " + (n == 1 ? severity.name : severity.name + "s")
            }
            output.write(
                "lctrace: " + parts.joined(separator: ", ")
                    + " not annotated (GitHub shows \(Self.annotationsPerType) per type per step); see the full report\n")
        }
        output.write(ReportText.summaryLine(run) + "\n")

        if let path = options.githubStepSummaryPath {
            do {
                try OutputFile.append(stepSummary(for: run), toPath: path)
            } catch let error as OutputFileError {
                output.write("::warning title=lctrace::" + Self.escapedMessage(error.message) + "\n")
            } catch {
                output.write("::warning title=lctrace::" + Self.escapedMessage("Unable to write \(PrintableText.quoted(path)): \(error).") + "\n")
            }
        }
    }

    /// One workflow command, e.g. `::error file=a.jsonl,line=3,title=LC100 illegal-transition::…`.
    public func annotation(for finding: Finding) -> String {
        var properties: [String] = []
        if finding.file != ArtifactPath.standardInput {
            properties.append("file=" + Self.escapedProperty(ArtifactPath.relative(finding.file, to: options.workingDirectory)))
            properties.append("line=" + String(max(1, finding.line)))
        }
        properties.append("title=" + Self.escapedProperty(finding.rule.id + " " + finding.rule.name))
        return "::" + Self.command(for: finding.severity) + " " + properties.joined(separator: ",") + "::"
            + Self.escapedMessage(ReportText.message(of: finding))
    }

    /// `error`, `warning` or `notice` (GitHub's name for a note).
    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "notice"
        }
    }

    /// The findings in annotation order: severity (highest first), rule id, file (run
    /// order), line; ties keep their report order.
    static func ranked(_ run: RunReport) -> [Finding] {
        var keyed: [(finding: Finding, file: Int, position: Int)] = []
        for (fileIndex, file) in run.files.enumerated() {
            for finding in file.findings { keyed.append((finding, fileIndex, keyed.count)) }
        }
        keyed.sort { a, b in
            if a.finding.severity != b.finding.severity { return a.finding.severity > b.finding.severity }
            if a.finding.rule != b.finding.rule { return a.finding.rule < b.finding.rule }
            if a.file != b.file { return a.file < b.file }
            if a.finding.line != b.finding.line { return a.finding.line < b.finding.line }
            return a.position < b.position
        }
        return keyed.map(\.finding)
    }

    /// A message with GitHub's data escaping: `%`, CR and LF. Other control characters
    /// become visible escapes so a log cannot smuggle terminal sequences into the job log.
    static func escapedMessage(_ text: String) -> String {
        escaped(text, alsoEscape: [])
    }

    /// A property value: the message escaping plus `:` and `,`, which delimit properties.
    static func escapedProperty(_ text: String) -> String {
        escaped(text, alsoEscape: [":", ","])
    }

    private static func escaped(_ text: String, alsoEscape: Set<Unicode.Scalar>) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where alsoEscape.contains(":"): out += "%3A"
            case "," where alsoEscape.contains(","): out += "%2C"
            default: out += ReportText.printable(String(scalar))
            }
        }
        return out
    }
}
