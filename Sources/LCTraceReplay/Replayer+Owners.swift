import LCTraceCore

/// Owners of background work (SPEC §8 "Owners"): every finding about a task names the code
/// that began it, and the file's ``OwnerTally`` list counts findings, sessions and deaths per
/// owner. Resolved only when a finding or a death needs one, never per record.
extension Replayer {
    /// The owner of an open task: from its identifier for a scheduled task, else from its name.
    func owner(of task: OpenTask, symbols: borrowing SymbolTable) -> String? {
        ownerOfTask(task.id, name: task.name, scheduled: task.scheduled, symbols: symbols)
    }

    /// The owner of the task a record names, from the record alone (its identifier for a
    /// `bgsched.*` record, else its `name`); `nil` for a record without a task.
    func owner(ofRecord record: Record, symbols: borrowing SymbolTable) -> String? {
        guard let id = record.task else { return nil }
        return ownerOfTask(id, name: record.name, scheduled: record.event.category == .scheduledTask, symbols: symbols)
    }

    /// A scheduled task is matched by its identifier, a background task by its name.
    func ownerOfTask(_ id: TaskID, name: Symbol, scheduled: Bool, symbols: borrowing SymbolTable) -> String? {
        let text = scheduled ? taskText(id, symbols: symbols) : (symbols[name] ?? "")
        guard !text.isEmpty else { return nil }
        return configuration.owners.owner(ofTaskNamed: text)
    }

    /// Appends a finding about a task and counts it for its owner (`nil`: unknown), and the
    /// owner for the session of machine `idx`. A finding of a disabled rule is dropped from the
    /// findings later (``RuleSettings/apply(to:)``) and never counted here: it is not reported
    /// anywhere (SPEC §9), the owner ranking included.
    mutating func appendTaskFinding(_ finding: Finding, _ idx: Int) {
        findings.append(session: processes[idx].session, finding)
        guard configuration.rules.isEnabled(finding.rule) else { return }
        ownerTallies[finding.owner, default: OwnerTally(owner: finding.owner)].findings[finding.rule, default: 0] += 1
        noteSessionOwner(idx, finding.owner)
    }

    /// Remembers that the current session of machine `idx` concerns `owner`.
    mutating func noteSessionOwner(_ idx: Int, _ owner: String?) {
        if !processes[idx].sessionOwners.contains(owner) { processes[idx].sessionOwners.append(owner) }
    }

    /// A death (SPEC §8, 2028 edition): the owners of the tasks that got the process killed
    /// (a `bgtask-timeout` death's tasks past their allowance) each count one death; the
    /// owners of the other tasks merely open then count one `open_at_deaths`. Called before
    /// the tasks are released.
    mutating func countDeath(_ idx: Int, from state: LifecycleModel.State, as exitClass: ExitClass, symbols: borrowing SymbolTable) {
        var killers: [String?] = []
        var present: [String?] = []
        let now = processes[idx].maxTime
        for task in processes[idx].tasks {
            let owner = owner(of: task, symbols: symbols)
            if exitClass == .bgtaskTimeout && isPastAllowance(task, idx, in: state, now: now) {
                if !killers.contains(owner) { killers.append(owner) }
            } else if !present.contains(owner) {
                present.append(owner)
            }
        }
        for owner in killers {
            ownerTallies[owner, default: OwnerTally(owner: owner)].deaths += 1
            noteSessionOwner(idx, owner)
        }
        for owner in present where !killers.contains(owner) {
            ownerTallies[owner, default: OwnerTally(owner: owner)].openAtDeaths += 1
            noteSessionOwner(idx, owner)
        }
    }

    /// The session of machine `idx` ended: each owner it concerned counts one session.
    mutating func closeSessionOwners(_ idx: Int) {
        guard !processes[idx].sessionOwners.isEmpty else { return }
        for owner in processes[idx].sessionOwners {
            ownerTallies[owner, default: OwnerTally(owner: owner)].sessions += 1
        }
        processes[idx].sessionOwners.removeAll()
    }
}
