import LCTraceCore
import LCTraceGen
import Testing

@Suite struct DeterminismTests {
    static let optionSets: [GeneratorOptions] = [
        GeneratorOptions(seed: 1, sessions: 20),
        GeneratorOptions(seed: 42, records: 3_000, model: .mixed, faults: TestSupport.allFaults(0.2), apps: 3),
        GeneratorOptions(seed: 7, sessions: 15, model: .scene, timeFormat: .rfc3339, pids: false, aliases: true),
        GeneratorOptions(seed: 99, records: 777, model: .mixed, os: "12.1", modes: ["audio"], faults: TestSupport.allFaults(0.5)),
    ]

    @Test(arguments: optionSets)
    func sameOptionsGiveSameBytes(options: GeneratorOptions) {
        let a = LogGenerator(options: options).generateBytes()
        let b = LogGenerator(options: options).generateBytes()
        #expect(a.bytes == b.bytes)
        #expect(a.summary == b.summary)
        #expect(!a.bytes.isEmpty)
    }

    @Test(arguments: optionSets)
    func differentSeedGivesDifferentBytes(options: GeneratorOptions) {
        var other = options
        other.seed &+= 1
        #expect(LogGenerator(options: options).generateBytes().bytes != LogGenerator(options: other).generateBytes().bytes)
    }

    /// Chunks handed to the sink concatenate to the same bytes, and the summary counts them.
    @Test(arguments: optionSets)
    func streamedChunksMatch(options: GeneratorOptions) {
        var chunks = 0
        var streamed: [UInt8] = []
        let summary = LogGenerator(options: options).generate { buffer in
            chunks += 1
            #expect(buffer.count > 0)
            streamed.append(contentsOf: buffer)
        }
        #expect(streamed == LogGenerator(options: options).generateBytes().bytes)
        #expect(summary.bytes == streamed.count)
        #expect(chunks >= streamed.count / LogGenerator.chunkSize)
    }

    /// Streaming the planted findings gives the same findings, in the same order.
    @Test(arguments: optionSets)
    func streamedPlantedFindingsMatch(options: GeneratorOptions) {
        var streamed: [PlantedFinding] = []
        var bytes: [UInt8] = []
        let summary = LogGenerator(options: options).generate(to: { bytes.append(contentsOf: $0) }, planted: { streamed.append($0) })
        let whole = LogGenerator(options: options).generateBytes()
        #expect(summary.planted.isEmpty)
        #expect(streamed == whole.summary.planted)
        #expect(bytes == whole.bytes)
        #expect(summary.records == whole.summary.records)
    }

    /// Aliases and time format change spellings only: the same lines carry the
    /// same events at the same times, and the same faults are planted.
    @Test(arguments: optionSets)
    func spellingOptionsKeepStructure(options: GeneratorOptions) {
        var plain = options
        plain.aliases = false
        plain.timeFormat = .numeric
        var fancy = options
        fancy.aliases = true
        fancy.timeFormat = .rfc3339
        let a = TestSupport.run(plain), b = TestSupport.run(fancy)
        #expect(a.summary.planted == b.summary.planted)
        #expect(a.lines.count == b.lines.count)
        for (x, y) in zip(a.lines, b.lines) where x.object != nil {
            #expect(TestSupport.canonical(x) == TestSupport.canonical(y))
            #expect(x.time == y.time)
            #expect(x.pid == y.pid)
        }
    }
}
