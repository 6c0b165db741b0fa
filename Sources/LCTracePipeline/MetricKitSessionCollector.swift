import LCTraceAppleFormats
import LCTraceCore
import LCTraceReplay

/// Collects, from a replay's observations, the sessions of the pids some MetricKit diagnostic
/// names, as the join sees them (``SessionSpan``): what `audit --metrickit` keeps of a
/// file in its first pass, without the memory a timeline costs (docs/METRICKIT.md).
///
/// The same sessions, with the same app, version and OS, as the engine lists for the evidence
/// join (``FileResult/sessionSpans``): a session's app is its pid's own `meta.app`, else the
/// log's, as known at the end of the file (`MetricKitReplayTests` compares the two).
public final class MetricKitSessionCollector {
    private let file: String
    private let pids: Set<Int64>
    private var ended: [(pid: Int64, session: Int, began: Timestamp, ended: Timestamp, exitClass: ExitClass, line: Int, lastLine: Int)] = []
    private var appOfPid: [Int64: String] = [:]
    private var fileApp: String?
    private var versionOfPid: [Int64: String] = [:]
    private var fileVersion: String?
    private var osOfPid: [Int64: String] = [:]
    private var fileOS: String?
    private let configurationOS: String?

    /// A collector for the log named `file`, keeping the sessions of `pids`; `defaultOS` is
    /// `--os`, for processes whose log names no OS (as a timeline has it).
    public init(file: String, pids: Set<Int64>, defaultOS: String? = nil) {
        self.file = file
        self.pids = pids
        self.configurationOS = defaultOS
    }

    /// Takes one observation of the replay (pass it as the replay's observer).
    public func observe(_ observation: ReplayObservation) {
        switch observation {
        case .sessionEnded(let pid, let began, let endedAt, let exitClass, let line, let lastLine, let session):
            if let pid, pids.contains(pid) { ended.append((pid, session, began, endedAt, exitClass, line, lastLine)) }
        case .meta(let pid, _, let app, let os, let version):
            if let pid {
                if let app { appOfPid[pid] = app }
                if let os { osOfPid[pid] = os }
                if let version { versionOfPid[pid] = version }
            } else {
                if let app { fileApp = app }
                if let os { fileOS = os }
                if let version { fileVersion = version }
            }
        default:
            break
        }
    }

    /// The sessions collected, in session order, once the replay is over.
    public var sessions: [SessionSpan] {
        ended.sorted { $0.session < $1.session }.map { s in
            SessionSpan(
                file: file, session: s.session, pid: s.pid, app: appOfPid[s.pid] ?? fileApp, version: versionOfPid[s.pid] ?? fileVersion,
                os: osOfPid[s.pid] ?? fileOS ?? configurationOS, began: s.began, lastLine: s.lastLine, lastTime: s.ended,
                endLine: s.line, exitClass: s.exitClass)
        }
    }
}
