/// Bytes held in memory, handed out at most `chunkSize` bytes per read.
///
/// Tests use small chunk sizes so that records, line ends and zstd frames
/// straddle every buffer boundary the reader has.
package struct MemorySource {
    /// The whole input.
    package let bytes: [UInt8]
    /// The most bytes one read returns.
    package let chunkSize: Int
    /// How many bytes have been handed out.
    package private(set) var position = 0

    /// Creates a source over `bytes`.
    package init(bytes: [UInt8], chunkSize: Int) {
        self.bytes = bytes
        self.chunkSize = max(chunkSize, 1)
    }

    /// Copies up to `min(count, chunkSize)` bytes; returns the number copied (0 at the end).
    package mutating func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        let n = min(count, chunkSize, bytes.count - position)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { all in
            buffer.copyMemory(from: all.baseAddress! + position, byteCount: n)
        }
        position += n
        return n
    }
}
