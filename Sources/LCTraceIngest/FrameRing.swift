import LCTracePlatform
import LCTraceCore

/// The frame-parallel reading path for multi-frame zstd files (docs/PERFORMANCE.md): two
/// workers each take a whole frame, decode it, frame its lines and scan them into a
/// ``FrameBatch``, while the reader's thread takes the batches in frame order, stitches the
/// line cut across each frame boundary (with the one ``LineFramer`` and ``RecordScanner`` of the
/// reader), renumbers lines, and moves the workers' symbols into its own table. Three threads
/// on two cores, with no thread between decoding and scanning.
///
/// Steps, records, problems and session contexts are those of the sequential path, in the
/// same order: the workers and the reader frame with ``LineFramer`` and scan with
/// ``RecordScanner``, and the reader's framer sees every byte of every line the workers did not
/// frame whole. Anything the workers cannot read as whole frames — a cut or corrupt frame, a
/// checksum that does not match, bytes that are not a frame, the decompressed-size limit —
/// stops them at that frame's first byte, and the reader goes on from there with a sequential
/// ``LineStage`` (the reader's framer and scanner, a decoder resumed at that offset), so every
/// message about it is the sequential decoder's own.
///
/// `@unchecked Sendable`: the splitter, the slots, the pool and the flags are touched only
/// with `signal` held; a ``FrameBatch`` belongs to one worker from its claim to its publication
/// and to the reader from its take to its recycling; the rest is the reader's only.
final class FrameRing: BatchRing, @unchecked Sendable {
    /// Frame workers: two cores, with the reader's thread as the third thread.
    static let workerCount = 2
    /// Frames claimed beyond the one the reader holds, at most: one per worker. Each frame's
    /// records are held whole (about 5 MB for `lctrace gen`'s 4 MiB frames), so this bounds
    /// the memory: with 6, a 2M-record log of 4 MiB frames peaked at 98.8 MiB against 42.6 MiB
    /// on the scan-thread path.
    static let window = 2

    // Shared, under `signal`.
    private let signal = RingSignal()
    private var splitter: FrameSplitter
    private var slots: [FrameBatch?] = Array(repeating: nil, count: FrameRing.window)
    private var pool: [FrameBatch] = []
    private var nextClaim = 0
    private var nextTake = 0
    /// The frame index at which splitting stopped, where, and whether at the clean end.
    private var stopIndex: Int?
    private var stopOffset: Int64 = 0
    private var stopClean = false
    private var cancelled = false
    private var workers: [WorkerThread] = []

    // The reader's side only.
    private let path: String
    private let limits: IngestLimits
    private var framer = LineFramer(limit: LogReader.maximumLineLength)
    private var scanner = RecordScanner()
    private var held: FrameBatch?
    private var decodedBytes: Int64 = 0
    private var lastCounters = ScanBatch.Counters(lines: 0, bytesRead: 0, decodedBytes: 0)
    private var symbolMap: [Symbol] = []
    /// After a stop that is not the clean end: the sequential stage the rest is read with.
    private var sequential = LineStage.spent()
    private var isSequential = false
    private let endBatch = ScanBatch(capacity: 2)
    private var sequentialBatch: ScanBatch?

    private init(splitter: consuming FrameSplitter, path: String, limits: IngestLimits) {
        self.splitter = splitter
        self.path = path
        self.limits = limits
    }

    deinit {
        splitter.close()
    }

    /// Opens `path` again and starts the workers; `nil` when it cannot be opened or no worker
    /// thread starts.
    static func start(path: String, limits: IngestLimits) -> FrameRing? {
        guard let source = try? FileSource(path: path) else { return nil }
        let ring = FrameRing(splitter: FrameSplitter(source: source), path: path, limits: limits)
        for _ in 0..<workerCount {
            if let worker = WorkerThread.start({ ring.work() }) { ring.workers.append(worker) }
        }
        guard !ring.workers.isEmpty else { return nil }
        return ring
    }

    // MARK: - The workers

    /// A worker: claim the next frame, process it, publish it, until the end or a cancel.
    private func work() {
        var worker = FrameWorker()
        while let (index, batch, count) = claim(into: &worker.frame) {
            worker.process(count: count, into: batch)
            publish(batch, at: index)
        }
        worker.close()
    }

    /// The next frame (copied into `frame`), its index and a batch to fill; `nil` when there is
    /// none left to claim.
    private func claim(into frame: inout RawBuffer) -> (Int, FrameBatch, Int)? {
        signal.lock()
        defer { signal.unlock() }
        while !cancelled && stopIndex == nil && nextClaim >= nextTake + Self.window {
            signal.wait()
        }
        guard !cancelled, stopIndex == nil else { return nil }
        switch splitter.next(into: &frame) {
        case .frame(let offset, let count):
            let batch = pool.popLast() ?? FrameBatch()
            batch.offset = offset
            batch.end = offset + Int64(count)
            defer { nextClaim += 1 }
            return (nextClaim, batch, count)
        case .end(let offset):
            stop(at: offset, clean: true)
            return nil
        case .stop(let offset):
            stop(at: offset, clean: false)
            return nil
        }
    }

