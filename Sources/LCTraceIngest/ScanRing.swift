import LCTracePlatform
import LCTraceCore

/// The state a reader and its scan thread share (``ScanPipeline``): a ring of
/// ``ScanBatch``es the scan thread fills with the steps of ``LineStage/readLines(into:)``
/// (framing, scanning, interning) while the reader's thread replays the batches before.
///
/// `@unchecked Sendable` because the compiler cannot see the protocol that makes it safe:
/// - `stage` (decoder, framer, scanner) belongs to the scan thread from its start to its
///   return: it moves the stage into a local and puts it back just before returning. The
///   reader touches it only before the thread starts or after `pthread_join`
///   (``giveBack(into:)``); a retention is applied to it by the scan thread itself
///   (`retainRequest`).
/// - a batch is written only by the scan thread while it is neither filled nor held by the
///   reader, and read only by the reader between taking it and taking the next; ownership
///   passes with `filled`/`released` under `mutex`, which orders the memory. During a
///   retention the scan thread is parked (waiting in ``acquire(_:)``), so the reader may also
///   read and clear the strings of filled batches it has not taken yet.
/// - every other mutable field is read and written only with `mutex` held, except the
///   reader-side `holding`, which only the reader touches.
final class ScanRing: BatchRing, @unchecked Sendable {
    private var stage: LineStage
    private let batches: [ScanBatch]

    // Shared, under `mutex`.
    private let signal = RingSignal()
    /// Batches filled and batches given back, counted from the start (the batch is `count % batches.count`).
    private var filled = 0
    private var released = 0
    private var cancelled = false
    /// The reader wants the scan thread parked at a batch boundary (a retention).
    private var parkRequested = false
    /// The scan thread waits at a batch boundary: it touches neither its stage nor any batch.
    private var idle = false
    /// The scan thread has published its last batch (the one ending in `.end`) and returned.
    private var done = false
    /// Symbols to keep, for the scan thread to apply to its scanner while parked.
    private var retainRequest: Set<Symbol>?

    // The reader's side only.
    private var holding = false

    init(stage: consuming LineStage, batchCount: Int, batchCapacity: Int) {
        self.stage = stage
        batches = (0..<max(2, batchCount)).map { _ in ScanBatch(capacity: batchCapacity) }
    }

    /// Asks the scan thread to stop at its next batch boundary.
    func cancel() {
        signal.lock()
        cancelled = true
        signal.broadcast()
        signal.unlock()
    }

    // MARK: - The reader

    /// Hands the stage back to the reader: when no scan thread was started, or once it has
    /// been joined (it puts the stage back before returning).
    func giveBack(into stage: inout LineStage) {
        swap(&self.stage, &stage)
    }

    /// Gives back the batch held (if any) and waits for the next filled one.
    ///
    /// The scan thread always ends with a batch whose last step is `.end`, and the reader takes
    /// no batch after that one, so this always returns.
    func take() -> ScanBatch {
        signal.lock()
        defer { signal.unlock() }
        if holding {
            released += 1
            signal.broadcast()
        }
        while filled == released {
            signal.wait()
        }
        holding = true
        return batches[released % batches.count]
    }

    /// Forgets every symbol not in `live` on both sides, numbered alike (see
    /// ``LogReader/retainSymbols(_:)``): parks the scan thread at a batch boundary, absorbs into
    /// `mirror` the strings of the batches filled but not taken, keeps also every symbol the
    /// records not yet handed out hold (steps `position...` of `held`, and those batches), and
    /// applies that one set to `mirror` and to the scanner's table and interner.
    func retain(_ live: Set<Symbol>, held: ScanBatch?, position: Int, mirror: inout SymbolTable) {
        signal.lock()
        defer { signal.unlock() }
        parkRequested = true
        signal.broadcast()
        while !idle && !done {
            signal.wait()
        }
        var keep = live
        held?.collectSymbols(from: position, into: &keep)
        var index = released + (holding ? 1 : 0)
        while index < filled {
            let batch = batches[index % batches.count]
            for string in batch.strings { _ = mirror.append(string) }
            batch.strings.removeAll(keepingCapacity: true)
            batch.collectSymbols(from: 0, into: &keep)
            index += 1
        }
        mirror.retainOnly(keep)
        if !done {
            retainRequest = keep
            signal.broadcast()
            while retainRequest != nil && !done {
                signal.wait()
            }
        }
        parkRequested = false
        signal.broadcast()
    }

    // MARK: - The scan thread

    /// Waits for a free batch (and while a retention is under way, applying it to `stage`);
    /// `nil` when cancelled.
    private func acquire(_ stage: inout LineStage) -> ScanBatch? {
        signal.lock()
        defer { signal.unlock() }
        while (filled - released == batches.count || parkRequested) && !cancelled {
            if let keep = retainRequest {
                stage.retainSymbols(keep)
                retainRequest = nil
                signal.broadcast()
                continue
            }
            if !idle {
                idle = true
                signal.broadcast()
            }
            signal.wait()
        }
        idle = false
        return cancelled ? nil : batches[filled % batches.count]
    }

    /// Hands a filled batch to the reader; `last` when it ends with `.end`.
    private func publish(last: Bool) {
        signal.lock()
        filled += 1
        if last { done = true }
        signal.broadcast()
        signal.unlock()
    }

    /// The scan thread: fill batches with steps until the `.end` step (or a cancel).
    func produce() {
        var stage = LineStage.spent()
        swap(&stage, &self.stage)
        while let batch = acquire(&stage) {
            let last = Self.fill(batch, from: &stage)
            publish(last: last)
            if last { break }
        }
        // The reader takes the stage back once it has joined this thread (``giveBack(into:)``).
        swap(&stage, &self.stage)
    }

    /// Reads steps into `batch` until it is full or the input has ended; whether it has.
    static func fill(_ batch: ScanBatch, from stage: inout LineStage) -> Bool {
        batch.reset()
        let mark = stage.symbols.nextSymbol.rawValue
        let steps = batch.steps
        let records = batch.records
        let counters = batch.counters
        var count = 0
        var ended = false
        while count < batch.capacity && !ended {
            let step = stage.readLines(into: &records[count])
            steps[count] = step
            switch step {
            case .record: break
            case .meta: batch.metas.append(stage.meta)
            case .end: ended = true
            case .malformed, .truncated, .lost: batch.problems.append(stage.problem)
            }
            counters[count] = ScanBatch.Counters(
                lines: stage.framer.lineNumber, bytesRead: stage.decoder.bytesRead, decodedBytes: stage.decoder.decodedBytes)
            count += 1
        }
        batch.count = count
        stage.symbols.appendStrings(since: mark, to: &batch.strings)
        return ended
    }
}
