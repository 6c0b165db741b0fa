import LCTraceCore

/// One batch of steps the scan thread hands to the replaying thread (``ScanRing``): up to
/// ``capacity`` steps with their records and counters in fixed buffers, and side arrays for
/// the rare payloads. Allocated once per reader and reused: nothing is allocated per record.
///
/// `@unchecked Sendable`: the ring passes each batch between the two threads under its mutex
/// (see ``ScanRing``); only one thread touches a batch at a time.
final class ScanBatch: @unchecked Sendable {
    /// The reader's counters as of one step.
    struct Counters {
        /// Lines seen (``LogReader/linesRead``).
        var lines: Int
        /// Source bytes read (``LogReader/bytesRead``).
        var bytesRead: Int64
        /// Decoded bytes handed out (``LogReader/decompressedBytes``).
        var decodedBytes: Int64
    }

    /// The most steps a batch holds.
    let capacity: Int
    /// Per step: what was read.
    let steps: UnsafeMutablePointer<LogReader.Step>
    /// Per step: the record (meaningful for `.record` and `.meta` steps only).
    let records: UnsafeMutablePointer<Record>
    /// Per step: the counters once the step was read.
    let counters: UnsafeMutablePointer<Counters>
    /// The first step to hand out (a frame's batch leaves slot 0 empty when the line stitched
    /// across its start gives no step, ``FrameRing``).
    var start = 0
    /// The steps filled (the end of them: steps `start..<count`).
    var count = 0
    /// Added to the line of every step when it is handed out: a frame worker numbers its
    /// records, problems and counters from its frame's start (``FrameRing``); 0 otherwise.
    var lineOffset = 0
    /// The source and decoded byte counts of every step of a frame worker's batch (it knows
    /// them per frame only); `nil` when each step's ``counters`` hold them.
    var frameBytes: (read: Int64, decoded: Int64)?
    /// A frame worker's batch: the steps whose records hold symbols of the worker's table,
    /// for the reader to move into its own.
    var symbolic: [Int32] = []
    /// The session context of each `.meta` step, in order.
    var metas: [SessionMeta] = []
    /// The problem of each `.malformed`, `.truncated` and `.lost` step, in order.
    var problems: [LogReader.Problem] = []
    /// The strings the scanner appended to its symbol table while filling the batch, in
    /// symbol order: the consumer appends them to its mirror table when it takes the batch.
    var strings: [String] = []

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        steps = .allocate(capacity: self.capacity)
        steps.initialize(repeating: .end, count: self.capacity)
        records = .allocate(capacity: self.capacity)
        records.initialize(repeating: Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown), count: self.capacity)
        counters = .allocate(capacity: self.capacity)
        counters.initialize(repeating: Counters(lines: 0, bytesRead: 0, decodedBytes: 0), count: self.capacity)
    }

    deinit {
        steps.deallocate()
        records.deallocate()
        counters.deallocate()
    }

    /// Empties the batch for refilling, keeping every allocation.
    func reset() {
        start = 0
        count = 0
        lineOffset = 0
        frameBytes = nil
        symbolic.removeAll(keepingCapacity: true)
        metas.removeAll(keepingCapacity: true)
        problems.removeAll(keepingCapacity: true)
        strings.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private static func insert(_ symbol: Symbol, into set: inout Set<Symbol>) {
        if symbol.isPresent { set.insert(symbol) }
    }

    /// Adds to `set` every symbol the records of steps `from..<count` hold.
    func collectSymbols(from start: Int, into set: inout Set<Symbol>) {
        var index = start
        while index < count {
            if steps[index] == .record || steps[index] == .meta {
                let record = records[index]
                // One insert per field (an array literal of the four would be allocated per record).
                Self.insert(record.unknownName, into: &set)
                Self.insert(record.scene, into: &set)
                Self.insert(record.reason, into: &set)
                Self.insert(record.name, into: &set)
                if case .name(let symbol) = record.task { Self.insert(symbol, into: &set) }
            }
            index += 1
        }
    }
}
