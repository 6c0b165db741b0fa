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
    /// Of the sessions that ended `normal`, those whose process terminated from the
    /// background (the rest terminated in the foreground): the visibility MetricKit counts
    /// normal exits by (SPEC §8).
    public var normalExitsInBackground = 0
    /// Findings, sorted by line (stable for equal lines).
    public var findings: [Finding]
    /// Owners of background work, worst first (SPEC §8 "Owners"; ``OwnerTally/ranked(_:)``):
    /// what `audit` ranks over the fleet.
    public var owners: [OwnerTally] = []
    /// The file's deaths (SPEC §8 "Deaths"), in line order: at most
    /// ``maximumDeathsListed`` of them, so that memory does not grow with the file.
    public var deaths: [Death] = []
    /// The sessions that ended without dying (normal exits, purges of a process that was not
    /// running: SPEC §8), in the order they ended, when the replay was asked to list them
    /// (`why --all`); else empty. At most ``maximumDeathsListed``.
    public var exits: [Death] = []
    /// Every session of the file as the evidence join sees it (SPEC §8), when the replay was
    /// asked to index them (the first replay of a run with outside evidence); else empty.
    public var sessionSpans: [SessionSpan] = []
    /// Every death of the file, listed or not, per exit class and visibility: what summaries
    /// and aggregates count.
    public var deathCounts: [ExitClass: [DeathVisibility: Int]] = [:]
    /// The exit class of each session with a finding, by session number (``Finding/session``):
    /// what the GitHub step summary's worst sessions show, whichever finding they hold.
    public var sessionExits: [Int: ExitClass] = [:]
    /// How many deaths a file lists at most; ``deathCounts`` counts them all. A log of many
    /// purged sessions would otherwise hold one ``Death`` per session until its end.
    public static let maximumDeathsListed = 1_000

    /// The deaths counted in ``deathCounts`` but not listed in ``deaths`` (past
    /// ``maximumDeathsListed``): reports say so (`deaths_omitted`).
    public var deathsOmitted: Int { max(0, DeathCounts.total(deathCounts) - deaths.count) }
    /// The replay over time, when the pipeline was asked to collect it (`lctrace timeline`,
    /// `--format html`); `nil` otherwise. Reporters other than `html` ignore it.
    public var timeline: Timeline? = nil
    /// The file is a unified-log export, a `--subsystem`/`--category` filter was given, and no
    /// entry of the export matched it: nothing of it was replayed for that reason. The commands
    /// say so on standard error; reports do not carry it.
    public var filterMatchedNothing = false
    /// The file is a unified-log export or a system log with some content: its entries may
    /// all be other messages than lifecycle records, which is not an empty input
    /// (``nothingReplayedReason``).
    public var hasUntranslatedEntries = false
    /// Why nothing of this file could be replayed (SPEC §6, exit 2), or `nil` when something
    /// could: ``unreplayedReason()`` as it stood before rule selection, so that a disabled
    /// LC401 or LC403 never changes the verdict or its words. Set by the replay.
    public var nothingReplayedReason: String?
    /// The file was read but none of its lines was a record, only malformed lines (a CSV, a
    /// log read in the wrong syntax): ``noRecordReason()`` as it stood before rule selection,
    /// else `nil`. Such a file is replayed (its LC401s fail the gate) but has no verdict
    /// (`why`) and is never baselined. Set by the replay.
    public var onlyMalformedLines: String?

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
