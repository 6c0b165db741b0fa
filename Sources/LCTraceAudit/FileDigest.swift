import LCTraceCore

/// What an audit keeps of one replayed file: counts by severity, rule and exit class, and
/// its worst sessions. Findings themselves travel beside it only when the format prints them.
public struct FileDigest: Sendable, Equatable {
    /// The path as the audit found it.
    public var path: String
    /// Well-formed records replayed.
    public var events: Int
    /// Sessions (process lifetimes) seen.
    public var sessions: Int
    /// Findings of severity error.
    public var errors: Int
    /// Findings of severity warning.
    public var warnings: Int
    /// Findings of severity note.
    public var notes: Int
    /// Sessions per exit class (absent classes are zero).
    public var exitClasses: [ExitClass: Int]
    /// Of the `normal` exits, those from the background (``FileResult/normalExitsInBackground``).
    public var normalExitsInBackground = 0
    /// Findings per rule (absent rules are zero).
    public var rules: [Rule: Int]
    /// The file's worst sessions with at least one finding, worst first, at most the
    /// audit's `top`.
    public var worstSessions: [SessionDigest]
    /// Owners of background work, worst first (``OwnerTally``; SPEC §8 "Owners").
    public var owners: [OwnerTally] = []
    /// Deaths per exit class and visibility (SPEC §8; classes with no death absent).
    public var deaths: [ExitClass: [DeathVisibility: Int]] = [:]
    /// The file's listed deaths per whose code (SPEC §10): the owner, `… (own code)` for the
    /// app's own, `the system's code only`; deaths without `code` are not counted.
    public var deathsByCode: [String: Int] = [:]
    /// The deaths counted but not listed (past the first 1,000 of the file): `deaths_omitted`.
    public var deathsOmitted = 0

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
    /// A finding counts for the session the replay engine stamped on it (``Finding/session``);
    /// findings about the file rather than a process (no session) count for the file only.
    ///
    /// - Parameters:
    ///   - result: the replay's result.
    ///   - sessions: the `sessionEnded` observations of the replay, in order.
    ///   - top: how many worst sessions to keep.
    public init(result: FileResult, sessions ended: [EndedSession], top: Int) {
        self.init(path: result.path, events: result.events, sessions: result.sessions, exitClasses: result.exitClasses)
        owners = result.owners
        deaths = result.deathCounts
        normalExitsInBackground = result.normalExitsInBackground
        deathsOmitted = result.deathsOmitted
        for death in result.deaths {
            guard let key = death.code.map(Self.codeKey) else { continue }
            deathsByCode[key, default: 0] += 1
        }
        var digests: [SessionDigest] = []
        var digestOfSession: [Int: Int] = [:]
        // The times are written (RFC 3339) for the kept sessions only, below: formatting them
        // for every session cost more than a tenth of an audit's work.
        for (i, s) in ended.enumerated() {
            digestOfSession[s.session] = i
            digests.append(
                SessionDigest(
                    file: result.path, ordinal: s.session, pid: s.pid, began: "", ended: "",
                    endLine: s.line > 0 ? s.line : nil, exitClass: s.exitClass))
        }
        for f in result.findings {
            switch f.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
            rules[f.rule, default: 0] += 1
            guard let session = f.session, let i = digestOfSession[session] else { continue }
            switch f.severity {
            case .error: digests[i].errors += 1
            case .warning: digests[i].warnings += 1
            case .note: digests[i].notes += 1
            }
        }
        let kept = digests.indices.filter { digests[$0].hasFindings }
            .sorted { SessionDigest.isWorse(digests[$0], than: digests[$1]) }.prefix(top)
        worstSessions = kept.map { i in
            var digest = digests[i]
            let s = ended[i]
            digest.began = s.began.rfc3339
            digest.ended = s.ended.rfc3339
            return digest
        }
    }

    /// The number of findings.
    public var findings: Int { errors + warnings + notes }

    /// How "Deaths by whose code" names a death's code: its owner, the app's own code said so.
    static func codeKey(_ code: DeathCode) -> String {
        guard let owner = code.owner else { return "the system's code only" }
        return code.own ? "\(owner) (the app's own code)" : owner
    }

    /// The "most deaths first" order of files: more deaths, then path bytes (a total order,
    /// so the top K of a merge is the top K of the whole audit).
    public static func diedMore(_ a: FileDigest, than b: FileDigest) -> Bool {
        let (m, n) = (DeathCounts.total(a.deaths), DeathCounts.total(b.deaths))
        if m != n { return m > n }
        return AuditDiscovery.pathPrecedes(a.path, b.path)
    }

    /// The "worst first" order of files: more errors, warnings, notes, then path bytes.
    public static func isWorse(_ a: FileDigest, than b: FileDigest) -> Bool {
        if a.errors != b.errors { return a.errors > b.errors }
        if a.warnings != b.warnings { return a.warnings > b.warnings }
        if a.notes != b.notes { return a.notes > b.notes }
        return AuditDiscovery.pathPrecedes(a.path, b.path)
    }
}
