import LCTraceReport

/// One path an audit will look at, found by ``AuditDiscovery``.
public struct AuditInput: Sendable, Equatable {
    /// What discovery already knows about the path.
    public enum Status: Sendable, Equatable {
        /// A regular file (or a symbolic link to one): replay it if its content is a log.
        case candidate
        /// Not a log and not an error (a symbolic link to a directory, a FIFO, …).
        case skipped(String)
        /// Cannot be read at all (missing, permission denied); counted as unreadable.
        case unreadable(String)
    }

    /// The path as the user named it, or joined under the directory they named.
    public var path: String
    /// Whether the user named this path (on the command line or standard input) rather than
    /// discovery finding it in a directory. Named text files are replayed whatever their
    /// first byte; found ones must look like NDJSON (see ``AuditFile``).
    public var named: Bool
    /// What discovery found.
    public var status: Status
    /// The file's device and inode, when discovery could stat it: two paths with the same
    /// identity (`audit d ./d`, a link to a file beside it) are audited once.
    var identity: FileIdentity?

    /// Creates an input.
    public init(path: String, named: Bool, status: Status = .candidate) {
        self.path = path
        self.named = named
        self.status = status
    }
}
