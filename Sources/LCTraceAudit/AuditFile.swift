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
    ///   ``LogOpener/notALogReason(_:options:)``): nothing in their first 64 KiB starts like a JSON record.
    ///
    /// Named files are otherwise replayed as `replay` would: one that is not a log at all
    /// (random bytes, gzip) is unreadable, with `replay`'s reason.
    ///
    /// - Parameters:
    ///   - input: the path and what discovery found.
    ///   - configuration: budgets, model and OS defaults.
    ///   - reading: how inputs are read, as `replay` reads them (`--input-format`,
    ///     `--subsystem`, `--category`, `--date`, `--app`, `--max-decompressed`).
    ///   - top: how many worst sessions the digest keeps.
    ///   - keepFindings: whether the entry carries the findings and deaths (the format prints them).
    ///   - crashReports: the crash reports of joined MetricKit crash diagnostics
    ///     (``MetricKitReplay``); those of this file end its sessions.
    /// - Returns: the entry for the output.
    public static func audit(
        _ input: AuditInput, configuration: ReplayConfiguration, reading: ReadOptions = ReadOptions(), top: Int,
        keepFindings: Bool, crashReports: [CrashReport] = [], evidence: AuditEvidence.Part? = nil
    ) -> AuditEntry {
        var configuration = configuration
        var crashReports = crashReports.filter { ($0.log ?? $0.origin.log) == input.path }
        // What the file takes from its directory's evidence (SPEC §8, §10, §11): an evidence
        // file is its own deaths or findings (a folder of crash reports is a fleet); a log
        // ends its sessions with the pieces bound to them.
        switch evidence {
        case .result(let result)?: return entry(result, top: top, keepFindings: keepFindings)
        case .unreadable(let failure)?: return .unreadable(failure)
        case .incidents(let refs)?:
            switch AuditEvidence.result(of: input.path, incidents: refs, configuration: configuration) {
            case .failure(let failure): return .unreadable(failure)
            case .success(let result): return entry(result, top: top, keepFindings: keepFindings)
            }
        case .log(let bound, let declarations)?:
            crashReports = bound
            configuration.declarations += declarations
        case nil:
            if input.status == .candidate, let alone = EvidenceAlone.result(ofFile: input.path, configuration: configuration) {
                switch alone {
                case .failure(let failure): return .unreadable(failure)
                case .success(let result): return entry(result, top: top, keepFindings: keepFindings)
                }
            }
        }
        let reader: LogReader
        do {
            reader = try openLog(input, reading: reading)
        } catch {
            return error.entry
        }
        var ended: [EndedSession] = []
        let result = FileReplay.replay(
            reader, displayName: input.path, configuration: configuration,
            observer: { observation in
                if case .sessionEnded(let pid, let began, let endedAt, let exitClass, let line, _, let session) = observation {
                    ended.append(
                        EndedSession(
                            pid: pid, began: began, ended: endedAt, exitClass: exitClass, line: line, session: session))
                }
            }, crashReports: crashReports)
        if let reason = result.nothingReplayedReason {
            return .unreadable(UnreadableInput(path: input.path, reason: reason))
        }
        let digest = FileDigest(result: result, sessions: ended, top: top)
        return .file(digest, findings: keepFindings ? result.findings : [], deaths: keepFindings ? result.deaths : [])
    }

    /// The entry of an evidence file's result: no sessions of a log to rank.
    static func entry(_ result: FileResult, top: Int, keepFindings: Bool) -> AuditEntry {
        let digest = FileDigest(result: result, sessions: [], top: top)
        return .file(digest, findings: keepFindings ? result.findings : [], deaths: keepFindings ? result.deaths : [])
    }

    /// An input that is not replayed, as its entry (what ``openLog(_:reading:)`` fails with).
    struct NotReplayed: Error {
        /// The skipped or unreadable entry.
        var entry: AuditEntry
    }

    /// Opens an input as ``audit(_:configuration:reading:top:keepFindings:crashReports:)``
    /// replays it, or says why it is not replayed.
    static func openLog(_ input: AuditInput, reading: ReadOptions) throws(NotReplayed) -> LogReader {
        switch input.status {
        case .skipped(let reason): throw NotReplayed(entry: .skipped(path: input.path, reason: reason))
        case .unreadable(let reason): throw NotReplayed(entry: .unreadable(UnreadableInput(path: input.path, reason: reason)))
        case .candidate: break
        }
        if let head = head(input.path), let reason = skipReason(head, named: input.named, reading: reading) {
            throw NotReplayed(entry: .skipped(path: input.path, reason: reason))
        }
        do {
            // Inline decompression: the audit is parallel across files (AuditRun).
            var options = reading
            options.concurrentDecompression = false
            return try LogOpener.open(input.path, options: options)
        } catch {
            // A file found in a walk that is not a log is passed over; one the user named is
            // an input that cannot be read, as `replay` says of it (SPEC §6).
            if error.code == .notLogData && !input.named {
                throw NotReplayed(entry: .skipped(path: input.path, reason: error.reason))
            }
            throw NotReplayed(entry: .unreadable(UnreadableInput(path: error.path, reason: error.reason)))
        }
    }

    /// The sessions of an input whose pid is one of `pids`, as the MetricKit join sees them
    /// (``MetricKitSessionCollector``): what `audit --metrickit` collects of each file
    /// before the audit proper, so that no file's other sessions are held. Empty for an input
    /// that is not replayed.
    public static func sessions(
        _ input: AuditInput, pids: Set<Int64>, configuration: ReplayConfiguration, reading: ReadOptions = ReadOptions()
    ) -> [SessionSpan] {
        let reader: LogReader
        do {
            reader = try openLog(input, reading: reading)
        } catch {
            return []
        }
        let collector = MetricKitSessionCollector(file: input.path, pids: pids, defaultOS: configuration.defaultOS)
        let result = FileReplay.replay(reader, displayName: input.path, configuration: configuration, observer: collector.observe)
        guard result.nothingReplayedReason == nil else { return [] }
        return collector.sessions
    }

    /// Every session of an input, as the one join sees them (``SessionSpan``): the first pass
    /// over the logs of a directory with evidence (``AuditEvidence``). Empty for an input that
    /// is not replayed.
    static func spans(_ input: AuditInput, configuration: ReplayConfiguration, reading: ReadOptions) -> [SessionSpan] {
        let reader: LogReader
        do {
            reader = try openLog(input, reading: reading)
        } catch {
            return []
        }
        var indexing = configuration
        indexing.indexesSessions = true
        indexing.listsExits = false
        let result = FileReplay.replay(reader, displayName: input.path, configuration: indexing)
        guard result.nothingReplayedReason == nil else { return [] }
        return result.sessionSpans
    }

    /// Why a file whose first 64 KiB are `head` is skipped rather than replayed, or `nil`.
    static func skipReason(_ head: ArraySlice<UInt8>, named: Bool, reading: ReadOptions) -> String? {
        if let reason = ownOutputReason(head) { return reason }
        return named ? nil : LogOpener.notALogReason(head, options: reading)
    }

    /// The input an audit would replay as a log at the path `output` names (after links), if
    /// any: writing the report there would destroy that log. Named inputs are checked by the
    /// command's own output check; this finds the ones a directory walk found. An earlier
    /// report of lctrace's, an empty file or a file that is clearly not a log is no conflict
    /// (a rerun of `audit -o d/report.json d` replaces its report).
    public static func logOverwritten(by output: String?, among inputs: [AuditInput], reading: ReadOptions) -> String? {
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

    /// Why a file is one of lctrace's own outputs rather than a log (``OwnOutputFormat``,
    /// the one recogniser of them); `nil` otherwise (zstd never matches).
    static func ownOutputReason(_ head: ArraySlice<UInt8>) -> String? {
        OwnOutputFormat.recognise(head)?.skipReason
    }
}
