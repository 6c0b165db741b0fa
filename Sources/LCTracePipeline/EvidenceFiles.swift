import LCTraceAppleFormats
import LCTraceCore

/// The evidence files among a run's inputs (SPEC §10): every FILE that is a crash report or a
/// JetsamEvent report by content, read once and taken out of the logs. Each is evidence for
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
}
