import Foundation
import LCTraceCore
import LCTracePlatform

/// What kind of evidence file an input is, by content, never by name (SPEC §10): a FILE given
/// to `replay`, `why`, `audit`, `stats` or `baseline` that is a crash report is replayed as
/// evidence, not as a log.
public enum EvidenceFile {
    /// How much of a file is read to tell.
    static let sniffLength = 64 * 1024

    /// Whether the bytes start like a crash report: an `.ips` (JSON beginning with `{` whose
    /// first 64 KiB hold `"bug_type"`: bug types 309, 109, 298 …), or a text report (a line
    /// `Incident Identifier:`, `Exception Type:`, `Termination Reason:` or `Thread 0 Crashed:`
    /// among its first 64 KiB, as Xcode's "Translated Report" has too). A native log never
    /// matches: its first line is a record with `"ev"`.
    public static func isCrashReport(_ head: ArraySlice<UInt8>) -> Bool {
        var body = head
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        body = body.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = body.first else { return false }
        let firstLine = body.prefix { $0 != 0x0A }
        if contains(firstLine, "\"ev\"") { return false }
        if first == UInt8(ascii: "{") { return contains(body, "\"bug_type\"") }
        // Zstd, binary plists and other binary data are never text reports.
        if first < 0x09 || first == 0x28 && body.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return false }
        var lineStart = body.startIndex
        while lineStart < body.endIndex {
            let lineEnd = body[lineStart...].firstIndex(of: 0x0A) ?? body.endIndex
            var line = body[lineStart..<lineEnd].drop { $0 == 0x20 || $0 == 0x09 }
            while line.first == UInt8(ascii: ">") { line = line.dropFirst().drop { $0 == 0x20 } }
            for key in ["Incident Identifier:", "Exception Type:", "Termination Reason:", "Thread 0 Crashed:"]
            where line.starts(with: Array(key.utf8)) {
                return true
            }
            lineStart = lineEnd + 1
        }
        return false
    }

    /// The keys only MetricKit's JSON has.
    static let metricKitKeys = [
        "\"crashDiagnostics\"", "\"hangDiagnostics\"", "\"cpuExceptionDiagnostics\"", "\"diskWriteExceptionDiagnostics\"",
        "\"appLaunchDiagnostics\"", "\"diagnosticMetaData\"", "\"callStackTree\"", "\"applicationExitMetrics\"",
    ]

    /// Whether the bytes start like a MetricKit file (SPEC §8): JSON (`{` or `[`) whose first
    /// 64 KiB hold a key only MetricKit writes (`crashDiagnostics`, `diagnosticMetaData`,
    /// `callStackTree`, `applicationExitMetrics`, …), and not a log (no `"ev"` on its first line)
    /// nor a crash report (`"bug_type"`).
    public static func isMetricKit(_ head: ArraySlice<UInt8>) -> Bool {
        var body = head
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        body = body.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = body.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        if contains(body.prefix { $0 != 0x0A }, "\"ev\"") || contains(body, "\"bug_type\"") { return false }
        return metricKitKeys.contains { contains(body, $0) }
    }

    /// Whether the file at `path` is a MetricKit file by its first 64 KiB (a regular file only).
    public static func isMetricKit(path: String) -> Bool {
        guard let head = head(path) else { return false }
        return isMetricKit(head[...])
    }

    /// Whether the file at `path` is a crash report by its first 64 KiB: only a regular file
    /// (standard input, a FIFO or a device is read as a log); `false` when it cannot be read
    /// (reading it as a log says why).
    public static func isCrashReport(path: String) -> Bool {
        guard let head = head(path) else { return false }
        return isCrashReport(head[...])
    }

    /// The kinds of evidence file an audit's directory walk sorts out (SPEC §8, §10, §11).
    public enum Kind: Sendable, Equatable {
        /// A crash report or a JetsamEvent report (``isCrashReport(_:)``).
        case crashReport
        /// A MetricKit payload or diagnostic (``isMetricKit(_:)``).
        case metricKit
        /// An Info.plist, XML or binary (``InfoPlistFile/isPropertyList(_:)``).
        case infoPlist
    }

    /// What kind of evidence file the regular file at `path` is, from one read of its first
    /// 64 KiB; `nil` for anything else (a log, or a file that cannot be read).
    public static func kind(path: String) -> Kind? {
        guard let head = head(path) else { return nil }
        if InfoPlistFile.isPropertyList(head[...]) { return .infoPlist }
        if isCrashReport(head[...]) { return .crashReport }
        if isMetricKit(head[...]) { return .metricKit }
        return nil
    }

    /// The first 64 KiB of a regular file, or `nil`.
    static func head(_ path: String) -> [UInt8]? { head(path, length: sniffLength) }

    /// The first `length` bytes of a regular file (standard input, a FIFO or a device cannot
    /// be read twice), or `nil` when it is none or cannot be read: what every reader that
    /// recognises a file by content looks at.
    static func head(_ path: String, length: Int) -> [UInt8]? {
        guard path != "-" else { return nil }
        var info = stat()
        guard FilePathText.withCString(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return nil
        }
        let fd = FilePathText.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: length)
        var filled = 0
        while filled < head.count {
            let n = head.withUnsafeMutableBytes { buffer in
                Platform.retryingInterrupts { Platform.read(fd, buffer.baseAddress! + filled, buffer.count - filled) }
            }
            if n <= 0 { break }
            filled += n
        }
        return Array(head[0..<filled])
    }

    /// Whether `needle` occurs in `bytes`.
    static func contains(_ bytes: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard bytes.count >= n.count, let first = n.first else { return false }
        var i = bytes.startIndex
        let last = bytes.endIndex - n.count
        while i <= last {
            if bytes[i] == first && bytes[i..<(i + n.count)].elementsEqual(n) { return true }
            i += 1
        }
        return false
    }
}
