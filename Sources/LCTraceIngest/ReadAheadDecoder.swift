import LCTracePlatform

/// A ``StreamDecoder`` that can run on a second thread, a few buffers ahead of the reader:
/// decompression overlaps with framing, scanning and replay, so a zstd log replays in about
/// the time of the slower of the two instead of their sum.
///
/// The producer thread calls ``StreamDecoder/next()`` and copies the decoded bytes into a
/// ring of ``slotCount`` fixed buffers of ``slotCapacity`` bytes each; the reader takes the
/// filled buffers in order and gives each back at its next call. Memory stays fixed (4 MiB of
/// slots beside the decoder's own buffers) whatever the file size. A line that straddles two
/// slots is joined by the ``LineFramer``'s carry buffer, as with any chunk boundary.
///
/// The decoder's chunks, end and failures are handed on unchanged and in order, so the reader
/// cannot tell the threaded mode from the direct one, except by time. A failure after which
/// decoding resumes (corrupt data in the middle of a file) travels in a slot of its own, a
/// notice between the data before and after it.
package struct ReadAheadDecoder: ~Copyable {
    /// How many slots the ring has.
    package static let slotCount = 4
    /// The size of each slot (the decoder's output buffer size).
    package static let defaultSlotCapacity = StreamDecoder.outputCapacity

    /// How the input is encoded.
    package let format: InputFormat
    private let ring: ReadAheadRing
    private let threaded: Bool
    private var thread: WorkerThread?

    /// Wraps a decoder; with `threaded`, starts the producer thread at once.
    ///
    /// - Parameters:
    ///   - decoder: The decoder, already past its format sniffing.
    ///   - threaded: Whether to decode on a second thread.
    ///   - slotCapacity: The size of each ring slot (tests use tiny ones).
    package init(_ decoder: consuming StreamDecoder, threaded: Bool, slotCapacity: Int = Self.defaultSlotCapacity) {
        format = decoder.format
        let ring = ReadAheadRing(decoder: decoder, slotCount: Self.slotCount, slotCapacity: max(1, slotCapacity))
        self.ring = ring
        self.threaded = threaded
        thread = threaded ? WorkerThread.start({ ring.produce() }) : nil
        if thread == nil {
            // Not asked for, or no thread to be had: decode on the reader's thread.
            ring.disableThreading()
        }
    }

    deinit {
        ring.cancel()
        thread?.join()
    }

    /// Bytes read from the source by the chunks handed out so far.
    package var bytesRead: Int64 { ring.consumerBytesRead }

    /// Decoded bytes handed out so far.
    package var decodedBytes: Int64 { ring.consumerDecodedBytes }

    /// The next decoded chunk, valid until the next call.
    package mutating func next() -> StreamDecoder.Chunk {
        ring.next()
    }

    /// Releases the source (and stops the producer thread) once the reader is done.
    package mutating func close() {
        ring.cancel()
        thread?.join()
        thread = nil
        ring.closeDecoder()
    }
}
