/// Entry points into the reader's internal stages for the fuzz targets (`lctrace-fuzz`) and
/// their regression tests. Not API: reachable only through `@_spi(Fuzzing) import`.
@_spi(Fuzzing)
public enum IngestFuzzHooks {
    /// What draining a stream decoder produced.
    public struct DecodeOutcome: Sendable, Equatable {
        /// Decoded bytes handed out.
        public var decodedBytes: Int64
        /// The failures reported (corrupt or cut frames), in order.
        public var failures: [String]
        /// Whether the input was taken for zstd.
        public var isZstd: Bool
    }

    /// Decodes `bytes` to the end through ``StreamDecoder``, reading at most `chunkSize`
    /// bytes at a time, and discards the output.
    ///
    /// - Returns: `nil` when the bytes are neither zstd nor text.
    public static func decode(
        _ bytes: [UInt8], chunkSize: Int, limits: IngestLimits = .default, bufferCapacity: Int = 1 << 20
    ) -> DecodeOutcome? {
        guard
            var decoder = try? StreamDecoder(
                source: .memory(MemorySource(bytes: bytes, chunkSize: chunkSize)), path: "fuzz", limits: limits,
                bufferCapacity: bufferCapacity)
        else { return nil }
        var failures: [String] = []
        var steps = 0
        loop: while true {
            steps += 1
            precondition(steps < 100_000_000, "decoder does not make progress")
            switch decoder.next() {
            case .data(let chunk): precondition(chunk.count > 0, "empty data chunk")
            case .end: break loop
            case .failed(let message, _, _):
                failures.append(message)
                precondition(failures.count <= bytes.count + 1, "more failures than input bytes")
            }
        }
        return DecodeOutcome(decodedBytes: decoder.decodedBytes, failures: failures, isZstd: decoder.format == .zstd)
    }

    /// One line as the framer handed it out.
    public enum FramedLine: Equatable, Sendable {
        /// A line's bytes (line end, CR and a leading BOM on line 1 stripped) and its number.
        case line([UInt8], number: Int)
        /// A line over the limit and its number.
        case overlong(number: Int)
    }

    /// Splits `bytes` into lines with ``LineFramer``, handing them over in chunks of the
    /// given sizes (cycled), and finishes the stream.
    public static func frame(_ bytes: [UInt8], chunkSizes: [Int], limit: Int) -> [FramedLine] {
        var framer = LineFramer(limit: limit)
        var lines: [FramedLine] = []
        func take(_ line: LineFramer.Line) {
            switch line {
            case .line(let b, let n): lines.append(.line(Array(b), number: n))
            case .overlong(let n): lines.append(.overlong(number: n))
            }
        }
        let sizes = chunkSizes.isEmpty ? [bytes.count] : chunkSizes.map { max($0, 1) }
        bytes.withUnsafeBytes { all in
            var offset = 0
            var k = 0
            while offset < all.count {
                let n = min(sizes[k % sizes.count], all.count - offset)
                k += 1
                let chunk = UnsafeRawBufferPointer(rebasing: all[offset..<offset + n])
                var position = 0
                while let line = framer.next(in: chunk, at: &position) { take(line) }
                precondition(position == chunk.count, "framer stopped inside a chunk")
                offset += n
            }
        }
        if let last = framer.finish() { take(last) }
        return lines
    }
}
