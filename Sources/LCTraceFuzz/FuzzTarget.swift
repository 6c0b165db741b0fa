import LCTraceAppleFormats
import LCTraceCore
@_spi(Fuzzing) import LCTraceIngest
import LCTraceReplay

/// The fuzz targets: one stage of the reader each, plus the whole pipeline.
///
/// Each target runs one input and traps (`precondition`) when an invariant breaks, so
/// libFuzzer records a crash; a clean return means the input was handled. The same code
/// runs the regression corpus in the ordinary test suite.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// ``LogReader``'s stream decoder on zstd input: corrupt, cut, concatenated frames.
    case zstd
    /// The line framer against a reference split, at chunk sizes and limits the input picks.
    case lines
    /// The record scanner on one line, checked against the standalone JSON validator.
    case scanner
    /// Reader and replayer together: bytes in, a ``FileResult`` out.
    case replay
    /// The unified-log reader (`log show --style ndjson` and `--style json`): reading at two
    /// read sizes gives the same items, in line order, then the replayer takes them.
    case oslog
    /// The MetricKit reader (`--metrickit`): any bytes give a file or an error naming the
    /// file, never a crash; what it reads is consistent (indexes, counts).
    case metrickit
    /// The crash-report reader (`.ips`, text, JetsamEvent; SPEC §10) and whose code its
    /// thread names: reports or an error naming the file, never a crash.
    case crashreport

    /// Runs one input.
    ///
    /// - Parameter data: the fuzzer's bytes.
    public func run(_ data: [UInt8]) {
        switch self {
        case .zstd: Self.zstd(data)
        case .lines: Self.lines(data)
        case .scanner: Self.scanner(data)
        case .replay: Self.replay(data)
        case .oslog: Self.unifiedLog(data)
        case .metrickit: Self.metricKit(data)
        case .crashreport: Self.crashReport(data)
        }
    }

    /// Chunk sizes that make records and frames straddle every buffer boundary.
    static let chunkSizes = [1, 2, 5, 16, 500, 4096, 1 << 20]

    static func startsWithMagic(_ data: [UInt8]) -> Bool {
        guard data.count >= 4 else { return false }
        if data[0] == 0x28 && data[1] == 0xB5 && data[2] == 0x2F && data[3] == 0xFD { return true }
        return data[0] & 0xF0 == 0x50 && data[1] == 0x2A && data[2] == 0x4D && data[3] == 0x18
    }

    /// zstd: always decoded as zstd (a magic is put in front when missing); a chunk size
    /// from the input's length; a clean decode must give the same bytes at any chunk size.
    static func zstd(_ data: [UInt8]) {
        let bytes = startsWithMagic(data) ? data : [0x28, 0xB5, 0x2F, 0xFD] + data
        let small = chunkSizes[bytes.count % 5]
        guard let one = IngestFuzzHooks.decode(bytes, chunkSize: small, bufferCapacity: 1 + bytes.count % 300) else {
            preconditionFailure("zstd magic not taken for zstd")
        }
        precondition(one.isZstd, "zstd magic not taken for zstd")
        let two = IngestFuzzHooks.decode(bytes, chunkSize: 1 << 20, bufferCapacity: 1 << 16)!
        if one.failures.isEmpty && two.failures.isEmpty {
            precondition(one == two, "chunk size changed a clean decode: \(one) vs \(two)")
        } else if one.failures.isEmpty || two.failures.isEmpty {
            // Only zstd's own verdict may depend on how the input arrives: libzstd checks a
            // frame's declared content size when it decodes the frame in one call, not always
            // when it streams it (regression input zstd-declared-size-mismatch). A cut or a
            // lost region that the reader reports for one read size and not another is ours.
            let failures = one.failures + two.failures
            precondition(
                failures.allSatisfy { $0.hasPrefix("corrupt zstd frame at byte ") },
                "chunk size changed the verdict: \(one) vs \(two)")
        }
        // A tight decompressed-size limit ends the stream with one failure at most past it.
        let limit = Int64(bytes.count % 64)
        let capped = IngestFuzzHooks.decode(
            bytes, chunkSize: small, limits: IngestLimits(maximumDecompressedBytes: limit), bufferCapacity: 1 << 16)!
        precondition(capped.decodedBytes <= max(limit, 0), "decompressed past the limit")
    }

    /// The first byte picks the line limit, the next two the chunk sizes; the rest is split
    /// into lines and compared with a straightforward reference.
    static func lines(_ data: [UInt8]) {
        guard data.count >= 3 else { return }
        let limit = Int(data[0] % 64)
        let sizes = [1 + Int(data[1] % 17), 1 + Int(data[2])]
        let text = Array(data[3...])
        let got = IngestFuzzHooks.frame(text, chunkSizes: sizes, limit: limit)
        let expected = referenceLines(text, limit: limit)
        precondition(got == expected, "framer disagrees with the reference: \(got) vs \(expected)")
    }

    /// The reference framing: split at `\n`; strip one CR and, on line 1, a BOM; a line
    /// whose content is longer than the limit is overlong.
    static func referenceLines(_ text: [UInt8], limit: Int) -> [IngestFuzzHooks.FramedLine] {
        var result: [IngestFuzzHooks.FramedLine] = []
        var number = 0
        var start = 0
        func emit(_ end: Int) {
            number += 1
            var line = Array(text[start..<end])
            if line.last == 0x0D { line.removeLast() }
            if number == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
            result.append(line.count > limit ? .overlong(number: number) : .line(line, number: number))
        }
        for i in text.indices where text[i] == 0x0A {
            emit(i)
            start = i + 1
        }
        if start < text.count { emit(text.count) }
        return result
    }

    /// The scanner agrees with the validator: a record is valid JSON, and any valid JSON
    /// value as an ignored key of a `meta` record gives a record.
    static func scanner(_ data: [UInt8]) {
        var scanner = RecordScanner()
        let whole = data.withUnsafeBytes { scanner.scan($0, lineNumber: 1) }
        let valid = JSONValidator.validate(data) == nil
        if case .record = whole { precondition(valid, "scanner accepted invalid JSON") }
        // Embedded: a line has no line ends of its own.
        guard !data.contains(0x0A) else { return }
        let line = Array(#"{"t":1,"ev":"meta","x":"#.utf8) + data + [0x7D]
        let embedded = line.withUnsafeBytes { scanner.scan($0, lineNumber: 2) }
        if valid, case .malformed(let message) = embedded {
            preconditionFailure("valid JSON as an ignored value rejected: \(message)")
        }
        // The common shape's path and the general path agree: on the input as a line, on the
        // input as the value of a key the fast path reads, and as the value of a key it skips
        // (last, and before a kept member), after a typical record.
        var lines: [[UInt8]] = [Array(#"{"t":"2026-11-20T10:00:00.250Z","ev":"sys.exit","pid":7,"scene":"s","reason":"user"}"#.utf8)]
        lines.append(data)
        lines.append(Array(#"{"t":1795168800.250,"ev":"x","pid":7,"#.utf8) + data + [0x7D])
        let keys = [#""t":"#, #""ev":"#, #""pid":"#, #""scene":"#, #""task":"#, #""phase":"#]
        let key = keys[data.count % keys.count]
        lines.append(Array(#"{"t":1795168800.250,"ev":"bgtask.begin","pid":7,"#.utf8) + Array(key.utf8) + data + [0x7D])
        lines.append(Array(#"{"t":1795168800.250,"ev":"x","pid":7,"seq":"#.utf8) + data + [0x7D])
        lines.append(Array(#"{"t":1795168800.250,"ev":"x","pid":7,"ctx":"#.utf8) + data + Array(#","scene":"s"}"#.utf8))
        let comparison = IngestFuzzHooks.compareScanPaths(lines)
        if let d = comparison.difference {
            preconditionFailure("the two scanning paths differ on line \(d.line + 1):\n\(d.commonShape)\n\(d.general)")
        }
    }

    /// The whole pipeline at a chunk size the input picks, with and without a small
    /// decompressed-size limit; every finding has a line of at least 1.
    static func replay(_ data: [UInt8]) {
        for limits in [IngestLimits.default, IngestLimits(maximumDecompressedBytes: 4096)] {
            let reader: LogReader
            do {
                reader = try LogOpener.open(
                    bytes: data, name: "fuzz", chunkSize: chunkSizes[data.count % chunkSizes.count],
                    options: ReadOptions(limits: limits))
            } catch { return }
            let result = replayToEnd(reader)
            for finding in result.findings { precondition(finding.line >= 0, "negative line") }
        }
    }

    private static func replayToEnd(_ reader: consuming LogReader) -> FileResult {
        var reader = reader
        var replayer = Replayer(path: "fuzz", configuration: ReplayConfiguration())
        while let item = reader.next() {
            switch item {
            case .record(let record): replayer.process(record, symbols: reader.symbols)
            case .meta(let record, let meta): replayer.process(record, meta: meta, symbols: reader.symbols)
            case .malformed(let line, let message): replayer.malformed(line: line, message: message)
            case .truncated(let line, _, let message): replayer.truncated(line: line, message: message)
            case .lost(let line, let message): replayer.recordsLost(line: line, message: message)
            }
        }
        return replayer.finish(symbols: reader.symbols)
    }
}
