import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay

/// The pipeline for one file: ingest → replay → result. `replay` and `audit` both use it.
public enum FileReplay {
    /// Replays one input (`-` is standard input).
    ///
    /// - Parameters:
    ///   - path: the file to read, or `-`.
    ///   - displayName: the name findings use; by default the path as given (`<stdin>` for `-`).
    ///   - configuration: budgets, model and OS defaults.
    ///   - reading: how the input is opened (``LogOpener``): its format (`auto` by content),
    ///     the unified-log filter and transcript options, the limits.
    ///   - collectTimeline: also build the file's ``FileResult/timeline`` (for `lctrace timeline`
    ///     and the HTML report; it costs memory per state change, span and task).
    ///   - observer: receives the replay's observations (`stats`, `audit`); `nil` for none.
    ///   - crashReports: outside evidence given with the log (``TimedEvidence``): pieces the
    ///     run's join bound to this log, or pieces not yet bound, which are joined to this
    ///     log's sessions first (``RunEvidence``; not for standard input, which cannot be read twice).
    ///   - onMatch: called for each piece that ended or saw a session of this log.
    ///   - recent: keeps the last records of each process before it died (`lctrace why`).
    ///   - onUnjoined: called for each piece not yet bound that joined no session of this log.
    /// - Returns: the file's result, or why it could not be read at all: missing, not a log, or
    ///   damaged before its first record (``FileResult/nothingReplayedReason``).
    public static func run(
        path: String, displayName: String? = nil, configuration: ReplayConfiguration,
        reading: ReadOptions = ReadOptions(), collectTimeline: Bool = false,
        observer: ((ReplayObservation) -> Void)? = nil,
        crashReports: [CrashReport] = [], onMatch: (CrashReport) -> Void = { _ in }, recent: RecentRecords? = nil,
        onUnjoined: (CrashReport) -> Void = { _ in }
    ) -> Result<FileResult, UnreadableInput> {
        var crashReports = crashReports
        let name = displayName ?? (path == "-" ? "<stdin>" : path)
        if crashReports.contains(where: { $0.afterLine == nil }), path != "-" {
            // Evidence not yet bound (given for this log alone): the one join, against this
            // log's sessions (RunEvidence); a run of several logs binds across all of them first.
            var indexing = configuration
            indexing.indexesSessions = true
            indexing.listsExits = false
            if case .success(let first) = run(path: path, displayName: name, configuration: indexing, reading: reading) {
                let (bound, unjoined) = RunEvidence.bind(crashReports, to: first.sessionSpans)
                crashReports = bound
                for report in unjoined { onUnjoined(report) }
            }
        }
        let reader: LogReader
        do {
            reader = try LogOpener.open(path, options: reading)
        } catch {
            return .failure(error.unreadableInput)
        }
        let result = replay(
            reader, displayName: displayName, configuration: configuration, collectTimeline: collectTimeline,
            observer: observer, crashReports: crashReports, onMatch: onMatch, recent: recent)
        // Damaged before its first record: nothing of it could be replayed (SPEC §6, exit 2).
        if let reason = result.nothingReplayedReason {
            return .failure(UnreadableInput(path: result.path, reason: reason))
        }
        return .success(result)
    }

    /// Replays a kill that came from outside evidence: placed for a report, or the log's own
    /// kill given a report's reason. A function of its own, not a local one: a local function
    /// that captured the replayer would box it, and every access of the loop would then pay a
    /// dynamic exclusivity check (about 140 instructions per record on the replaying thread,
    /// measured with scripts/bench-counts).
    private static func replayKill(
        _ kill: Record, placedFor: String?, symbols: borrowing SymbolTable, replayer: inout Replayer,
        recent: RecentRecords?, timeline: TimelineCollector?, asWritten: Record? = nil, writtenSymbols: borrowing SymbolTable
    ) {
        // A kill placed for a report is no record of the log: `why` says whose it is. The log's
        // own kill is shown as written, never with another source's reason (SPEC §8).
        let placed = placedFor != nil
        if let placedFor {
            recent?.note(kill, symbols: symbols, placedFor: placedFor)
        } else {
            recent?.note(asWritten ?? kill, symbols: writtenSymbols)
        }
        replayer.process(kill, symbols: symbols)
        if placed { replayer.uncountPlacedRecord() }
        recent?.settle(replayer.deathsSoFar)
        timeline?.note(kill.time)
        timeline?.drain(symbols: symbols)
    }

