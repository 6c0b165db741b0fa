import LCTraceCore

/// One session (process lifetime) of an audited file with its finding counts: what the
/// "worst sessions" of an audit list.
public struct SessionDigest: Sendable, Equatable {
    /// The file as the audit named it.
    public var file: String
    /// The file's number of the session (1-based, in the order the sessions began): the
    /// `session` its findings carry (``Finding/session``).
    public var ordinal: Int
    /// The process; `nil` for a stream without pids.
    public var pid: Int64?
    /// The session's first record, RFC 3339.
    public var began: String
    /// Its last record, RFC 3339.
    public var ended: String
    /// The line that ended it; `nil` when the log ended with it still open.
    public var endLine: Int?
    /// How it ended.
    public var exitClass: ExitClass
    /// Findings of severity error in the session.
    public var errors: Int
    /// Findings of severity warning in the session.
    public var warnings: Int
    /// Findings of severity note in the session.
    public var notes: Int

    /// Creates a digest.
    public init(
        file: String, ordinal: Int, pid: Int64?, began: String, ended: String, endLine: Int?, exitClass: ExitClass,
        errors: Int = 0, warnings: Int = 0, notes: Int = 0
    ) {
        self.file = file
        self.ordinal = ordinal
        self.pid = pid
        self.began = began
        self.ended = ended
        self.endLine = endLine
        self.exitClass = exitClass
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
    }

    /// Whether the session has any finding.
    public var hasFindings: Bool { errors + warnings + notes > 0 }

    /// The "worst first" order: more errors, then more warnings, then more notes, then the
    /// file (path bytes) and the ordinal. A total order, so the top K of a union is the top
    /// K of the tops: what makes `merge` exact.
    public static func isWorse(_ a: SessionDigest, than b: SessionDigest) -> Bool {
        a.rank.isWorse(than: b.rank)
    }

    /// The session's place in the one worst-first order (``SessionRank``).
    public var rank: SessionRank {
        SessionRank(errors: errors, warnings: warnings, notes: notes, file: file, session: ordinal)
    }
}
