import LCTraceCore

/// An input that cannot be read at all: missing, a directory, or bytes that
/// are neither zstd nor text. Exit status 2.
public struct IngestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure.
    public enum Code: Sendable, Equatable {
        case notFound, isDirectory, permissionDenied, notLogData, ioError
    }

    /// The kind of failure.
    public var code: Code
    /// The path as the user named it.
    public var path: String
    /// A lower-case reason without trailing period, e.g. `no such file or directory`.
    public var reason: String
    /// Where in the file, when it matters.
    public var byteOffset: Int64?
    /// The `errno` of the system call that failed, when one did.
    public var systemCode: Int32?

    /// Creates an error.
    public init(code: Code, path: String, reason: String, byteOffset: Int64? = nil, systemCode: Int32? = nil) {
        self.code = code
        self.path = path
        self.reason = reason
        self.byteOffset = byteOffset
        self.systemCode = systemCode
    }

    /// The input as the replay reports it, keeping the `errno` and byte offset.
    public var unreadableInput: UnreadableInput {
        UnreadableInput(path: path, reason: reason, systemCode: systemCode, byteOffset: byteOffset)
    }

    /// `Unable to read 'PATH': REASON.`
    public var description: String { UnreadableInput.text(path: path, reason: reason) }
}
