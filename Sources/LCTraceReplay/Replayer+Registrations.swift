import LCTraceCore

/// The BGTaskScheduler contract (SPEC §5, LC307–LC309): launch handlers are registered once
/// per identifier, before the application finishes launching, and only registered
/// identifiers are submitted or started.
extension Replayer {
    /// `bgsched.register`: LC307 when launch has finished, LC309 when the identifier is
    /// registered already; otherwise the identifier is remembered for LC308.
    mutating func registerTask(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) {
        guard let id = record.task else { return }
        let name = taskText(id, symbols: symbols)
        if launchFinished(idx, record) {
            report(
                .bgschedRegisteredLate, idx, record, task: id, owner: owner(ofRecord: record, symbols: symbols),
                symbols: symbols,
                message:
                    "'bgsched.register' of '\(name)' after launch finished ('app.didFinishLaunching' at line \(processes[idx].launchEndLine)): UIKit raises 'All launch handlers must be registered before application finishes launching'"
            )
        }
        guard !processes[idx].registrationsUntracked else { return }
        // The same identifier, or the same wildcard, again; a concrete identifier beside a
        // wildcard that covers it is not twice.
        if let first = processes[idx].registrations.firstIndex(where: { ProcessMachine.same($0.id, id, symbols: symbols) }) {
            report(
                .bgschedRegisteredTwice, idx, record, task: id, owner: owner(ofRecord: record, symbols: symbols),
                symbols: symbols,
                message:
                    "'bgsched.register' of '\(name)' again (registered at line \(processes[idx].registrations[first].line)): UIKit raises 'Launch handler for task with identifier \(name) has already been registered'"
            )
            return
        }
        guard processes[idx].registrations.count < Self.maximumRegistrations else {
            processes[idx].registrationsUntracked = true
            return
        }
        processes[idx].registrations.append((id, record.line, Self.wildcardPrefix(name)))
    }

    /// The part before `*` of a registration ending in `.*` (BGContinuedProcessingTask's
    /// wildcard, iOS 26), or `nil` for a concrete identifier.
    static func wildcardPrefix(_ identifier: String) -> String? {
        TaskIdentifierPattern(identifier).prefix
    }

    /// `bgsched.submit`: LC308 for an identifier never registered; its `kind`, when given, is
    /// remembered for a later `bgsched.start` of the identifier that gives none.
    mutating func submitTask(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) {
        guard let id = record.task else { return }
        checkRegistered(idx, record, id, symbols: symbols)
        if let kind = record.kind { rememberSubmittedKind(idx, taskText(id, symbols: symbols), kind) }
    }

    /// Remembers the kind of a submission, in the process and in the file (each bounded by
    /// ``Replayer/maximumRegistrations`` identifiers: past it, new identifiers are not kept).
    mutating func rememberSubmittedKind(_ idx: Int, _ identifier: String, _ kind: ScheduledTaskKind) {
        if let i = processes[idx].submittedKinds.firstIndex(where: { $0.id == identifier }) {
            processes[idx].submittedKinds[i].kind = kind
        } else if processes[idx].submittedKinds.count < Self.maximumRegistrations {
            processes[idx].submittedKinds.append((identifier, kind))
        }
        if submittedKinds[identifier] != nil || submittedKinds.count < Self.maximumRegistrations {
            submittedKinds[identifier] = kind
        }
    }

    /// The kind of a `bgsched.start` (SPEC §5, 2028 edition): its own `kind`, else that of the
    /// last earlier `bgsched.submit` of that exact identifier in the process, else in the
    /// file, else `refresh`.
    func startedKind(_ idx: Int, _ record: Record, _ id: TaskID, symbols: borrowing SymbolTable) -> ScheduledTaskKind {
        if let kind = record.kind { return kind }
        if processes[idx].submittedKinds.isEmpty && submittedKinds.isEmpty { return .refresh }
        let identifier = taskText(id, symbols: symbols)
        if let own = processes[idx].submittedKinds.last(where: { $0.id == identifier }) { return own.kind }
        return submittedKinds[identifier] ?? .refresh
    }

    /// LC308: a `bgsched.start` or `bgsched.submit` of an identifier this process never
    /// registered, judged only in a process whose log records registrations (one before this
    /// record) and whose launch is in the log (a log that began mid-session, or resumed after
    /// a gap, may have lost the registration).
    mutating func checkRegistered(_ idx: Int, _ record: Record, _ id: TaskID, symbols: borrowing SymbolTable) {
        guard !processes[idx].registrations.isEmpty, !processes[idx].registrationsUntracked, !processes[idx].midLog,
            registrationIndex(idx, id, symbols: symbols) == nil
        else { return }
        let name = taskText(id, symbols: symbols)
        let what = record.event == .bgschedStart ? "started" : "submitted"
        report(
            .bgschedNotRegistered, idx, record, task: id, owner: owner(ofRecord: record, symbols: symbols),
            symbols: symbols,
            message:
                "scheduled task '\(name)' \(what) but never registered (registrations from line \(processes[idx].registrations[0].line)): UIKit raises 'No launch handler registered for task with identifier \(name)'"
        )
    }

    /// Whether the process had finished launching before `record` (a `bgsched.register`):
    /// after the `end` of `didFinishLaunching`, or after an instant one and then an app or
    /// scene callback of the process (SPEC §5, 2028 edition: `bgtask.*`, `bgsched.*`, `meta`
    /// and observer records do not end launching; ``noteCallback(_:)`` marks it).
    func launchFinished(_ idx: Int, _ record: Record) -> Bool {
        processes[idx].launchEnd == .finished
    }

    /// An app or scene callback, before it is replayed: after an instant `didFinishLaunching`,
    /// the callback has returned, so launching has finished.
    @inline(__always)
    mutating func noteCallback(_ idx: Int) {
        if processes[idx].launchEnd == .instant { processes[idx].launchEnd = .finished }
    }

    /// Where an identifier is among the process's registrations, if it is: registered under
    /// that exact identifier, or covered by a wildcard registration (`com.x.export.*` covers
    /// `com.x.export.8F2A`, not `com.x.exporter`).
    func registrationIndex(_ idx: Int, _ id: TaskID, symbols: borrowing SymbolTable) -> Int? {
        if let exact = processes[idx].registrations.firstIndex(where: { ProcessMachine.same($0.id, id, symbols: symbols) }) {
            return exact
        }
        guard case .name = id, processes[idx].registrations.contains(where: { $0.wildcard != nil }) else { return nil }
        let identifier = taskText(id, symbols: symbols)
        return processes[idx].registrations.firstIndex { $0.wildcard.map(identifier.hasPrefix) == true }
    }
}
