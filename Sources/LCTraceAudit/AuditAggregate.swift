import LCTraceCore
import LCTraceReport

/// The totals of an audit, built one entry at a time in memory that does not grow with the
/// number of files (counters, and two top-K lists).
///
/// `audit` feeds it the entries it replays; `merge` feeds it the entries it reads back from
/// shard outputs. Both then render it with the same code, which is why a merge of shards
/// equals a single-machine audit.
public struct AuditAggregate: Sendable, Equatable {
    /// How many worst files and worst sessions to keep.
    public let top: Int
    /// Totals in the shape `replay` reports (files are replayed files only).
    public private(set) var summary = RunSummary()
    /// Findings per rule.
    public private(set) var rules: [Rule: Int] = [:]
    /// Paths that could not be read at all.
    public private(set) var unreadable = 0
    /// Paths that are not logs.
    public private(set) var skipped = 0
    /// The first few skipped paths, `PATH: REASON` each (``nothingAuditedReason(in:)``).
    public private(set) var firstSkipped: [String] = []
    /// The files with the most findings, worst first (only files with findings).
    public private(set) var worstFiles: [FileDigest] = []
    /// The sessions with the most findings, worst first (only sessions with findings).
    public private(set) var worstSessions: [SessionDigest] = []
    /// The files with the most deaths, most first (only files with deaths; SPEC §8).
    public private(set) var deadliestFiles: [FileDigest] = []
    /// Owners of background work over the fleet, worst first: findings per rule, sessions and
    /// deaths, summed over the files (SPEC §8 "Owners"; the fleet's "which SDK gets us killed").
    public private(set) var owners: [OwnerTally] = []

    /// Deaths per whose code over the fleet (SPEC §10: "Deaths by whose code"), by
    /// ``FileDigest/deathsByCode``'s names.
    public private(set) var deathsByCode: [String: Int] = [:]

    /// What `--metrickit` read and joined; `nil` without it (SPEC §8).
    public var metrickit: AuditMetricKit?

    /// The rule settings the findings were produced under: the severity the aggregate shows
    /// for a rule is the one its findings carry (SPEC §9).
    public let ruleSettings: RuleSettings

    /// An empty aggregate keeping `top` worst files and sessions.
    ///
    /// - Parameters:
    ///   - top: how many worst files and sessions to keep.
    ///   - ruleSettings: the rule settings of the audit (`disabled_rules`, `severity`).
    public init(top: Int, ruleSettings: RuleSettings = RuleSettings()) {
        self.top = max(0, top)
        self.ruleSettings = ruleSettings
    }

    /// The severity of a rule's findings in this audit.
    public func severity(of rule: Rule) -> Severity { ruleSettings.severity(of: rule) }

    /// Adds one entry.
    public mutating func add(_ entry: AuditEntry) {
        switch entry {
        case .file(let d, _, _): add(d)
        case .unreadable: unreadable += 1
        case .skipped(let path, let reason):
            skipped += 1
            if firstSkipped.count < Self.skippedNamed {
                firstSkipped.append(PrintableText.printable(path) + ": " + PrintableText.printable(reason))
            }
        }
    }

    /// How many skipped paths ``nothingAuditedReason(in:)`` names.
    static let skippedNamed = 3

    /// Why an audit that looked at `paths` checked nothing though it found files, all of them
    /// skipped as not logs (or some unreadable), or `nil` when it replayed some file, found
    /// nothing at all (an empty shard) or found only unreadable paths (each already says why). A gate that passes on nothing is
    /// no gate (SPEC §6): such an audit exits 2 (``exitStatus(failOn:isShard:)``), e.g.
    /// `no file to audit in 'd': 1 skipped (d/README.txt: not a log …)`.
    ///
    /// - Parameter paths: the paths the user named.
    /// - Returns: the reason, naming the first few skipped paths.
    public func nothingAuditedReason(in paths: [String]) -> String? {
        // Unreadable paths alone are reported as such already, each with its reason.
        guard summary.files == 0, skipped > 0 else { return nil }
        let more = skipped > firstSkipped.count ? "; …" : ""
        var parts = ["\(skipped) skipped (" + firstSkipped.joined(separator: "; ") + more + ")"]
        if unreadable > 0 { parts.append("\(unreadable) unreadable") }
        let named = paths.isEmpty ? "" : " in " + paths.map(PrintableText.quoted).joined(separator: ", ")
        return "no file to audit" + named + ": " + parts.joined(separator: ", ")
    }

    /// Adds one replayed file.
    public mutating func add(_ d: FileDigest) {
        summary.files += 1
        summary.events += d.events
        summary.sessions += d.sessions
        summary.errors += d.errors
        summary.warnings += d.warnings
        summary.notes += d.notes
        for (k, v) in d.exitClasses { summary.exitClasses[k, default: 0] += v }
        summary.normalExitsInBackground += d.normalExitsInBackground
        DeathCounts.add(d.deaths, to: &summary.deaths)
        summary.deathsOmitted += d.deathsOmitted
        for (k, v) in d.rules { rules[k, default: 0] += v }
        if !d.owners.isEmpty { owners = OwnerTally.sum(owners, d.owners) }
        for (k, v) in d.deathsByCode { deathsByCode[k, default: 0] += v }
        if d.findings > 0 {
            var kept = d
            kept.worstSessions = []
            Self.insert(kept, into: &worstFiles, top: top, by: FileDigest.isWorse)
        }
        if DeathCounts.total(d.deaths) > 0 {
            var kept = d
            kept.worstSessions = []
            kept.owners = []
            Self.insert(kept, into: &deadliestFiles, top: top, by: FileDigest.diedMore)
        }
        for s in d.worstSessions {
            Self.insert(s, into: &worstSessions, top: top, by: SessionDigest.isWorse)
        }
    }

    /// Keeps `list` sorted worst first and at most `top` long.
    static func insert<T>(_ item: T, into list: inout [T], top: Int, by isWorse: (T, T) -> Bool) {
        guard top > 0 else { return }
        if list.count == top, let last = list.last, !isWorse(item, last) { return }
        var i = list.count
        while i > 0 && isWorse(item, list[i - 1]) { i -= 1 }
        list.insert(item, at: i)
        if list.count > top { list.removeLast() }
    }

    /// The exit status (SPEC §6, with the audit's own rule for unreadable inputs): 2 when
    /// no file at all was replayed though some path was found (unreadable, or skipped as not
    /// a log: ``nothingAuditedReason(in:)``); else 1 when a finding is at or above `failOn`;
    /// else 0.
    ///
    /// - Parameters:
    ///   - failOn: the `--fail-on` threshold.
    ///   - isShard: one shard of several: a shard that replayed nothing (all skipped or
    ///     unreadable) is no failure of its own (the other shards may hold the logs; `merge`
    ///     judges the whole, as the unsharded audit would).
    /// - Returns: 0, 1 or 2.
    public func exitStatus(failOn: FailThreshold, isShard: Bool = false) -> Int32 {
        if summary.files == 0 && (unreadable > 0 || skipped > 0) && !isShard { return 2 }
        return failOn.isExceeded(by: summary) ? 1 : 0
    }
}
