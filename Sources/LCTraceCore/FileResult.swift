/// Everything the replay of one file produced.
public struct FileResult: Sendable {
    /// The path as the user named it (`<stdin>` for `-`).
    public var path: String
    /// Well-formed records replayed (meta records included; blank and malformed lines not).
    public var events: Int
    /// Sessions (process lifetimes) seen.
    public var sessions: Int
    /// Sessions per exit class.
    public var exitClasses: [ExitClass: Int]
    /// Findings, sorted by line (stable for equal lines).
    public var findings: [Finding]
    /// The replay over time, when the pipeline was asked to collect it (`lctrace timeline`,
    /// `--format html`); `nil` otherwise. Reporters other than `html` ignore it.
    public var timeline: Timeline? = nil

    /// Creates a result.
    public init(path: String, events: Int = 0, sessions: Int = 0, exitClasses: [ExitClass: Int] = [:], findings: [Finding] = []) {
        self.path = path
        self.events = events
        self.sessions = sessions
        self.exitClasses = exitClasses
        self.findings = findings
    }

    /// The number of findings of one severity.
    public func count(_ severity: Severity) -> Int {
        findings.reduce(0) { $0 + ($1.severity == severity ? 1 : 0) }
    }
}

/// Totals over the files of a run.
public struct RunSummary: Sendable, Equatable {
    public var files = 0
    public var events = 0
    public var sessions = 0
    public var errors = 0
    public var warnings = 0
    public var notes = 0
    public var exitClasses: [ExitClass: Int] = [:]

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
    }

    /// The highest severity present, if any finding exists.
    public var worstSeverity: Severity? {
        errors > 0 ? .error : warnings > 0 ? .warning : notes > 0 ? .note : nil
    }
}

/// A whole run, as reporters receive it.
public struct RunReport: Sendable {
    /// lctrace's version.
    public var toolVersion: String
    /// Per-file results, in the order the files were named.
    public var files: [FileResult]
    /// Inputs that could not be read at all (also printed to standard error).
    public var unreadable: [UnreadableInput]

    /// Creates a report.
    public init(toolVersion: String, files: [FileResult], unreadable: [UnreadableInput] = []) {
        self.toolVersion = toolVersion
        self.files = files
        self.unreadable = unreadable
    }

    /// Totals over `files`.
    public var summary: RunSummary {
        var s = RunSummary()
        for f in files { s.add(f) }
        return s
    }
}

/// An input that could not be read at all (exit status 2).
public struct UnreadableInput: Error, Sendable, Equatable {
    /// The path as given.
    public var path: String
    /// Why, e.g. `no such file or directory`.
    public var reason: String

    /// Creates the value.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `Unable to read 'PATH': REASON.`
    public var message: String { "Unable to read '\(path)': \(reason)." }
}
