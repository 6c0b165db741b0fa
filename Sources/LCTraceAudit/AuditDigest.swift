import LCTraceCore

/// One session (process lifetime) of an audited file with its finding counts: what the
/// "worst sessions" of an audit list.
public struct SessionDigest: Sendable, Equatable {
    /// The file as the audit named it.
    public var file: String
    /// 1-based, in the order the sessions of the file ended.
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
    public var errors: Int
    public var warnings: Int
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
        if a.errors != b.errors { return a.errors > b.errors }
        if a.warnings != b.warnings { return a.warnings > b.warnings }
        if a.notes != b.notes { return a.notes > b.notes }
        if a.file != b.file { return AuditDiscovery.pathPrecedes(a.file, b.file) }
        return a.ordinal < b.ordinal
    }
}

/// What an audit keeps of one replayed file: counts by severity, rule and exit class, and
/// its worst sessions. Findings themselves travel beside it only when the format prints them.
public struct FileDigest: Sendable, Equatable {
    public var path: String
    public var events: Int
    public var sessions: Int
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    /// Sessions per exit class (absent classes are zero).
    public var exitClasses: [ExitClass: Int]
    /// Findings per rule (absent rules are zero).
    public var rules: [Rule: Int]
    /// The file's worst sessions with at least one finding, worst first, at most the
    /// audit's `top`.
    public var worstSessions: [SessionDigest]

    /// Creates a digest.
    public init(
        path: String, events: Int = 0, sessions: Int = 0, errors: Int = 0, warnings: Int = 0, notes: Int = 0,
        exitClasses: [ExitClass: Int] = [:], rules: [Rule: Int] = [:], worstSessions: [SessionDigest] = []
    ) {
        self.path = path
        self.events = events
        self.sessions = sessions
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.exitClasses = exitClasses
        self.rules = rules
        self.worstSessions = worstSessions
    }

    /// The digest of a replayed file.
    ///
    /// Findings are attributed to sessions by pid and line: a finding belongs to the first
    /// session of its pid that ended on or after its line (a session still open at the end
    /// of the log ends after every line). The file-level rules LC401–LC403 belong to no
    /// session, nor do findings after the last session of their pid ended (LC102).
    ///
    /// - Parameters:
    ///   - result: the replay's result.
    ///   - sessions: the `sessionEnded` observations of the replay, in order.
    ///   - top: how many worst sessions to keep.
    public init(result: FileResult, sessions ended: [EndedSession], top: Int) {
        self.init(path: result.path, events: result.events, sessions: result.sessions, exitClasses: result.exitClasses)
        var digests: [SessionDigest] = []
        var byPid: [Int64?: [Int]] = [:]
        for (i, s) in ended.enumerated() {
            digests.append(SessionDigest(
                file: result.path, ordinal: i + 1, pid: s.pid, began: s.began.rfc3339, ended: s.ended.rfc3339,
                endLine: s.line > 0 ? s.line : nil, exitClass: s.exitClass))
            byPid[s.pid, default: []].append(i)
        }
        for f in result.findings {
            switch f.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
            rules[f.rule, default: 0] += 1
            if Self.fileLevelRules.contains(f.rule) { continue }
            guard let candidates = byPid[f.pid],
                let i = candidates.first(where: { (digests[$0].endLine ?? Int.max) >= f.line })
            else { continue }
            switch f.severity {
            case .error: digests[i].errors += 1
            case .warning: digests[i].warnings += 1
            case .note: digests[i].notes += 1
            }
        }
        worstSessions = Array(digests.filter(\.hasFindings).sorted(by: SessionDigest.isWorse).prefix(top))
    }

    /// Rules about the file's bytes rather than a session.
    static let fileLevelRules: Set<Rule> = [.malformedRecord, .unknownEvent, .truncatedLog]

    /// The number of findings.
    public var findings: Int { errors + warnings + notes }

    /// The "worst first" order of files: more errors, warnings, notes, then path bytes.
    public static func isWorse(_ a: FileDigest, than b: FileDigest) -> Bool {
        if a.errors != b.errors { return a.errors > b.errors }
        if a.warnings != b.warnings { return a.warnings > b.warnings }
        if a.notes != b.notes { return a.notes > b.notes }
        return AuditDiscovery.pathPrecedes(a.path, b.path)
    }
}

/// A `sessionEnded` observation, as ``FileDigest/init(result:sessions:top:)`` needs it.
public struct EndedSession: Sendable, Equatable {
    public var pid: Int64?
    public var began: Timestamp
    public var ended: Timestamp
    public var exitClass: ExitClass
    /// 0 when the log ended with the session open.
    public var line: Int

    /// Creates the value.
    public init(pid: Int64?, began: Timestamp, ended: Timestamp, exitClass: ExitClass, line: Int) {
        self.pid = pid
        self.began = began
        self.ended = ended
        self.exitClass = exitClass
        self.line = line
    }
}

/// One item of an audit's output, in path order.
public enum AuditEntry: Sendable {
    /// A replayed file; `findings` is empty when the output does not print findings.
    case file(FileDigest, findings: [Finding])
    /// A path that could not be read at all.
    case unreadable(UnreadableInput)
    /// A path that is not a log (`path`, `reason`).
    case skipped(path: String, reason: String)

    /// The path the entry is about.
    public var path: String {
        switch self {
        case .file(let d, _): return d.path
        case .unreadable(let u): return u.path
        case .skipped(let path, _): return path
        }
    }
}
