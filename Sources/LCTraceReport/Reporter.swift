import LCTraceCore

/// The output formats of SPEC §6.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, json, jsonl, sarif, junit, github
}

/// How a report is rendered.
public struct ReportOptions: Sendable {
    /// ANSI colour (only when writing to a terminal).
    public var colour: Bool
    /// The directory SARIF artifact URIs are made relative to.
    public var workingDirectory: String?

    /// Creates options.
    public init(colour: Bool = false, workingDirectory: String? = nil) {
        self.colour = colour
        self.workingDirectory = workingDirectory
    }
}

/// Renders a run in one format. One conforming type per format, one file each.
public protocol Reporter: Sendable {
    /// The `--format` name.
    static var format: ReportFormat { get }
    /// Writes the whole report.
    func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output)
}

/// The reporter for a format (SwiftLint-style registry).
public func makeReporter(_ format: ReportFormat, options: ReportOptions) -> any Reporter {
    fatalError("SKELETON: the report work fills the registry")
}
