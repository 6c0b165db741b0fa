import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceGen
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// The scan thread (``ScanPipeline``) hands on exactly what the single-threaded reader gives:
/// the same steps, records, resolved strings, session contexts, problems and counters after
/// every step, whatever the batch and read-ahead slot sizes, so that batches end everywhere
/// and lines straddle every slot.
@Suite struct ScanPipelineTests {
    /// Batch sizes (steps) and read-ahead slot sizes (bytes) the comparisons run with.
    static let batches = [1, 2, 3, 7, 4096]
    static let slots: [Int?] = [nil, 3, 64]

    /// Every step of a reader, rendered with the strings it resolves at that step and the counters after it.
    static func trace(
        _ bytes: [UInt8], chunkSize: Int = 256 * 1024, slot: Int? = nil, batch: Int?, format: LogInputFormat = .auto,
        native: Bool = true
    ) throws -> [String] {
        var reader = try openLog(
            bytes: bytes, name: "test", chunkSize: chunkSize, readAheadSlot: slot, scanBatch: batch, inputFormat: format)
        var out: [String] = []
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        while true {
            let step = reader.read(into: &record)
            var line = "\(step)"
            switch step {
            case .record: line += " " + Self.render(record, nil, reader.symbols)
            case .meta: line += " " + Self.render(record, reader.meta, reader.symbols)
            case .malformed, .truncated, .lost:
                let p = reader.problem
                line += " \(p.line) \(p.byteOffset.map(String.init) ?? "-") \(p.message)"
            case .end: break
            }
            line += " | lines \(reader.linesRead) read \(reader.bytesRead) decoded \(reader.decompressedBytes)"
            out.append(line)
            if step == .end { break }
        }
        out.append("again \(reader.read(into: &record)) compressed \(reader.isCompressed)")
        // A native log read with batches did go through the scan thread.
        let pipelined = reader.isPipelined
        #expect(pipelined == (batch != nil && native))
        return out
    }

    /// A record with its strings resolved (and the context of a `meta` record).
    static func render(_ r: Record, _ meta: SessionMeta?, _ symbols: SymbolTable) -> String {
        var s = "\(r.line) \(r.event.canonicalName) \(symbols[r.unknownName] ?? "-") t=\(r.time.nanoseconds)"
        s += " pid=\(r.pid.map(String.init) ?? "-") scene=\(symbols[r.scene] ?? "-") phase=\(r.phase)"
        switch r.task {
        case .number(let n)?: s += " task=#\(n)"
        case .name(let symbol)?: s += " task=\(symbols[symbol] ?? "?")"
        case nil: break
        }
        s += " reason=\(symbols[r.reason] ?? "-")(\(r.reasonCode)) name=\(symbols[r.name] ?? "-") kind=\(r.kind.map { "\($0)" } ?? "-")"
        if let m = meta {
            s += " meta(\(m.os ?? "-") \(m.app ?? "-") \(m.model ?? "-") \(m.modes?.joined(separator: ",") ?? "-") \(String(describing: m.refresh)))"
        }
        return s
    }

    /// A generated log with planted faults, as text.
    static let generated: [UInt8] = {
        var faults: [Rule: Double] = [:]
        for rule in GeneratorOptions.plantableRules { faults[rule] = 0.05 }
        let options = GeneratorOptions(seed: 7, sessions: 40, model: .mixed, faults: faults, apps: 2, aliases: true)
        return LogGenerator(options: options).generateBytes().bytes
    }()

    /// `text` as zstd frames of `frameSize` decompressed bytes.
    static func zstd(_ text: [UInt8], frameSize: Int = 4096) -> [UInt8] {
        var out: [UInt8] = []
        let writer = ZstdFrameWriter(frameSize: frameSize) { out.append(contentsOf: $0) }
        text.withUnsafeBytes { try? writer.write($0) }
        writer.close()
        return out
    }

