/// The one JSON string quoter (RFC 8259), for every writer of JSON: reports
/// (`JSONWriter`), converted logs (`NativeLine`) and generated logs (`RecordEncoder`).
///
/// `"` and `\` are backslash-escaped; control characters use the short escapes
/// (`\n`, `\r`, `\t`, `\b`, `\f`) or `\u00XX` (upper-case hex); U+2028 and U+2029 are
/// escaped too so that the output can be pasted into JavaScript. Everything else is
/// written as UTF-8.
public enum JSONString {
    /// The JSON string literal for `text`, quotes included.
    public static func quoted(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }

    /// Appends the JSON string literal for `text`, quotes included.
    public static func append(_ text: String, to out: inout String) {
        out.unicodeScalars.append("\"")
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) {
                out += escape
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        out.unicodeScalars.append("\"")
    }

    /// Appends the JSON string literal for `text` as UTF-8 bytes, quotes included.
    public static func append(_ text: String, to out: inout [UInt8]) {
        // Text without anything to escape (nearly all) is copied as it is, from its storage (or,
        // for a small string, from the copy `withUTF8` makes on the stack).
        var text = text
        let copied = text.withUTF8 { bytes -> Bool in
            guard isPlain(bytes) else { return false }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: bytes)
            out.append(UInt8(ascii: "\""))
            return true
        }
        if copied { return }
        out.append(UInt8(ascii: "\""))
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) {
                out.append(contentsOf: escape.utf8)
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether no byte of `bytes` may belong to a character that needs an escape: a control
    /// character, `"`, `\`, or 0xE2 (the lead byte of U+2028 and U+2029, and of other
    /// characters, which then take the careful path). Eight bytes at a time.
    @inline(__always)
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let n = bytes.count
        var i = 0
        while i + 8 <= n {
            let v = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // Any byte below 0x20, or equal to one of the three (a zero byte after the xor).
            let quote = v ^ (ones &* 0x22)
            let backslash = v ^ (ones &* 0x5C)
            let lead = v ^ (ones &* 0xE2)
            let found =
                ((v &- ones &* 0x20) & ~v) | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                | ((lead &- ones) & ~lead)
            if found & (ones &* 0x80) != 0 { return false }
            i += 8
        }
        while i < n {
            let byte = base[i]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2 { return false }
            i += 1
        }
        return true
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The escape of a scalar that needs one, else `nil`.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        case "\u{08}": return "\\b"
        case "\u{0C}": return "\\f"
        case "\u{00}"..."\u{1F}", "\u{2028}", "\u{2029}":
            let v = scalar.value
            var text = "\\u"
            for shift in stride(from: 12, through: 0, by: -4) {
                text.unicodeScalars.append(Unicode.Scalar(hexDigits[Int((v >> UInt32(shift)) & 0xF)]))
            }
            return text
        default:
            return nil
        }
    }
}
