/// Where the reader's bytes come from: a file descriptor or memory.
///
/// An enum rather than a protocol existential: the switch costs one branch per
/// read of up to a megabyte, never anything per byte.
package enum ByteSource {
    /// A file or standard input.
    case file(FileSource)
    /// An in-memory array (tests, fuzzers).
    case memory(MemorySource)

    /// The most bytes worth handing on in one piece: the chunk size of a memory
    /// source (so small chunk sizes split even data that was read ahead for
    /// sniffing), unlimited for files.
    package var deliveryLimit: Int {
        switch self {
        case .file: return Int.max
        case .memory(let m): return m.chunkSize
        }
    }

    /// Whether a read may wait for a writer without end (``FileSource/isLive``); never for memory.
    package var isLive: Bool {
        switch self {
        case .file(let f): return f.isLive
        case .memory: return false
        }
    }

    /// Reads up to `count` bytes; returns the number read, 0 at the end, or `-errno`.
    package mutating func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        switch self {
        case .file(let f):
            return f.read(into: buffer, count: count)
        case .memory(var m):
            // Only the position changes: the array is shared, never copied.
            let n = m.read(into: buffer, count: count)
            self = .memory(m)
            return n
        }
    }

    /// Releases the descriptor early (end of input); safe to call again.
    package func close() {
        if case .file(let f) = self { f.close() }
    }
}
