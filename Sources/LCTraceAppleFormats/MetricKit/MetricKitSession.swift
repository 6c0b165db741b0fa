import LCTraceCore

/// A replayed session as the MetricKit join sees it: which log, which session, whose pid and
/// app, and the time its records span.
public struct MetricKitSession: Sendable, Equatable {
    /// The log, as the report names it.
    public var file: String
    /// The file's number of the session (``Finding/session``).
    public var session: Int
    /// The pid; `nil` for a stream without pids (never joined).
    public var pid: Int64?
    /// The bundle id the log named (`meta.app`), when it did.
    public var app: String?
    /// `meta.version` of the process (`"5.2.1 (412)"`), when the log named one.
    public var version: String?
    /// `meta.os` of the process (else `--os`), when known.
    public var os: String?
    /// Its first record.
    public var began: Timestamp
    /// Its last record.
    public var ended: Timestamp

    /// Creates a session.
    public init(
        file: String, session: Int, pid: Int64?, app: String? = nil, version: String? = nil, os: String? = nil, began: Timestamp,
        ended: Timestamp
    ) {
        self.file = file
        self.session = session
        self.pid = pid
        self.app = app
        self.version = version
        self.os = os
        self.began = began
        self.ended = ended
    }
}
