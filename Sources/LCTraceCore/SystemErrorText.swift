import LCTracePlatform

/// The one way an `errno` is written in an operational error: the C library's `strerror`
/// text with its first letter lower-cased (`no such file or directory`), as in
/// `Unable to read 'x': no such file or directory.`; the rest is left as the library
/// wrote it, but for `ELOOP`.
public enum SystemErrorText {
    /// The text of an `errno` value (`error 1234` when the C library has none).
    ///
    /// A link loop (`ELOOP`) reads `symbolic link loop` wherever it is met (opening an input,
    /// an audit's walk, an output's path), since the C library's "too many levels of symbolic
    /// links" does not say which it is.
    public static func reason(_ code: Int32) -> String {
        if code == ELOOP { return "symbolic link loop" }
        guard let text = strerror(code) else { return "error \(code)" }
        let s = String(cString: text)
        guard let first = s.first else { return "error \(code)" }
        return first.lowercased() + s.dropFirst()
    }
}
