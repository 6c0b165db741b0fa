/// Text made safe for one line of a terminal or a text report (the one `printable`).
///
/// Control characters (C0, DEL, C1) become visible escapes so that a log or a path cannot
/// break the one-line-per-finding layout or send escape sequences to the user's terminal:
/// `\n`, `\r` and `\t` use their short JSON-style escapes, every other one `\uXXXX`
/// (upper-case hex, as in `\u001B`). A byte of a file name that is not valid UTF-8, kept by
/// ``FilePathText``, is written as `\xE9`; a scalar it marks as the name's own, as itself. Everything else is unchanged.
public enum PrintableText {
    /// `text` with its control characters escaped (the same string when it has none).
    public static func printable(_ text: String) -> String {
        let encoded = FilePathText.isEncoded(text)
        guard encoded || text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        let units = encoded ? FilePathText.units(text) : text.unicodeScalars.map { .scalar($0) }
        for unit in units {
            switch unit {
            case .byte(let byte):
                out += "\\x" + String(byte, radix: 16, uppercase: true)
            case .scalar("\n"): out += "\\n"
            case .scalar("\r"): out += "\\r"
            case .scalar("\t"): out += "\\t"
            case .scalar(let scalar) where isControl(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            case .scalar(let scalar):
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A file name as every message quotes it: `'NAME'`, with NAME made ``printable(_:)``.
    ///
    /// The one way a message names a file (issue 22): `replay`, `audit`, `convert` and the
    /// rest say a name that holds a newline, an escape sequence or bytes that are not UTF-8
    /// the same way, and never send those to the terminal.
    public static func quoted(_ name: String) -> String {
        "'" + printable(name) + "'"
    }

    /// C0, DEL and C1 control characters.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
