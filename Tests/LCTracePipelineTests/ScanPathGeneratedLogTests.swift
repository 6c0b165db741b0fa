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
        var options = GeneratedLogPropertyTests.options(
            shape, seed: 11, sessions: 40, faults: [.bgtaskLeaked: 0.1, .handlerOverrun: 0.1, .illegalTransition: 0.05])
        options.records = 20_000
        let bytes = LogGenerator(options: options).generateBytes().bytes
        let lines = bytes.split(separator: 0x0A).map { Array($0) }
        let comparison = IngestFuzzHooks.compareScanPaths(lines)
        if let d = comparison.difference {
            Issue.record("line \(d.line + 1):\n  common shape: \(d.commonShape)\n  general:      \(d.general)")
        }
        // Everything but `meta` records (and lines a planted fault broke) takes the fast path.
        #expect(comparison.commonShapeLines * 10 > lines.count * 9, "\(comparison.commonShapeLines) of \(lines.count)")
    }
}
