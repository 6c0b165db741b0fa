import LCTraceCore

/// The unified-log adapter's side of ``LogReader``: the translator's own findings (malformed
/// export records, an export cut short) are handed out among the records, in line order.
extension LogReader {
    /// The unified-log translator's buffers in bytes; bounded by the maximum line length.
    var translatorCapacity: Int { translator.heldCapacity }

    /// Whether a queued finding on `line` comes before `item`.
    ///
    /// A finding comes first when its line is earlier; on the same line, a record comes
    /// first (a second record on a line), and a cut always comes last.
    private func precedes(_ line: Int, _ item: LogItem) -> Bool {
        switch item {
        case .record(let record), .meta(let record, _): return line < record.line
        case .malformed(let itemLine, _): return line < itemLine
        case .truncated(let itemLine, _, _): return line <= itemLine
        }
    }

    /// The next item: from the lines, or a finding of the translator that comes before it.
    ///
    /// - Complexity: O(1) on top of the lines; without translator findings, one check.
    @inline(__always)
    mutating func nextMergingTranslatorFindings() -> LogItem? {
        if let held = heldItem {
            if let line = translator.nextDiagnosticLine, precedes(line, held) { return translator.popDiagnostic() }
            heldItem = nil
            return held
        }
        guard let item = nextFromLines() else { return translator.popDiagnostic() }
        if let line = translator.nextDiagnosticLine, precedes(line, item) {
            heldItem = item
            return translator.popDiagnostic()
        }
        return item
    }

    /// ``read(into:)`` for inputs whose translator may have findings of its own: the merged
    /// items of ``next()``, spelled as steps.
    mutating func readMergingTranslatorFindings(into record: inout Record) -> Step {
        // A `meta` context is its own record's only: the next `meta` (another process's, in an
        // export of an app and its extension) brings its own.
        heldMeta = nil
        switch nextMergingTranslatorFindings() {
        case .record(let r):
            record = r
            return .record
        case .meta(let r, let m):
            record = r
            heldMeta = m
            return .meta
        case .malformed(let line, let message):
            setProblem(line: line, byteOffset: nil, message: message)
            return .malformed
        case .truncated(let line, let byteOffset, let message):
            setProblem(line: line, byteOffset: byteOffset, message: message)
            return .truncated
        case nil:
            return .end
        }
    }
}
