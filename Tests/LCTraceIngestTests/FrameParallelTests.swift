import CLCTraceZstd
import Foundation
import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// The frame workers (``FrameRing``) hand on exactly what the sequential reader gives — steps,
/// records with their strings, session contexts, problems with their lines, offsets and
/// messages, line counts — over multi-frame zstd files of every awkward shape: tiny frames,
/// lines across one to three frame boundaries, empty and skippable frames, and files cut,
/// corrupted or padded with garbage (where the workers stop and the rest is read sequentially).
@Suite("Frame-parallel reading")
struct FrameParallelTests {
    /// A deterministic native log of `lines` lines: records with scenes, task names and reasons
    /// (symbols), `meta` lines, blank, CRLF and malformed lines, and lines of `longLine` bytes.
    static func log(lines: Int, seed: UInt64, longLine: Int = 300, bom: Bool = false, endsWithNewline: Bool = true) -> [UInt8] {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        var text = bom ? "\u{FEFF}" : ""
        for i in 0..<lines {
            let t = "2026-11-26T10:00:\(String(format: "%02d", i % 60)).\(String(format: "%03d", i % 1000))Z"
            switch next(12) {
            case 0: text += "{\"t\":\"\(t)\",\"ev\":\"meta\",\"pid\":\(next(4) + 1),\"os\":\"17.\(next(5))\",\"app\":\"app\(next(3))\"}\n"
            case 1: text += "\n"
            case 2: text += "{\"t\":\"\(t)\",\"ev\":\"scene.willConnect\",\"pid\":\(next(4) + 1),\"scene\":\"S-\(next(40))\"}\r\n"
            case 3: text += "{\"t\":\"\(t)\",\"ev\":\"bgtask.begin\",\"pid\":\(next(4) + 1),\"task\":\"sync-\(next(30))\"}\n"
            case 4: text += "{\"t\":\"\(t)\",\"ev\":\"bgtask.end\",\"pid\":\(next(4) + 1),\"task\":\"sync-\(next(30))\"}\n"
            case 5: text += "{\"t\":\"\(t)\",\"ev\":\"custom.\(next(9))\",\"pid\":1}\n"
            case 6:
                text += "{\"t\":\"\(t)\",\"ev\":\"didFinishLaunching\",\"pid\":\(next(4) + 1),\"pad\":\"" + String(repeating: "x", count: longLine) + "\"}\n"
            case 7: text += "{\"t\":\"\(t)\",\"ev\":\"willTerminate\",\"pid\":\(next(4) + 1),\"reason\":\"r\(next(20))\"}\n"
            case 8: text += "{\"t\":\"\(t)\",\"ev\":\"didBecomeActive\",\"pid\":\(next(4) + 1),\n"
            default: text += "{\"t\":\"\(t)\",\"ev\":\"didEnterBackground\",\"pid\":\(next(4) + 1)}\n"
            }
        }
        if !endsWithNewline { text += "{\"t\":\"2026-11-26T11:00:00Z\",\"ev\":\"didBecomeActive\",\"pid\":1}" }
        return Array(text.utf8)
    }

    /// `text` compressed as consecutive frames of `frameSize` decoded bytes (the last shorter).
    static func frames(_ text: [UInt8], frameSize: Int, checksum: Bool = false) -> [[UInt8]] {
        stride(from: 0, to: max(text.count, 1), by: frameSize).map { start in
            frame(Array(text[start..<min(start + frameSize, text.count)]), checksum: checksum)
        }
    }

    /// One frame, optionally with its checksum.
    static func frame(_ bytes: [UInt8], checksum: Bool) -> [UInt8] {
        checksum ? checkedZstdFrame(bytes) : zstdFrame(bytes, level: 1)
    }

    /// Every step of a reader with its strings and line count, symbols forgotten now and then
    /// as the replay loop does (keeping those of the last few records).
    static func trace(_ reader: inout LogReader) -> [String] {
        var out: [String] = []
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        var recent: [Symbol] = []
        while true {
            let step = reader.read(into: &record)
            var line = "\(step)"
            switch step {
            case .record, .meta:
                let s = reader.symbols
                var task = "-"
                if case .name(let symbol)? = record.task {
                    task = s[symbol] ?? "?"
                    recent.append(symbol)
                }
                line += " \(record.line) \(record.event.canonicalName) \(s[record.unknownName] ?? "-") \(record.time.nanoseconds)"
                line += " \(record.pid ?? -1) \(s[record.scene] ?? "-") \(task) \(s[record.reason] ?? "-") \(s[record.name] ?? "-")"
                if step == .meta { line += " meta \(reader.meta.os ?? "-") \(reader.meta.app ?? "-")" }
                recent += [record.scene, record.reason, record.unknownName, record.name]
            case .malformed, .truncated, .lost:
                line += " \(reader.problem.line) \(reader.problem.byteOffset.map(String.init) ?? "-") \(reader.problem.message)"
            case .end:
                break
            }
            out.append(line + " | lines \(reader.linesRead)")
            if step == .end { break }
            if out.count % 37 == 0 {
                reader.retainSymbols(Set(recent.suffix(12)))
                recent.removeAll()
            }
        }
        out.append("read \(reader.bytesRead) decoded \(reader.decompressedBytes) again \(reader.read(into: &record))")
        return out
    }

