import LCTraceCore

/// How the machine-read reports (SARIF, GitHub annotations) name a finding's file.
///
/// Code-scanning tools resolve locations against the repository checkout, so a path is
/// made relative to the working directory when it lies under it. Symbolic links and
/// `..` are not resolved: the tool names files as the user did, and resolving would
/// need the file system.
enum ArtifactPath {
    /// The name `-` input carries in findings.
    static let standardInput = "<stdin>"

    /// `path` relative to `workingDirectory` when it is under it; otherwise `path` with
    /// `.` and empty segments removed (`./a//b` → `a/b`).
    static func relative(_ path: String, to workingDirectory: String?) -> String {
        let absolute = path.hasPrefix("/")
        let segments = normalised(path)
        if absolute, let workingDirectory, workingDirectory.hasPrefix("/") {
            let base = normalised(workingDirectory)
            if segments.count > base.count, Array(segments.prefix(base.count)) == base {
                return segments.dropFirst(base.count).joined(separator: "/")
            }
        }
        let joined = segments.joined(separator: "/")
        return absolute ? "/" + joined : joined
    }

    /// A SARIF `artifactLocation.uri`: a relative reference for relative paths, a
    /// `file://` URI for absolute ones, `stdin` for standard input; percent-encoded.
    static func uri(_ path: String, workingDirectory: String?) -> String {
        if path == standardInput { return "stdin" }
        let relativePath = relative(path, to: workingDirectory)
        let encoded = percentEncoded(relativePath)
        return relativePath.hasPrefix("/") ? "file://" + encoded : encoded
    }

    /// Percent-encodes every byte of the name (``FilePathText``: a byte that is not UTF-8 is
    /// `%E9`, as RFC 3986 encodes bytes) except RFC 3986 unreserved characters and `/`.
    ///
    /// Encoding more than strictly necessary (`:`, `@`, sub-delims) keeps the result a
    /// valid relative reference in every position: `a:b` unencoded would parse as a URI
    /// with scheme `a`.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in FilePathText.bytes(text) {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func normalised(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
    }
}
