import LCTracePlatform
import LCTraceCore

/// Streams the records of one lifecycle log (zstd or plain NDJSON, detected by content).
///
/// Memory is bounded by fixed buffers and the maximum line length, never by the file size.
///
/// The pipeline: a byte source (file descriptor, standard input or memory) →
/// ``StreamDecoder`` (format sniffing, streaming zstd; for a zstd file, on a second thread
/// a few buffers ahead, see ``ReadAheadDecoder``) → ``LineFramer`` (lines
/// in place, a carry buffer only for lines that straddle chunks) →
/// ``RecordScanner`` (strict JSON, known keys, interning). With threading on, a native log's
/// framing and scanning run on a scan thread of their own, batches ahead of the caller
/// (``ScanPipeline``): the caller's thread is left with the replay.
///
/// Decisions the format leaves open:
/// - A UTF-8 byte order mark at the very start of the (decompressed) stream is
///   skipped; columns on line 1 are counted after it.
/// - An empty input is an empty text log: no items.
/// - A last line without `\n` that scans is a normal record; one that does not
///   is reported as `.truncated` (the writer was cut off), not `.malformed`.
/// - After a cut or corrupt zstd stream, the partial line the cut falls in is
///   dropped. Corrupt data in the middle resumes at the next frame: the lost region
///   counts as one line (the one the `.truncated` item names), so the next frame's
///   first line is numbered one past it.
public struct LogReader: ~Copyable {
    /// The longest line accepted, in bytes (without the line end). Longer lines are LC401
    /// and are skipped without being held in memory.
    public static let maximumLineLength = 1 << 20

    /// The name findings use: the path as given, or `<stdin>` for `-`.
    public let displayName: String

    /// The strings behind the symbols of the records handed out so far.
    ///
    /// Borrowed in place (no copy, no reference counting): the replay loop passes it with
    /// every record.
    public var symbols: SymbolTable {
        _read {
            if pipeline.isRunning {
                yield pipeline.symbols
            } else {
                yield stage.symbols
            }
        }
    }

    /// Calls `body` with ``symbols`` borrowed in place. Passing ``symbols`` itself as another
    /// function's argument copies the table (the accessor's value is an rvalue: two retains
    /// and two releases per call); the replay loop uses this once per record instead.
    ///
    /// `mutating` (as is ``symbolsCreatedSinceRetain``'s getter) only so that the reader is
    /// passed by address: a borrowing call out of line copied the whole reader (about 1.5 KB)
    /// to the stack first, twice per record.
    public mutating func withSymbols(_ body: (borrowing SymbolTable) -> Void) {
        if pipeline.isRunning {
            body(pipeline.mirror)
        } else {
            body(stage.scanner.symbols)
        }
    }

    /// Decoder, translator, framer and scanner (LineStage.swift); once the scan thread runs,
    /// it owns them and this is an empty stage.
    var stage: LineStage
    /// The scan thread and the reader's side of its batches (ScanPipeline.swift), when running.
    private var pipeline = ScanPipeline()
    /// The steps per batch when a native log is to be scanned on a thread of its own (it starts
    /// at the first read once the input is known to be native); `nil` for one thread.
    private var pipelineBatch: Int?
    /// A multi-frame zstd file to read with frame workers (FrameRing.swift), from the first read
    /// on; `nil` otherwise.
    private var frameParallel: (path: String, limits: IngestLimits)?
    /// Whether the input is zstd-compressed.
    private let compressed: Bool
    // The translator's findings (LogReader+Translator.swift): a step of the lines held back
    // while the translator's findings on earlier lines are handed out.
    var heldStep: Step?
    var heldRecord = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
    var heldProblem = Problem(line: 0, byteOffset: nil, message: "")
    /// The plug-in point's translator, kept for its evidence once the stage has dropped it.
    let translator: (any LineTranslator)?
    /// What the opener gathered before reading (a transcript's verdicts), when anything.
    private let openedEvidence: (any Sendable)?

    /// What the line translator (or the opener of the input) gathered beside the records, for
    /// the layers that know its format (LCTraceAppleFormats); `nil` for a native log. Final
    /// once the reader reached its end.
    public var evidence: (any Sendable)? { translator?.evidence ?? openedEvidence }

