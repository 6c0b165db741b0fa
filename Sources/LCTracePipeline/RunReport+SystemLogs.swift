import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay

extension RunReport {
    /// Replays instrumented logs together with system logs of the same run (`lctrace replay
    /// LOG --system-log S`, docs/SYSTEM-LOGS.md).
    ///
    /// Each system log is replayed on its own, as it would be alone, so its records never
    /// reach the instrumented replay's state (a `bgtask.begin` logged by the app and by UIKit
    /// is begun once). What it adds to the instrumented logs: its terminations, which end the
    /// matching sessions as crash reports do (``SystemLogKills``, ``TimedEvidence``: a kill
    /// both logged is one kill), and its findings, joined by ``SystemLogJoin``: one fact seen
    /// twice is the instrumented log's finding, a fact only the system saw stays in the
    /// system log's result with source `system`. The system logs' results follow the
    /// instrumented ones.
    ///
    /// - Parameters:
    ///   - paths: the instrumented logs.
    ///   - systemLogs: transcripts or unified-log exports of the same run.
    ///   - configuration: budgets, model and OS defaults.
    ///   - reading: how the instrumented logs are read. The system logs are read by content
    ///     with the same limits; of its filter, only the transcript options (`--date`, `--app`)
    ///     apply to them, never its subsystems and categories (they would drop every
    ///     RunningBoard and FrontBoard message).
    ///   - collectTimeline: also build each file's ``FileResult/timeline``.
    ///   - onUnreadable: called for each input that cannot be read at all.
    ///   - crashReports: crash reports given with the logs, tried against every instrumented log.
    ///   - metricKit: the `--metrickit` files, read, joined with the rest (``MetricKitReplay``).
    ///   - onUnmatched: called at the end for each crash report that ended no session.
    ///   - infoPlists: the app's Info.plists (`--info-plist`, SPEC §11).
    public static func replaying(
        _ paths: [String], systemLogs: [String], configuration: ReplayConfiguration, reading: ReadOptions = ReadOptions(),
        collectTimeline: Bool = false,
        onUnreadable: (UnreadableInput) -> Void = { _ in }, crashReports: [CrashReport] = [],
        metricKit: [MetricKitFile]? = nil,
        onUnmatched: (CrashReport) -> Void = { _ in }, recent: RecentRecords? = nil, infoPlists: [String] = []
    ) -> RunReport {
        var systemReading = reading
        systemReading.inputFormat = .auto
        systemReading.filter = UnifiedLogFilter()
        systemReading.filter.syslog = reading.filter.syslog
        var kills: [CrashReport] = []
        for path in systemLogs {
            kills += SystemLogKills.read(
                path: path, displayName: path == "-" ? "<stdin>" : path, reading: systemReading)
        }
        let run = replaying(
            paths, configuration: configuration, reading: reading,
            collectTimeline: collectTimeline, onUnreadable: onUnreadable, crashReports: crashReports + kills,
            metricKit: metricKit,
            onUnmatched: { report in
                // A system log's kill that matched no instrumented session is its own replay's.
                if case .systemLog = report.origin { return }
                onUnmatched(report)
            }, recent: recent, infoPlists: infoPlists)
        var appFiles = run.files
        var systemFiles: [FileResult] = []
        var unreadable = run.unreadable
        for path in systemLogs {
            switch FileReplay.run(
                path: path, configuration: configuration, reading: systemReading,
                collectTimeline: collectTimeline, recent: recent)
            {
            case .success(let result): systemFiles.append(result)
            case .failure(let failure) where failure.reason == FileResult.emptyInputReason:
                // A system log with no entry (`log show` matched nothing in the window) is
                // evidence of nothing, not a failure of the run: a file of no event.
                systemFiles.append(FileResult(path: failure.path))
            case .failure(let failure):
                onUnreadable(failure)
                unreadable.append(failure)
            }
        }
        SystemLogJoin.join(app: &appFiles, system: &systemFiles)
        // A kill both logs record is one death, the app log's (SPEC §8): the system log's own
        // replay of that process is not a second one.
        let seen = Set(appFiles.flatMap { $0.deaths.flatMap(\.evidence) }.filter { $0.kind == "system-log" })
        for s in systemFiles.indices {
            let twice = systemFiles[s].deaths.filter { !seen.isDisjoint(with: $0.evidence) }
            guard !twice.isEmpty else { continue }
            systemFiles[s].deaths.removeAll { !seen.isDisjoint(with: $0.evidence) }
            for death in twice {
                let n = (systemFiles[s].deathCounts[death.exitClass]?[death.visibility] ?? 1) - 1
                systemFiles[s].deathCounts[death.exitClass]?[death.visibility] = n > 0 ? n : nil
                if systemFiles[s].deathCounts[death.exitClass]?.isEmpty == true { systemFiles[s].deathCounts[death.exitClass] = nil }
            }
        }
        var joined = RunReport(toolVersion: run.toolVersion, files: appFiles + systemFiles, unreadable: unreadable)
        // A system log's kill that joined no instrumented session is its own replay's, not unjoined.
        joined.unjoined = run.unjoined.filter { $0.kind != "system-log" }
        joined.metrickit = run.metrickit
        joined.warnings = run.warnings
        return joined
    }
}