    /// Writes `bytes` to a new file and reads it by path (frame workers when it suits them) and
    /// from memory on one thread; both traces, and whether the workers ran.
    static func compare(_ bytes: [UInt8], limits: IngestLimits = .default) throws -> (parallel: [String], sequential: [String], workers: Bool) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.jsonl.zst").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var parallel = try LogReader(path: path, limits: limits, concurrentDecompression: true, frameWorkers: true)
        var sequential = try LogReader(bytes: bytes, name: path, limits: limits)
        let a = trace(&parallel)
        let workers = parallel.isFrameParallel
        return (a, trace(&sequential), workers)
    }

    /// The cases: a name, the file's bytes, and whether the workers take it at all.
    static let cases: [(name: String, bytes: @Sendable () -> [UInt8], workers: Bool)] = [
        ("many tiny frames", { frames(log(lines: 400, seed: 1), frameSize: 7).flatMap { $0 } }, true),
        ("lines across 1-3 frame boundaries", { frames(log(lines: 300, seed: 2, longLine: 260), frameSize: 100).flatMap { $0 } }, true),
        (
            "frames of 4 KiB, BOM, last line without a line end",
            { frames(log(lines: 3000, seed: 3, bom: true, endsWithNewline: false), frameSize: 4096).flatMap { $0 } }, true
        ),
        ("one frame: not for the workers", { frames(log(lines: 300, seed: 4), frameSize: 1 << 20).flatMap { $0 } }, false),
        (
            "empty frames between and around",
            {
                let empty = frame([], checksum: false)
                return empty + frames(log(lines: 500, seed: 5), frameSize: 1000).flatMap { $0 + empty }
            }, true
        ),
        (
            "skippable frames between",
            {
                frames(log(lines: 500, seed: 6), frameSize: 900).flatMap { $0 + skippableFrame(Array("skip".utf8)) }
            }, true
        ),
        (
            "cut inside the last frame's block",
            {
                let all = frames(log(lines: 800, seed: 7), frameSize: 2000).flatMap { $0 }
                return Array(all.prefix(all.count - 40))
            }, true
        ),
        (
            "cut 3 bytes into the last frame's header",
            {
                let f = frames(log(lines: 800, seed: 8), frameSize: 2000)
                return f.dropLast().flatMap { $0 } + f.last!.prefix(3)
            }, true
        ),
        (
            "cut 6 bytes into the last frame's header",
            {
                let f = frames(log(lines: 800, seed: 9), frameSize: 2000)
                return f.dropLast().flatMap { $0 } + f.last!.prefix(6)
            }, true
        ),
        (
            "a corrupt byte in a middle frame",
            {
                var f = frames(log(lines: 800, seed: 10), frameSize: 2000)
                f[f.count / 2][f[f.count / 2].count / 2] ^= 0x5A
                return f.flatMap { $0 }
            }, true
        ),
        (
            "garbage between two frames",
            {
                var f = frames(log(lines: 800, seed: 11), frameSize: 2000)
                f[f.count / 2] += Array("not a frame".utf8)
                return f.flatMap { $0 }
            }, true
        ),
        (
            "a checksum that does not match",
            {
                var f = frames(log(lines: 800, seed: 12), frameSize: 2000, checksum: true)
                f[3][f[3].count - 1] ^= 0xFF
                return f.flatMap { $0 }
            }, true
        ),
        (
            "an overlong line across frames",
            {
                let long =
                    Array("{\"t\":\"2026-11-26T10:00:00Z\",\"ev\":\"x\",\"pad\":\"".utf8) + [UInt8](repeating: 0x61, count: LogReader.maximumLineLength + 10)
                    + Array("\"}\n".utf8)
                return frames(log(lines: 50, seed: 13) + long + log(lines: 50, seed: 14), frameSize: 300_000).flatMap { $0 }
            }, true
        ),
    ]

    @Test("The workers give what the sequential reader gives", arguments: cases.indices)
    func sameAsSequential(index: Int) throws {
        let c = Self.cases[index]
        let outcome = try Self.compare(c.bytes())
        #expect(outcome.workers == c.workers, "\(c.name)")
        Self.expectSame(outcome, c.name)
    }

    /// Records the first step where the two traces differ, if any.
    static func expectSame(_ outcome: (parallel: [String], sequential: [String], workers: Bool), _ name: String) {
        #expect(outcome.parallel.count == outcome.sequential.count, "\(name)")
        for (a, b) in zip(outcome.parallel, outcome.sequential) where a != b {
            Issue.record("\(name): \(a)\n  sequential: \(b)")
            return
        }
    }

    @Test("Generated multi-frame logs read alike whatever the frame size", arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func generatedLogs(seed: UInt64) throws {
        var state = seed
        state = state &* 6_364_136_223_846_793_005 &+ 1
        let frameSize = [13, 64, 257, 1000, 4096, 9999][Int(state >> 40) % 6]
        let lines = 200 + Int(state >> 50) % 800
        let outcome = try Self.compare(Self.frames(Self.log(lines: lines, seed: seed, longLine: Int(state >> 30) % 700), frameSize: frameSize).flatMap { $0 })
        #expect(outcome.workers)
        Self.expectSame(outcome, "seed \(seed), frames of \(frameSize)")
    }

    @Test("The decompressed-size limit is met where the sequential reader meets it", arguments: [1, 5000, 40_000])
    func decompressedLimit(limit: Int64) throws {
        let bytes = Self.frames(Self.log(lines: 1000, seed: 21), frameSize: 3000).flatMap { $0 }
        let outcome = try Self.compare(bytes, limits: IngestLimits(maximumDecompressedBytes: limit))
        #expect(outcome.workers)
        Self.expectSame(outcome, "limit \(limit)")
    }

    @Test("A reader dropped early stops its workers (no thread left waiting)", arguments: [0, 1, 10, 500])
    func droppedEarly(steps: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.jsonl.zst").path
        try Data(Self.frames(Self.log(lines: 5000, seed: 31), frameSize: 512).flatMap { $0 }).write(to: URL(fileURLWithPath: path))
        for _ in 0..<10 {
            var reader = try LogReader(path: path, concurrentDecompression: true, frameWorkers: true)
            var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
            for _ in 0..<steps { _ = reader.read(into: &record) }
            #expect(steps == 0 || reader.isFrameParallel)
        }
    }

    @Test("The splitter finds whole frames, steps over skippable ones and stops where no whole frame begins")
    func splitter() throws {
        let a = Self.frame(Array("one\n".utf8), checksum: false)
        let b = Self.frame(Array("two\n".utf8), checksum: true)
        let skip = skippableFrame([1, 2, 3])
        let cases: [(bytes: [UInt8], expected: [FrameSplitter.Next])] = [
            (a + b, [.frame(offset: 0, count: a.count), .frame(offset: Int64(a.count), count: b.count), .end(offset: Int64(a.count + b.count))]),
            (skip + a + skip, [.frame(offset: Int64(skip.count), count: a.count), .end(offset: Int64(2 * skip.count + a.count))]),
            (a + b.prefix(b.count - 1), [.frame(offset: 0, count: a.count), .stop(offset: Int64(a.count))]),
            (a + b.prefix(3), [.frame(offset: 0, count: a.count), .stop(offset: Int64(a.count))]),
            (a + Array("garbage".utf8) + b, [.frame(offset: 0, count: a.count), .stop(offset: Int64(a.count))]),
            ([], [.end(offset: 0)]),
        ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (i, c) in cases.enumerated() {
            let path = directory.appendingPathComponent("\(i).zst").path
            try Data(c.bytes).write(to: URL(fileURLWithPath: path))
            var splitter = FrameSplitter(source: try FileSource(path: path))
            var frame = RawBuffer(capacity: 1)
            var found: [FrameSplitter.Next] = []
            while true {
                let next = splitter.next(into: &frame)
                found.append(next)
                if case .frame(let offset, let count) = next {
                    #expect(Array(UnsafeRawBufferPointer(start: frame.base, count: count)) == Array(c.bytes[Int(offset)..<Int(offset) + count]))
                    continue
                }
                break
            }
            splitter.close()
            #expect(found == c.expected, "case \(i)")
        }
    }
}