    /// Opens a native log: a path (`-` is standard input), zstd or plain text, sniffed from its
    /// first bytes. Other formats are opened by `LogOpener` (LCTraceAppleFormats).
    ///
    /// - Parameters:
    ///   - path: A file path, or `-` for standard input.
    ///   - limits: The decompressed-size limit (``IngestLimits``).
    ///   - concurrentDecompression: Whether reading uses threads of its own: a zstd input is
    ///     decompressed on a second thread, a few fixed buffers (4 MiB) ahead, and a native log
    ///     (zstd or text) read from a file is framed and scanned on a third, a few batches of
    ///     records ahead of the caller; a live input (a pipe, FIFO or terminal) is scanned on the
    ///     caller's thread, so that each record comes as soon as its line (default: when the
    ///     machine has more than one processor). Results are the
    ///     same either way; batch tools that already keep every core busy with one file each
    ///     may turn it off.
    ///   - frameWorkers: Whether a native multi-frame zstd file is read, with threads on, by two
    ///     frame workers that each decode, frame and scan whole frames instead of a decoder and
    ///     a scan thread (FrameRing.swift; same results); `nil` for ``frameWorkersByDefault``.
    /// - Throws: ``IngestError`` when the input cannot be read at all: missing,
    ///   a directory, not permitted, or neither zstd nor text.
    public init(
        path: String, limits: IngestLimits = .default, concurrentDecompression: Bool = LogReader.hasSpareProcessor,
        frameWorkers: Bool? = nil
    ) throws(IngestError) {
        let displayName = path == "-" ? "<stdin>" : path
        let stream = try StreamDecoder(source: .file(try FileSource(path: path)), path: displayName, limits: limits)
        self.init(
            displayName: displayName, stream: stream, translator: nil, evidence: nil,
            concurrentDecompression: concurrentDecompression, path: path, limits: limits, frameWorkers: frameWorkers)
    }

    /// The reader over an opened stream, threads chosen as ``init(path:limits:concurrentDecompression:)``
    /// says: the opener of every format ends here.
    ///
    /// - Parameters:
    ///   - translator: the stage that turns the text into native lines, `nil` for native text.
    ///   - evidence: what the opener gathered before reading, handed out by ``evidence``.
    ///   - scanThread: whether a scan thread may be used at all (not for a transcript, which
    ///     is read from memory).
    ///   - path: the file the stream reads, when frame workers may read it again by frames
    ///     (`nil` for standard input or memory).
    ///   - limits: the limits the frame workers apply, as the stream does.
    ///   - frameWorkers: as ``init(path:limits:concurrentDecompression:frameWorkers:)``.
    package init(
        displayName: String, stream: consuming StreamDecoder, translator: (any LineTranslator)?,
        evidence: (any Sendable)?, concurrentDecompression: Bool, scanThread: Bool = true, path: String? = nil,
        limits: IngestLimits = .default, frameWorkers: Bool? = nil
    ) {
        let threaded = concurrentDecompression && stream.format == .zstd
        // A live input (a pipe, FIFO or terminal) is scanned on the caller's thread: a batch
        // of 4,096 steps would hold its records back until more lines came, and a reader
        // dropped early would wait for the writer.
        let scanThread = scanThread && concurrentDecompression && !stream.sourceIsLive
        // A native multi-frame zstd file: frame workers decode, frame and scan whole frames.
        var frames = false
        if let path, frameWorkers ?? Self.frameWorkersByDefault, threaded, scanThread {
            frames = FrameSplitter.suits(path: path, translator: translator)
        }
        self.init(
            displayName: displayName, stream: stream, translator: translator, evidence: evidence,
            threaded: threaded && !frames, slotCapacity: ReadAheadDecoder.defaultSlotCapacity,
            pipelineBatch: scanThread ? ScanPipeline.defaultBatchCapacity : nil)
        if frames, let path { frameParallel = (path, limits) }
    }

    /// The reader over an opened stream: the one place every initialiser ends.
    package init(
        displayName: String, stream: consuming StreamDecoder, translator: (any LineTranslator)?, evidence: (any Sendable)?,
        threaded: Bool, slotCapacity: Int, pipelineBatch: Int?
    ) {
        self.displayName = displayName
        self.translator = translator
        openedEvidence = evidence
        compressed = stream.format == .zstd
        // A translated log stays on one thread until its translator passes through.
        self.pipelineBatch = pipelineBatch
        stage = LineStage(
            decoder: ReadAheadDecoder(stream, threaded: threaded, slotCapacity: slotCapacity), translator: translator)
    }

    /// Why the start of a file is certainly not a log, when it is a known binary format
    /// (gzip, bzip2, an image, …): the same reason `replay` gives for it, so that an audit
    /// that skips such a file found in a walk words it as `replay` does. `nil` otherwise.
    public static func knownBinaryReason(_ head: ArraySlice<UInt8>) -> String? {
        head.withUnsafeBytes { block in
            KnownBinary.identify(block) == nil ? nil : InputFormat.notLogDataReason(block)
        }
    }

