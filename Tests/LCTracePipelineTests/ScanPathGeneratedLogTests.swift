import LCTraceCore
import LCTraceGen
@_spi(Fuzzing) import LCTraceIngest
import Testing

/// Generated logs of every shape (numeric and RFC 3339 times, aliases, no pids, planted
/// faults) scan to the same records through the common shape's path and the general path.
@Suite struct ScanPathGeneratedLogTests {
    static let shapes = GeneratedLogPropertyTests.shapes

    @Test("Generated logs give the same records through the common shape's path and the general path", arguments: shapes)
    func generatedLogs(shape: GeneratedLogPropertyTests.Shape) {
        let lines = Self.lines(shape, seed: 11)
        let comparison = IngestFuzzHooks.compareScanPaths(lines)
        if let d = comparison.difference {
            Issue.record("line \(d.line + 1):\n  common shape: \(d.commonShape)\n  general:      \(d.general)")
        }
        // Everything but `meta` records (and lines a planted fault broke) takes the fast path.
        #expect(comparison.commonShapeLines * 10 > lines.count * 9, "\(comparison.commonShapeLines) of \(lines.count)")
    }

    @Test("Generated logs with the members real loggers add stay on the common shape's path", arguments: shapes)
    func generatedLogsWithExtraKeys(shape: GeneratedLogPropertyTests.Shape) {
        let plain = Self.lines(shape, seed: 12)
        let lines = plain.enumerated().map { Self.withExtraKeys(Array($0.element), seq: $0.offset + 1) }
        let comparison = IngestFuzzHooks.compareScanPaths(lines)
        if let d = comparison.difference {
            Issue.record("line \(d.line + 1):\n  common shape: \(d.commonShape)\n  general:      \(d.general)")
        }
        // The members cost no record its place on the fast path.
        let plainComparison = IngestFuzzHooks.compareScanPaths(plain)
        #expect(comparison.commonShapeLines == plainComparison.commonShapeLines)
        #expect(comparison.commonShapeLines * 10 > lines.count * 9, "\(comparison.commonShapeLines) of \(lines.count)")
    }

    /// The lines of a generated log of 20,000 records with planted faults.
    static func lines(_ shape: GeneratedLogPropertyTests.Shape, seed: UInt64) -> [[UInt8]] {
        var options = GeneratedLogPropertyTests.options(
            shape, seed: seed, sessions: 40, faults: [.bgtaskLeaked: 0.1, .handlerOverrun: 0.1, .illegalTransition: 0.05])
        options.records = 20_000
        return LogGenerator(options: options).generateBytes().bytes.split(separator: 0x0A).map { Array($0) }
    }

    /// A record with the members scripts/extra-keys adds (`seq`, `th`, `src`; a nested `ctx`
    /// every 4th record, an escaped `msg` and an exponent every 16th) before its closing brace.
    static func withExtraKeys(_ line: [UInt8], seq: Int) -> [UInt8] {
        guard line.last == 0x7D else { return line }
        var extra = #","seq":\#(seq),"th":"com.example.net","src":"Uploader.swift:\#(seq % 300)""#
        if seq % 4 == 0 { extra += #","ctx":{"attempt":\#(seq % 5),"tags":["lifecycle","net"],"ok":true,"err":null}"# }
        if seq % 16 == 0 { extra += #","msg":"state \u2192 bg","ms":-\#(seq % 7).25e1"# }
        return Array(line.dropLast()) + Array(extra.utf8) + [0x7D]
    }
}