    static var inputs: [(String, [UInt8])] {
        let sample = Array(
            (#"{"t":1,"ev":"meta","pid":3,"app":"x","os":"17.4"}"# + "\n\n   \n"
                + #"{"t":2,"ev":"scene.willConnect","pid":3,"scene":"s1"}"# + "\nnot json\n"
                + #"{"t":3,"ev":"custom.thing","pid":3,"task":"bg","reason":"r"}"# + "\n").utf8)
        let multi = zstd(generated)
        var corrupt = zstd(sample, frameSize: 64)
        corrupt += [0x28, 0xB5, 0x2F, 0xFD, 0x08, 0x00, 0x01, 0x00, 0x00] + zstd(sample, frameSize: 64)
        let padded = sample + Array(#"{"t":9,"ev":"sys.suspend""#.utf8) + [UInt8](repeating: 0, count: 40)
        let overlong = sample + [UInt8](repeating: 0x61, count: LogReader.maximumLineLength + 10) + [0x0A] + sample
        return [
            ("generated text", generated), ("generated multi-frame", multi), ("cut", Array(multi.dropLast(7))),
            ("corrupt middle frame", corrupt), ("NUL-padded last line", padded), ("overlong", overlong),
            ("no final newline", Array(sample.dropLast())), ("BOM", [0xEF, 0xBB, 0xBF] + sample), ("empty", []),
            ("blank only", Array("\n \n\t\n".utf8)),
        ]
    }

    @Test("The scan thread hands on what the single-threaded reader does", arguments: batches)
    func sameSteps(batch: Int) throws {
        for (name, bytes) in Self.inputs {
            for slot in Self.slots where !(slot == 3 && bytes.count > 300_000) {
                let single = try Self.trace(bytes, chunkSize: 1000, slot: slot, batch: nil)
                let piped = try Self.trace(bytes, chunkSize: 1000, slot: slot, batch: batch)
                #expect(piped == single, "\(name), batch \(batch), slot \(slot.map(String.init) ?? "none")")
            }
        }
    }

    @Test("Every sample in traces/ reads the same through the scan thread")
    func samples() throws {
        let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("traces")
        let names = try FileManager.default.contentsOfDirectory(atPath: traces.path).filter { $0.hasSuffix(".zst") }
        #expect(names.count > 10)
        for name in names.sorted() {
            let bytes = Array(try Data(contentsOf: traces.appendingPathComponent(name)))
            for (batch, slot) in [(1, 7 as Int?), (5, nil), (4096, 64)] {
                // Unified-log exports (`.ndjson`, `.json`) and system-log transcripts (`.txt`) stay on one thread.
                let native = name.hasSuffix(".jsonl.zst")
                let single = try Self.trace(bytes, slot: slot, batch: nil, native: native)
                #expect(try Self.trace(bytes, slot: slot, batch: batch, native: native) == single, "\(name), batch \(batch)")
            }
        }
    }

    @Test("A native log is scanned on a thread of its own; a unified-log export is not")
    func whenOn() throws {
        var native = try openLog(bytes: Self.generated, name: "t", chunkSize: 4096, readAheadSlot: nil, scanBatch: 8)
        // `auto` knows the log is native after its first line: the scan thread takes over from the second.
        #expect(native.next() != nil)
        #expect(native.next() != nil)
        let nativePiped = native.isPipelined
        #expect(nativePiped)
        let export = Array(#"{"timestamp":"2024-05-01 10:00:00.000000+0000","eventMessage":"hello","processID":3}"#.utf8) + [0x0A]
        var oslog = try openLog(bytes: export, name: "t", chunkSize: 4096, readAheadSlot: nil, scanBatch: 8)
        _ = oslog.next()
        let oslogPiped = oslog.isPipelined
        #expect(!oslogPiped)
        var single = try openLog(bytes: Self.generated, name: "t", chunkSize: 4096, readAheadSlot: nil)
        #expect(single.next() != nil)
        let singlePiped = single.isPipelined
        #expect(!singlePiped)
    }

    @Test("A file read with threads on is scanned on a thread; with threads off it is not")
    func fromPath() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-scan-\(UUID()).jsonl.zst")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(Self.zstd(Self.generated)).write(to: url)
        var threaded = try openLog(path: url.path, concurrentDecompression: true)
        var direct = try openLog(path: url.path, concurrentDecompression: false)
        var a: [String] = []
        var b: [String] = []
        while let item = threaded.next() { a.append("\(item) \(threaded.linesRead)") }
        while let item = direct.next() { b.append("\(item) \(direct.linesRead)") }
        let threadedPiped = threaded.isPipelined
        let directPiped = direct.isPipelined
        #expect(threadedPiped == LogReader.hasSpareProcessor)
        #expect(!directPiped)
        #expect(a == b)
        let counts = (threaded.bytesRead, threaded.decompressedBytes, direct.bytesRead, direct.decompressedBytes)
        #expect(counts.0 == counts.2)
        #expect(counts.1 == counts.3)
    }

    @Test("A reader dropped before the end stops its scan thread")
    func earlyDrop() throws {
        let big = Self.zstd(Array(String(repeating: #"{"t":1,"ev":"sys.suspend","pid":1}"# + "\n", count: 50_000).utf8))
        for batch in [1, 16, 4096] {
            for _ in 0..<10 {
                var reader = try openLog(bytes: big, name: "big", chunkSize: 4096, readAheadSlot: 64, scanBatch: batch)
                #expect(reader.next() != nil)
                #expect(reader.next() != nil)
            }
        }
    }

    /// A log where nearly every record brings a new scene id.
    static func manySymbols(_ count: Int) -> [UInt8] {
        var text = ""
        for i in 0..<count {
            text += #"{"t":\#(i),"ev":"scene.willConnect","pid":\#(i % 7),"scene":"scene-\#(i)","reason":"r\#(i % 13)"}"# + "\n"
            if i % 50 == 0 { text += "bad line\n" }
        }
        return Array(text.utf8)
    }

    /// Reads every record, resolving its strings, and forgets all but the last `held` records'
    /// symbols every `every` records, as the replay does.
    static func retaining(_ bytes: [UInt8], batch: Int?, slot: Int?, every: Int, held: Int) throws -> [String] {
        var reader = try openLog(bytes: bytes, name: "t", chunkSize: 777, readAheadSlot: slot, scanBatch: batch)
        var out: [String] = []
        var recent: [Record] = []
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        var n = 0
        while true {
            let step = reader.read(into: &record)
            if step == .end { break }
            guard step == .record else { continue }
            out.append(Self.render(record, nil, reader.symbols))
            recent.append(record)
            if recent.count > held { recent.removeFirst() }
            // What the consumer holds still resolves to the same strings.
            for old in recent { out.append(reader.symbols[old.scene] ?? "forgotten") }
            n += 1
            if n % every == 0 {
                var live = Set<Symbol>()
                for old in recent { live.insert(old.scene) }
                reader.retainSymbols(live)
                out.append("retained, created \(reader.symbolsCreatedSinceRetain)")
            }
        }
        return out
    }

    @Test("Forgetting symbols under the scan thread keeps both tables numbered alike", arguments: [1, 3, 64])
    func retention(batch: Int) throws {
        let bytes = Self.manySymbols(3000)
        for (every, held) in [(10, 3), (97, 20), (1, 1)] {
            for slot in [nil, 50] as [Int?] {
                let single = try Self.retaining(bytes, batch: nil, slot: slot, every: every, held: held)
                let piped = try Self.retaining(bytes, batch: batch, slot: slot, every: every, held: held)
                // The count of symbols created since a retention is the mirror's, which runs up to
                // a batch ahead of the single-threaded scanner: compare everything else.
                let strip = { (lines: [String]) in lines.filter { !$0.hasPrefix("retained") } }
                #expect(strip(piped) == strip(single), "batch \(batch), every \(every), slot \(String(describing: slot))")
                #expect(!piped.contains("forgotten"))
            }
        }
    }

    @Test("A live input (a FIFO whose writer is still writing) is read on the caller's thread, each record as soon as its line")
    func liveInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-live-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("live").path
        #expect(mkfifo(path, 0o600) == 0)
        let released = DispatchSemaphore(value: 0)
        let closed = ManagedFlag()
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            // More than the 64 KiB the format is told from, then nothing more for a while.
            var bytes = Array(String(repeating: #"{"t":1,"ev":"sys.suspend","pid":1}"# + "\n", count: 2_000).utf8)
            _ = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress!, $0.count) }
            // The writer stays: a batch of 4,096 steps would wait here for lines that never come.
            _ = released.wait(timeout: .now() + 10)
            closed.set()
            close(fd)
        }
        writer.start()
        var reader = try openLog(path: path, concurrentDecompression: true)
        var whileOpen = 0
        for _ in 0..<2_000 {
            guard case .record = reader.next() else { break }
            if !closed.isSet { whileOpen += 1 }
        }
        released.signal()
        let piped = reader.isPipelined
        #expect(!piped)
        #expect(whileOpen == 2_000)
        #expect(reader.next() == nil)
    }

    @Test("Once read to the end, the reader knows the stage the scan thread used (its carry buffer)")
    func stageComesBack() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-stage-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: url) }
        // A record longer than one read of the file: it straddles reads, so the framer carries it.
        let long = #"{"t":1,"ev":"sys.suspend","pid":1,"name":""# + String(repeating: "x", count: 600_000) + "\"}\n"
        try Data((String(repeating: #"{"t":0,"ev":"sys.suspend","pid":1}"# + "\n", count: 100) + long).utf8).write(to: url)
        var reader = try openLog(path: url.path, concurrentDecompression: true)
        var records = 0
        while let item = reader.next() {
            if case .record = item { records += 1 }
        }
        #expect(records == 101)
        let piped = reader.isPipelined
        #expect(piped == LogReader.hasSpareProcessor)
        #expect(reader.carryCapacity >= 600_000)
        #expect(reader.carryCapacity <= LogReader.maximumLineLength + 1)
    }
}

/// A flag one thread sets and another reads.
private final class ManagedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }

    var isSet: Bool { lock.withLock { value } }
}
