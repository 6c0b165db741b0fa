import CLCTraceZstd
import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// Splits `bytes` into pieces at `cuts` and compresses each as its own frame;
/// returns the stream and the offsets where frames end.
private func frames(_ bytes: [UInt8], cuts: [Int]) -> (stream: [UInt8], boundaries: [Int]) {
    var stream: [UInt8] = []
    var boundaries: [Int] = []
    var start = 0
    for cut in cuts + [bytes.count] where cut >= start {
        stream += zstdFrame(Array(bytes[start..<cut]))
        boundaries.append(stream.count)
        start = cut
    }
    return (stream, boundaries)
}

/// A frame header with no content size and a given window descriptor, then one
/// empty last raw block: the smallest frame that announces a window size.
private func frameAnnouncingWindow(log: Int) -> [UInt8] {
    [0x28, 0xB5, 0x2F, 0xFD, 0x00, UInt8((log - 10) << 3), 0x01, 0x00, 0x00]
}

@Suite("zstd input")
struct ZstdInputTests {
    @Test("One frame at every chunk size", arguments: chunkSizes)
    func oneFrame(chunkSize: Int) throws {
        #expect(try renderAll(zstdFrame(sampleLog), chunkSize: chunkSize) == sampleItems)
    }

    @Test("Frame boundaries that split lines, records and CRLFs", arguments: chunkSizes)
    func frameSplitsLines(chunkSize: Int) throws {
        let bytes = Array(sampleLog.utf8)
        // Cut inside a key, right after a CR (between CR and LF), right after an LF, and every 13 bytes.
        let crlf = bytes.firstIndex(of: 0x0D)!
        let cutSets = [[10], [crlf + 1], [crlf + 2], Array(stride(from: 13, to: bytes.count, by: 13)), Array(1..<bytes.count)]
        for cuts in cutSets {
            #expect(try renderAll(frames(bytes, cuts: cuts).stream, chunkSize: chunkSize) == sampleItems)
        }
    }

    @Test("Skippable frames at the start, middle and end", arguments: chunkSizes)
    func skippableFrames(chunkSize: Int) throws {
        let bytes = Array(sampleLog.utf8)
        let a = zstdFrame(Array(bytes[..<40]))
        let b = zstdFrame(Array(bytes[40...]))
        let skip0 = skippableFrame(Array("metadata".utf8))
        let skip1 = skippableFrame([], variant: 15)
        let skip2 = skippableFrame([UInt8](repeating: 0, count: 300), variant: 7)
        for stream in [skip0 + a + b, a + skip1 + b, a + b + skip2, skip0 + a + skip1 + skip2 + b + skip0, skip2 + zstdFrame(sampleLog)] {
            #expect(try renderAll(stream, chunkSize: chunkSize) == sampleItems)
        }
        // Only skippable frames: an empty log.
        #expect(try renderAll(skip0 + skip1, chunkSize: chunkSize) == [])
    }

    @Test("A byte order mark at the start of the decompressed stream is skipped", arguments: chunkSizes)
    func byteOrderMark(chunkSize: Int) throws {
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let text = bom + Array(sampleLog.utf8)
        // The BOM split over two frames, after a skippable frame.
        let stream = skippableFrame([9]) + zstdFrame(Array(text[..<2])) + zstdFrame(Array(text[2...]))
        #expect(try renderAll(stream, chunkSize: chunkSize) == sampleItems)
    }

    @Test("Empty frames and an empty stream")
    func emptyFrames() throws {
        #expect(try renderAll(zstdFrame([])) == [])
        #expect(try renderAll(zstdFrame([]) + zstdFrame(sampleLog) + zstdFrame([])) == sampleItems)
    }

    @Test("Large output: many lines straddle the 1 MiB output buffer", arguments: [500, 256 * 1024])
    func largeOutput(chunkSize: Int) throws {
        var text = ""
        for k in 0..<60_000 { text += "{\"t\":\(k),\"ev\":\"sys.resume\",\"pid\":\(k % 7),\"scene\":\"s\(k % 3)\"}\n" }
        var reader = try LogReader(bytes: zstdFrame(Array(text.utf8), level: 1), name: "big", chunkSize: chunkSize)
        let compressed = reader.isCompressed
        #expect(compressed)
        var count = 0
        while let item = reader.next() {
            guard case .record(let r) = item else {
                Issue.record("unexpected \(render(item, reader.symbols))")
                break
            }
            #expect(r.line == count + 1)
            #expect(r.time.nanoseconds == Int64(count) * 1_000_000_000)
            #expect(r.pid == Int64(count % 7))
            count += 1
        }
        #expect(count == 60_000)
        #expect(reader.decompressedBytes == Int64(text.utf8.count))
        #expect(reader.symbols.count == 3)
    }

    @Test("A stream cut anywhere: complete records, then one truncation")
    func cutAnywhere() throws {
        let bytes = Array(sampleLog.utf8)
        let (stream, boundaries) = frames(bytes, cuts: [30, 100, 150])
        let full = try renderAll(stream)
        #expect(full == sampleItems)
        for cut in 0..<stream.count {
            for chunkSize in [1, 5, 500] {
                let prefix = Array(stream[..<cut])
                let items: [String]
                do {
                    items = try renderAll(prefix, chunkSize: chunkSize)
                } catch {
                    // Fewer than 4 bytes: not recognisable as zstd.
                    #expect(cut < 4 && (error as? IngestError)?.code == .notLogData, "cut \(cut)")
                    continue
                }
                // Fewer than 4 bytes cannot be recognised as zstd; "(" alone is text.
                if cut < 4 { continue }
                let truncations = items.filter { $0.contains(": truncated") }
                let others = items.filter { !$0.contains(": truncated") }
                #expect(Array(full.prefix(others.count)) == others, "cut \(cut)")
                if cut == 0 || boundaries.contains(cut) {
                    #expect(truncations.allSatisfy { $0.contains("last line is cut short") }, "cut \(cut)")
                } else {
                    #expect(truncations.count == 1, "cut \(cut)")
                    #expect(items.last?.hasSuffix(": truncated@\(cut): zstd stream cut short at byte \(cut)") == true, "cut \(cut): \(items)")
                }
            }
        }
    }

