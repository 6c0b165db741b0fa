#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way an `errno` is written in an operational error: the C library's `strerror`
/// text with its first letter lower-cased (`no such file or directory`), as in
/// `Unable to read 'x': no such file or directory.`; the rest is left as the library
/// wrote it.
public enum SystemErrorText {
    /// The text of an `errno` value (`error 1234` when the C library has none).
    public static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        let s = String(cString: text)
        guard let first = s.first else { return "error \(code)" }
        return first.lowercased() + s.dropFirst()
    }
}
