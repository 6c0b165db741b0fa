import LCTraceCore

/// The output formats of SPEC §6.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Compiler-style lines and a summary line (the default).
    case text
    /// One JSON document (SPEC §6).
    case json
    /// One JSON object per line: findings, per-file totals, then the summary.
    case jsonl
    /// SARIF 2.1.0, for code-scanning services.
    case sarif
    /// JUnit XML, one test case per input file.
    case junit
    /// GitHub Actions workflow commands (annotations) and a job summary.
    case github
    /// One self-contained HTML page: summary, filterable findings table, session timelines.
    case html
}

/// How a report is rendered.
public struct ReportOptions: Sendable {
    /// ANSI colour (only when writing to a terminal; see ``Terminal/supportsColour(fd:)``).
    public var colour: Bool
    /// The directory SARIF artifact URIs and GitHub annotation paths are made relative to.
    public var workingDirectory: String?
    /// Where the `github` format appends its Markdown job summary (`GITHUB_STEP_SUMMARY`);
    /// `nil` for none.
    public var githubStepSummaryPath: String?

    /// Creates options.
    public init(colour: Bool = false, workingDirectory: String? = nil, githubStepSummaryPath: String? = nil) {
        self.colour = colour
        self.workingDirectory = workingDirectory
        self.githubStepSummaryPath = githubStepSummaryPath
    }
}

/// Renders a run in one format. One conforming type per format, one file each.
public protocol Reporter: Sendable {
    /// The `--format` name.
    static var format: ReportFormat { get }
    /// Writes the whole report.
    func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output)
}

extension Reporter {
    /// The whole report as a string (for `--output` files and tests).
    public func render(_ run: RunReport) -> String {
        var text = ""
        write(run, to: &text)
        return text
    }
}

/// The reporter for a format (SwiftLint-style registry).
///
/// - Parameters:
///   - format: The `--format` value.
///   - options: Rendering options; each reporter uses the fields that concern it.
/// - Returns: A reporter whose `format` is `format`.
public func makeReporter(_ format: ReportFormat, options: ReportOptions) -> any Reporter {
    switch format {
    case .text: return TextReporter(options: options)
    case .json: return JSONReporter(options: options)
    case .jsonl: return JSONLinesReporter(options: options)
    case .sarif: return SARIFReporter(options: options)
    case .junit: return JUnitReporter(options: options)
    case .github: return GitHubReporter(options: options)
    case .html: return HTMLReporter(options: options)
    }
}
