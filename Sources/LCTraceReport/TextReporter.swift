import LCTraceCore

/// The default format: compiler-style lines, then one summary line.
///
/// ```
/// traces/a.jsonl:12: error: [LC100 illegal-transition] 'app.didBecomeActive' in 'background': …
/// Deaths:
/// traces/a.jsonl:40: death: watchdog (foreground), pid 7: killed by the watchdog in the foreground (LC200 at line 31)
/// lctrace: 2 files, 1,234 events, 12 sessions: 3 errors, 1 warning, 0 notes
/// ```
///
/// Files appear in run order and findings in their order within a file; the deaths of the
/// run (SPEC §8) follow in a "Deaths:" section, absent when nothing died. Unreadable
/// inputs are not listed (the CLI prints them to standard error) but are counted in the
/// summary line. Control characters in paths and messages are shown as escapes, so
/// every finding is exactly one line.
public struct TextReporter: Reporter {
    /// `text`.
    public static let format = ReportFormat.text

    /// The options; only `colour` is used.
    public var options: ReportOptions

    /// Creates a reporter.
    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// Writes one line per finding and the summary line.
    public func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output) {
        for file in run.files {
            for finding in file.findings {
                output.write(Self.line(for: finding, colour: options.colour))
                output.write("\n")
            }
        }
        let deaths = run.files.flatMap(\.deaths)
        if !deaths.isEmpty {
            output.write("Deaths:\n")
            for death in deaths {
                output.write(Self.line(for: death))
                output.write("\n")
            }
            if let cut = Self.omittedLine(run.summary.deathsOmitted) { output.write(cut + "\n") }
        }
        output.write(Self.summaryLine(for: run))
        output.write("\n")
    }

    /// What is said of deaths not listed (a file lists its first 1,000; every one is counted):
    /// `nil` when none was cut.
    public static func omittedLine(_ count: Int) -> String? {
        guard count > 0 else { return nil }
        return "\(ReportText.grouped(count)) more death\(count == 1 ? "" : "s") not listed: a file lists its first "
            + "\(ReportText.grouped(FileResult.maximumDeathsListed)) (the counts include every death)"
    }

    /// One death as `path:line: death: class (visibility), pid N: message` (no newline; no
    /// brackets, which scripts read as a finding's rule).
    public static func line(for death: Death) -> String {
        let who = death.pid.map { "pid \($0)" } ?? "no pid"
        return
            "\(ReportText.printable(death.file)):\(death.line): death: \(death.exitClass.name) (\(death.visibility.rawValue)), \(who): \(ReportText.printable(death.message))"
    }

    /// The run's summary line, e.g.
    /// `lctrace: 2 files, 1,234 events, 12 sessions: 3 errors, 1 warning, 0 notes`, with
    /// `, N unreadable` appended when some input could not be read (no newline).
    public static func summaryLine(for run: RunReport) -> String {
        ReportText.summaryLine(run)
    }

    /// One finding as `path:line: severity: [LC100 illegal-transition] message` (no newline).
    ///
    /// - Parameters:
    ///   - finding: The finding.
    ///   - colour: Whether to add ANSI colour: a bold location and the severity in red
    ///     (error), yellow (warning) or cyan (note).
    public static func line(for finding: Finding, colour: Bool = false) -> String {
        let location = ReportText.printable(finding.file) + ":" + String(finding.line) + ":"
        let severity = finding.severity.name
        let rest = " " + ReportText.ruleTag(finding.rule) + " " + ReportText.printable(ReportText.message(of: finding))
        guard colour else { return location + " " + severity + ":" + rest }
        return ANSI.bold + location + ANSI.reset + " " + ANSI.colour(for: finding.severity) + severity
            + ANSI.reset + ":" + rest
    }
}