    /// Whether frame workers read multi-frame files when the caller does not say: off unless the
    /// environment sets `LCTRACE_FRAME_WORKERS=1`, since on the shared two-core machine they
    /// measured slower than the scan thread (docs/PERFORMANCE.md, "Frame workers").
    public static let frameWorkersByDefault: Bool = getenv("LCTRACE_FRAME_WORKERS").map { String(cString: $0) == "1" } ?? false

    /// Whether the machine has more than one processor online.
    public static var hasSpareProcessor: Bool { sysconf(Int32(_SC_NPROCESSORS_ONLN)) > 1 }

    /// Reads a native log from an in-memory byte array, delivered in chunks of `chunkSize`
    /// bytes (tests use this to straddle every buffer boundary).
    ///
    /// - Parameters:
    ///   - bytes: The whole input, zstd or text.
    ///   - name: The display name.
    ///   - chunkSize: The most bytes handed on at a time, at every stage that reads input.
    ///   - limits: The decompressed-size limit (``IngestLimits``).
    /// - Throws: ``IngestError`` (`.notLogData`) when the bytes are neither zstd nor text.
    public init(bytes: [UInt8], name: String, chunkSize: Int = 256 * 1024, limits: IngestLimits = .default) throws(IngestError) {
        try self.init(bytes: bytes, name: name, chunkSize: chunkSize, readAheadSlot: nil, limits: limits)
    }

    /// Reads a native log from memory; with `readAheadSlot`, decodes on a second thread into
    /// ring slots of that size (tests use tiny slots so that lines straddle them); with
    /// `scanBatch`, frames and scans on a scan thread into batches of that many steps.
    package init(
        bytes: [UInt8], name: String, chunkSize: Int, readAheadSlot: Int?, scanBatch: Int? = nil,
        limits: IngestLimits = .default
    ) throws(IngestError) {
        let stream = try StreamDecoder(
            source: .memory(MemorySource(bytes: bytes, chunkSize: chunkSize)), path: name, limits: limits)
        self.init(
            displayName: name, stream: stream, translator: nil, evidence: nil, threaded: readAheadSlot != nil,
            slotCapacity: readAheadSlot ?? ReadAheadDecoder.defaultSlotCapacity, pipelineBatch: scanBatch)
    }

    /// Symbols created since the last ``retainSymbols(_:)`` (or since the start).
    public var symbolsCreatedSinceRetain: Int {
        mutating get { pipeline.isRunning ? pipeline.symbolsCreatedSinceRetain : stage.symbolsCreatedSinceRetain }
    }

    /// Forgets the strings of every symbol not in `live`, so that the symbol table follows
    /// what the consumer still holds rather than growing with the file (every session brings
    /// new scene and task ids).
    ///
    /// Symbols in `live` keep their numbers and strings; a string seen again after it was
    /// forgotten gets a new symbol. Call it between records, with every symbol the consumer
    /// will still compare or print: ``symbols`` returns `nil` for a forgotten one.
    ///
    /// With a scan thread, the symbols of the records it has scanned but not yet handed out
    /// are kept too, on both sides (``ScanRing/retain(_:held:position:mirror:)``).
    ///
    /// - Parameter live: The symbols to keep.
    /// - Complexity: O(n) in the strings held.
    public mutating func retainSymbols(_ live: Set<Symbol>) {
        if pipeline.isRunning {
            pipeline.retainSymbols(live)
        } else {
            stage.retainSymbols(live)
        }
    }

    /// Whether the input is zstd-compressed (else plain text).
    public var isCompressed: Bool { compressed }

    /// Bytes read from the input so far (compressed bytes for zstd).
    public var bytesRead: Int64 { pipeline.isRunning ? pipeline.counters.bytesRead : stage.decoder.bytesRead }

    /// Decompressed bytes produced so far (equal to the bytes read for text).
    public var decompressedBytes: Int64 { pipeline.isRunning ? pipeline.counters.decodedBytes : stage.decoder.decodedBytes }

    /// Lines seen so far, blank, malformed and overlong ones included.
    public var linesRead: Int { pipeline.isRunning ? pipeline.counters.lines : stage.framer.lineNumber }

    /// Whether the lines are framed and scanned on a scan thread of their own.
    var isPipelined: Bool { pipeline.isRunning }

    /// Whether whole zstd frames are decoded, framed and scanned by frame workers (FrameRing.swift).
    var isFrameParallel: Bool { pipeline.isFrameParallel }

    /// The carry buffer's allocation in bytes; bounded by the maximum line length. Under the
    /// scan thread, known once the reader has reached the end.
    var carryCapacity: Int { stage.framer.carryCapacity }

