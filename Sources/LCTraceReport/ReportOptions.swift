import LCTraceCore

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
