import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay

/// `lctrace convert`: every record of a log (typically a unified-log export) written as a
/// native line.
public enum LogConversion {
    /// What a conversion did.
    public struct Summary: Sendable, Equatable {
        /// Records written.
        public var records = 0
        /// Lines that could not be read (LC401), a cut (LC403) or records the log says it lost
        /// (LC404); reported, not written.
        public var problems = 0
        /// A `--subsystem`/`--category` filter matched no entry of the export (see
        /// `LogReader.filterMatchedNothing`).
        public var filterMatchedNothing = false
        /// Lines that could not be read (LC401).
        public var malformed = 0
        /// The line and message of the first cut or corrupt stretch (LC403), if any.
        public var firstCutLine: Int?
        /// The message of that LC403.
        public var firstCutMessage = ""
        /// The line of the first malformed line (LC401), if any.
        public var firstMalformedLine: Int?
        /// The message of that LC401.
        public var firstMalformedMessage = ""
        /// The input is an export or a system log with some content (``FileResult/hasUntranslatedEntries``).
        public var hasUntranslatedEntries = false

        /// Why nothing of the input could be converted, or `nil`: the rule `replay` applies
        /// (``FileResult/nothingReplayedReason(records:firstCut:malformed:otherProblems:entriesLeftOut:)``),
        /// so that `convert` refuses (exit 2, its output untouched) what `replay` cannot read.
        public var nothingReplayedReason: String? {
            FileResult.nothingReplayedReason(
                records: records, firstCut: firstCutLine.map { (line: $0, message: firstCutMessage) }, malformed: malformed,
                otherProblems: problems - malformed - (firstCutLine == nil ? 0 : 1),
                entriesLeftOut: filterMatchedNothing || hasUntranslatedEntries)
        }

        /// The input gave no record, only malformed lines (a CSV, a log in the wrong syntax),
        /// or `nil`: ``FileResult/noRecordReason(records:malformed:first:)``, so that `convert`
        /// refuses it (exit 2, its output untouched) as `baseline` does.
        public var onlyMalformedLines: String? {
            FileResult.noRecordReason(
                records: records, malformed: malformed, first: firstMalformedLine.map { (line: $0, message: firstMalformedMessage) })
        }
    }

    /// Reads a log to its end and writes its records in the native format, one per line.
    ///
    /// Export records that are not lifecycle events produce no line, so the lines of the
    /// output are not those of the input. UIKit's own verdicts in a system log (LC203, LC301,
    /// LC302: ``LogReader/systemEvidenceVerdicts``) have no native record: the records written
    /// are replayed as they go, and a verdict that their replay does not give again (same
    /// rule, pid and task) is refused (``LostVerdicts``) rather than dropped in silence.
    ///
    /// - Parameters:
    ///   - reader: the input; consumed.
    ///   - write: receives each native line, with its `\n`.
    ///   - problem: receives each unreadable line as a compiler-style diagnostic
    ///     (`FILE:LINE: error: [LC401 malformed-record] MESSAGE`).
    ///   - holdUntilChecked: whether every line waits for the verdicts check, so that a
    ///     refusal writes nothing (an output written in place: standard output, a FIFO, a
    ///     device). A transcript's lines always wait; a regular file is replaced only when
    ///     complete, so it need not hold.
    /// - Returns: how many records were written and how many problems reported.
    /// - Throws: what `write` throws, the conversion stopping there; ``LostVerdicts`` at the
    ///   end when the converted log would lose a verdict of the system log.
    public static func convert(
        _ reader: consuming LogReader, write: (String) throws -> Void, problem: (String) -> Void,
        holdUntilChecked: Bool = false
    ) throws -> Summary {
        try convert(
            reader, chunkBytes: 0, write: { try write(String(decoding: $0, as: UTF8.self)) }, problem: problem,
            holdUntilChecked: holdUntilChecked)
    }

    /// ``convert(_:write:problem:holdUntilChecked:)`` writing bytes: the same output, built
    /// in a byte buffer (no `String` per line) and handed to `writeBytes` in chunks of whole
    /// lines of about 64 KiB (`lctrace convert`).
    ///
    /// - Parameters:
    ///   - reader: the input; consumed.
    ///   - writeBytes: receives the output's bytes in order, whole lines at a time.
    ///   - problem: receives each unreadable line as a compiler-style diagnostic.
    ///   - holdUntilChecked: whether every line waits for the verdicts check.
    /// - Returns: how many records were written and how many problems reported.
    /// - Throws: what `writeBytes` throws; ``LostVerdicts`` as above.
    public static func convert(
        _ reader: consuming LogReader, writeBytes: (UnsafeRawBufferPointer) throws -> Void, problem: (String) -> Void,
        holdUntilChecked: Bool = false
    ) throws -> Summary {
        try convert(reader, chunkBytes: 1 << 16, write: writeBytes, problem: problem, holdUntilChecked: holdUntilChecked)
    }

