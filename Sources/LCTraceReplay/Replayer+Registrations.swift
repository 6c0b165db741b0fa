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
        if let first = registrationIndex(idx, id, symbols: symbols) {
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
        processes[idx].registrations.append((id, record.line))
    }

    /// `bgsched.submit`: LC308 for an identifier never registered; a registration or
    /// submission right after an instant `didFinishLaunching` keeps the launch open (both
    /// are made from inside the callback).
    mutating func submitTask(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) {
        guard let id = record.task else { return }
        _ = launchFinished(idx, record)
        checkRegistered(idx, record, id, symbols: symbols)
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

    /// Whether the process had finished launching before `record` (a `bgsched.register` or
    /// `bgsched.submit`): after the `end` of `didFinishLaunching`, or after an instant one and
    /// then a record of the process that is neither a registration nor a submission. Such a
    /// record right after the instant extends the run that may still be inside the callback.
    mutating func launchFinished(_ idx: Int, _ record: Record) -> Bool {
        switch processes[idx].launchEnd {
        case .running:
            return false
        case .finished:
            return true
        case .instant:
            // `lastLine` is still the process's previous record: this one sets it when done.
            if processes[idx].lastLine == processes[idx].launchTailLine {
                processes[idx].launchTailLine = record.line
                return false
            }
            processes[idx].launchEnd = .finished
            return true
        }
    }

    /// Where an identifier is among the process's registrations, if it is.
    func registrationIndex(_ idx: Int, _ id: TaskID, symbols: borrowing SymbolTable) -> Int? {
        processes[idx].registrations.firstIndex { ProcessMachine.same($0.id, id, symbols: symbols) }
    }
}
