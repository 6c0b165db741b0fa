/// Totals over the files of a run.
public struct RunSummary: Sendable, Equatable {
    /// Files replayed (unreadable inputs not counted).
    public var files = 0
    /// Well-formed records replayed.
    public var events = 0
    /// Sessions (process lifetimes) seen.
    public var sessions = 0
    /// Findings of severity error.
    public var errors = 0
    /// Findings of severity warning.
    public var warnings = 0
    /// Findings of severity note.
    public var notes = 0
    /// Sessions per exit class.
    public var exitClasses: [ExitClass: Int] = [:]
    /// Of the `normal` exits, those from the background (``FileResult/normalExitsInBackground``).
    public var normalExitsInBackground = 0
    /// Deaths per exit class and visibility (SPEC §8; classes with no death absent).
    public var deaths: [ExitClass: [DeathVisibility: Int]] = [:]
    /// The deaths in ``deaths`` that no file lists (past ``FileResult/maximumDeathsListed`` of
    /// a file): `summary.deaths_omitted`, a line in text.
    public var deathsOmitted = 0

    /// Creates an empty summary.
    public init() {}

    /// Adds one file's figures.
    public mutating func add(_ file: FileResult) {
        files += 1
        events += file.events
        sessions += file.sessions
        for f in file.findings {
            switch f.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
        for (k, v) in file.exitClasses { exitClasses[k, default: 0] += v }
        normalExitsInBackground += file.normalExitsInBackground
        DeathCounts.add(file.deathCounts, to: &deaths)
        deathsOmitted += file.deathsOmitted
    }

    /// The highest severity present, if any finding exists.
    public var worstSeverity: Severity? {
        errors > 0 ? .error : warnings > 0 ? .warning : notes > 0 ? .note : nil
    }
}
