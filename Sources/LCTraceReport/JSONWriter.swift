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
        output.write(string(value, pretty: pretty))
    }

    /// The text of `value`; see ``write(_:pretty:to:)``.
    public static func string(_ value: JSONValue, pretty: Bool) -> String {
        string(value, pretty: pretty, depth: 0)
    }

    /// The text of `value` as it appears nested `depth` levels deep in a pretty-printed
    /// document: every line after the first is indented by `depth` more levels.
    public static func string(_ value: JSONValue, pretty: Bool, depth: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        append(value, pretty: pretty, depth: depth, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 text of `value`, nested `depth` levels deep, to `bytes`: the writer
    /// works on bytes (no `String` per value; reports of a large audit are megabytes).
    public static func append(_ value: JSONValue, pretty: Bool, depth: Int, to bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let b):
            bytes.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let n):
            appendInteger(n, to: &bytes)
        case .number(let text):
            bytes.append(contentsOf: text.utf8)
        case .string(let s):
            JSONString.append(s, to: &bytes)
        case .array(let items):
            guard !items.isEmpty else {
                bytes.append(contentsOf: "[]".utf8)
                return
            }
            bytes.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                newline(pretty: pretty, depth: depth + 1, to: &bytes)
                append(item, pretty: pretty, depth: depth + 1, to: &bytes)
            }
            newline(pretty: pretty, depth: depth, to: &bytes)
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                bytes.append(contentsOf: "{}".utf8)
                return
            }
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for member in members {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                newline(pretty: pretty, depth: depth + 1, to: &bytes)
                JSONString.append(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(UInt8(ascii: " ")) }
                append(member.value, pretty: pretty, depth: depth + 1, to: &bytes)
            }
            newline(pretty: pretty, depth: depth, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The decimal digits of `n` (and its sign), as `String(n)` writes them.
    static func appendInteger(_ n: Int64, to bytes: inout [UInt8]) {
        var magnitude = n.magnitude
        if n < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// The JSON string literal for `text`, quotes included.
    ///
    /// `"` and `\` are backslash-escaped; control characters use the short escapes
    /// (`\n`, `\t`, …) or `\u00XX`; U+2028 and U+2029 are escaped too so that the
    /// output can be pasted into JavaScript. Everything else is written as UTF-8.
    public static func quoted(_ text: String) -> String {
        JSONString.quoted(text)
    }

    private static func newline(pretty: Bool, depth: Int, to bytes: inout [UInt8]) {
        guard pretty else { return }
        bytes.append(0x0A)
        for _ in 0..<(2 * depth) { bytes.append(0x20) }
    }
}
