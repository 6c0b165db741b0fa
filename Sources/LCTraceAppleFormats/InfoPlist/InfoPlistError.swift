import LCTraceCore

/// Why an Info.plist could not be read: the file and the reason (`Unable to read 'F': R.`).
public struct InfoPlistError: Error, Sendable, Equatable {
    /// The plist as named.
    public var path: String
    /// Why.
    public var reason: String
    /// The `errno` when a system call failed.
    public var systemCode: Int32?

    /// Creates the error.
    public init(path: String, reason: String, systemCode: Int32? = nil) {
        self.path = path
        self.reason = reason
        self.systemCode = systemCode
    }

    /// The input the run could not read (exit 2, SPEC §6).
    public var unreadableInput: UnreadableInput { UnreadableInput(path: path, reason: reason, systemCode: systemCode) }
}
