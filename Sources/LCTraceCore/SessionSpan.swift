/// One session of a replayed log as the evidence join sees it (SPEC §8 "One join of all
/// evidence"): whose it was, when its records ran, how it ended and what its own records say
/// of that end. The engine lists them when ``ReplayConfiguration/indexesSessions`` asks (a
/// first replay of a run with outside evidence); one per session, never per record.
public struct SessionSpan: Sendable, Equatable {
    /// How much a session's own records say of how it ended (SPEC §8's precedence).
    public enum Says: UInt8, Sendable, Comparable {
        /// Nothing: a bare `sys.kill`, a replacement by a new launch, the end of the log.
        case nothing
        /// A bare crash (`reason` `crash`): how it died, not why the system ended it.
        case bare
        /// A named reason or termination code, or what its records imply (an overrun still
        /// under way, a task past its allowance, a suspension).
        case named

        /// Orders by how much is said.
        public static func < (a: Says, b: Says) -> Bool { a.rawValue < b.rawValue }
    }

    /// The log, as findings name it.
    public var file: String
    /// The file's number of the session (``Finding/session``).
    public var session: Int
    /// The pid; `nil` for the stream of records without one.
    public var pid: Int64?
    /// `meta.app` of the process, when known.
    public var app: String?
    /// `meta.version` of the process, when known.
    public var version: String?
    /// `meta.os` of the process, when known.
    public var os: String?
    /// When its first record came.
    public var began: Timestamp
    /// The line of the process's own last record (not the launch of another process that
    /// replaced it).
    public var lastLine: Int
    /// The time of that record (the replay clock of the process).
    public var lastTime: Timestamp
    /// The line of the record that ended it; 0 while it was open when its log ended.
    public var endLine: Int
    /// The time of that record (its kill or exit, the launch of the process that replaced it);
    /// its last record's time while it was open.
    public var endTime: Timestamp
    /// Its exit class, from its own log alone.
    public var exitClass: ExitClass
    /// It was foreground when it ended (the app or a scene active or inactive).
    public var foreground: Bool
    /// What its own records say of its end.
    public var says: Says
    /// It ended at a kill or exit record of its own (`sys.kill`, `process.exit`).
    public var endedByOwnRecord: Bool

    /// Creates a span.
    public init(
        file: String, session: Int, pid: Int64?, app: String? = nil, version: String? = nil, os: String? = nil,
        began: Timestamp, lastLine: Int, lastTime: Timestamp, endLine: Int, endTime: Timestamp? = nil, exitClass: ExitClass,
        foreground: Bool = false,
        says: Says = .nothing, endedByOwnRecord: Bool = false
    ) {
        self.file = file
        self.session = session
        self.pid = pid
        self.app = app
        self.version = version
        self.os = os
        self.began = began
        self.lastLine = lastLine
        self.lastTime = lastTime
        self.endLine = endLine
        self.endTime = endTime ?? lastTime
        self.exitClass = exitClass
        self.foreground = foreground
        self.says = says
        self.endedByOwnRecord = endedByOwnRecord
    }

    /// It was still running when its log ended.
    public var isOpen: Bool { exitClass == .open && endLine == 0 }
}
