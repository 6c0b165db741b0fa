/// The one "worst sessions first" order, shared by the audit's worst sessions
/// (`SessionDigest.isWorse`), the GitHub step summary's table and the HTML report's
/// timelines, so the three list tied sessions alike.
///
/// More errors, then more warnings, then more notes; ties go by file (the UTF-8 bytes of its
/// path, the order an audit lists files in), then by session number (the order the file's
/// sessions began). A total order on distinct sessions, so the top K of a union is the top K
/// of the tops (what makes `merge` exact).
public struct SessionRank: Sendable, Equatable {
    /// Findings of severity error in the session.
    public var errors: Int
    /// Findings of severity warning.
    public var warnings: Int
    /// Findings of severity note.
    public var notes: Int
    /// The file the session is in, as the run names it.
    public var file: String
    /// The session's number in its file (``Finding/session``).
    public var session: Int

    /// Creates the rank of one session.
    public init(errors: Int, warnings: Int, notes: Int, file: String, session: Int) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.file = file
        self.session = session
    }

    /// Whether this session comes before `other` in the worst-first order.
    public func isWorse(than other: SessionRank) -> Bool {
        if errors != other.errors { return errors > other.errors }
        if warnings != other.warnings { return warnings > other.warnings }
        if notes != other.notes { return notes > other.notes }
        if file != other.file { return file.utf8.lexicographicallyPrecedes(other.file.utf8) }
        return session < other.session
    }
}
