import LCTraceCore
import LCTraceIngest

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
    /// output are not those of the input.
    ///
    /// - Parameters:
    ///   - reader: the input; consumed.
    ///   - write: receives each native line, with its `\n`.
    ///   - problem: receives each unreadable line as a compiler-style diagnostic
    ///     (`FILE:LINE: error: [LC401 malformed-record] MESSAGE`).
    /// - Returns: how many records were written and how many problems reported.
    /// - Throws: what `write` throws; the conversion stops there.
    public static func convert(
        _ reader: consuming LogReader, write: (String) throws -> Void, problem: (String) -> Void
    ) throws -> Summary {
        var reader = reader
        var summary = Summary()
        while let item = reader.next() {
            switch item {
            case .record(let record):
                try write(NativeLine(record, symbols: reader.symbols).json + "\n")
                summary.records += 1
            case .meta(let record, let meta):
                try write(NativeLine(record, meta: meta, symbols: reader.symbols).json + "\n")
                summary.records += 1
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
        return summary
    }

    private static func diagnostic(_ file: String, _ line: Int, _ severity: String, _ rule: Rule, _ message: String) -> String {
        "\(file):\(line): \(severity): [\(rule.id) \(rule.name)] \(message)"
    }
}
