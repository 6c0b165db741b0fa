import LCTraceCore

/// Turns the input's bytes into decoded text, one chunk at a time: plain text
/// is passed through, zstd is decompressed.
///
/// Buffers are fixed: memory does not depend on the size of the file.
package struct StreamDecoder: ~Copyable {
    /// What one ``next()`` produced.
    package enum Chunk {
        /// Decoded bytes; valid until the next call.
        case data(UnsafeRawBufferPointer)
        /// The input ended cleanly.
        case end
        /// The input is cut short, corrupt or unreadable past this point; `resumes` when
        /// decoding goes on at a later frame (data between is lost).
        case failed(message: String, byteOffset: Int64, resumes: Bool = false)
    }

    /// Bytes read from the source per call (and the size of the text buffer).
    package static let inputCapacity = 1 << 20
    /// The zstd output buffer: large, so few lines straddle two buffers.
    package static let outputCapacity = 1 << 20

    /// How the input is encoded.
    package let format: InputFormat
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
    /// Whether zstd may hold decoded bytes not yet copied out (a flushing call comes next).
    private var flushing = false
    /// A frame whose checksum alone failed, reported when the stream ends: the message, the
    /// checksum's offset, and how many more frames failed theirs.
    private var checksumNotice: (message: String, byteOffset: Int64, more: Int)?
    /// The limits (decompressed bytes).
    private let limits: IngestLimits
    /// After corrupt data: looking for the next frame magic in the input.
    private var resyncing = false
    /// The failure not yet reported: it is reported once the decoder knows where reading
    /// resumes (or that it does not), so one corrupt region gives one failure.
    private var pendingFailure: (message: String, byteOffset: Int64)?
    /// Where decoding resumed after the pending failure.
    private var resumedAt: Int64 = 0
    /// Where the frame being decoded began (zstd stops at every frame end, so this is exact).
    private var frameStart: Int64 = 0
    /// Decoded bytes held back in the output while a failure is reported first.
    private var heldBack = 0
    /// The decompressed-size limit was reached: report it, then end.
    private var limitReached = false

    /// Decoded bytes given back by ``unread(_:)``, handed out again by the next ``next()``.
    private var givenBack = RawBuffer(capacity: 1)
    private var givenBackCount = 0
    private var givenBackPending = false

    /// Bytes read from the source so far (compressed bytes, for zstd).
    package private(set) var bytesRead: Int64 = 0
    /// Source bytes consumed by the decoder so far.
    package private(set) var bytesConsumed: Int64 = 0
    /// Decoded bytes handed out so far.
    package private(set) var decodedBytes: Int64 = 0

    /// Whether a read may wait for a writer without end (a pipe, FIFO, socket or terminal).
    package var sourceIsLive: Bool { source.isLive }

    /// Reads the first block of `source` and decides its format.
    ///
    /// - Throws: ``IngestError`` when the first bytes cannot be read or are neither zstd nor text.
    ///
    /// - Parameters:
    ///   - source: where the bytes come from.
    ///   - path: the name errors carry.
    ///   - limits: the decompressed-size limit.
    ///   - bufferCapacity: the input and zstd output buffer size; fuzzing uses small ones
    ///     (the input buffer holds at least the sniffed block).
    package init(
        source: consuming ByteSource, path: String, limits: IngestLimits = .default,
        bufferCapacity: Int = StreamDecoder.inputCapacity
    ) throws(IngestError) {
        self.limits = limits
        self.input = RawBuffer(capacity: max(bufferCapacity, InputFormat.sniffLength))
        self.deliveryLimit = source.deliveryLimit
        // Sniff: read until a full block or the end, whatever the read sizes are.
        var end = 0
        var ended = false
        while end < InputFormat.sniffLength {
            let n = source.read(into: input.base + end, count: InputFormat.sniffLength - end)
            if n < 0 {
                source.close()
                var error = FileSource.error(errno: Int32(-n), path: path)
                error.byteOffset = Int64(end)
                throw error
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
            self.output = RawBuffer(capacity: min(bufferCapacity, Self.outputCapacity))
        } else {
            self.zstd = nil
            self.output = RawBuffer(capacity: 1)
        }
    }

    /// An empty text input, already at its end: what a reader keeps in place of the stage its
    /// scan thread took over (``ScanRing``).
    package init() {
        format = .text
        source = .memory(MemorySource(bytes: [], chunkSize: 1))
        input = RawBuffer(capacity: 1)
        output = RawBuffer(capacity: 1)
        zstd = nil
        deliveryLimit = 1
        limits = .default
        sourceEnded = true
    }

    /// A zstd input read from a frame boundary on, as if the bytes before it had been read and
    /// decoded here: frame workers stopped at `offset` (``FrameRing``), having decoded
    /// `decodedBytes`, and this decoder goes on with the same offsets and limit in its messages.
    ///
    /// - Parameters:
    ///   - source: the input, positioned at `offset`.
    ///   - offset: where the next frame begins (compressed bytes).
    ///   - decodedBytes: the decoded bytes of the frames before it.
    ///   - limits: the decompressed-size limit.
    init(resuming source: consuming ByteSource, at offset: Int64, decodedBytes: Int64, limits: IngestLimits) {
        format = .zstd
        self.limits = limits
        deliveryLimit = source.deliveryLimit
        self.source = source
        input = RawBuffer(capacity: Self.inputCapacity)
        output = RawBuffer(capacity: Self.outputCapacity)
        zstd = ZstdStream()
        bytesRead = offset
        bytesConsumed = offset
        frameStart = offset
        self.decodedBytes = decodedBytes
    }

    /// Gives back decoded bytes just handed out: the next ``next()`` hands them out again as
    /// one chunk, then decoding goes on where it stopped. The counters (bytes read, decoded,
    /// consumed) are not moved back: error offsets and the size limit stay those of the input.
    /// The start of an input is read once to decide whether it is a transcript, and given back
    /// rather than opened and decoded again.
    package mutating func unread(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if bytes.count > givenBack.capacity { givenBack = RawBuffer(capacity: bytes.count) }
        bytes.withUnsafeBytes { givenBack.base.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        givenBackCount = bytes.count
        givenBackPending = true
    }

    /// Releases the source early; the buffers go with the value.
    package func close() {
        source.close()
        zstd?.free()
    }

    /// Reads more input into the (empty) input buffer; false at the end.
    private mutating func refill(keeping kept: Int = 0) -> Chunk? {
        if kept > 0 { input.base.copyMemory(from: input.base + inputEnd - kept, byteCount: kept) }
        let n = source.read(into: input.base + kept, count: input.capacity - kept)
        if n < 0 {
            sourceEnded = true
            inputStart = 0
            inputEnd = 0
            lastHint = 0
            let reason = SystemErrorText.reason(Int32(-n))
            return .failed(message: "read error at byte \(bytesRead): \(reason)", byteOffset: bytesRead)
        }
        inputStart = 0
        inputEnd = kept + n
        bytesRead += Int64(n)
        if n == 0 { sourceEnded = true }
        return nil
    }

    /// The next decoded chunk.
    ///
    /// zstd is driven in two alternating kinds of call (see ``ZstdStream/decompress(input:output:)``):
    /// a decoding call with no room for output, which decodes at most one block into zstd's own
    /// buffer and is the only kind that can fail, and a flushing call with no input, which
    /// copies that block out. A failure therefore never loses data decoded before it: a frame
    /// whose checksum alone is wrong gives every line it holds.
    ///
    /// After corrupt zstd data the decoder skips to the next frame magic (zstd or
    /// skippable) and goes on from there; the failure is reported once, naming where the
    /// corrupt data was noticed and where decoding resumed. A frame whose data decoded but does
    /// not match its checksum is not skipped: its lines are handed on, decoding goes on with the
    /// next frame, and the mismatch is reported when the stream ends (so that no line is cut).
    package mutating func next() -> Chunk {
        if givenBackPending {
            givenBackPending = false
            return .data(UnsafeRawBufferPointer(start: givenBack.base, count: givenBackCount))
        }
        guard let zstd else { return nextText() }
        if heldBack > 0 {
            let n = heldBack
            heldBack = 0
            return deliver(n)
        }
        if limitReached {
            limitReached = false
            finishSource()
            let limit = limits.maximumDecompressedBytes ?? 0
            return .failed(
                message: withChecksumNotice(
                    "decompressed data exceeds the limit of \(limit) bytes at byte \(bytesConsumed); the rest of the file is not read (raise the limit with --max-decompressed)"
                ),
                byteOffset: bytesConsumed)
        }
        while true {
            if flushing {
                // No input: this call only copies out what the last decoding call decoded.
                let step = zstd.decompress(
                    input: UnsafeRawBufferPointer(start: input.base + inputStart, count: 0),
                    output: UnsafeMutableRawBufferPointer(start: output.base, count: output.capacity))
                if let error = step.error {
                    failDecoding(error, step: step, noticedAt: bytesConsumed)
                    continue
                }
                lastHint = step.hint
                if step.hint == 0 { frameStart = bytesConsumed }
                // A full output may hold back more of the block.
                flushing = step.produced == output.capacity && step.hint != 0
                var produced = step.produced
                if let limit = limits.maximumDecompressedBytes, decodedBytes + Int64(produced) > limit {
                    produced = Int(max(0, limit - decodedBytes))
                    limitReached = true
                    flushing = false
                }
                if produced > 0 || limitReached {
                    // Decoding works again: the failure before it can be reported now.
                    if let pending = takePending(resumed: true) {
                        heldBack = produced
                        return pending
                    }
                }
                if produced > 0 { return deliver(produced) }
                if limitReached { return next() }
                continue
            }
            if inputStart == inputEnd, !sourceEnded, let failure = refill() { return reportFirst(failure) }
            if resyncing {
                if let failure = seekNextFrame() { return failure }
                continue
            }
            if inputStart == inputEnd, sourceEnded {
                // All input consumed and everything flushed: a frame still open means a cut.
                if let pending = pendingFailure, lastHint != 0 {
                    // Found by fuzzing: the frame found after corrupt data (perhaps a false
                    // magic inside it) is itself cut short. One corrupt region, one failure.
                    pendingFailure = nil
                    lastHint = 0
                    return .failed(
                        message: withChecksumNotice(
                            pending.message + "; the next frame, at byte \(resumedAt), is cut short at byte \(bytesConsumed)"),
                        byteOffset: pending.byteOffset)
                }
                if let pending = takePending(resumed: false) { return pending }
                if lastHint != 0 {
                    lastHint = 0
                    return .failed(
                        message: withChecksumNotice("zstd stream cut short at byte \(bytesConsumed)"),
                        byteOffset: bytesConsumed)
                }
                return takeChecksumNotice() ?? .end
            }
            // Decode: no room for output, so zstd decodes at most one block (into its own
            // buffer) and a failure here costs nothing already decoded.
            let count = min(inputEnd - inputStart, deliveryLimit)
            let noticedAt = bytesConsumed
            let step = zstd.decompress(
                input: UnsafeRawBufferPointer(start: input.base + inputStart, count: count),
                output: UnsafeMutableRawBufferPointer(start: output.base, count: 0))
            inputStart += step.consumed
            bytesConsumed += Int64(step.consumed)
            if let error = step.error {
                if step.checksumWrong, passChecksum(noticedAt: noticedAt, error: error) { continue }
                failDecoding(error, step: step, noticedAt: noticedAt)
                continue
            }
            lastHint = step.hint
            if step.hint == 0 {
                // A frame ended, decoded and flushed.
                frameStart = bytesConsumed
                if let pending = takePending(resumed: true) { return pending }
            } else {
                flushing = true
            }
        }
    }

    /// After a decoding error: skip to the next frame; a corrupt region that spans several
    /// false starts is still one failure (the first error names it).
    private mutating func failDecoding(_ error: String, step: ZstdStream.Step, noticedAt: Int64) {
        if step.consumed == 0 && inputStart < inputEnd {
            // Never look for the next frame where this one failed to start.
            inputStart += 1
            bytesConsumed += 1
        }
        zstd?.reset()
        flushing = false
        lastHint = 0
        resyncing = true
        if pendingFailure == nil {
            // Named by where the frame began; where zstd noticed is the start of the block
            // (or header) it was decoding, or a point inside it when that block came in pieces.
            let message =
                step.windowTooLarge
                ? "zstd frame at byte \(frameStart) needs a window larger than the 128 MiB limit: \(error)"
                : "corrupt zstd frame at byte \(frameStart) (noticed at byte \(noticedAt)): \(error)"
            pendingFailure = (message, frameStart)
        }
    }

    /// A frame whose data decoded but does not match its 4-byte checksum: its lines have been
    /// handed on; step over the checksum and go on with the next frame, keeping the mismatch
    /// to report at the end. False when the checksum cannot be located (then the frame is
    /// treated as corrupt).
    private mutating func passChecksum(noticedAt: Int64, error: String) -> Bool {
        // zstd's last hint is what it still needed of the checksum; the rest of it is at the
        // start of the input, unconsumed (a failing call reports nothing consumed).
        let remaining = lastHint
        guard remaining >= 1, remaining <= 4, remaining <= inputEnd - inputStart else { return false }
        let checksumAt = noticedAt + Int64(remaining) - 4
        guard checksumAt >= frameStart else { return false }
        inputStart += remaining
        bytesConsumed += Int64(remaining)
        zstd?.reset()
        flushing = false
        lastHint = 0
        if let notice = checksumNotice {
            checksumNotice = (notice.message, notice.byteOffset, notice.more + 1)
        } else {
            checksumNotice = (
                "corrupt zstd frame at byte \(frameStart) (noticed at byte \(checksumAt)): \(error); its lines were read as decoded and may hold damaged data",
                checksumAt, 0
            )
        }
        frameStart = bytesConsumed
        return true
    }

    /// The checksum mismatch kept for the end of the stream, as the failure that ends it.
    private mutating func takeChecksumNotice() -> Chunk? {
        guard let notice = checksumNotice else { return nil }
        checksumNotice = nil
        return .failed(message: notice.message + Self.moreFrames(notice.more), byteOffset: notice.byteOffset)
    }

    /// `message`, followed by the checksum mismatch kept for the end, if any (then forgotten).
    private mutating func withChecksumNotice(_ message: String) -> String {
        guard let notice = checksumNotice else { return message }
        checksumNotice = nil
        return message + "; earlier, " + notice.message + Self.moreFrames(notice.more)
    }

    private static func moreFrames(_ more: Int) -> String {
        more == 0 ? "" : " (and \(more) later frame\(more == 1 ? "" : "s") that do not match their checksums)"
    }

    /// Hands out `count` decoded bytes from the start of the output buffer.
    private mutating func deliver(_ count: Int) -> Chunk {
        decodedBytes += Int64(count)
        return .data(UnsafeRawBufferPointer(start: output.base, count: count))
    }

    /// Stops reading the source.
    private mutating func finishSource() {
        inputStart = inputEnd
        sourceEnded = true
        resyncing = false
        flushing = false
        lastHint = 0
    }

    /// A read error ends the input; a failure still pending is reported with it.
    private mutating func reportFirst(_ failure: Chunk) -> Chunk {
        guard let pending = pendingFailure else {
            guard checksumNotice != nil, case .failed(let message, let byteOffset, let resumes) = failure else { return failure }
            return .failed(message: withChecksumNotice(message), byteOffset: byteOffset, resumes: resumes)
        }
        pendingFailure = nil
        resyncing = false
        return .failed(
            message: withChecksumNotice(pending.message + "; then " + Self.message(of: failure)),
            byteOffset: pending.byteOffset)
    }

    private static func message(of chunk: Chunk) -> String {
        if case .failed(let message, _, _) = chunk { return message }
        return ""
    }

    /// The pending failure, completed with where decoding resumed (or that it did not).
    private mutating func takePending(resumed: Bool) -> Chunk? {
        guard let pending = pendingFailure else { return nil }
        pendingFailure = nil
        let tail =
            resumed
            ? "; skipped to the next frame at byte \(resumedAt), lines in between are missing"
            : "; no readable frame after it"
        let message = resumed ? pending.message + tail : withChecksumNotice(pending.message + tail)
        return .failed(message: message, byteOffset: pending.byteOffset, resumes: resumed)
    }

    /// Looks for the next zstd or skippable frame magic in the input; at the end of the
    /// input reports the pending failure. Keeps up to 3 bytes when a magic may straddle reads.
    private mutating func seekNextFrame() -> Chunk? {
        let base = input.base.assumingMemoryBound(to: UInt8.self)
        var i = inputStart
        while i + 4 <= inputEnd {
            let b0 = base[i]
            if (b0 == 0x28 && base[i + 1] == 0xB5 && base[i + 2] == 0x2F && base[i + 3] == 0xFD)
                || (b0 & 0xF0 == 0x50 && base[i + 1] == 0x2A && base[i + 2] == 0x4D && base[i + 3] == 0x18)
            {
                bytesConsumed += Int64(i - inputStart)
                inputStart = i
                resyncing = false
                resumedAt = bytesConsumed
                frameStart = bytesConsumed
                return nil
            }
            i += 1
        }
        // No magic in the buffer: keep the last bytes that could start one.
        let kept = min(inputEnd - i, 3)
        bytesConsumed += Int64(inputEnd - kept - inputStart)
        inputStart = inputEnd - kept
        if sourceEnded {
            bytesConsumed += Int64(kept)
            inputStart = inputEnd
            resyncing = false
            return takePending(resumed: false) ?? takeChecksumNotice() ?? .end
        }
        if let failure = refill(keeping: kept) { return reportFirst(failure) }
        if inputEnd == kept {
            // The source ended: whatever is kept cannot hold a magic.
            bytesConsumed += Int64(kept)
            inputStart = inputEnd
        }
        return nil
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
