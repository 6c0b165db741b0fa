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
        var reader = reader
        var summary = Summary()
        // The replay of what is written, for the verdicts check; a native log has none to check.
        var replayer = Replayer(path: reader.displayName, configuration: ReplayConfiguration())
        var written = 0
        // A transcript is held in memory already (LogOpener+Transcript.swift): its lines wait for
        // the verdicts check, so that a refusal writes nothing even to standard output. An
        // export's do too when written in place; a native log has no verdicts to lose.
        // Which the input is is known once it is sniffed, at its first item.
        var held: [String]? = nil
        var sniffed = false
        func emit(_ line: String) throws {
            if held != nil { held!.append(line) } else { try write(line) }
        }
        while let item = reader.next() {
            if !sniffed {
                sniffed = true
                if reader.isSystemLog || (holdUntilChecked && reader.isUnifiedLogExport) { held = [] }
            }
            switch item {
            case .record(var record):
                try emit(NativeLine(record, symbols: reader.symbols).json + "\n")
                summary.records += 1
                written += 1
                record.line = written
                replayer.process(record, symbols: reader.symbols)
            case .meta(var record, let meta):
                try emit(NativeLine(record, meta: meta, symbols: reader.symbols).json + "\n")
                summary.records += 1
                written += 1
                record.line = written
                replayer.process(record, meta: meta, symbols: reader.symbols)
            case .malformed(let line, let message):
                summary.problems += 1
                problem(diagnostic(reader.displayName, line, "error", .malformedRecord, message))
            case .truncated(let line, _, let message):
                summary.problems += 1
                problem(diagnostic(reader.displayName, line, "warning", .truncatedLog, message))
            case .lost(let line, let message):
                // A native log cannot say records were lost: reported, as a cut is.
                summary.problems += 1
                problem(diagnostic(reader.displayName, line, "warning", .recordsLost, message))
            }
        }
        summary.filterMatchedNothing = reader.filterMatchedNothing
        let verdicts = reader.systemEvidenceVerdicts
        if !verdicts.isEmpty {
            let replayed = replayer.finish(symbols: reader.symbols).findings
            // A cut is already reported as a problem (LC403) above.
            let lost = verdicts.filter { $0.rule != .truncatedLog && !SystemEvidence.isSeen($0, in: replayed) }
            if !lost.isEmpty { throw LostVerdicts(file: reader.displayName, verdicts: lost) }
        }
        for line in held ?? [] { try write(line) }
        return summary
    }

    private static func diagnostic(_ file: String, _ line: Int, _ severity: String, _ rule: Rule, _ message: String) -> String {
        "\(file):\(line): \(severity): [\(rule.id) \(rule.name)] \(message)"
    }
}
