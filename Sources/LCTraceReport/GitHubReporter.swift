import LCTraceCore

/// Placeholder.
public struct GitHubReporter: Reporter {
    /// The format.
    public static let format = ReportFormat.github
    /// The options.
    public var options: ReportOptions
    /// Creates a reporter.
    public init(options: ReportOptions = ReportOptions()) { self.options = options }
    /// Writes the report.
    public func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output) {}
}
