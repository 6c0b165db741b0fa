import LCTraceCore

/// The record scanner's two paths side by side: the common shape's one-pass path and the
/// general member loop must give the same outcome for every line.
extension IngestFuzzHooks {
    /// What comparing the two paths over a sequence of lines found.
    public struct ScanPathComparison: Sendable, Equatable {
        /// The first line (0-based) whose outcomes differ and both outcomes, or `nil`.
        public var difference: (line: Int, commonShape: String, general: String)?
        /// How many lines the common shape's path took (the rest went to the general path).
        public var commonShapeLines: Int

        /// Equal when both found the same difference (or none) and the same count.
        public static func == (a: Self, b: Self) -> Bool {
            a.commonShapeLines == b.commonShapeLines && a.difference?.line == b.difference?.line
                && a.difference?.commonShape == b.difference?.commonShape && a.difference?.general == b.difference?.general
        }
    }

    /// Scans `lines` in order with two scanners, one allowed the common shape's path and one
    /// held to the general path, through both entry points (the reader's, which fills a record
    /// in place, and the one that returns an outcome), and compares every record field by field
    /// with its strings resolved, every `meta` context, every message, and the symbol tables
    /// (the same strings in the same order) after each line.
    public static func compareScanPaths(_ lines: [[UInt8]]) -> ScanPathComparison {
        var fast = RecordScanner()
        var general = RecordScanner()
        general.generalPathOnly = true
        var fastInPlace = RecordScanner()
        var generalInPlace = RecordScanner()
        generalInPlace.generalPathOnly = true
        var taken = 0
        for (index, line) in lines.enumerated() {
            let number = index + 1
            var probe = fast
            if line.withUnsafeBytes({ probe.takesCommonShape($0) }) { taken += 1 }
            let a = line.withUnsafeBytes { fast.scan($0, lineNumber: number) }
            let b = line.withUnsafeBytes { general.scan($0, lineNumber: number) }
            let left = describe(a, fast.symbols) + " | " + fast.symbols.strings.joined(separator: ",")
            let right = describe(b, general.symbols) + " | " + general.symbols.strings.joined(separator: ",")
            if left != right {
                return ScanPathComparison(difference: (index, left, right), commonShapeLines: taken)
            }
            let inPlaceLeft = scanInPlace(&fastInPlace, line, number)
            let inPlaceRight = scanInPlace(&generalInPlace, line, number)
            if inPlaceLeft != inPlaceRight {
                return ScanPathComparison(difference: (index, inPlaceLeft, inPlaceRight), commonShapeLines: taken)
            }
        }
        return ScanPathComparison(difference: nil, commonShapeLines: taken)
    }

    /// The reader's entry point: the record or the message, and the symbols.
    private static func scanInPlace(_ scanner: inout RecordScanner, _ line: [UInt8], _ number: Int) -> String {
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        let failure = line.withUnsafeBytes { scanner.scan($0, lineNumber: number, into: &record) }
        let text: String
        if let failure {
            text = "malformed: " + failure.message
        } else if record.event == .meta {
            text = describe(.meta(record, scanner.meta), scanner.symbols)
        } else {
            text = describe(.record(record), scanner.symbols)
        }
        return text + " | " + scanner.symbols.strings.joined(separator: ",")
    }

    /// Every field of an outcome, symbols with their raw values and strings.
    private static func describe(_ outcome: RecordScanner.Outcome, _ symbols: SymbolTable) -> String {
        func symbol(_ s: Symbol) -> String { "\(s.rawValue):\(symbols[s].map { "'\($0)'" } ?? "-")" }
        let record: Record
        var text = ""
        switch outcome {
        case .malformed(let message): return "malformed: " + message
        case .record(let r): record = r
        case .meta(let r, let meta):
            record = r
            text = "meta \(meta) "
        }
        let task: String
        switch record.task {
        case .number(let k): task = "#\(k)"
        case .name(let s): task = symbol(s)
        case nil: task = "-"
        }
        text += "line=\(record.line) t=\(record.time.nanoseconds) ev=\(record.event) unknown=\(symbol(record.unknownName))"
        text += " pid=\(record.pid.map { String($0) } ?? "-") scene=\(symbol(record.scene)) task=\(task)"
        text += " phase=\(record.phase) reason=\(symbol(record.reason))/\(record.reasonCode) name=\(symbol(record.name))"
        text += " kind=\(record.kind.map { "\($0)" } ?? "-")"
        return text
    }
}