    /// Replays an input that can be opened twice with evidence not yet bound: the one join
    /// (``RunEvidence``) against the sessions of a first replay, then the replay that reports,
    /// as ``run(path:displayName:configuration:reading:collectTimeline:observer:crashReports:onMatch:recent:onUnjoined:)``
    /// does for a file.
    ///
    /// - Parameters:
    ///   - open: opens the input (called twice).
    ///   - configuration: budgets, model and OS defaults.
    ///   - crashReports: the evidence, bound or not.
    ///   - onUnjoined: called for each piece that joined no session.
    /// - Returns: the file's result.
    /// - Throws: what `open` throws.
    public static func replayJoining(
        _ open: () throws -> LogReader, configuration: ReplayConfiguration, crashReports: [CrashReport],
        onUnjoined: (CrashReport) -> Void = { _ in }
    ) throws -> FileResult {
        var indexing = configuration
        indexing.indexesSessions = true
        indexing.listsExits = false
        let spans = replay(try open(), configuration: indexing).sessionSpans
        let (bound, unjoined) = RunEvidence.bind(crashReports, to: spans)
        for report in unjoined { onUnjoined(report) }
        return replay(try open(), configuration: configuration, crashReports: bound)
    }

    /// New symbols before the first time the symbol table forgets unused ones.
    static let minimumRetainThreshold = 4096

    /// Replays an open reader to its end: the one replay loop of every command.
    ///
    /// - Parameters:
    ///   - reader: the source of records; consumed.
    ///   - displayName: the name findings use; by default the reader's.
    ///   - configuration: budgets, model and OS defaults.
    ///   - collectTimeline: also build the file's ``FileResult/timeline`` from the replay's
    ///     observations (``TimelineCollector``).
    ///   - observer: receives the replay's observations; `nil` for none.
    ///   - crashReports: crash reports given with the log: each ends the session of its pid
    ///     live at its time as a `sys.kill` with its reason (``TimedEvidence``).
    ///   - onMatch: called for each crash report that ended a session of this log.
    ///   - recent: keeps the last records of each process before it died (`lctrace why`);
    ///     `nil` (the default) costs one check per record.
    /// - Returns: the file's result (with its timeline when asked).
    public static func replay(
        _ reader: consuming LogReader, displayName: String? = nil, configuration: ReplayConfiguration,
        collectTimeline: Bool = false, observer: ((ReplayObservation) -> Void)? = nil,
        crashReports: [CrashReport] = [], onMatch: (CrashReport) -> Void = { _ in }, recent: RecentRecords? = nil
    ) -> FileResult {
        var reader = reader
        let name = displayName ?? reader.displayName
        var replayer = Replayer(path: name, configuration: configuration)
        recent?.beginFile(name)
        let timeline = collectTimeline ? TimelineCollector(file: name, defaultOS: configuration.defaultOS) : nil
        if let timeline {
            replayer.observer = { observation in
                timeline.observe(observation)
                observer?(observation)
            }
        } else {
            replayer.observer = observer
        }
        // The symbol table forgets what the engine no longer holds once it has doubled, so it
        // follows the live processes, not the file (amortised O(1) per new symbol). Observers
        // may keep symbols until the end (stats, timelines), so with one the table is kept whole.
        // Outside evidence with a time (crash reports, system-log kills): each placed as the
        // engine's `sys.kill` (TimedEvidence); without any, one check per record.
        var evidence = TimedEvidence(crashReports)
        evidence.owners = configuration.owners
        let forgetsSymbols = replayer.observer == nil && !evidence.isActive
        var retainThreshold = minimumRetainThreshold
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        // The line of an LC403 not yet known to be the last item: reading resumed after a
        // corrupt stretch if anything but the end follows, and then it was a gap (SPEC §5).
        var cutLine = 0
        loop: while true {
            let step = reader.read(into: &record)
            if cutLine > 0 && step != .end {
                replayer.gap(line: cutLine)
                cutLine = 0
            }
            if evidence.isActive {
                let liveSession = { (pid: Int64) in replayer.liveClock(pid: pid) == nil ? nil : replayer.lastSession(ofPid: pid) }
                if step == .record || step == .end {
                    let next: Record? = step == .record ? record : nil
                    while true {
                        var symbols = reader.symbols
                        guard
                            let (kill, report) = evidence.nextDue(
                                before: next, liveClock: { replayer.liveClock(pid: $0) }, liveSession: liveSession,
                                symbols: &symbols)
                        else { break }
                        replayKill(
                            kill, placedFor: report.origin.label(path: report.path, summary: report.summary), symbols: symbols,
                            replayer: &replayer, recent: recent, timeline: timeline, writtenSymbols: symbols)
                    }
                }
                if step == .record, let same = evidence.sameKill(as: record, liveSession: liveSession) {
                    var symbols = reader.symbols
                    let written = record
                    if let decider = same.decider { TimedEvidence.adopt(decider, in: &record, symbols: &symbols) }
                    replayKill(
                        record, placedFor: nil, symbols: symbols, replayer: &replayer, recent: recent, timeline: timeline,
                        asWritten: written, writtenSymbols: reader.symbols)
                    continue loop
                }
            }
            switch step {
            case .record:
                if let recent {
                    recent.note(record, symbols: reader.symbols)
                    reader.withSymbols { replayer.process(record, symbols: $0) }
                    recent.settle(replayer.deathsSoFar)
                } else {
                    reader.withSymbols { replayer.process(record, symbols: $0) }
                }
                if forgetsSymbols && reader.symbolsCreatedSinceRetain >= retainThreshold {
                    let live = replayer.liveSymbols()
                    reader.retainSymbols(live)
                    retainThreshold = max(minimumRetainThreshold, 2 * live.count)
                }
                if let timeline {
                    timeline.note(record.time)
                    timeline.drain(symbols: reader.symbols)
                }
            case .meta:
                replayer.process(record, meta: reader.meta, symbols: reader.symbols)
                if let timeline {
                    timeline.note(record.time)
                    timeline.drain(symbols: reader.symbols)
                }
            case .malformed:
                replayer.malformed(line: reader.problem.line, message: reader.problem.message)
                timeline?.placeLine(reader.problem.line)
            case .truncated:
                replayer.truncated(line: reader.problem.line, message: reader.problem.message)
                timeline?.placeLine(reader.problem.line)
                cutLine = reader.problem.line
            case .lost:
                replayer.recordsLost(line: reader.problem.line, message: reader.problem.message, time: reader.problem.time)
                timeline?.placeLine(reader.problem.line)
            case .end:
                break loop
            }
        }
        var result = replayer.finish(symbols: reader.symbols)
        if reader.isSystemEvidenceOnly {
            // A system log replayed as the log: its records are the system's, not the app's.
            for i in result.deaths.indices {
                result.deaths[i].evidence = result.deaths[i].evidence.map {
                    if case .log(let file, let line) = $0 { return .systemLog(file: file, line: line) }
                    return $0
                }
            }
        }
        evidence.finish(&result)
        // A death whose code is an owner's is a death of that owner (SPEC §8, §10).
        result.owners = OwnerTally.addingCodeOwners(of: result.deaths, to: result.owners)
        for report in evidence.matched { onMatch(report) }
        let counted = result.findings
        let verdicts = SystemEvidence.merge(
            &result, verdicts: reader.systemVerdicts, owners: configuration.owners, isSystemLog: reader.isSystemEvidenceOnly,
            session: { [replayer] in replayer.lastSession(ofPid: $0) })
        // UIKit's verdicts count for their owners as the engine's findings do (SPEC §8).
        if !verdicts.isEmpty {
            let rules = configuration.rules
            result.owners = OwnerTally.adding(
                verdicts.filter { rules.isEnabled($0.rule) }, to: result.owners, counted: counted.filter { rules.isEnabled($0.rule) },
                deaths: result.deaths)
        }
        result.filterMatchedNothing = reader.filterMatchedNothing
        result.hasUntranslatedEntries = reader.hasUntranslatedEntries
        // Whether anything could be replayed is a fact of the input, not of the rules chosen.
        result.nothingReplayedReason = result.unreplayedReason()
        result.onlyMalformedLines = result.noRecordReason()
        // The one place rule selection and severity overrides apply (SPEC §9): every report,
        // count, `--fail-on` and aggregate downstream sees these findings only.
        configuration.rules.apply(to: &result.findings)
        result.timeline = timeline?.finish(result, symbols: reader.symbols)
        return result
    }
}

