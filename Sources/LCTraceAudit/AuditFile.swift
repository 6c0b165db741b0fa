#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCTraceCore
import LCTracePipeline
import LCTraceIngest
import LCTraceReplay

/// The audit of one input: decide whether it is a log, replay it with the shared
/// ``FileReplay`` pipeline, and digest the result. Runs on a worker thread.
public enum AuditFile {
    /// Audits one input.
    ///
    /// A path is a log when the ingest sniffing accepts it (zstd, or UTF-8 text without
    /// NUL); a file found in a directory walk must moreover, if it is text, have a first
    /// line that looks like a JSON object (or be empty), so that a `README` or a JSON report
    /// beside the logs is skipped rather than reported line by line as LC401. Named files
    /// are replayed as `replay` would.
    ///
    /// - Parameters:
    ///   - input: the path and what discovery found.
    ///   - configuration: budgets, model and OS defaults.
    ///   - top: how many worst sessions the digest keeps.
    ///   - keepFindings: whether the entry carries the findings (the format prints them).
    /// - Returns: the entry for the output.
    public static func audit(
        _ input: AuditInput, configuration: ReplayConfiguration, top: Int, keepFindings: Bool
    ) -> AuditEntry {
        switch input.status {
        case .skipped(let reason): return .skipped(path: input.path, reason: reason)
        case .unreadable(let reason): return .unreadable(UnreadableInput(path: input.path, reason: reason))
        case .candidate: break
        }
        if !input.named, let reason = notNDJSONReason(input.path) {
            return .skipped(path: input.path, reason: reason)
        }
        let reader: LogReader
        do {
            // Inline decompression: the audit is parallel across files (AuditRun).
            reader = try LogReader(path: input.path, concurrentDecompression: false)
        } catch {
            if error.code == .notLogData { return .skipped(path: input.path, reason: error.reason) }
            return .unreadable(UnreadableInput(path: error.path, reason: error.reason))
        }
        var ended: [EndedSession] = []
        let result = FileReplay.replay(reader, displayName: input.path, configuration: configuration) { observation in
            if case .sessionEnded(let pid, let began, let endedAt, let exitClass, let line, _) = observation {
                ended.append(EndedSession(pid: pid, began: began, ended: endedAt, exitClass: exitClass, line: line))
            }
        }
        let digest = FileDigest(result: result, sessions: ended, top: top)
        return .file(digest, findings: keepFindings ? result.findings : [])
    }

    /// Why a found file is not NDJSON text, or `nil` when it may be a log: zstd, empty,
    /// or text whose first non-blank line looks like one JSON object (starts with `{`
    /// and, when it ends within the first 64 KiB, ends with `}`); the ingest sniffing
    /// decides the rest. A pretty-printed JSON document (first line `{`) is not a log.
    /// Unreadable files return `nil` too: opening them again reports why.
    static func notNDJSONReason(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        let n = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        if n >= 4 {
            let magic = UInt32(block[0]) | UInt32(block[1]) << 8 | UInt32(block[2]) << 16 | UInt32(block[3]) << 24
            if magic == 0xFD2F_B528 || magic & 0xFFFF_FFF0 == 0x184D_2A50 { return nil }
        }
        let reason = "not a lifecycle log: neither zstd nor NDJSON text (the first line is not a JSON object)"
        let isBlank = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        guard let first = block[0..<n].firstIndex(where: { !isBlank($0) }) else { return nil }
        guard block[first] == UInt8(ascii: "{") else { return reason }
        guard let end = block[first..<n].firstIndex(of: 0x0A) else { return nil }
        guard let last = block[first..<end].lastIndex(where: { !isBlank($0) }), last > first,
            block[last] == UInt8(ascii: "}")
        else { return reason }
        return nil
    }
}
