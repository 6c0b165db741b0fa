import LCTraceCore

/// One item of an audit's output, in path order.
public enum AuditEntry: Sendable {
    /// A replayed file; `findings` and `deaths` (its listed deaths, SPEC §8) are empty when
    /// the output does not print them.
    case file(FileDigest, findings: [Finding], deaths: [Death] = [])
    /// A path that could not be read at all.
    case unreadable(UnreadableInput)
    /// A path that is not a log (`path`, `reason`).
    case skipped(path: String, reason: String)

    /// The path the entry is about.
    public var path: String {
        switch self {
        case .file(let d, _, _): return d.path
        case .unreadable(let u): return u.path
        case .skipped(let path, _): return path
        }
    }
}