extension RunReport {
    /// Replays several inputs in order; inputs that cannot be read are listed in `unreadable`
    /// and passed to `onUnreadable` as they happen (the CLI prints them at once).
    ///
    /// - Parameters:
    ///   - paths: files, or `-` for standard input.
    ///   - configuration: budgets, model and OS defaults.
    ///   - reading: how each input is opened (``LogOpener``; `auto` decides per file).
    ///   - collectTimeline: also build each file's ``FileResult/timeline``.
    ///   - onUnreadable: called for each input that cannot be read at all.
    ///   - crashReports: crash reports given with the logs, tried against every log.
    ///   - metricKit: the `--metrickit` files, read (`nil` without the option): their diagnostics
    ///     join through the same first replay and the same join (``MetricKitReplay``), and the
    ///     run's ``RunReport/metrickit`` says what they gave.
    ///   - countsMetricKitPayloads: whether their payloads are counted (``MetricKitReplay``).
    ///   - onUnmatched: called at the end for each crash report that ended no session.
    ///   - infoPlists: the app's Info.plists (`--info-plist`); a FILE that is a plist by
    ///     content is one too (``InfoPlistEvidence``, SPEC §11).
    public static func replaying(
        _ paths: [String], configuration: ReplayConfiguration, reading: ReadOptions = ReadOptions(),
        collectTimeline: Bool = false,
        onUnreadable: (UnreadableInput) -> Void = { _ in }, crashReports: [CrashReport] = [],
        metricKit: [MetricKitFile]? = nil, countsMetricKitPayloads: Bool = true,
        onUnmatched: (CrashReport) -> Void = { _ in }, recent: RecentRecords? = nil, infoPlists: [String] = []
    ) -> RunReport {
        // The app's Info.plists (SPEC §11): evidence for the logs of their app, and files of
        // their own; the other inputs are the logs.
        let plists = InfoPlistEvidence(paths, infoPlists: infoPlists)
        let configuration = plists.configuring(configuration)
        // Crash and JetsamEvent reports given as FILEs (SPEC §10): evidence for the logs
        // through the one join; what joins no log is replayed on its own below.
        let evidenceFiles = EvidenceFiles(plists.logs)
        let logs = evidenceFiles.logs
        let crashReports = crashReports + evidenceFiles.reports
        // The one join (SPEC §8): with outside evidence, a first replay lists the sessions of
        // every log, the engine binds each piece to one of them, and the replay below ends each
        // session with its pieces. Without any, one replay.
        var bound: [CrashReport] = []
        var unjoined: [CrashReport] = []
        var metricKitJoin: MetricKitReplay?
        let metricKitJoins = metricKit.map { !MetricKitReplay.pids($0).isEmpty } ?? false
        if !crashReports.isEmpty || metricKitJoins {
            var indexing = configuration
            indexing.indexesSessions = true
            indexing.listsExits = false
            var spans: [SessionSpan] = []
            for path in logs {
                if case .success(let result) = FileReplay.run(path: path, configuration: indexing, reading: reading) {
                    spans += result.sessionSpans
                }
            }
            var pieces = crashReports
            if let metricKit {
                let join = MetricKitReplay.join(metricKit, spans: spans, countPayloads: countsMetricKitPayloads)
                pieces += join.reports
                metricKitJoin = join
            }
            // Every piece, MetricKit diagnostics given as FILEs included, goes through the one
            // join (a diagnostic with no session yet joins by the rules for a piece with no time).
            (bound, unjoined) = RunEvidence.bind(pieces, to: spans)
        } else if let metricKit {
            metricKitJoin = MetricKitReplay.join(metricKit, spans: [], countPayloads: countsMetricKitPayloads)
        }
        var matched: [CrashReport] = []
        var results: [FileResult] = []
        var unreadable: [UnreadableInput] = []
        for failure in plists.unreadable + evidenceFiles.unreadable { onUnreadable(failure) }
        unreadable += plists.unreadable + evidenceFiles.unreadable
        for path in logs {
            let name = path == "-" ? "<stdin>" : path
            switch FileReplay.run(
                path: path, configuration: configuration, reading: reading, collectTimeline: collectTimeline,
                crashReports: bound.filter { $0.log == name }, onMatch: { matched.append($0) }, recent: recent)
            {
            case .success(let result):
                results.append(result)
            case .failure(let failure):
                onUnreadable(failure)
                unreadable.append(failure)
            }
        }
        results += plists.results(rules: configuration.rules)
        // Bound to a session that then ended otherwise (normally, after all): said as such.
        for report in bound where !matched.contains(report) {
            var report = report
            report.unjoinedReason = "session \(report.session ?? 0) of \(PrintableText.quoted(report.log ?? "")) ended normally"
            unjoined.append(report)
        }
        // Evidence given as a FILE that joined no log is replayed on its own (SPEC §10).
        let alone = unjoined.filter(\.givenAsFile)
        unjoined.removeAll(where: \.givenAsFile)
        let readable = evidenceFiles.paths.filter { path in !evidenceFiles.unreadable.contains { $0.path == path } }
        results += EvidenceAlone.results(alone, paths: readable, configuration: configuration)
        for report in unjoined { onUnmatched(report) }
        var run = RunReport(toolVersion: LCTraceVersion.current, files: results, unreadable: unreadable)
        run.warnings = evidenceFiles.warnings
        run.unjoined = unjoined.map {
            UnjoinedEvidence(file: $0.path, kind: $0.evidence.kind, pid: $0.pid, reason: $0.unjoinedReason ?? "")
        }
        if var join = metricKitJoin {
            // A crash diagnostic the join bound that its session then refused (it ended
            // normally after all) is unjoined, not joined.
            let refused = unjoined.filter { if case .metrickit = $0.origin { return true } else { return false } }
            join.summary.joined -= refused.count
            join.summary.unjoined += refused.count
            run.unjoined += join.unjoined
            run.metrickit = join.summary
        }
        return run
    }
}
