import Foundation
import LCTraceCore
import LCTraceTestSupport
import Testing

@_spi(Fuzzing) @testable import LCTraceIngest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Broken and hostile inputs end to end through the reader: what lctrace does with each is
/// in docs/RELIABILITY.md, and every row there names one of these tests.
@Suite("Hostile input")
struct HostileInputTests {
    static let record = #"{"t":1,"ev":"app.didBecomeActive","pid":1}"#

    /// Many valid records, `count` lines.
    static func records(_ count: Int) -> String {
        (1...count).map { #"{"t":\#($0),"ev":"app.didBecomeActive","pid":1,"name":"padding-padding-padding"}"# }
            .joined(separator: "\n") + "\n"
    }

    /// Records with pseudo-random names, so that they do not compress to nothing.
    static func noisyRecords(_ count: Int) -> String {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (1...count).map { i -> String in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return #"{"t":\#(i),"ev":"app.didBecomeActive","pid":1,"name":"\#(String(state, radix: 16))"}"#
        }.joined(separator: "\n") + "\n"
    }

    // MARK: - Files that are not ordinary files

    // The reader's side only: the commands refuse an input with no record (exit 2,
    // EmptyInputCLITests), since a gate must not pass on nothing.
    @Test("An empty file yields no items and no error")
    func emptyFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("empty.jsonl").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        var reader = try LogReader(path: path)
        let first = reader.next()
        #expect(first == nil)
        #expect(try renderAll([UInt8](), chunkSize: 1) == [])
    }

    @Test("Zero-length zstd frames and empty skippable frames between records are nothing", arguments: [1, 3, 500])
    func zeroLengthFrames(chunkSize: Int) throws {
        let empty = zstdFrame([UInt8]())
        let bytes =
            empty + zstdFrame(sampleLog + "\n") + empty + skippableFrame([]) + empty + zstdFrame(sampleLog)
            + empty
        let items = try renderAll(bytes, chunkSize: chunkSize)
        #expect(items.count == 2 * sampleItems.count)
        #expect(!items.contains { $0.contains("truncated") })
        #expect(try renderAll(empty + empty, chunkSize: chunkSize) == [])
    }

