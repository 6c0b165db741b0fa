import LCTraceCore

/// Why a report file could not be written.
public struct OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The destination path as given.
    public var path: String
    /// What went wrong, e.g. `no such file or directory`.
    public var reason: String
    /// The `errno` behind `reason`, when there was one.
    public var code: Int32?

    /// Creates an error with a textual reason.
    public init(path: String, reason: String, code: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// Creates an error from an `errno` value (reason: `strerror`, first letter lower-cased).
    public init(path: String, errno code: Int32) {
        self.init(path: path, reason: SystemErrorText.reason(code), code: code)
    }

    /// `Unable to write 'PATH': REASON.`
    public var message: String { "Unable to write \(PrintableText.quoted(path)): \(reason)." }

    /// The same as ``message``.
    public var description: String { message }
}
