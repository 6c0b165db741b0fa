/// Owner tallies for findings that come from outside the engine: UIKit's own verdicts in a
/// system log (docs/SYSTEM-LOGS.md), which the engine did not derive and so did not count.
extension OwnerTally {
    /// A session an owner touched: the owner, the pid and the engine's session number.
    private struct Touch: Hashable {
        var owner: String?
        var pid: Int64?
        var session: Int?
    }

    /// `tallies` with `added` counted in: each finding about a task for its owner (`nil`:
    /// unknown), and each session once per owner, unless a finding about a task of that owner
    /// in `counted` (the findings the tallies already hold) or a death with one of its tasks
    /// open already counted it. Ranked.
    ///
    /// - Parameters:
    ///   - added: the findings to count (only those about a task are).
    ///   - tallies: a file's tallies, from the engine.
    ///   - counted: the findings those tallies counted.
    ///   - deaths: the file's deaths.
    public static func adding(
        _ added: [Finding], to tallies: [OwnerTally], counted: [Finding], deaths: [Death]
    ) -> [OwnerTally] {
        let added = added.filter { $0.task != nil }
        guard !added.isEmpty else { return tallies }
        var touched = Set<Touch>()
        for finding in counted where finding.task != nil {
            touched.insert(Touch(owner: finding.owner, pid: finding.pid, session: finding.session))
        }
        for death in deaths {
            for task in death.openTasks { touched.insert(Touch(owner: task.owner, pid: death.pid, session: death.session)) }
        }
        var more: [OwnerTally] = []
        for finding in added {
            var tally = OwnerTally(owner: finding.owner, findings: [finding.rule: 1])
            if touched.insert(Touch(owner: finding.owner, pid: finding.pid, session: finding.session)).inserted {
                tally.sessions = 1
            }
            more.append(tally)
        }
        return sum(tallies, more)
    }

    /// `tallies` with each death whose ``Death/code`` names an owner counted for that owner
    /// (SPEC §8, §10: "a death whose `code.owner` is theirs"): one death and one session, unless
    /// a task of that owner already made it theirs. Ranked; `tallies` as they were without any.
    public static func addingCodeOwners(of deaths: [Death], to tallies: [OwnerTally]) -> [OwnerTally] {
        var more: [OwnerTally] = []
        for death in deaths {
            guard let owner = death.code?.owner else { continue }
            // A bgtask-timeout death already counted the owners of its tasks past their allowance.
            if death.exitClass == .bgtaskTimeout && death.openTasks.contains(where: { $0.owner == owner }) { continue }
            let touched = death.openTasks.contains { $0.owner == owner }
            more.append(OwnerTally(owner: owner, deaths: 1, sessions: touched ? 0 : 1))
        }
        guard !more.isEmpty else { return tallies }
        return sum(tallies, more)
    }
}
