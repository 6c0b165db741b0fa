/// What one owner of background work did in a file or a fleet (SPEC §8 "Owners"): findings
/// per rule about its tasks, sessions it touched, and deaths with a task of its open.
public struct OwnerTally: Sendable, Equatable {
    /// The owner (`OneSignal`, `AWS SDK`, …), or `nil` for tasks whose owner is unknown.
    public var owner: String?
    /// Deaths caused by a task of this owner (SPEC §8, 2028 edition): a `bgtask-timeout` death
    /// with a task of this owner past its allowance.
    public var deaths: Int
    /// Other deaths that found a task of this owner open (`open_at_deaths`): present, not
    /// the cause.
    public var openAtDeaths: Int
    /// Sessions with a finding about a task of this owner, or a death with one open.
    public var sessions: Int
    /// Findings about tasks of this owner, per rule (absent rules are zero).
    public var findings: [Rule: Int]

    /// Creates a tally.
    public init(owner: String?, deaths: Int = 0, openAtDeaths: Int = 0, sessions: Int = 0, findings: [Rule: Int] = [:]) {
        self.owner = owner
        self.deaths = deaths
        self.openAtDeaths = openAtDeaths
        self.sessions = sessions
        self.findings = findings
    }

    /// All findings of the tally, whatever the rule.
    public var findingCount: Int { findings.values.reduce(0, +) }

    /// Tallies worst first: by deaths, then sessions, then findings (more is worse), then by
    /// name; the unknown owner (`nil`) last whatever its counts.
    ///
    /// - Complexity: O(n log n).
    public static func ranked(_ tallies: [OwnerTally]) -> [OwnerTally] {
        tallies.sorted { a, b in
            if (a.owner == nil) != (b.owner == nil) { return b.owner == nil }
            if a.deaths != b.deaths { return a.deaths > b.deaths }
            if a.openAtDeaths != b.openAtDeaths { return a.openAtDeaths > b.openAtDeaths }
            if a.sessions != b.sessions { return a.sessions > b.sessions }
            if a.findingCount != b.findingCount { return a.findingCount > b.findingCount }
            return (a.owner ?? "") < (b.owner ?? "")
        }
    }

    /// The sum of two sets of tallies, owner by owner (files of one audit, or shards of one
    /// fleet: their sessions are distinct, so the counts add), ranked.
    public static func sum(_ a: [OwnerTally], _ b: [OwnerTally]) -> [OwnerTally] {
        var byOwner: [String?: OwnerTally] = [:]
        var order: [String?] = []
        for tally in a + b {
            if var known = byOwner[tally.owner] {
                known.deaths += tally.deaths
                known.openAtDeaths += tally.openAtDeaths
                known.sessions += tally.sessions
                for (rule, n) in tally.findings { known.findings[rule, default: 0] += n }
                byOwner[tally.owner] = known
            } else {
                byOwner[tally.owner] = tally
                order.append(tally.owner)
            }
        }
        return ranked(order.compactMap { byOwner[$0] })
    }
}
