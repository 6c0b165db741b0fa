import LCTraceCore

/// Why a crash report given with `--crash-report` cannot be used (a usage error, exit 2).
public struct CrashReportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The report's file, as given.
    public var path: String
    /// What was wrong, and what was expected.
    public var message: String

    /// Creates an error.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `Unable to read 'x.ips': … .`
    public var description: String { UnreadableInput.text(path: path, reason: message) }
}
