import LCTraceCore

/// What a frame worker made of one zstd frame (``FrameRing``): the steps of the lines that
/// begin and end inside it, scanned, in a ``ScanBatch`` from slot 1 on, numbered as if the
/// frame's first line were line 1 of the file; and, for the reader to stitch, the bytes before
/// its first line end and after its last.
///
/// `@unchecked Sendable`: a worker fills it between claiming the frame and publishing it; the
/// reader reads and rewrites it from taking it until it recycles it, under the ring's lock.
final class FrameBatch: @unchecked Sendable {
    /// The steps (slot 0 and the slot after the last stay free for the reader's stitched lines).
    var batch = ScanBatch(capacity: 1024)
    /// The frame's first compressed byte.
    var offset: Int64 = 0
    /// One past its last compressed byte.
    var end: Int64 = 0
    /// Decoded bytes.
    var decoded = 0
    /// The frame did not decode (corrupt, cut, a checksum that does not match, too large): the
    /// reader goes on sequentially from ``offset``.
    var failed = false
    /// The decoded bytes up to and including the first `\n`; all of them when there is none.
    var head: [UInt8] = []
    /// Whether the frame holds no `\n` at all (``head`` is the whole frame).
    var noLineEnd = false
    /// The decoded bytes after the last `\n`.
    var tail: [UInt8] = []
    /// The `\n`s after the first: the lines framed by the worker.
    var lineEnds = 0
    /// The strings of the worker's symbols in the steps, from ``firstSymbol`` on.
    var strings: [String] = []
    /// The worker's first symbol in this frame.
    var firstSymbol: Int32 = 0

    /// Empties the batch for the next frame, keeping its allocations.
    func reset() {
        batch.reset()
        failed = false
        decoded = 0
        head.removeAll(keepingCapacity: true)
        tail.removeAll(keepingCapacity: true)
        noLineEnd = false
        lineEnds = 0
        strings.removeAll(keepingCapacity: true)
    }
}
