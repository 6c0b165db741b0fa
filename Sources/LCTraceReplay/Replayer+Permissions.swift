import LCTraceCore

/// What the system permits a scheduled task (SPEC §5, §11): LC310, a BGContinuedProcessingTask
/// submitted from the background (it "starts in the foreground … in response to someone's
/// action", Apple), and LC311, an identifier the app's Info.plist does not list in
/// `BGTaskSchedulerPermittedIdentifiers`. Kept apart from the registration contract
/// (LC307–LC309, Replayer+Registrations.swift): these rules read the state and the plist,
/// never the registrations.
extension Replayer {
    /// The most identifiers and processes remembered for LC311's once-only rule.
    static let maximumNotPermitted = 4096

    /// Judges a `bgsched.*` record before it is replayed: LC311 for `register`, `submit` and
    /// `start` when the run has the app's Info.plist, LC310 for a `continued` `submit`.
    mutating func checkPermissions(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) {
        let event = record.event
        if event == .bgschedSubmit && record.kind == .continued { checkContinuedSubmission(idx, record, symbols: symbols) }
        guard !configuration.declarations.isEmpty,
            event == .bgschedRegister || event == .bgschedSubmit || event == .bgschedStart
        else { return }
        checkPermitted(idx, record, symbols: symbols)
    }

    /// LC310: a continued task submitted while neither the app nor any of its scenes is in the
    /// foreground (in the background, launching in the background, or suspended). A state the
    /// log does not show is not judged.
    mutating func checkContinuedSubmission(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) {
        guard let id = record.task else { return }
        let traits = app.traits(of: processes[idx].state)
        guard traits.contains(.background) || traits.contains(.launchingInBackground) || traits.contains(.suspended),
            !anySceneInForeground(idx)
        else { return }
        let name = taskText(id, symbols: symbols)
        report(
            .bgschedContinuedBackground, idx, record, task: id, owner: owner(ofRecord: record, symbols: symbols),
            symbols: symbols,
            message:
                "continued task '\(name)' submitted in '\(stateName(idx))': a BGContinuedProcessingTask starts in the foreground, in response to someone's action, so the system refuses it"
        )
    }

    /// LC311: an identifier the Info.plist's `BGTaskSchedulerPermittedIdentifiers` does not
    /// list (entries ending in `*` match by prefix, `$(VARIABLE)` any text), once per
    /// identifier and process.
    mutating func checkPermitted(_ idx: Int, _ record: Record, symbols: borrowing SymbolTable) {
        guard let id = record.task, let plist = declaration(idx), let permitted = plist.permittedIdentifiers else { return }
        let name = taskText(id, symbols: symbols)
        guard !plist.permits(name) else { return }
        let key = NotPermittedKey(serial: processes[idx].serial, session: processes[idx].session, identifier: name)
        // Bounded on a hostile log of endless identifiers (the finding list is capped too).
        guard notPermittedReported.count < Self.maximumNotPermitted, notPermittedReported.insert(key).inserted else { return }
        let listed = permitted.isEmpty ? "lists none" : "lists " + permitted.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
        report(
            .bgschedNotPermitted, idx, record, task: id, owner: owner(ofRecord: record, symbols: symbols),
            symbols: symbols,
            message:
                "'\(record.event.canonicalName)' of '\(name)', which 'BGTaskSchedulerPermittedIdentifiers' of '\(plist.path)' does not permit (it \(listed)\(permitted.count > 4 ? ", …" : "")): the system refuses the identifier"
        )
    }
}