    /// Records where splitting stopped (with `signal` held).
    private func stop(at offset: Int64, clean: Bool) {
        stopIndex = nextClaim
        stopOffset = offset
        stopClean = clean
        signal.broadcast()
    }

    private func publish(_ batch: FrameBatch, at index: Int) {
        signal.withLock {
            slots[index % Self.window] = batch
            signal.broadcast()
        }
    }

    // MARK: - The reader

    func cancel() {
        signal.withLock {
            cancelled = true
            signal.broadcast()
        }
        for worker in workers { worker.join() }
        workers = []
    }

    func giveBack(into stage: inout LineStage) {
        cancel()
        if isSequential {
            swap(&sequential, &stage)
        } else {
            swap(&framer, &stage.framer)
        }
    }

    func take() -> ScanBatch {
        if let batch = held {
            held = nil
            signal.withLock { pool.append(batch) }
        }
        if isSequential { return nextSequentialBatch() }
        while true {
            signal.lock()
            while slots[nextTake % Self.window] == nil && !(stopIndex.map { nextTake >= $0 } ?? false) {
                signal.wait()
            }
            guard let batch = slots[nextTake % Self.window] else {
                let (clean, offset) = (stopClean, stopOffset)
                signal.unlock()
                return clean ? finish(at: offset) : readSequentially(from: offset)
            }
            slots[nextTake % Self.window] = nil
            nextTake += 1
            signal.broadcast()
            signal.unlock()
            if batch.failed || exceedsLimit(batch) {
                let offset = batch.offset
                signal.withLock { pool.append(batch) }
                return readSequentially(from: offset)
            }
            // A frame may give no step (a stretch of one long line, blank lines): the batch
            // still carries its strings, and the reader takes the next one.
            stitch(batch)
            held = batch
            return batch.batch
        }
    }

    func retain(_ live: Set<Symbol>, held: ScanBatch?, position: Int, mirror: inout SymbolTable) {
        var keep = live
        held?.collectSymbols(from: position, into: &keep)
        mirror.retainOnly(keep)
        if isSequential {
            sequential.retainSymbols(keep)
        } else {
            scanner.retainSymbols(keep)
        }
    }

    /// Whether the frame would take the decoded bytes over the limit (the sequential decoder
    /// then gives what fits and the limit's message).
    private func exceedsLimit(_ batch: FrameBatch) -> Bool {
        guard let limit = limits.maximumDecompressedBytes else { return false }
        return decodedBytes + Int64(batch.decoded) > limit
    }

    /// Makes a worker's batch the reader's: the line stitched across the frame's start in slot
    /// 0, the symbols of the worker's records moved into the reader's table, a step for the
    /// bytes after the last line end if they overflow the line limit. Lines stay numbered from
    /// the frame's start: ``ScanPipeline`` adds the batch's ``ScanBatch/lineOffset`` as it hands
    /// each step out, so no pass over the records is needed here.
    private func stitch(_ frame: FrameBatch) {
        let batch = frame.batch
        let mark = scanner.symbols.nextSymbol.rawValue
        symbolMap.removeAll(keepingCapacity: true)
        for string in frame.strings { symbolMap.append(scanner.intern(string)) }
        let lineBase = framer.lineNumber
        decodedBytes += Int64(frame.decoded)
        batch.lineOffset = lineBase
        batch.frameBytes = (frame.end, decodedBytes)
        if frame.noLineEnd { batch.count = 1 }
        // Slot 0: the line the frame's first `\n` ends (or a line overflowing the limit).
        var headProblem: LogReader.Problem?
        var headMeta: SessionMeta?
        let headStep = frame.head.withUnsafeBytes { head in
            feed(head, into: batch, slot: 0, problem: &headProblem, meta: &headMeta)
        }
        batch.start = headStep == nil ? 1 : 0
        if let headStep {
            batch.steps[0] = headStep
            batch.records[0].line -= lineBase
        }
        batch.counters[0].lines = framer.lineNumber - lineBase
        if var headProblem {
            headProblem.line -= lineBase
            batch.problems.insert(headProblem, at: 0)
        }
        if let headMeta { batch.metas.insert(headMeta, at: 0) }
        // The worker's records that hold symbols.
        let mark0 = frame.firstSymbol
        for index in batch.symbolic { remap(&batch.records[Int(index)], mark: mark0) }
        framer.countLines(frame.lineEnds)
        // The bytes after the last line end: carried, or a line overflowing the limit.
        var tailProblem: LogReader.Problem?
        var tailMeta: SessionMeta?
        let slot = batch.count
        let tailStep = frame.tail.withUnsafeBytes { tail in
            feed(tail, into: batch, slot: slot, problem: &tailProblem, meta: &tailMeta)
        }
        if let tailStep, var tailProblem {
            tailProblem.line -= lineBase
            batch.steps[slot] = tailStep
            batch.problems.append(tailProblem)
            batch.counters[slot].lines = framer.lineNumber - lineBase
            batch.count = slot + 1
        }
        batch.strings.removeAll(keepingCapacity: true)
        appendStrings(from: mark, to: batch)
    }

