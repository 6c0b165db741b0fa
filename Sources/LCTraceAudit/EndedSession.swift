import LCTraceCore

/// A `sessionEnded` observation, as ``FileDigest/init(result:sessions:top:)`` needs it.
public struct EndedSession: Sendable, Equatable {
    /// The session's pid, when the log named one.
    public var pid: Int64?
    /// The session's first record.
    public var began: Timestamp
    /// The session's last record.
    public var ended: Timestamp
    /// How the session ended.
    public var exitClass: ExitClass
    /// 0 when the log ended with the session open.
    public var line: Int
    /// The file's number of the session, as its findings carry it (``Finding/session``).
    public var session: Int

    /// Creates the value.
    public init(pid: Int64?, began: Timestamp, ended: Timestamp, exitClass: ExitClass, line: Int, session: Int) {
        self.pid = pid
        self.began = began
        self.ended = ended
        self.exitClass = exitClass
        self.line = line
        self.session = session
    }
}