    @Test("The truncation names the line the cut falls in")
    func truncationLine() throws {
        let text = #"{"t":1,"ev":"a"}"# + "\n" + #"{"t":2,"ev":"b"}"# + "\n" + #"{"t":3,"ev":"c"}"# + "\n"
        let stream = zstdFrame(text)
        let cut = Array(stream.dropLast(3))
        let items = try renderAll(cut, chunkSize: 1)
        #expect(items.last?.contains("truncated@\(cut.count): zstd stream cut short at byte \(cut.count)") == true)
        let last = try #require(items.last)
        let completeLines = items.count - 1
        #expect(last.hasPrefix("\(completeLines + 1): "))
    }

    @Test("A corrupt frame in the middle is LC403 at its offset, and reading resumes at the next frame", arguments: chunkSizes)
    func corrupt(chunkSize: Int) throws {
        let good = zstdFrame(sampleLog + "\n")
        // A frame header with a reserved bit set.
        let bad: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x08, 0x00, 0x01, 0x00, 0x00]
        let items = try renderAll(good + bad + zstdFrame(sampleLog), chunkSize: chunkSize)
        // The lost region counts as line 9; the next frame's lines follow from line 10.
        let shifted = sampleItems.map { item -> String in
            let colon = item.firstIndex(of: ":")!
            return "\(Int(item[..<colon])! + 9)" + item[colon...]
        }
        #expect(Array(items.prefix(sampleItems.count)) == sampleItems)
        #expect(Array(items.suffix(sampleItems.count)) == shifted)
        #expect(items.count == 2 * sampleItems.count + 1)
        let lost = items[sampleItems.count]
        #expect(lost.hasPrefix("9: truncated@\(good.count): corrupt zstd frame at byte \(good.count) (noticed at byte "), "\(lost)")
        #expect(
            lost.hasSuffix("): Unsupported frame parameter; skipped to the next frame at byte \(good.count + bad.count), lines in between are missing"),
            "\(lost)")
    }

    @Test("Corrupt data with no frame after it ends the stream with one LC403", arguments: [1, 7, 500])
    func corruptAtEnd(chunkSize: Int) throws {
        let good = zstdFrame(sampleLog + "\n")
        var bad = zstdFrame(sampleLog + "\n")
        for i in 8..<bad.count { bad[i] ^= 0xA5 }
        let items = try renderAll(good + bad, chunkSize: chunkSize)
        #expect(Array(items.prefix(sampleItems.count)) == sampleItems)
        let truncations = items.filter { $0.contains(": truncated@") }
        #expect(truncations.count == 1, "\(items)")
        #expect(truncations.first?.contains("corrupt zstd frame at byte \(good.count)") == true, "\(items)")
        #expect(truncations.first?.hasSuffix("; no readable frame after it") == true, "\(items)")
    }

    @Test("Garbage after the magic is corrupt, not a crash", arguments: [1, 16, 500])
    func garbage(chunkSize: Int) throws {
        for seed in 0..<64 {
            var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
            var bytes: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
            for _ in 0..<200 {
                state ^= state << 13
                state ^= state >> 7
                state ^= state << 17
                bytes.append(UInt8(truncatingIfNeeded: state))
            }
            let items = try renderAll(bytes, chunkSize: chunkSize)
            #expect(items.filter { $0.contains(": truncated") }.count <= 1)
        }
    }

    @Test("A window over 128 MiB is refused, and says so", arguments: [1, 500])
    func windowTooLarge(chunkSize: Int) throws {
        #expect(try renderAll(frameAnnouncingWindow(log: 27), chunkSize: chunkSize) == [])
        let items = try renderAll(zstdFrame(sampleLog + "\n") + frameAnnouncingWindow(log: 28), chunkSize: chunkSize)
        #expect(Array(items.dropLast()) == sampleItems)
        let last = try #require(items.last)
        #expect(last.hasPrefix("9: truncated@"))
        #expect(last.contains(": zstd frame at byte "))
        #expect(last.contains("needs a window larger than the 128 MiB limit: Frame requires too much memory for decoding"))
    }

    @Test("A text file named .zst and a zstd file named .jsonl are read by content")
    func contentNotName() throws {
        var reader = try LogReader(bytes: Array(sampleLog.utf8), name: "x.jsonl.zst")
        let textIsCompressed = reader.isCompressed
        #expect(!textIsCompressed)
        #expect(readAll(&reader).count == sampleItems.count)
        var zreader = try LogReader(bytes: zstdFrame(sampleLog), name: "x.jsonl")
        let zstdIsCompressed = zreader.isCompressed
        #expect(zstdIsCompressed)
        #expect(readAll(&zreader).count == sampleItems.count)
    }

    @Test("A skippable frame magic variant is sniffed as zstd", arguments: Array(UInt32(0)...15))
    func skippableMagic(variant: UInt32) throws {
        var reader = try LogReader(bytes: skippableFrame([1, 2, 3], variant: variant) + zstdFrame(sampleLog), name: "s", chunkSize: 5)
        let compressed = reader.isCompressed
        #expect(compressed)
        #expect(readAll(&reader).count == sampleItems.count)
    }
}
