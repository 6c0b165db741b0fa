/// One source that saw a death (SPEC §8 `evidence`). One death seen by several sources is
/// one death with several pieces of evidence.
public enum DeathEvidence: Sendable, Hashable {
    /// The app's own record in its log.
    case log(file: String, line: Int)
    /// A system log's line (a transcript replayed as the log, or `--system-log`).
    case systemLog(file: String, line: Int)
    /// A crash or JetsamEvent report (`--crash-report`).
    case crashReport(file: String)
    /// A MetricKit diagnostic: the file and its index in it (`--metrickit`; SPEC §8: `[n]` in a
    /// bare diagnostic or a payload, `[payload, diagnostic]` in a top-level array).
    case metrickit(file: String, index: [Int])
    /// A test runner's `Terminate BUNDLE:PID` on a line of an `xcodebuild test` transcript
    /// (SPEC §12, 2028 edition).
    case testRunner(file: String, line: Int)

    /// The JSON `kind`: `log`, `system-log`, `crash-report`, `metrickit`, `test-runner`.
    public var kind: String {
        switch self {
        case .log: return "log"
        case .systemLog: return "system-log"
        case .crashReport: return "crash-report"
        case .metrickit: return "metrickit"
        case .testRunner: return "test-runner"
        }
    }

    /// The file the evidence is in.
    public var file: String {
        switch self {
        case .log(let file, _), .systemLog(let file, _), .crashReport(let file), .metrickit(let file, _), .testRunner(let file, _):
            return file
        }
    }

    /// An index as written in messages: `0`, `[1, 2]`.
    public static func indexText(_ index: [Int]) -> String {
        index.count == 1 ? String(index[0]) : "[" + index.map(String.init).joined(separator: ", ") + "]"
    }
}
