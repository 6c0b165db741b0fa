import LCTracePlatform
import LCTraceCore

/// The reader's side of the parallel reading path: a scan thread frames and scans the lines
/// into batches of steps (``ScanRing``) while the reader's thread takes them in order, so that
/// on two cores decoding, scanning and replay overlap instead of the replaying thread doing
/// scanning and replay in turn.
///
/// Records carry ``Symbol``s of the scan thread's table. The reader keeps a mirror table: each
/// batch carries the strings the scanner appended while filling it, in order, and taking the
/// batch appends them to the mirror, so both tables number every string alike and records pass
/// unchanged. ``symbols`` is the mirror.
///
/// Steps, records, session contexts, problems and counters are those the single-threaded
/// path gives, in the same order: both call ``LineStage/readLines(into:)``.
struct ScanPipeline: ~Copyable {
    /// How many batches the ring has.
    static let batchCount = 8
    /// The most steps per batch. With 8 batches of 4,096 steps (≈ 3 MB of records and
    /// counters) the three threads ride out each other's hiccups: on a free second core the
    /// 2M-record bench logs replayed 15–20 % faster than with 4 batches of 1,024 (ratios 2.0–2.3×
    /// against 2.5–2.8×, alternating runs; docs/PERFORMANCE.md), for about 3 MiB more peak RSS;
    /// 8 batches of 8,192 were no faster.
    static let defaultBatchCapacity = 4096

    private var ring: (any BatchRing)?
    private var finished = false
    /// Whether the scan thread was started: every step then comes from ``read(into:problem:)``.
    private(set) var isRunning = false
    /// Whether the batches come from frame workers (``FrameRing``) rather than a scan thread.
    var isFrameParallel: Bool { ring is FrameRing }
    private var thread: WorkerThread?
    /// The strings of the symbols of the records handed out (and of the batch being read).
    private(set) var mirror = SymbolTable()
    /// The session context of the last `.meta` step.
    private(set) var meta = SessionMeta()
    /// The batch being read and the next step in it.
    private var batch: ScanBatch?
    private var position = 0
    private var count = 0
    private var metaIndex = 0
    private var problemIndex = 0
    /// The batch's ``ScanBatch/lineOffset``, read once per batch.
    private var lineOffset = 0
    private var ended = false
    /// The counters before the first step.
    private var initial = ScanBatch.Counters(lines: 0, bytesRead: 0, decodedBytes: 0)

    /// The mirror table, borrowed in place.
    var symbols: SymbolTable {
        _read { yield mirror }
    }

    /// Symbols the mirror received since the last retention.
    var symbolsCreatedSinceRetain: Int { mirror.createdSinceRetain }

    /// A pipeline that is not running (the reader reads on its own thread).
    init() {}

    deinit {
        ring?.cancel()
        thread?.join()
    }

    /// Moves `stage` to a new scan thread; gives it back unchanged if no thread can be started.
    ///
    /// - Parameters:
    ///   - stage: The reader's stage, possibly part-way through the input.
    ///   - batchCapacity: The most steps per batch (tests use tiny ones).
    mutating func start(_ stage: inout LineStage, batchCapacity: Int) {
        mirror = stage.symbols
        meta = stage.meta
        initial = ScanBatch.Counters(
            lines: stage.framer.lineNumber, bytesRead: stage.decoder.bytesRead, decodedBytes: stage.decoder.decodedBytes)
        var moving = LineStage.spent()
        swap(&moving, &stage)
        let ring = ScanRing(stage: moving, batchCount: Self.batchCount, batchCapacity: batchCapacity)
        guard let thread = WorkerThread.start({ ring.produce() }) else {
            ring.giveBack(into: &stage)
            return
        }
        self.ring = ring
        self.thread = thread
        isRunning = true
    }

    /// After the `.end` step: joins the scan thread and gives its stage back to `stage` (once;
    /// later calls do nothing). The mirror, ``meta`` and the counters stay the reader's answers.
    mutating func finish(into stage: inout LineStage) {
        guard isRunning, !finished else { return }
        finished = true
        thread?.join()
        thread = nil
        ring?.giveBack(into: &stage)
    }

    /// Reads a multi-frame zstd file with frame workers instead (``FrameRing``): `stage` is
    /// left as it is (its decoder closed) and gets the framer back at the end. Nothing starts
    /// when the file cannot be opened again or no thread can be started.
    ///
    /// - Parameters:
    ///   - stage: The reader's stage, before its first read.
    ///   - path: The file.
    ///   - limits: The decompressed-size limit.
    mutating func startFrames(_ stage: inout LineStage, path: String, limits: IngestLimits) {
        guard let ring = FrameRing.start(path: path, limits: limits) else { return }
        mirror = stage.symbols
        meta = stage.meta
        initial = ScanBatch.Counters(lines: 0, bytesRead: 0, decodedBytes: 0)
        stage.decoder.close()
        self.ring = ring
        isRunning = true
    }

    /// The counters as of the last step handed out.
    var counters: ScanBatch.Counters {
        guard let batch, position > 0 else { return initial }
        var counters = batch.counters[position - 1]
        counters.lines += batch.lineOffset
        if let bytes = batch.frameBytes {
            counters.bytesRead = bytes.read
            counters.decodedBytes = bytes.decoded
        }
        return counters
    }

    /// The next step, as ``LogReader/read(into:)`` gives it; `problem` receives the problem of
    /// a problem step.
    @inline(__always)
    mutating func read(into record: inout Record, problem: inout LogReader.Problem) -> LogReader.Step {
        while position == count {
            if ended { return .end }
            takeBatch()
        }
        guard let batch else { return .end }
        let step = batch.steps[position]
        switch step {
        case .record:
            record = batch.records[position]
            record.line &+= lineOffset
        case .meta:
            record = batch.records[position]
            record.line &+= lineOffset
            meta = batch.metas[metaIndex]
            metaIndex += 1
        case .end:
            ended = true
        case .malformed, .truncated, .lost:
            problem = batch.problems[problemIndex]
            problem.line += lineOffset
            problemIndex += 1
        }
        position += 1
        return step
    }

    /// Takes the next batch and absorbs its strings into the mirror.
    @inline(never)
    private mutating func takeBatch() {
        guard let ring else { return }
        let next = ring.take()
        for string in next.strings { _ = mirror.append(string) }
        batch = next
        lineOffset = next.lineOffset
        position = next.start
        count = next.count
        metaIndex = 0
        problemIndex = 0
    }

    /// ``LogReader/retainSymbols(_:)`` on both threads' tables (see ``ScanRing/retain(_:held:position:mirror:)``).
    mutating func retainSymbols(_ live: Set<Symbol>) {
        guard let ring else { return }
        ring.retain(live, held: batch, position: position, mirror: &mirror)
    }
}
