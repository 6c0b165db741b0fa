import LCTraceAppleFormats
import LCTraceCore

/// The evidence files among a run's inputs (SPEC §10): every FILE that is a crash report, a
/// JetsamEvent report, a MetricKit file or an `xcodebuild test` transcript (SPEC §12) by
/// content, read once and taken out of the logs. Each is evidence for
/// the logs of the run through the one join (``RunEvidence``); what joins no log is replayed
/// on its own (``EvidenceAlone``) and yields its deaths.
public struct EvidenceFiles: Sendable {
    /// The inputs that are not evidence files: the logs to replay.
    public var logs: [String] = []
    /// Every piece the evidence files hold, in the order named (a JetsamEvent report gives one
    /// per killed process), each marked ``CrashReport/givenAsFile``.
    public var reports: [CrashReport] = []
    /// The evidence files, readable or not, in the order named.
    public var paths: [String] = []
    /// The evidence files that could not be read (exit 2 when nothing could be, SPEC §6).
    public var unreadable: [UnreadableInput] = []
    /// What was read with doubt (a frame past `usedImages`), one line each, naming the file
    /// and the key path.
    public var warnings: [String] = []

    /// Separates the evidence files from the other inputs and reads them.
    public init(_ inputs: [String]) {
        for path in inputs {
            if UITestTranscript.isTranscript(path: path) {
                // An `xcodebuild test` transcript (SPEC §12): the runner's `Terminate`s, each
                // evidence that its process ended normally; none is a death on its own.
                paths.append(path)
                do {
                    reports += try UITestTranscript.read(path: path).reports
                } catch {
                    unreadable.append(error.unreadableInput)
                }
                continue
            }
            if EvidenceFile.isMetricKit(path: path) {
                paths.append(path)
                do {
                    reports += Self.crashes(of: try MetricKitFile.read(path: path))
                } catch {
                    unreadable.append(UnreadableInput(path: path, reason: error.keyPath.map { "\($0): \(error.message)" } ?? error.message))
                }
                continue
            }
            guard EvidenceFile.isCrashReport(path: path) else {
                logs.append(path)
                continue
            }
            paths.append(path)
            do {
                var read = try CrashReport.loadAll(path: path)
                for i in read.indices { read[i].givenAsFile = true }
                for report in read {
                    for warning in report.warnings {
                        let text = "lctrace: warning: \(PrintableText.quoted(path)): \(warning)"
                        if !warnings.contains(text) { warnings.append(text) }
                    }
                }
                reports += read
            } catch {
                unreadable.append(UnreadableInput(path: path, reason: error.message))
            }
        }
    }

    /// Whether the run has any evidence file, readable or not.
    public var isEmpty: Bool { paths.isEmpty }

    /// The crash diagnostics of a MetricKit file given as a FILE, as pieces of evidence: no
    /// time of death (SPEC §8), so each joins by the one join's rules for a piece with no time
    /// (``EvidenceJoin``: the last session of its pid and app whose build and OS agree and
    /// that overlaps its payload's window, as under `--metrickit`: ``TimelessFacts``)
    /// or, joining no log, is a death of its own. A diagnostic without a pid is of no process.
    static func crashes(of file: MetricKitFile) -> [CrashReport] {
        file.diagnostics.compactMap { diagnostic in
            guard diagnostic.kind == .crash, let pid = diagnostic.pid, let reason = diagnostic.killReason else { return nil }
            var report = CrashReport(
                path: file.path, pid: Int64(pid), bundle: diagnostic.bundleIdentifier, time: Timestamp(nanoseconds: 0),
                reason: reason, summary: diagnostic.terminationReason ?? diagnostic.exceptionText ?? reason,
                origin: .metrickit(index: diagnostic.index, log: ""))
            report.watchdog = diagnostic.terminationReason.flatMap { TerminationText($0).watchdog }
            report.processVisibility = diagnostic.terminationReason.flatMap { CrashReport.value(after: "ProcessVisibility:", in: $0) }
            report.processState = diagnostic.terminationReason.flatMap { CrashReport.value(after: "ProcessState:", in: $0) }
            report.stack = diagnostic.stack
            report.version = diagnostic.appVersion.map { v in diagnostic.appBuildVersion.map { "\(v) (\($0))" } ?? v }
            report.os = diagnostic.osVersion.flatMap(CrashReport.osNumber)
            report.timeless = TimelessFacts(
                windowBegin: diagnostic.windowBegin, windowEnd: diagnostic.windowEnd, appVersion: diagnostic.appVersion,
                appBuild: diagnostic.appBuildVersion, osVersion: diagnostic.osVersion)
            report.givenAsFile = true
            return report
        }
    }
}