    /// Appends to `batch` the strings of the reader's symbols from `mark` on (the mirror's).
    private func appendStrings(from mark: Int32, to batch: ScanBatch) {
        scanner.symbols.appendStrings(since: mark, to: &batch.strings)
    }

    /// Feeds bytes that hold at most one `\n`, at their end, to the reader's framer; the step of
    /// the line it completes or overflows, if any, with the record in `slot`.
    private func feed(
        _ bytes: UnsafeRawBufferPointer, into batch: ScanBatch, slot: Int, problem: inout LogReader.Problem?,
        meta: inout SessionMeta?
    ) -> LogReader.Step? {
        var position = 0
        guard bytes.count > 0, let framed = framer.next(in: bytes, at: &position) else { return nil }
        switch framed {
        case .overlong(let number):
            problem = LogReader.Problem(line: number, byteOffset: nil, message: LineStage.overlongMessage)
            return .malformed
        case .line(let line, let number):
            if LineStage.isBlank(line) { return nil }
            if let failure = scanner.scan(line, lineNumber: number, into: &batch.records[slot]) {
                problem = LogReader.Problem(line: number, byteOffset: nil, message: failure.message)
                return .malformed
            }
            if batch.records[slot].event == .meta {
                meta = scanner.meta
                return .meta
            }
            return .record
        }
    }

    /// A worker's record with the reader's symbols.
    @inline(__always)
    private func remap(_ record: inout Record, mark: Int32) {
        record.unknownName = mapped(record.unknownName, mark)
        record.scene = mapped(record.scene, mark)
        record.reason = mapped(record.reason, mark)
        record.name = mapped(record.name, mark)
        if case .name(let symbol) = record.task { record.task = .name(mapped(symbol, mark)) }
    }

    @inline(__always)
    private func mapped(_ symbol: Symbol, _ mark: Int32) -> Symbol {
        symbol.isPresent ? symbolMap[Int(symbol.rawValue - mark)] : symbol
    }

    /// The last batch after whole frames only: the last line if it has no `\n`, and the end.
    private func finish(at offset: Int64) -> ScanBatch {
        cancel()
        let batch = endBatch
        batch.reset()
        let mark = scanner.symbols.nextSymbol.rawValue
        var count = 0
        switch framer.finish() {
        case nil:
            break
        case .overlong(let number):
            batch.steps[0] = .malformed
            batch.problems.append(LogReader.Problem(line: number, byteOffset: nil, message: LineStage.overlongMessage))
            count = 1
        case .line(let line, let number):
            if !LineStage.isBlank(line) {
                if let failure = scanner.scan(line, lineNumber: number, into: &batch.records[0]) {
                    batch.steps[0] = .truncated
                    batch.problems.append(
                        LogReader.Problem(line: number, byteOffset: nil, message: LineStage.cutLastLine(line, failure)))
                } else if batch.records[0].event == .meta {
                    batch.steps[0] = .meta
                    batch.metas.append(scanner.meta)
                } else {
                    batch.steps[0] = .record
                }
                count = 1
            }
        }
        batch.steps[count] = .end
        let counters = ScanBatch.Counters(lines: framer.lineNumber, bytesRead: offset, decodedBytes: decodedBytes)
        for i in 0...count { batch.counters[i] = counters }
        batch.count = count + 1
        appendStrings(from: mark, to: batch)
        return batch
    }

    /// Goes on from the frame at `offset` with a sequential stage: the workers stop, and the
    /// reader's framer and scanner carry on over a decoder resumed there.
    private func readSequentially(from offset: Int64) -> ScanBatch {
        cancel()
        var moved = LineFramer(limit: LogReader.maximumLineLength)
        swap(&moved, &framer)
        let source: ByteSource
        if let file = try? FileSource(path: path), file.seek(to: offset) {
            source = .file(file)
        } else {
            source = .memory(MemorySource(bytes: [], chunkSize: 1))
        }
        let decoder = StreamDecoder(resuming: source, at: offset, decodedBytes: decodedBytes, limits: limits)
        // On the reader's thread: the read-ahead ring counts decoded bytes from zero, and this
        // path is for damaged files only.
        sequential = LineStage(decoder: ReadAheadDecoder(decoder, threaded: false), framer: moved, scanner: scanner)
        isSequential = true
        return nextSequentialBatch()
    }

    /// The next batch of the sequential stage.
    private func nextSequentialBatch() -> ScanBatch {
        let batch = sequentialBatch ?? ScanBatch(capacity: ScanPipeline.defaultBatchCapacity)
        sequentialBatch = batch
        _ = ScanRing.fill(batch, from: &sequential)
        return batch
    }
}
