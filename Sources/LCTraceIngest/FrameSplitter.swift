import CLCTraceZstd
import LCTraceCore

/// Cuts a zstd file into whole frames from its compressed bytes alone, without decoding
/// them (`ZSTD_findFrameCompressedSize`), for the frame workers (``FrameRing``).
///
/// Skippable frames are stepped over (they decode to nothing). Anything else that is not a
/// whole frame — a frame cut short at the end of the file, bytes that do not begin a frame, a
/// read error, a frame larger than ``maximumFrameSize`` — stops the splitting at the offset
/// where it begins: the reader decodes from there sequentially, so that every message about
/// it is the one the sequential decoder gives.
struct FrameSplitter: ~Copyable {
    /// What ``next(into:)`` found.
    enum Next: Equatable {
        /// A whole zstd frame at `offset`, `count` bytes, copied into the caller's buffer.
        case frame(offset: Int64, count: Int)
        /// The end of the file, at `offset`, after whole frames only.
        case end(offset: Int64)
        /// Something other than a whole frame begins at `offset`.
        case stop(offset: Int64)
    }

    /// The read size, and the buffer's first capacity.
    static let readSize = 1 << 20
    /// The largest compressed frame handed to a worker; a larger one stops the splitting.
    static let maximumFrameSize = 64 << 20

    private let source: FileSource
    private var buffer = RawBuffer(capacity: FrameSplitter.readSize)
    private var start = 0
    private var end = 0
    /// The file offset of `buffer[start]`.
    private var offset: Int64 = 0
    private var sourceEnded = false

    /// A splitter over `source`, read from its current position, which is file offset 0.
    init(source: FileSource) {
        self.source = source
    }

    /// Closes the file.
    func close() { source.close() }

    /// The next whole frame (copied into `frame`, grown as needed), the end, or where splitting stops.
    mutating func next(into frame: inout RawBuffer) -> Next {
        while true {
            let available = end - start
            if available == 0 {
                if sourceEnded { return .end(offset: offset) }
                if !refill() { return .stop(offset: offset) }
                continue
            }
            let p = buffer.base + start
            if available >= 4 {
                let magic = UInt32(littleEndian: p.loadUnaligned(as: UInt32.self))
                if magic != 0xFD2F_B528 && magic & 0xFFFF_FFF0 != 0x184D_2A50 { return .stop(offset: offset) }
            }
            let size = ZSTD_findFrameCompressedSize(p, available)
            if ZSTD_isError(size) != 0 {
                // Not whole in the buffer (or not a frame): read more, up to the limit.
                if sourceEnded || available >= Self.maximumFrameSize { return .stop(offset: offset) }
                if !refill() { return .stop(offset: offset) }
                continue
            }
            let count = Int(size)
            let skippable = p.load(fromByteOffset: 0, as: UInt8.self) & 0xF0 == 0x50
            let at = offset
            start += count
            offset += Int64(count)
            if skippable { continue }
            if count > frame.capacity { frame = RawBuffer(capacity: count) }
            frame.base.copyMemory(from: p, byteCount: count)
            return .frame(offset: at, count: count)
        }
    }

    /// Moves the unread bytes to the front, makes room and reads more; false on a read error.
    private mutating func refill() -> Bool {
        let kept = end - start
        if start > 0 && kept > 0 { buffer.base.copyMemory(from: buffer.base + start, byteCount: kept) }
        start = 0
        end = kept
        if end == buffer.capacity {
            buffer.grow(toAtLeast: buffer.capacity * 2, preserving: kept, limit: Self.maximumFrameSize + Self.readSize)
        }
        let n = source.read(into: buffer.base + end, count: min(Self.readSize, buffer.capacity - end))
        if n < 0 {
            sourceEnded = true
            return false
        }
        if n == 0 { sourceEnded = true }
        end += n
        return true
    }

    /// Whether `path` suits the frame workers: a file (not standard input) whose first zstd frame is whole
    /// within its first MiB and not the file's last bytes, and, unless `native` is known,
    /// whose first decoded bytes are a native log by the translator's own test
    /// (``LineTranslator/decidesNative(_:)``); no translator means the text is native.
    static func suits(path: String, translator: (any LineTranslator)?) -> Bool {
        // Standard input cannot be read twice (its first bytes are the reader's).
        guard path != "-", let source = try? FileSource(path: path), !source.isLive else { return false }
        defer { source.close() }
        let buffer = RawBuffer(capacity: readSize)
        var count = 0
        while count < readSize {
            let n = source.read(into: buffer.base + count, count: readSize - count)
            if n <= 0 { break }
            count += n
        }
        let size = ZSTD_findFrameCompressedSize(buffer.base, count)
        guard ZSTD_isError(size) == 0, Int(size) < count, buffer.base.load(as: UInt8.self) == 0x28 else { return false }
        guard let translator else { return true }
        // The first decoded bytes, over as many whole frames as the first MiB holds.
        let zstd = ZstdStream()
        defer { zstd.free() }
        let text = RawBuffer(capacity: 64 << 10)
        var produced = 0
        var consumed = 0
        while produced < text.capacity && consumed < count {
            let step = zstd.decompress(
                input: UnsafeRawBufferPointer(start: buffer.base + consumed, count: count - consumed),
                output: UnsafeMutableRawBufferPointer(start: text.base + produced, count: text.capacity - produced))
            guard step.error == nil, step.consumed > 0 || step.produced > 0 else { break }
            consumed += step.consumed
            produced += step.produced
        }
        return translator.decidesNative(UnsafeRawBufferPointer(start: text.base, count: produced))
    }
}