    /// What ``read(into:)`` found.
    public enum Step: UInt8, Sendable {
        /// A well-formed record, in the `record` argument (any event but `meta`).
        case record
        /// A well-formed `meta` record, in the `record` argument; its context is ``meta``.
        case meta
        /// A line that is not a valid record (LC401): see ``problem``.
        case malformed
        /// The input is cut short or corrupt (LC403): see ``problem``. The last step before
        /// ``end``, unless reading resumes at a later frame after corrupt data.
        case truncated
        /// The log itself says records are missing here (LC404, a unified-log `lossEvent`):
        /// see ``problem`` (its line and what the log said). Reading goes on.
        case lost
        /// The end of the input; every later call returns `end` too.
        case end
    }

    /// What is wrong with a line, or where the input was cut (``Step/malformed``, ``Step/truncated``).
    public struct Problem: Sendable {
        /// The line (for a cut: the line the cut falls in, one past the last complete line).
        public var line: Int
        /// For a cut, the offset in the file (compressed bytes) where it was noticed, when known.
        public var byteOffset: Int64?
        /// What was expected and where (column), without the file name.
        public var message: String
        /// For records lost (``Step/lost``), the time the log gives the loss, when it gives one.
        public var time: Timestamp? = nil

        /// A problem at `line` (``LineTranslator`` findings are made with it).
        package init(line: Int, byteOffset: Int64?, message: String, time: Timestamp? = nil) {
            self.line = line
            self.byteOffset = byteOffset
            self.message = message
            self.time = time
        }
    }

    /// The session context of the last ``Step/meta`` step.
    public var meta: SessionMeta { pipeline.isRunning ? pipeline.meta : stage.meta }

    /// The problem of the last ``Step/malformed`` or ``Step/truncated`` step.
    public internal(set) var problem = Problem(line: 0, byteOffset: nil, message: "")

    /// The next item, or `nil` at the end of the input: ``read(into:)`` as an enum.
    ///
    /// - Returns: A record, a `meta` record, a malformed line (LC401), or a cut (LC403; the last
    ///   item unless reading resumes at a later frame).
    /// - Complexity: Amortised O(line length); no allocation for records whose
    ///   strings were seen before.
    public mutating func next() -> LogItem? {
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        switch read(into: &record) {
        case .record: return .record(record)
        case .meta: return .meta(record, meta)
        case .malformed: return .malformed(line: problem.line, message: problem.message)
        case .truncated: return .truncated(line: problem.line, byteOffset: problem.byteOffset, message: problem.message)
        case .lost: return .lost(line: problem.line, message: problem.message)
        case .end: return nil
        }
    }

    /// Reads the next item into `record` (records) or ``meta`` and ``problem``: the reader's one
    /// reading primitive and its hot path. ``next()`` is the same as an enum.
    ///
    /// A loop over this call copies each record once and builds no enum with payloads per
    /// line, so nothing is reference-counted or destroyed per record.
    ///
    /// - Parameter record: Receives the record for ``Step/record`` and ``Step/meta``; unspecified
    ///   otherwise (a malformed line may have been partly written into it).
    /// - Returns: What was read.
    /// - Complexity: Amortised O(line length); no allocation for records whose
    ///   strings were seen before.
    public mutating func read(into record: inout Record) -> Step {
        if pipeline.isRunning { return readPipelined(into: &record) }
        if let frames = frameParallel {
            frameParallel = nil
            pipeline.startFrames(&stage, path: frames.path, limits: frames.limits)
            if pipeline.isRunning { return readPipelined(into: &record) }
        }
        // A translated log may have findings of its own to hand out among the records
        // (LogReader+Translator.swift); native text takes the direct path.
        guard stage.translator?.isNative ?? true else { return readMergingTranslatorFindings(into: &record) }
        if let batch = pipelineBatch, heldStep == nil {
            startPipeline(batch)
            if pipeline.isRunning { return readPipelined(into: &record) }
        }
        return readLines(into: &record)
    }

    /// ``read(into:)`` from the scan thread's batches; at the end, the thread is joined and its
    /// stage comes back, so that what only the stage knows (the framer's carry buffer, the
    /// translator's state) reads true once the log has been read.
    @inline(__always)
    private mutating func readPipelined(into record: inout Record) -> Step {
        let step = pipeline.read(into: &record, problem: &problem)
        if step == .end { pipeline.finish(into: &stage) }
        return step
    }

    /// Moves the stage to a scan thread (once: the first read of a native log, or the first
    /// after a detected one's first line).
    @inline(never)
    private mutating func startPipeline(_ batch: Int) {
        pipelineBatch = nil
        pipeline.start(&stage, batchCapacity: batch)
    }

    /// ``read(into:)`` over the (native or translated) lines, on this thread.
    @inline(__always)
    mutating func readLines(into record: inout Record) -> Step {
        let step = stage.readLines(into: &record)
        if step == .malformed || step == .truncated { problem = stage.problem }
        return step
    }
}
