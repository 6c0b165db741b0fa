import LCTraceCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a crash report file whole, with a size cap (plain files only: a report is small).
enum CrashReportFile {
    /// The bytes of `path`.
    ///
    /// - Throws: ``CrashReportError`` when it cannot be opened or read, or is larger than
    ///   `maximumBytes`.
    static func contents(of path: String, maximumBytes: Int) throws(CrashReportError) -> [UInt8] {
        let fd = FilePathText.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            throw CrashReportError(path: path, message: SystemErrorText.reason(errno))
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CrashReportError(path: path, message: SystemErrorText.reason(errno))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maximumBytes {
                throw CrashReportError(
                    path: path, message: "larger than \(maximumBytes) bytes: expected a crash report (.ips)")
            }
        }
        return bytes
    }
}
