/// A task identifier as reports print it: JSON number or JSON string.
public enum TaskValue: Hashable, Sendable {
    case number(Int64)
    case string(String)

    /// The text form (`42`, `sync`).
    public var text: String {
        switch self {
        case .number(let n): return String(n)
        case .string(let s): return s
        }
    }
}
