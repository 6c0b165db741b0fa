import SystemPackage

/// The platform layer's one error: a system call that failed, with its `errno`, what was
/// being done, where (the path as given, and the byte offset when it matters) and, when it
/// wraps another error, that cause. Modelled on swift-nio's `FileSystemError`.
///
/// Texts for users are composed from it in one place above this layer (`UnreadableInput`
/// in LCTraceCore quotes the path and words the `errno`), since quoting names is Core's.
public struct PlatformError: Error, Sendable, CustomStringConvertible {
    /// The `errno` of the failing call.
    public var code: Errno
    /// The call or step that failed, e.g. `open`, `read`, `write`.
    public var operation: String
    /// The path as the user or caller named it, when there is one.
    public var path: String?
    /// How far into the file or buffer the failure happened, when it matters.
    public var byteOffset: Int64?
    /// An underlying error this one wraps, if any.
    public var cause: (any Error & Sendable)?

    /// Creates the error.
    public init(
        code: Errno, operation: String, path: String? = nil, byteOffset: Int64? = nil,
        cause: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.operation = operation
        self.path = path
        self.byteOffset = byteOffset
        self.cause = cause
    }

    /// The `errno` as the C library's integer.
    public var errnoValue: Int32 { code.rawValue }

    /// For logs and debugging only (users see `UnreadableInput`'s text):
    /// `write '-' at byte 12: Broken pipe (errno 32)`.
    public var description: String {
        var text = operation
        if let path { text += " '\(path)'" }
        if let byteOffset { text += " at byte \(byteOffset)" }
        text += ": \(code) (errno \(code.rawValue))"
        if let cause { text += ", caused by \(cause)" }
        return text
    }
}