    @Test("A directory cannot be read: an error, exit status 2")
    func directory() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: IngestError.self) { _ = try LogReader(path: dir.path) }
        do {
            _ = try LogReader(path: dir.path)
        } catch {
            #expect(error.code == .isDirectory)
            #expect(error.description == "Unable to read '\(dir.path)': is a directory.")
        }
    }

    @Test("A FIFO is read like standard input, in pieces as the writer sends them")
    func fifo() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        let text = Self.records(2000)
        let writer = Thread {
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            var bytes = Array(text.utf8)
            // Several writes with pauses: the reader must wait for data, not see an end.
            bytes.withUnsafeMutableBytes { all in
                var offset = 0
                while offset < all.count {
                    let n = min(7000, all.count - offset)
                    _ = write(fd, all.baseAddress! + offset, n)
                    offset += n
                    usleep(1000)
                }
            }
            close(fd)
        }
        writer.start()
        var reader = try LogReader(path: path)
        var records = 0
        while let item = reader.next() {
            if case .record = item { records += 1 } else { Issue.record("unexpected \(item)") }
        }
        #expect(records == 2000)
    }

    @Test(
        "A file that shrinks while being read ends early with LC403, no crash",
        arguments: [(false, false), (true, false), (true, true)])
    func shrinkingFile(compressed: Bool, readAhead: Bool) throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("log").path
        let text = Array(Self.noisyRecords(20_000).utf8)
        let bytes = compressed ? zstdFrame(text, level: 1) : text
        #expect(bytes.count > 2 * InputFormat.sniffLength)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        // Opening reads the first 64 KiB; the rest goes away before it is read.
        var reader = try LogReader(path: path, concurrentDecompression: readAhead)
        let keep = compressed ? bytes.count / 2 : InputFormat.sniffLength + 1234
        #expect(truncate(path, off_t(keep)) == 0)
        var records = 0
        var cuts: [String] = []
        while let item = reader.next() {
            switch item {
            case .record, .meta: records += 1
            case .malformed(let line, let message): Issue.record("malformed \(line): \(message)")
            case .lost(let line, let message): Issue.record("lost \(line): \(message)")
            case .truncated(let line, _, let message):
                cuts.append(message)
                #expect(line == records + 1)
            }
        }
        if readAhead && records == 20_000 {
            // The read-ahead thread may read the whole file before it shrinks (found under
            // ThreadSanitizer): then every record is there and nothing is cut.
            #expect(cuts.isEmpty, "\(cuts)")
            return
        }
        #expect(records > 0 && records < 20_000)
        #expect(cuts.count == 1)
        #expect(cuts.first?.contains(compressed ? "zstd stream cut short" : "last line is cut short") == true, "\(cuts)")
    }

    @Test("Zero padding after the last frame (a preallocated file): every record, then one LC403", arguments: [1, 500, 256 * 1024])
    func zeroPaddingAfterFrames(chunkSize: Int) throws {
        let good = zstdFrame(sampleLog + "\n")
        let items = try renderAll(good + [UInt8](repeating: 0, count: 70_000), chunkSize: chunkSize)
        #expect(Array(items.dropLast()) == sampleItems)
        let last = try #require(items.last)
        #expect(last.hasPrefix("9: truncated@\(good.count): corrupt zstd frame at byte \(good.count) "), "\(last)")
        #expect(last.hasSuffix("; no readable frame after it"), "\(last)")
    }

    @Test("Found by fuzzing: a frame found after corrupt data that is itself cut short is one LC403, at any read size", arguments: [1, 5, 500, 256 * 1024])
    func falseMagicAfterCorruptFrameThenCut(chunkSize: Int) throws {
        let good = zstdFrame(sampleLog + "\n")
        // A corrupt frame header (reserved bit set), then bytes that look like a skippable
        // frame magic announcing 4 GiB of content, cut 20 bytes later.
        let corrupt: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x08, 0x00, 0x5A, 0x2A, 0x4D, 0x18, 0x00, 0x00, 0x00, 0xFF]
        let items = try renderAll(good + corrupt + [UInt8](repeating: 0, count: 20), chunkSize: chunkSize)
        #expect(Array(items.dropLast()) == sampleItems)
        let last = try #require(items.last)
        #expect(last.hasPrefix("9: truncated@\(good.count): corrupt zstd frame at byte \(good.count) "), "\(last)")
        let skippable = good.count + 6
        let end = good.count + corrupt.count + 20
        #expect(last.hasSuffix("; the next frame, at byte \(skippable), is cut short at byte \(end)"), "\(last)")
    }

    // MARK: - Bytes inside lines

    @Test("NUL bytes: inside a string or between tokens the line is LC401, the next line is read", arguments: [1, 500])
    func nulBytes(chunkSize: Int) throws {
        let lines: [[UInt8]] = [
            Array(#"{"t":1,"ev":"a\#u{0}b"}"#.utf8),
            Array(#"{"t":1,"ev":"#.utf8) + [0] + Array(#""a"}"#.utf8),
            [0, 0, 0],
            Array(Self.record.utf8),
        ]
        let text = lines.joined(separator: [0x0A]).map { $0 } + [0x0A]
        // The same, line by line, in zstd and in plain text (even in the first 64 KiB: SPEC §1).
        for bytes in [zstdFrame(text), text] {
            let items = try renderAll(bytes, chunkSize: chunkSize)
            #expect(items.count == 4)
            #expect(items[0] == "1: malformed: control character U+0000 in a string at column 15")
            #expect(items[1].hasPrefix("2: malformed: "))
            #expect(items[2].hasPrefix("3: malformed: "))
            #expect(items[3].hasPrefix("4: app.didBecomeActive"))
        }
    }

    @Test("Invalid UTF-8 in a string is LC401 for that line only, in zstd and in text after the first block", arguments: [1, 500])
    func invalidUTF8(chunkSize: Int) throws {
        let bad: [UInt8] = Array(#"{"t":1,"ev":"meta","x":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8)
        let encodedSurrogate: [UInt8] = Array(#"{"t":1,"ev":"meta","x":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8)
        let text = bad + [0x0A] + encodedSurrogate + [0x0A] + Array((Self.record + "\n").utf8)
        let items = try renderAll(zstdFrame(text), chunkSize: chunkSize)
        #expect(items.count == 3)
        #expect(items[0] == "1: malformed: invalid UTF-8 in a string at column 25")
        #expect(items[1] == "2: malformed: invalid UTF-8 in a string at column 25")
        #expect(items[2].hasPrefix("3: app.didBecomeActive"))
        // Plain text: valid first block, the bad line after it.
        let plain = Array(Self.records(1000).utf8) + text
        #expect(plain.count > InputFormat.sniffLength)
        let plainItems = try renderAll(plain, chunkSize: chunkSize)
        #expect(plainItems.count == 1003)
        #expect(plainItems[1000] == "1001: malformed: invalid UTF-8 in a string at column 25")
    }

    @Test("Lone surrogate escapes are valid JSON: accepted, kept values become U+FFFD")
    func loneSurrogates() throws {
        let text = #"{"t":1,"ev":"bgtask.begin","pid":1,"task":"\uD800","name":"a\uDC00b","x":"\uDBFF"}"# + "\n"
        let items = try renderAll(zstdFrame(text), chunkSize: 3)
        #expect(items == ["1: bgtask.begin t=1000000000 pid=1 task=\u{FFFD} name=a\u{FFFD}b"])
    }

    @Test("Nesting in ignored values: no stack overflow at any depth", arguments: [1_000, 500_000])
    func deepNesting(depth: Int) throws {
        let open = String(repeating: "[", count: depth), close = String(repeating: "]", count: depth)
        let objects = String(repeating: #"{"a":"#, count: depth / 8) + "1" + String(repeating: "}", count: depth / 8)
        let lines = [
            #"{"t":1,"ev":"meta","x":"# + open + close + "}",
            #"{"t":1,"ev":"meta","x":"# + open + "}",
            #"{"t":1,"ev":"meta","x":"# + objects + "}",
            Self.record,
        ]
        let items = try renderAll(zstdFrame(lines.joined(separator: "\n")), chunkSize: 4096)
        #expect(items.count == 4)
        #expect(items[0].hasPrefix("1: meta"))
        #expect(items[1].hasPrefix("2: malformed: "))
        #expect(items[2].hasPrefix("3: meta"))
        #expect(items[3].hasPrefix("4: app.didBecomeActive"))
        // The validator alone has no line limit: ten million levels.
        let deep = [UInt8](repeating: 0x5B, count: 10_000_000) + [UInt8](repeating: 0x5D, count: 10_000_000)
        #expect(JSONValidator.validate(deep) == nil)
        #expect(JSONValidator.validate(Array(deep.dropLast())) != nil)
    }

    @Test("A line over 1 MiB is LC401 and never held in memory", arguments: [1 << 16, 256 * 1024])
    func overlongLine(chunkSize: Int) throws {
        var text = Array(#"{"t":1,"ev":"meta","x":""#.utf8)
        text += [UInt8](repeating: 0x61, count: 3 << 20)
        text += Array(#""}"#.utf8) + [0x0A] + Array(Self.record.utf8)
        var reader = try LogReader(bytes: zstdFrame(text), name: "long", chunkSize: chunkSize)
        var items: [String] = []
        while let item = reader.next() { items.append(render(item, reader.symbols)) }
        #expect(items == ["1: malformed: line longer than 1048576 bytes", "2: app.didBecomeActive t=1000000000 pid=1"])
        #expect(reader.carryCapacity <= LogReader.maximumLineLength + 4)
    }

    @Test("Found by fuzzing: a BOM on line 1 does not count toward the line limit, at any chunking", arguments: 1...12)
    func bomLineAtLimit(chunkSize: Int) throws {
        // The minimised inputs of Tests/LCTraceFuzzTests/Regressions/lines-bom-line1-*: a
        // 7-byte limit, line 1 = BOM + 7 bytes. Straddling chunks used to make it overlong.
        let line: [UInt8] = [0xEF, 0xBB, 0xBF, 0x7B, 0x7D, 0x07, 0xEF, 0x02, 0x62, 0x22]
        let text = line + [0x0A] + [0x61, 0x0A]
        let lines = IngestFuzzHooks.frame(text, chunkSizes: [chunkSize], limit: 7)
        #expect(lines == [.line(Array(line[3...]), number: 1), .line([0x61], number: 2)])
        // A line 1 without a BOM and over the limit stays overlong however it is cut.
        let plain = IngestFuzzHooks.frame(Array(repeating: 0x61, count: 10) + [0x0A], chunkSizes: [chunkSize], limit: 7)
        #expect(plain == [.overlong(number: 1)])
    }

    @Test("Found by fuzzing: a frame that ends exactly at the end of the output buffer is not 'cut short'", arguments: [1, 4096, 256 * 1024])
    func frameEndingAtBufferEnd(chunkSize: Int) throws {
        // The minimised input (Tests/LCTraceFuzzTests/Regressions/zstd-frame-fills-output):
        // one RLE block of 11 bytes, decoded into an 11-byte buffer.
        let frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x00, 0x68, 0x5B, 0x00, 0x00, 0xED]
        let small = IngestFuzzHooks.decode(frame, chunkSize: chunkSize, bufferCapacity: 11)
        #expect(small == IngestFuzzHooks.DecodeOutcome(decodedBytes: 11, failures: [], isZstd: true))
        // The real case: a log whose frames hold exactly 1 MiB, the reader's output buffer.
        let line = Array(#"{"t":1,"ev":"app.didBecomeActive","pid":1,"name":""#.utf8)
        let tail = Array(#""}"#.utf8) + [0x0A]
        let padding = 1024 - line.count - tail.count
        let oneLine = line + [UInt8](repeating: 0x78, count: padding) + tail
        #expect(oneLine.count == 1024)
        let mebibyte = Array([[UInt8]](repeating: oneLine, count: 1024).joined())
        let log = zstdFrame(mebibyte) + zstdFrame(mebibyte)
        var reader = try LogReader(bytes: log, name: "exact", chunkSize: chunkSize)
        var records = 0
        while let item = reader.next() {
            if case .record = item { records += 1 } else { Issue.record("\(render(item, reader.symbols))") }
        }
        #expect(records == 2048)
    }

    // MARK: - Decompression bombs

    @Test("A decompression bomb stops at the decompressed-size limit with LC403", arguments: [1, 4096])
    func decompressionBomb(chunkSize: Int) throws {
        // 8 MiB of records compress to a few kilobytes.
        let plain = Array(Self.records(80_000).utf8)
        let bomb = zstdFrame(plain, level: 19)
        #expect(plain.count > 100 * bomb.count)
        let limit: Int64 = 1 << 20
        var reader = try LogReader(
            bytes: bomb, name: "bomb", chunkSize: chunkSize, limits: IngestLimits(maximumDecompressedBytes: limit))
        var records = 0
        var cuts: [(Int, Int64?, String)] = []
        while let item = reader.next() {
            switch item {
            case .record, .meta: records += 1
            case .malformed(let line, let message): Issue.record("malformed \(line): \(message)")
            case .lost(let line, let message): Issue.record("lost \(line): \(message)")
            case .truncated(let line, let offset, let message): cuts.append((line, offset, message))
            }
        }
        #expect(reader.decompressedBytes <= limit)
        #expect(records > 5_000 && records < 80_000)
        #expect(cuts.count == 1)
        #expect(cuts.first?.0 == records + 1)
        #expect(cuts.first?.2.hasPrefix("decompressed data exceeds the limit of 1048576 bytes at byte ") == true)
        #expect(cuts.first?.2.hasSuffix("; the rest of the file is not read (raise the limit with --max-decompressed)") == true)
        // Without the limit the whole file is read.
        var unlimited = try LogReader(bytes: bomb, name: "bomb", limits: IngestLimits(maximumDecompressedBytes: nil))
        var all = 0
        while let item = unlimited.next() { if case .record = item { all += 1 } }
        #expect(all == 80_000)
    }

    @Test("The default decompressed-size limit is 64 GiB; plain text is not limited")
    func defaultLimit() throws {
        #expect(IngestLimits.default.maximumDecompressedBytes == 64 << 30)
        let text = Array(Self.records(100).utf8)
        var reader = try LogReader(bytes: text, name: "t", limits: IngestLimits(maximumDecompressedBytes: 10))
        var records = 0
        while let item = reader.next() { if case .record = item { records += 1 } }
        #expect(records == 100)
    }

    @Test(
        "Byte counts for --max-decompressed",
        arguments: [
            ("1000", Int64?.some(1000)), ("64G", 64 << 30), ("64GiB", 64 << 30), ("500m", 500 << 20), ("2T", 2 << 40),
            ("1k", 1024), ("0", nil), ("none", nil), ("unlimited", nil),
        ])
    func byteCounts(text: String, expected: Int64?) {
        let parsed = IngestLimits.parseByteCount(text)
        #expect(parsed != nil)
        #expect(parsed! == expected)
    }

    @Test("Byte counts that are not sizes are refused", arguments: ["", "-1", "1.5G", "G", "12X", "99999999999T"])
    func badByteCounts(text: String) {
        #expect(IngestLimits.parseByteCount(text) == nil)
    }
}
