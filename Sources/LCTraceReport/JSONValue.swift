/// A JSON value whose objects keep their keys in insertion order.
///
/// Reports are public API and are diffed, so key order must be deterministic; a
/// `Dictionary`-backed encoder cannot promise that. Findings are rare, so building a
/// small tree per report is cheap.
public enum JSONValue: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer (counts, lines, pids, numeric task ids).
    case integer(Int64)
    /// A number already in JSON's number syntax (`31.2`, `10.0`), written as given: the
    /// seconds of a death's open tasks and watchdog allowance.
    case number(String)
    /// A string; escaped on output.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; members are written in this order.
    case object([(key: String, value: JSONValue)])

    /// An integer value from an `Int`.
    public static func int(_ value: Int) -> JSONValue { .integer(Int64(value)) }

    /// A string, or `null` when absent.
    public static func string(_ value: String?) -> JSONValue {
        value.map(JSONValue.string) ?? .null
    }

    /// An integer, or `null` when absent.
    public static func integer(_ value: Int64?) -> JSONValue {
        value.map(JSONValue.integer) ?? .null
    }
}
