/// Turns the input's bytes into decoded text, one chunk at a time: plain text
/// is passed through, zstd is decompressed.
///
/// Buffers are fixed: memory does not depend on the size of the file.
struct StreamDecoder: ~Copyable {
    /// What one ``next()`` produced.
    enum Chunk {
        /// Decoded bytes; valid until the next call.
        case data(UnsafeRawBufferPointer)
        /// The input ended cleanly.
        case end
        /// The input is cut short, corrupt or unreadable past this point.
        case failed(message: String, byteOffset: Int64)
    }

    /// Bytes read from the source per call (and the size of the text buffer).
    static let inputCapacity = 1 << 20
    /// The zstd output buffer: large, so few lines straddle two buffers.
    static let outputCapacity = 1 << 20

    /// How the input is encoded.
    let format: InputFormat
    private var source: ByteSource
    private var input: RawBuffer
    private var inputStart = 0
    private var inputEnd = 0
    private var output: RawBuffer
    private let zstd: ZstdStream?
    private let deliveryLimit: Int
    private var sourceEnded = false
    /// zstd's last hint: non-zero means a frame is still open.
    private var lastHint = 0
    /// Whether the last zstd call filled the output (more may be waiting to flush).
    private var outputWasFull = false

    /// Bytes read from the source so far (compressed bytes, for zstd).
    private(set) var bytesRead: Int64 = 0
    /// Source bytes consumed by the decoder so far.
    private(set) var bytesConsumed: Int64 = 0
    /// Decoded bytes handed out so far.
    private(set) var decodedBytes: Int64 = 0

    /// Reads the first block of `source` and decides its format.
    ///
    /// - Throws: ``IngestError`` when the first bytes cannot be read or are neither zstd nor text.
    init(source: consuming ByteSource, path: String) throws(IngestError) {
        self.input = RawBuffer(capacity: Self.inputCapacity)
        self.deliveryLimit = source.deliveryLimit
        // Sniff: read until a full block or the end, whatever the read sizes are.
        var end = 0
        var ended = false
        while end < InputFormat.sniffLength {
            let n = source.read(into: input.base + end, count: InputFormat.sniffLength - end)
            if n < 0 {
                source.close()
                throw FileSource.error(errno: Int32(-n), path: path)
            }
            if n == 0 {
                ended = true
                break
            }
            end += n
        }
        let block = UnsafeRawBufferPointer(start: input.base, count: end)
        guard let format = InputFormat.sniff(block) else {
            source.close()
            throw IngestError(code: .notLogData, path: path, reason: InputFormat.notLogDataReason(block))
        }
        self.format = format
        self.source = source
        self.inputEnd = end
        self.sourceEnded = ended
        self.bytesRead = Int64(end)
        if format == .zstd {
            self.zstd = ZstdStream()
            self.output = RawBuffer(capacity: Self.outputCapacity)
        } else {
            self.zstd = nil
            self.output = RawBuffer(capacity: 1)
        }
    }

    /// Releases the source early; the buffers go with the value.
    func close() {
        source.close()
        zstd?.free()
    }

    /// Reads more input into the (empty) input buffer; false at the end.
    private mutating func refill() -> Chunk? {
        let n = source.read(into: input.base, count: input.capacity)
        if n < 0 {
            sourceEnded = true
            let reason = FileSource.describe(errno: Int32(-n))
            return .failed(message: "read error at byte \(bytesRead): \(reason)", byteOffset: bytesRead)
        }
        inputStart = 0
        inputEnd = n
        bytesRead += Int64(n)
        if n == 0 { sourceEnded = true }
        return nil
    }

    /// The next decoded chunk.
    mutating func next() -> Chunk {
        guard let zstd else { return nextText() }
        while true {
            if inputStart == inputEnd, !sourceEnded, let failure = refill() { return failure }
            if inputStart == inputEnd, sourceEnded, !outputWasFull {
                // All input consumed and everything flushed: a frame still open means a cut.
                if lastHint != 0 {
                    lastHint = 0
                    return .failed(message: "zstd stream cut short at byte \(bytesConsumed)", byteOffset: bytesConsumed)
                }
                return .end
            }
            let count = min(inputEnd - inputStart, deliveryLimit)
            let step = zstd.decompress(
                input: UnsafeRawBufferPointer(start: input.base + inputStart, count: count),
                output: UnsafeMutableRawBufferPointer(start: output.base, count: output.capacity))
            inputStart += step.consumed
            bytesConsumed += Int64(step.consumed)
            if let error = step.error {
                // Resynchronising at the next frame is possible but not done: stop here.
                inputStart = inputEnd
                sourceEnded = true
                outputWasFull = false
                lastHint = 0
                let message =
                    step.windowTooLarge
                    ? "zstd frame at byte \(bytesConsumed) needs a window larger than the 128 MiB limit: \(error)"
                    : "corrupt zstd data at byte \(bytesConsumed): \(error)"
                return .failed(message: message, byteOffset: bytesConsumed)
            }
            lastHint = step.hint
            outputWasFull = step.produced == output.capacity
            if step.produced > 0 {
                decodedBytes += Int64(step.produced)
                return .data(UnsafeRawBufferPointer(start: output.base, count: step.produced))
            }
        }
    }

    /// Plain text: the input buffer is the decoded chunk.
    private mutating func nextText() -> Chunk {
        if inputStart == inputEnd {
            if sourceEnded { return .end }
            if let failure = refill() { return failure }
            if inputEnd == 0 { return .end }
        }
        let count = min(inputEnd - inputStart, deliveryLimit)
        let chunk = UnsafeRawBufferPointer(start: input.base + inputStart, count: count)
        inputStart += count
        bytesConsumed += Int64(count)
        decodedBytes += Int64(count)
        return .data(chunk)
    }
}
