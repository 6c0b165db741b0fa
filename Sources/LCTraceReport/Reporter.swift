import LCTraceCore

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
