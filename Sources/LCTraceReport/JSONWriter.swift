import LCTraceCore

/// Serialises ``JSONValue``s: keys in the order given, RFC 8259 escaping, UTF-8 text.
///
/// The library does not use Foundation's `JSONSerialization`/`JSONEncoder`: their key
/// order and number formatting are not ours to control, and reports must be
/// byte-for-byte reproducible.
public enum JSONWriter {
    /// Writes `value` to `output`.
    ///
    /// - Parameters:
    ///   - value: The value to write.
    ///   - pretty: `true` for two-space indentation and `": "` separators (the `json`
    ///     format); `false` for the compact single-line form (`jsonl`). No trailing newline
    ///     either way.
    ///   - output: The stream to append to.
    public static func write<Output: TextOutputStream>(_ value: JSONValue, pretty: Bool, to output: inout Output) {
        var text = ""
        append(value, pretty: pretty, depth: 0, to: &text)
        output.write(text)
    }

    /// The text of `value`; see ``write(_:pretty:to:)``.
    public static func string(_ value: JSONValue, pretty: Bool) -> String {
        var text = ""
        append(value, pretty: pretty, depth: 0, to: &text)
        return text
    }

    /// The JSON string literal for `text`, quotes included.
    ///
    /// `"` and `\` are backslash-escaped; control characters use the short escapes
    /// (`\n`, `\t`, …) or `\u00XX`; U+2028 and U+2029 are escaped too so that the
    /// output can be pasted into JavaScript. Everything else is written as UTF-8.
    public static func quoted(_ text: String) -> String {
        JSONString.quoted(text)
    }

    private static func append(_ value: JSONValue, pretty: Bool, depth: Int, to out: inout String) {
        switch value {
        case .null:
            out += "null"
        case .bool(let b):
            out += b ? "true" : "false"
        case .integer(let n):
            out += String(n)
        case .string(let s):
            JSONString.append(s, to: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(pretty: pretty, depth: depth + 1, to: &out)
                append(item, pretty: pretty, depth: depth + 1, to: &out)
            }
            newline(pretty: pretty, depth: depth, to: &out)
            out += "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                newline(pretty: pretty, depth: depth + 1, to: &out)
                JSONString.append(member.key, to: &out)
                out += pretty ? ": " : ":"
                append(member.value, pretty: pretty, depth: depth + 1, to: &out)
            }
            newline(pretty: pretty, depth: depth, to: &out)
            out += "}"
        }
    }

    private static func newline(pretty: Bool, depth: Int, to out: inout String) {
        guard pretty else { return }
        out += "\n"
        out += String(repeating: "  ", count: depth)
    }
}
