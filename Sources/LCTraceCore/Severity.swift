/// How serious a finding is. Ordered: `note < warning < error`.
public enum Severity: Int, Comparable, CaseIterable, Sendable {
    case note = 0
    case warning = 1
    case error = 2

    /// The lower-case name used in every report (`error`, `warning`, `note`).
    public var name: String {
        switch self {
        case .note: return "note"
        case .warning: return "warning"
        case .error: return "error"
        }
    }

    /// Parses `error`, `warning` or `note`.
    public init?(name: String) {
        switch name {
        case "error": self = .error
        case "warning": self = .warning
        case "note": self = .note
        default: return nil
        }
    }

    /// Orders severities from note to error.
    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rawValue < rhs.rawValue }
}
