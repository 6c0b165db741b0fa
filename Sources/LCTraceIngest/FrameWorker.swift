import LCTracePlatform
import LCTraceCore

/// One frame worker's tools (``FrameRing``): a zstd context, the frame's compressed and decoded
/// bytes, and a scanner of its own. ``process(_:count:into:)`` decodes one whole frame, frames
/// the lines inside it and scans them into a ``FrameBatch``.
struct FrameWorker: ~Copyable {
    /// The largest decoded frame a worker holds; a larger one is read sequentially instead.
    static let maximumDecodedSize = 256 << 20

    /// The compressed frame, filled by ``FrameSplitter/next(into:)``.
    var frame = RawBuffer(capacity: 1 << 20)
    private var decoded = RawBuffer(capacity: 4 << 20)
    private let zstd = ZstdStream()
    private var scanner = RecordScanner()

    /// Frees the zstd context.
    func close() { zstd.free() }

    /// Decodes the `count` bytes of ``frame`` and fills `out` (reset first).
    mutating func process(count: Int, into out: FrameBatch) {
        out.reset()
        guard let size = decode(count) else {
            out.failed = true
            return
        }
        out.decoded = size
        let base = UnsafeRawPointer(decoded.base)
        guard let first = memchr(base, 0x0A, size) else {
            out.noLineEnd = true
            out.head.append(contentsOf: UnsafeRawBufferPointer(start: base, count: size))
            return
        }
        let headEnd = UnsafeRawPointer(first) - base + 1
        var last = size - 1
        while base.load(fromByteOffset: last, as: UInt8.self) != 0x0A { last -= 1 }
        out.head.append(contentsOf: UnsafeRawBufferPointer(start: base, count: headEnd))
        out.tail.append(contentsOf: UnsafeRawBufferPointer(start: base + last + 1, count: size - last - 1))
        let middle = UnsafeRawBufferPointer(start: base + headEnd, count: last + 1 - headEnd)
        var lineEnds = 0
        var at = 0
        while at < middle.count, let found = memchr(middle.baseAddress! + at, 0x0A, middle.count - at) {
            lineEnds += 1
            at = UnsafeRawPointer(found) - middle.baseAddress! + 1
        }
        out.lineEnds = lineEnds
        if out.batch.capacity < lineEnds + 2 { out.batch = ScanBatch(capacity: max(lineEnds + 2, out.batch.capacity * 2)) }
        scan(middle, into: out)
    }

    /// Frames and scans the lines of `middle` (each ends with `\n`) into slots 1… of `out`.
    private mutating func scan(_ middle: UnsafeRawBufferPointer, into out: FrameBatch) {
        scanner.retainSymbols([])
        let mark = scanner.symbols.nextSymbol.rawValue
        out.firstSymbol = mark
        let batch = out.batch
        var framer = LineFramer(limit: LogReader.maximumLineLength)
        // The frame's first line is the reader's (stitched); its own are numbered from 2.
        framer.countLines(1)
        var position = 0
        var index = 1
        while let framed = framer.next(in: middle, at: &position) {
            switch framed {
            case .overlong(let number):
                batch.steps[index] = .malformed
                batch.problems.append(LogReader.Problem(line: number, byteOffset: nil, message: LineStage.overlongMessage))
            case .line(let bytes, let number):
                if LineStage.isBlank(bytes) { continue }
                if let failure = scanner.scan(bytes, lineNumber: number, into: &batch.records[index]) {
                    batch.steps[index] = .malformed
                    batch.problems.append(LogReader.Problem(line: number, byteOffset: nil, message: failure.message))
                } else {
                    let record = batch.records[index]
                    batch.steps[index] = record.event == .meta ? .meta : .record
                    if record.event == .meta { batch.metas.append(scanner.meta) }
                    if Self.holdsSymbols(record) { batch.symbolic.append(Int32(index)) }
                }
            }
            batch.counters[index].lines = framer.lineNumber
            index += 1
        }
        batch.start = 1
        batch.count = index
        scanner.symbols.appendStrings(since: mark, to: &out.strings)
    }

    /// Whether a record holds any symbol (of the worker's table, to be moved to the reader's).
    @inline(__always)
    private static func holdsSymbols(_ record: Record) -> Bool {
        if case .name = record.task { return true }
        return record.unknownName.isPresent || record.scene.isPresent || record.reason.isPresent || record.name.isPresent
    }

    /// Decodes the whole frame into ``decoded``: its size, or `nil` if it does not decode
    /// cleanly to its end.
    private mutating func decode(_ count: Int) -> Int? {
        var consumed = 0
        var produced = 0
        while true {
            if produced == decoded.capacity {
                guard decoded.capacity < Self.maximumDecodedSize else { break }
                decoded.grow(toAtLeast: decoded.capacity * 2, preserving: produced, limit: Self.maximumDecodedSize)
            }
            let step = zstd.decompress(
                input: UnsafeRawBufferPointer(start: frame.base + consumed, count: count - consumed),
                output: UnsafeMutableRawBufferPointer(start: decoded.base + produced, count: decoded.capacity - produced))
            if step.error != nil { break }
            consumed += step.consumed
            produced += step.produced
            if step.hint == 0 { return consumed == count ? produced : nil }
            if consumed == count && produced < decoded.capacity { break }
        }
        zstd.reset()
        return nil
    }
}
