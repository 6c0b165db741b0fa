import LCTracePlatform
import LCTraceAppleFormats
import LCTraceCore
import LCTraceReport
import LCTracePipeline
import LCTraceIngest
import LCTraceReplay

/// The audit of one input: decide whether it is a log, replay it with the shared
/// ``FileReplay`` pipeline, and digest the result. Runs on a worker thread.
public enum AuditFile {
    /// Audits one input.
    ///
    /// Discovery fails open towards replaying: a damaged log is replayed and its damage
    /// reported as findings (LC401…), never skipped. Only two kinds of file are skipped
    /// (and listed as skipped, with the reason):
    ///
    /// - lctrace's own outputs, named or found, recognised by their opening: every report
    ///   format that can be written to a file (json, jsonl, sarif, junit, html), a timeline,
    ///   a baseline and `gen`'s planted findings (``OwnOutputFormat``);
    /// - files found in a directory walk that are clearly not logs (see
    ///   ``notLogReason(_:)``): nothing in their first 64 KiB starts like a JSON record.
    ///
    /// Named files are otherwise replayed as `replay` would.
    ///
    /// - Parameters:
    ///   - input: the path and what discovery found.
    ///   - configuration: budgets, model and OS defaults.
    ///   - reading: how inputs are read, as `replay` reads them (`--input-format`,
    ///     `--subsystem`, `--category`, `--date`, `--app`, `--max-decompressed`).
    ///   - top: how many worst sessions the digest keeps.
    ///   - keepFindings: whether the entry carries the findings (the format prints them).
    /// - Returns: the entry for the output.
    public static func audit(
        _ input: AuditInput, configuration: ReplayConfiguration, reading: Reading = Reading(), top: Int,
        keepFindings: Bool
    ) -> AuditEntry {
        switch input.status {
        case .skipped(let reason): return .skipped(path: input.path, reason: reason)
        case .unreadable(let reason): return .unreadable(UnreadableInput(path: input.path, reason: reason))
        case .candidate: break
        }
        if let head = head(input.path), let reason = skipReason(head, named: input.named, reading: reading) {
            return .skipped(path: input.path, reason: reason)
        }
        let reader: LogReader
        do {
            // Inline decompression: the audit is parallel across files (AuditRun).
            reader = try LogOpener.open(
                input.path,
                options: ReadOptions(
                    inputFormat: reading.inputFormat, filter: reading.filter, limits: reading.limits,
                    concurrentDecompression: false))
        } catch {
            if error.code == .notLogData { return .skipped(path: input.path, reason: error.reason) }
            return .unreadable(UnreadableInput(path: error.path, reason: error.reason))
        }
        var ended: [EndedSession] = []
        let result = FileReplay.replay(reader, displayName: input.path, configuration: configuration) { observation in
            if case .sessionEnded(let pid, let began, let endedAt, let exitClass, let line, _, let session) = observation {
                ended.append(
                    EndedSession(
                        pid: pid, began: began, ended: endedAt, exitClass: exitClass, line: line, session: session))
            }
        }
        if let reason = result.nothingReplayedReason {
            return .unreadable(UnreadableInput(path: input.path, reason: reason))
        }
        let digest = FileDigest(result: result, sessions: ended, top: top)
        return .file(digest, findings: keepFindings ? result.findings : [])
    }

    /// How an audit reads its inputs: the same options `replay` takes, so that a file gives
    /// the same findings in both.
    public struct Reading: Sendable {
        /// `--input-format`.
        public var inputFormat: LogInputFormat
        /// `--subsystem`, `--category` (exports), `--date`, `--app` (transcripts).
        public var filter: UnifiedLogFilter
        /// `--max-decompressed`.
        public var limits: IngestLimits

        /// Creates reading options; the defaults are `replay`'s.
        public init(
            inputFormat: LogInputFormat = .auto, filter: UnifiedLogFilter = UnifiedLogFilter(),
            limits: IngestLimits = .default
        ) {
            self.inputFormat = inputFormat
            self.filter = filter
            self.limits = limits
        }
    }

