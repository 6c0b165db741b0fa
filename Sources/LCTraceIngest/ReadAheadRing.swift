import LCTracePlatform

/// The state the reader and the producer thread share.
///
/// `@unchecked Sendable` because the compiler cannot see the protocol that makes it safe:
/// - `decoder` is used by one thread at a time: the producer between its start and its
///   return, the reader only before the start (never, in fact) or after `pthread_join`
///   (``closeDecoder()``), or always the reader when threading is off.
/// - `slots` memory: a slot is written only by the producer while it is neither filled nor
///   held by the reader, and read only by the reader between taking it and its next call;
///   ownership passes with `filled`/`released` under `mutex`, which orders the memory.
/// - every other mutable field is read and written only with `mutex` held, except the
///   consumer-side counters, which only the reader touches.
final class ReadAheadRing: @unchecked Sendable {
    private var decoder: StreamDecoder
    private let slotCount: Int
    private let slotCapacity: Int
    private let slots: [UnsafeMutableRawPointer]

    // Shared, under `mutex`.
    private let signal = RingSignal()
    /// Per slot: the bytes in it and the source bytes read when it was filled.
    private var lengths: [Int]
    private var sourceBytes: [Int64]
    /// Per slot: a failure after which decoding resumed, handed out instead of data.
    private var notices: [StreamDecoder.Chunk?]
    /// Slots filled and slots given back, counted from the start (the slot is `count % slotCount`).
    private var filled = 0
    private var released = 0
    /// The decoder's last word (`.end` or `.failed`), once the producer has seen it.
    private var terminal: StreamDecoder.Chunk?
    /// The source bytes read when the decoder said its last word.
    private var terminalBytesRead: Int64 = 0
    private var cancelled = false

    // The reader's side only.
    private var threaded = true
    private var holding = false
    private(set) var consumerBytesRead: Int64 = 0
    private(set) var consumerDecodedBytes: Int64 = 0

    init(decoder: consuming StreamDecoder, slotCount: Int, slotCapacity: Int) {
        self.decoder = decoder
        self.slotCount = slotCount
        self.slotCapacity = slotCapacity
        slots = (0..<slotCount).map { _ in UnsafeMutableRawPointer.allocate(byteCount: slotCapacity, alignment: 16) }
        lengths = Array(repeating: 0, count: slotCount)
        sourceBytes = Array(repeating: 0, count: slotCount)
        notices = Array(repeating: nil, count: slotCount)
        consumerBytesRead = self.decoder.bytesRead
    }

    deinit {
        for slot in slots { slot.deallocate() }
    }

    /// Decode on the reader's thread (no producer was started).
    func disableThreading() { threaded = false }

    /// Asks the producer to stop at its next wait.
    func cancel() {
        signal.lock()
        cancelled = true
        signal.broadcast()
        signal.unlock()
    }

    /// Releases the source; call only when no producer runs (after `join`, or never started).
    func closeDecoder() {
        decoder.close()
    }

    // MARK: - The reader

    /// The next chunk: the next filled slot, or the decoder's last word once all are read.
    func next() -> StreamDecoder.Chunk {
        guard threaded else {
            let chunk = decoder.next()
            consumerBytesRead = decoder.bytesRead
            consumerDecodedBytes = decoder.decodedBytes
            return chunk
        }
        signal.lock()
        defer { signal.unlock() }
        if holding {
            holding = false
            released += 1
            signal.broadcast()
        }
        while filled == released && terminal == nil {
            signal.wait()
        }
        if filled > released {
            let slot = released % slotCount
            holding = true
            consumerBytesRead = sourceBytes[slot]
            if let notice = notices[slot] { return notice }
            consumerDecodedBytes += Int64(lengths[slot])
            return .data(UnsafeRawBufferPointer(start: slots[slot], count: lengths[slot]))
        }
        consumerBytesRead = terminalBytesRead
        let last = terminal!
        // A failure is said once; after it the input has ended, as the direct decoder does.
        if case .failed = last { terminal = .end }
        return last
    }

    // MARK: - The producer thread

    /// Waits for a free slot; `nil` when cancelled.
    private func freeSlot() -> Int? {
        signal.lock()
        defer { signal.unlock() }
        while filled - released == slotCount && !cancelled {
            signal.wait()
        }
        return cancelled ? nil : filled % slotCount
    }

    /// Hands a filled slot (or a notice, with no data) to the reader.
    private func publish(_ slot: Int, length: Int, sourceBytes read: Int64, notice: StreamDecoder.Chunk? = nil) {
        signal.lock()
        lengths[slot] = length
        sourceBytes[slot] = read
        notices[slot] = notice
        filled += 1
        signal.broadcast()
        signal.unlock()
    }

    /// Hands the decoder's last word to the reader.
    private func finish(_ chunk: StreamDecoder.Chunk, bytesRead: Int64) {
        signal.lock()
        terminal = chunk
        terminalBytesRead = bytesRead
        signal.broadcast()
        signal.unlock()
    }

    /// The producer: decode, copy into slots, publish full slots (and the last partial one).
    func produce() {
        guard var slot = freeSlot() else { return }
        var fill = 0
        while true {
            let chunk = decoder.next()
            if case .failed(_, _, let resumes) = chunk, resumes {
                // Corrupt data in the middle: the data so far, then the notice, then the rest.
                if fill > 0 {
                    publish(slot, length: fill, sourceBytes: decoder.bytesRead)
                    guard let next = freeSlot() else { return }
                    slot = next
                    fill = 0
                }
                publish(slot, length: 0, sourceBytes: decoder.bytesRead, notice: chunk)
                guard let next = freeSlot() else { return }
                slot = next
                continue
            }
            guard case .data(let data) = chunk else {
                if fill > 0 { publish(slot, length: fill, sourceBytes: decoder.bytesRead) }
                // Done with the input: release the descriptor and the zstd context now.
                let bytesRead = decoder.bytesRead
                decoder.close()
                finish(chunk, bytesRead: bytesRead)
                return
            }
            var offset = 0
            while offset < data.count {
                let n = min(data.count - offset, slotCapacity - fill)
                (slots[slot] + fill).copyMemory(from: data.baseAddress! + offset, byteCount: n)
                fill += n
                offset += n
                if fill == slotCapacity {
                    publish(slot, length: fill, sourceBytes: decoder.bytesRead)
                    guard let next = freeSlot() else { return }
                    slot = next
                    fill = 0
                }
            }
        }
    }
}
