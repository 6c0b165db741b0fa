import LCTraceAppleFormats
import LCTraceCore
import LCTraceReplay

/// Evidence files replayed on their own (SPEC §10): the pieces given as FILEs that joined no
/// log become deaths of the run, one per incident. Pieces that name the same pid and app (a
/// crash report in `.ips` and text form, a report and a MetricKit diagnostic of one crash)
/// join each other: one death with every piece. A death of a process the report shows running
/// (foreground or background, not suspended) is also an LC103 at line 1 of the report, so
/// `--fail-on warning` gates a folder of crash reports as it gates logs.
public enum EvidenceAlone {
    /// Two pieces with times further apart than this are two incidents, whatever their pid.
    static let sameIncidentWindow: Int64 = 60 * 1_000_000_000

    /// The results of the evidence files: one per file, in the order named, each with the
    /// deaths whose first piece it holds.
    ///
    /// - Parameters:
    ///   - reports: the pieces that joined no log (given as FILEs).
    ///   - paths: every evidence file of the run, in the order named (a file whose pieces all
    ///     joined a log is still a file of the run, with no death of its own).
    ///   - configuration: the rules (selection and severities) and the owner catalogue.
    public static func results(_ reports: [CrashReport], paths: [String], configuration: ReplayConfiguration) -> [FileResult] {
        let groups = incidents(reports).map { $0.map { reports[$0] } }
        var byPath: [String: FileResult] = [:]
        var seen: Set<String> = []
        let order = paths.filter { seen.insert($0).inserted }
        for path in order { byPath[path] = FileResult(path: path) }
        for group in groups {
            let primary = group.first { $0.says != .nothing } ?? group[0]
            var result = byPath[group[0].path] ?? FileResult(path: group[0].path)
            add(death(of: group, primary: primary, owners: configuration.owners), findings: findings(of: primary, group: group), to: &result)
            byPath[group[0].path] = result
        }
        return order.compactMap { path in
            guard var result = byPath[path] else { return nil }
            result.owners = OwnerTally.addingCodeOwners(of: result.deaths, to: [])
            configuration.rules.apply(to: &result.findings)
            return result
        }
    }

    /// The incidents among `reports` that are judged (a JetsamEvent entry of a daemon or of a
    /// suspended app is not), as the indices of their pieces: each incident's pieces in the
    /// order given, the incidents in the order of their first piece. A piece belongs to the
    /// first incident whose first piece is of the same process end (same incident identifier,
    /// else same pid and app within a minute), so the incidents of a subset made of whole
    /// incidents are the same incidents: `audit` groups a folder of reports once, holding only
    /// what the grouping reads, and replays each incident from its files (``results(_:paths:configuration:)``).
    public static func incidents(_ reports: [CrashReport]) -> [[Int]] {
        var groups: [[Int]] = []
        // The incidents by pid and by incident identifier (the only way two pids can be one
        // incident), so that a folder of ten thousand reports is grouped without comparing
        // every report with every incident; the first match in incident order wins, as a scan
        // of all incidents would find it.
        var byPid: [Int64: [Int]] = [:]
        var byIdentifier: [String: [Int]] = [:]
        for (i, report) in reports.enumerated() where judged(report) {
            let samePid = byPid[report.pid]?.first { sameIncident(reports[groups[$0][0]], report) }
            let sameIdentifier = report.incident.flatMap { byIdentifier[$0]?.first }
            if let g = [samePid, sameIdentifier].compactMap({ $0 }).min() {
                groups[g].append(i)
            } else {
                byPid[report.pid, default: []].append(groups.count)
                if let id = report.incident { byIdentifier[id, default: []].append(groups.count) }
                groups.append([i])
            }
        }
        return groups
    }

    /// One evidence file replayed on its own, with no log to join (`stats`, and `audit`, which
    /// replays each file by itself): its result, or why it cannot be read; `nil` when the
    /// file is not an evidence file by content (it is then read as a log).
    public static func result(ofFile path: String, configuration: ReplayConfiguration) -> Result<FileResult, UnreadableInput>? {
        guard EvidenceFile.isCrashReport(path: path) || EvidenceFile.isMetricKit(path: path) || UITestTranscript.isTranscript(path: path)
        else { return nil }
        let files = EvidenceFiles([path])
        if let failure = files.unreadable.first { return .failure(failure) }
        guard let result = results(files.reports, paths: [path], configuration: configuration).first else {
            return .success(FileResult(path: path))
        }
        return .success(result)
    }

    /// A JetsamEvent entry is judged only for an app (not a daemon) that was not suspended; a
    /// test runner's `Terminate` never is (a normal end, no death: SPEC §12).
    static func judged(_ report: CrashReport) -> Bool {
        if case .testRunner = report.origin { return false }
        guard report.isJetsamEvent else { return true }
        return !report.isDaemon && report.processState != "Suspended"
    }

