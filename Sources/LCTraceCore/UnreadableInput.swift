import LCTracePlatform

/// An input that could not be read at all (exit status 2).
///
/// The one place the text `Unable to read 'PATH': REASON.` is composed
/// (``text(path:reason:)``): the path quoted by ``PrintableText/quoted(_:)``, a system
/// call's `errno` worded by ``SystemErrorText``.
public struct UnreadableInput: Error, Sendable, Equatable {
    /// The path as given.
    public var path: String
    /// Why, e.g. `no such file or directory`.
    public var reason: String
    /// The `errno` of the system call that failed, when one did.
    public var systemCode: Int32?
    /// Where in the file the failure was met, when it matters.
    public var byteOffset: Int64?

    /// Creates the value.
    public init(path: String, reason: String, systemCode: Int32? = nil, byteOffset: Int64? = nil) {
        self.path = path
        self.reason = reason
        self.systemCode = systemCode
        self.byteOffset = byteOffset
    }

    /// The failed system call of the platform layer, keeping its `errno` and byte offset;
    /// `defaultPath` names the input when the error names none.
    public init(_ error: PlatformError, defaultPath: String = "-") {
        self.init(
            path: error.path ?? defaultPath, reason: SystemErrorText.reason(error.errnoValue),
            systemCode: error.errnoValue, byteOffset: error.byteOffset)
    }

    /// `Unable to read 'PATH': REASON.`
    public var message: String { Self.text(path: path, reason: PrintableText.printable(reason)) }

    /// `Unable to read 'PATH': REASON.`, the path quoted, `reason` as given (already
    /// printable): the one composition of the text, for every error that reports an input
    /// it cannot read.
    public static func text(path: String, reason: String) -> String {
        "Unable to read \(PrintableText.quoted(path)): \(reason)."
    }

    /// `Unable to read 'PATH': REASON.` for a failed system call on `path`.
    public static func text(path: String, errno code: Int32) -> String {
        text(path: path, reason: SystemErrorText.reason(code))
    }
}