    /// Why a file whose first 64 KiB are `head` is skipped rather than replayed, or `nil`.
    static func skipReason(_ head: ArraySlice<UInt8>, named: Bool, reading: Reading) -> String? {
        if let reason = ownOutputReason(head) { return reason }
        if !named, reading.inputFormat == .auto, let reason = notLogReason(head), !LogOpener.looksLikeSystemLog(head) {
            return reason
        }
        return nil
    }

    /// The input an audit would replay as a log at the path `output` names (after links), if
    /// any: writing the report there would destroy that log. Named inputs are checked by the
    /// command's own output check; this finds the ones a directory walk found. An earlier
    /// report of lctrace's, an empty file or a file that is clearly not a log is no conflict
    /// (a rerun of `audit -o d/report.json d` replaces its report).
    public static func logOverwritten(by output: String?, among inputs: [AuditInput], reading: Reading) -> String? {
        guard let output, let target = FileIdentity(path: output) else { return nil }
        for input in inputs where !input.named && input.status == .candidate && input.identity == target {
            if let head = head(input.path), skipReason(head, named: false, reading: reading) == nil { return input.path }
        }
        return nil
    }

    /// The first 64 KiB of a file, or `nil` when it cannot be opened (opening it again
    /// reports why) or is empty.
    static func head(_ path: String) -> ArraySlice<UInt8>? {
        let fd = FilePathText.withCString(path) { open($0, O_RDONLY) }
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        var n = 0
        while n < block.count {
            let got = block.withUnsafeMutableBytes { buffer in
                Platform.retryingInterrupts { Platform.read(fd, buffer.baseAddress! + n, buffer.count - n) }
            }
            guard got > 0 else { break }
            n += got
        }
        return n > 0 ? block[0..<n] : nil
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }

    /// Why a file is one of lctrace's own outputs rather than a log (``OwnOutputFormat``,
    /// the one recogniser of them); `nil` otherwise (zstd never matches).
    static func ownOutputReason(_ head: ArraySlice<UInt8>) -> String? {
        OwnOutputFormat.recognise(head)?.skipReason
    }

    /// Why a file found in a walk is clearly not a log, or `nil` when it may be one.
    ///
    /// A file may be a log when it is zstd, or when some line of its first 64 KiB starts,
    /// after blanks, like a JSON record (`{` then `"`) or a unified-log `json` export (`[`
    /// then `{` or `"`), or when its first line holds `{"` anywhere (a log whose first line
    /// is damaged). Everything else (a README, an image, a pretty-printed JSON document, a
    /// gzip file) is skipped. The rule fails open: a text file with one record-like line is
    /// replayed, and its other lines are LC401.
    static func notLogReason(_ head: ArraySlice<UInt8>) -> String? {
        let b = head
        if b.count >= 4 {
            let i = b.startIndex
            let magic = UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
            if magic == 0xFD2F_B528 || magic & 0xFFFF_FFF0 == 0x184D_2A50 { return nil }
        }
        // Worded by the reader, as `replay` words the same file (issue 22).
        if let reason = LogReader.knownBinaryReason(b) { return reason }
        var lineStart = b.startIndex
        var firstLine = true
        while lineStart < b.endIndex {
            let lineEnd = b[lineStart...].firstIndex(of: 0x0A) ?? b.endIndex
            let line = b[lineStart..<lineEnd]
            let body = line.drop(while: isBlank)
            if let open = body.first, open == UInt8(ascii: "{") || open == UInt8(ascii: "[") {
                let next = body.dropFirst().drop(while: isBlank).first
                if next == UInt8(ascii: "\"") || (open == UInt8(ascii: "[") && next == UInt8(ascii: "{")) { return nil }
            }
            if firstLine, line.indices.contains(where: { $0 + 1 < line.endIndex && line[$0] == UInt8(ascii: "{") && line[$0 + 1] == UInt8(ascii: "\"") }) {
                return nil
            }
            firstLine = false
            lineStart = lineEnd + 1
        }
        return "not a lifecycle log: no line in its first 64 KiB starts like a JSON record"
    }
}