    /// Whether two pieces are of one process end: the same pid, the same app where both name
    /// one (bundle id, else process name), within ``sameIncidentWindow`` where both have a time.
    static func sameIncident(_ a: CrashReport, _ b: CrashReport) -> Bool {
        if let ia = a.incident, let ib = b.incident { return ia == ib }
        guard a.pid == b.pid else { return false }
        if let x = a.bundle, let y = b.bundle, x != y { return false }
        if a.bundle == nil || b.bundle == nil, let x = a.process, let y = b.process, x != y { return false }
        if a.hasTime && b.hasTime && abs(a.time.nanoseconds(since: b.time)) > sameIncidentWindow { return false }
        return true
    }

    /// The state and visibility a report states (SPEC §10): `procRole`/`Role:` (`Foreground`
    /// → active and foreground; `Background`, `Non UI` → background), else the termination
    /// text's `ProcessVisibility` (`Unknown` defers to `WatchdogVisibility`); `ProcessState:
    /// Suspended` is the state suspended; nothing stated: unknown (JSON `null`).
    static func stateAndVisibility(_ report: CrashReport) -> (state: String, visibility: DeathVisibility) {
        var visibility: DeathVisibility = .unknown
        let role = report.role?.lowercased()
        if role == "foreground" {
            visibility = .foreground
        } else if role == "background" || role == "non ui" {
            visibility = .background
        } else {
            var said = report.processVisibility?.lowercased()
            if said == nil || said == "unknown" { said = report.watchdog?.visibility }
            if said == "foreground" { visibility = .foreground } else if said == "background" { visibility = .background }
        }
        if report.processState?.lowercased() == "suspended" {
            return ("suspended", visibility == .unknown ? .background : visibility)
        }
        switch visibility {
        case .foreground: return ("active", .foreground)
        case .background: return ("background", .background)
        case .unknown: return ("unknown", .unknown)
        }
    }

    /// The death of one incident.
    static func death(of group: [CrashReport], primary: CrashReport, owners: OwnerCatalogue) -> Death {
        let launchFailure = group.contains(where: \.isLaunchFailure)
        var (state, visibility) = stateAndVisibility(primary)
        if visibility == .unknown, let other = group.lazy.map(stateAndVisibility).first(where: { $0.visibility != .unknown }) {
            (state, visibility) = other
        }
        var exitClass = primary.piece.exitClass(foreground: visibility == .foreground) ?? .abnormal
        var cause: DeathCause?
        if launchFailure {
            // iOS 27's launch failure (SPEC §11): it died launching, in UIKit's own trap.
            exitClass = .abnormal
            state = "notRunning"
            cause = DeathCause(rule: .sceneLifecycleRequired, line: primary.line)
        }
        var death = Death(
            file: primary.path, line: primary.line, time: primary.hasTime ? primary.time : nil, pid: primary.pid,
            app: group.lazy.compactMap(\.bundle).first, version: group.lazy.compactMap(\.version).first,
            os: group.lazy.compactMap(\.os).first, session: 1, exitClass: exitClass, state: state, visibility: visibility,
            cause: cause, watchdog: primary.watchdog ?? group.lazy.compactMap(\.watchdog).first,
            evidence: [])
        for report in group { death.addEvidence(report.evidence) }
        death.reasonText = primary.summary
        if !launchFailure {
            death.code = primary.code(owners: owners) ?? group.lazy.compactMap { $0.code(owners: owners) }.first
        }
        death.refreshMessage()
        return death
    }

    /// The findings of one incident: LC105 for a launch failure; LC103 for a death of a process
    /// the report shows running.
    static func findings(of primary: CrashReport, group: [CrashReport]) -> [Finding] {
        let time: Timestamp? = primary.hasTime ? primary.time : nil
        let summary = RunEvidence.oneLine(primary.summary)
        if let failure = group.first(where: \.isLaunchFailure) {
            return [
                Finding(
                    rule: .sceneLifecycleRequired, file: primary.path, line: primary.line, time: time, pid: primary.pid,
                    state: "notRunning", message: failure.launchFailureMessage(), exitClass: .abnormal, source: .system,
                    session: 1)
            ]
        }
        let (state, visibility) = stateAndVisibility(primary)
        guard state != "suspended", visibility != .unknown else { return [] }
        let exitClass = primary.piece.exitClass(foreground: visibility == .foreground) ?? .abnormal
        return [
            Finding(
                rule: .abnormalExit, file: primary.path, line: primary.line, time: time, pid: primary.pid, state: state,
                message:
                    "process ended while '\(state)' without 'app.willTerminate' (exit class '\(exitClass.name)', \(primary.origin.label(path: primary.path, summary: summary)))",
                exitClass: exitClass, source: .system, session: 1)
        ]
    }

    /// Adds a death and its findings to a file's result, counted as the engine counts them.
    static func add(_ death: Death, findings: [Finding], to result: inout FileResult) {
        result.deaths.append(death)
        result.deathCounts[death.exitClass, default: [:]][death.visibility, default: 0] += 1
        result.sessions += 1
        result.exitClasses[death.exitClass, default: 0] += 1
        result.findings += findings
        for finding in findings { result.sessionExits[finding.session ?? 1] = death.exitClass }
    }
}