    /// The conversion, writing whenever `chunkBytes` or more are pending (0: every line).
    private static func convert(
        _ reader: consuming LogReader, chunkBytes: Int, write: (UnsafeRawBufferPointer) throws -> Void,
        problem: (String) -> Void, holdUntilChecked: Bool
    ) throws -> Summary {
        var reader = reader
        var summary = Summary()
        // The replay of what is written, for the verdicts check. Only a system log or an export
        // can carry verdicts: a native log's records are not replayed.
        var replayer = Replayer(path: reader.displayName, configuration: ReplayConfiguration())
        var replays = false
        var written = 0
        // A transcript is held in memory already (LogOpener+Transcript.swift): its lines wait for
        // the verdicts check, so that a refusal writes nothing even to standard output. An
        // export's do too when written in place; a native log has no verdicts to lose.
        // Which the input is is known once it is sniffed, at its first item.
        var holding = false
        var sniffed = false
        var out: [UInt8] = []
        out.reserveCapacity(chunkBytes + 4096)
        func flush() throws {
            guard !out.isEmpty else { return }
            try out.withUnsafeBytes { try write($0) }
            out.removeAll(keepingCapacity: true)
        }
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        loop: while true {
            let step = reader.read(into: &record)
            if !sniffed {
                sniffed = true
                holding = reader.isSystemLog || (holdUntilChecked && reader.isUnifiedLogExport)
                replays = reader.isSystemLog || reader.isUnifiedLogExport
            }
            switch step {
            case .record, .meta:
                let meta: SessionMeta? = step == .meta ? reader.meta : nil
                // Borrowed in place: `reader.symbols` as an argument copies the table.
                reader.withSymbols { NativeLine.appendJSON(of: record, meta: meta, symbols: $0, to: &out) }
                out.append(0x0A)
                summary.records += 1
                written += 1
                if replays {
                    record.line = written
                    if let meta {
                        replayer.process(record, meta: meta, symbols: reader.symbols)
                    } else {
                        replayer.process(record, symbols: reader.symbols)
                    }
                }
                if !holding && out.count >= chunkBytes { try flush() }
            case .malformed:
                summary.problems += 1
                summary.malformed += 1
                if summary.firstMalformedLine == nil {
                    summary.firstMalformedLine = reader.problem.line
                    summary.firstMalformedMessage = reader.problem.message
                }
                problem(diagnostic(reader.displayName, reader.problem.line, "error", .malformedRecord, reader.problem.message))
            case .truncated:
                summary.problems += 1
                if summary.firstCutLine == nil {
                    summary.firstCutLine = reader.problem.line
                    summary.firstCutMessage = reader.problem.message
                }
                problem(diagnostic(reader.displayName, reader.problem.line, "warning", .truncatedLog, reader.problem.message))
            case .lost:
                // A native log cannot say records were lost: reported, as a cut is.
                summary.problems += 1
                problem(diagnostic(reader.displayName, reader.problem.line, "warning", .recordsLost, reader.problem.message))
            case .end:
                break loop
            }
        }
        summary.filterMatchedNothing = reader.filterMatchedNothing
        summary.hasUntranslatedEntries = reader.hasUntranslatedEntries
        let verdicts = reader.systemEvidenceVerdicts
        if !verdicts.isEmpty {
            let replayed = replayer.finish(symbols: reader.symbols).findings
            // A cut is already reported as a problem (LC403) above.
            let lost = verdicts.filter { $0.rule != .truncatedLog && !SystemEvidence.isSeen($0, in: replayed) }
            if !lost.isEmpty { throw LostVerdicts(file: reader.displayName, verdicts: lost) }
        }
        try flush()
        return summary
    }

    private static func diagnostic(_ file: String, _ line: Int, _ severity: String, _ rule: Rule, _ message: String) -> String {
        "\(file):\(line): \(severity): [\(rule.id) \(rule.name)] \(message)"
    }
}
