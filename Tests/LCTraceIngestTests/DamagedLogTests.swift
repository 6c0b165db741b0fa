import CLCTraceZstd
import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// A frame whose last checksum byte is flipped: the data is intact, the checksum is not.
private func badChecksum(_ frame: [UInt8]) -> [UInt8] {
    var bytes = frame
    bytes[bytes.count - 1] ^= 0xFF
    return bytes
}

/// `count` distinct records, one per line.
private func records(_ count: Int, from first: Int = 0) -> String {
    (first..<first + count).map { #"{"t":\#($0),"ev":"sys.suspend","pid":1,"x":"record number \#($0)"}"# + "\n" }.joined()
}

/// Renders every item, direct (`slot` nil) or decompressed on a second thread into slots of `slot` bytes.
private func items(_ bytes: [UInt8], chunkSize: Int, slot: Int?) throws -> [String] {
    var reader = try LogReader(bytes: bytes, name: "test", chunkSize: chunkSize, readAheadSlot: slot)
    var out: [String] = []
    while let item = reader.next() { out.append(render(item, reader.symbols)) }
    return out
}

/// Damaged logs: nothing readable is lost (SPEC §1, §6; issue 13 items 4–6).
@Suite("Damaged logs")
struct DamagedLogTests {
    static let readers: [Int?] = [nil, 5, 1 << 20]

    // MARK: - Plain text: a line at a time, never the whole file

    @Test(
        "A plain log with NUL padding at its end: every record, then one LC403 for the padding",
        arguments: [1, 4096, 70_000, 3 << 20], [false, true])
    func nulPaddedTail(padding: Int, partialLine: Bool) throws {
        let log = records(40)
        var bytes = Array(log.utf8)
        if partialLine { bytes += Array(#"{"t":99,"ev":"sys.sus"#.utf8) }
        bytes += [UInt8](repeating: 0, count: padding)
        let clean = try renderAll(log)
        for chunkSize in [500, 256 * 1024] {
            let got = try renderAll(bytes, chunkSize: chunkSize)
            #expect(Array(got.dropLast()) == clean, "padding \(padding), chunk \(chunkSize)")
            let column = partialLine ? 22 : 1
            #expect(
                got.last == "41: truncated: last line is cut short: NUL padding from column \(column) on (left by a writer killed mid-write)",
                "padding \(padding), chunk \(chunkSize)")
        }
    }

    @Test("NUL padding past the line limit is the same LC403 at small read sizes (the byte kept for a CR)", arguments: [1, 5, 500])
    func nulPaddingPastTheLimitAtSmallReads(chunkSize: Int) throws {
        // A read size that lets NULs fill the byte the carry keeps for a CR gave LC401.
        let bytes = Array(#"{"t":1,"ev":"process.launch","pid":1,"reason":"user"}"#.utf8) + [0x0A] + [UInt8](repeating: 0, count: 2 << 20)
        let got = try renderAll(bytes, chunkSize: chunkSize)
        #expect(got.last == "2: truncated: last line is cut short: NUL padding from column 1 on (left by a writer killed mid-write)")
    }

    @Test(
        "One invalid UTF-8 byte or NUL anywhere in a plain log, the first 64 KiB included, is LC401 for that line only",
        arguments: [UInt8(0x00), 0xFF, 0xC0, 0x80], [0, 1, 5, 39])
    func oneBadByte(byte: UInt8, line: Int) throws {
        var lines = records(40).split(separator: "\n").map { Array($0.utf8) }
        // Inside the string value, and for the first line also at its very start.
        let at = line == 0 ? 0 : lines[line].count - 3
        lines[line][at] = byte
        let bytes = lines.joined(separator: [0x0A]).map { $0 } + [0x0A]
        #expect(bytes.count < InputFormat.sniffLength)
        let clean = try renderAll(records(40))
        let got = try renderAll(bytes, chunkSize: 16)
        #expect(got.count == 40)
        for (index, item) in got.enumerated() where index != line {
            #expect(item == clean[index])
        }
        #expect(got[line].hasPrefix("\(line + 1): malformed: "), "\(got[line])")
    }

    @Test(
        "A byte that is not UTF-8 outside a string is named in the LC401 message",
        arguments: [
            ([0xFF] + Array(#"{"t":1,"ev":"x"}"#.utf8), "expected a JSON object at column 1, found byte 0xFF, which is not UTF-8 text"),
            (Array(#"{"t":1,"#.utf8) + [0xC0] + Array(#""ev":"x"}"#.utf8), "expected a string key at column 8, found byte 0xC0, which is not UTF-8 text"),
            (Array(#"{"t":1}"#.utf8) + [0x80], "expected the end of the line after the object at column 8, found byte 0x80, which is not UTF-8 text"),
        ] as [([UInt8], String)])
    func badByteOutsideAString(line: [UInt8], message: String) throws {
        let got = try renderAll(line + [0x0A] + Array("{\"t\":2,\"ev\":\"x\"}\n".utf8))
        #expect(got.first == "1: malformed: " + message)
        #expect(got.count == 2)
    }

    @Test(
        "A file with no line of text, or in a known binary format, is not a log: refused, naming what it is",
        arguments: [
            (
                [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03] + Array("{\"t\":1}\n".utf8),
                "gzip-compressed data (first bytes 1F 8B 08 00): decompress it first (gunzip -k FILE, or gzip -dc FILE | lctrace replay -); lctrace reads zstd-compressed or plain logs"
            ),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00], "a PNG image (first bytes 89 50 4E 47)"),
            (
                [UInt8](repeating: 0, count: 5000),
                "its first 5000 bytes are all NUL (first bytes 00 00 00 00): nothing was written (a writer killed before its first record leaves such a file)"
            ),
            (
                [0x01, 0x02, 0x0A, 0xFF, 0x41, 0x0A, 0x00, 0x7B],
                "neither zstd nor text (first bytes 01 02 0A FF): no line of text in the first 8 bytes"
            ),
        ] as [([UInt8], String)])
    func notALog(bytes: [UInt8], reason: String) {
        #expect {
            _ = try LogReader(bytes: bytes, name: "x.jsonl", chunkSize: 3)
        } throws: { error in
            guard let error = error as? IngestError else { return false }
            return error.code == .notLogData && error.description == "Unable to read 'x.jsonl': not a lifecycle log: \(reason)."
        }
    }

    @Test("One line of text among binary makes the file text: its lines are LC401, never the file refused")
    func oneLineOfText() throws {
        let bytes: [UInt8] = [0x00, 0x01, 0xFF, 0x0A] + Array("not json\n".utf8) + [0xC3, 0x28, 0x0A]
        let got = try renderAll(bytes, chunkSize: 2)
        #expect(got.count == 3)
        #expect(got.allSatisfy { $0.contains(": malformed: ") }, "\(got)")
    }

    // MARK: - zstd: a failure never loses what was decoded before it

    @Test(
        "A single frame whose checksum alone is wrong keeps every line, then one LC403 naming the checksum's byte",
        arguments: chunkSizes, readers)
    func checksumOnly(chunkSize: Int, slot: Int?) throws {
        // Small (one block: zstd would decode it in one call) and large (several blocks).
        for count in [20, 4000] where !(chunkSize < 16 && count > 20) {
            let log = records(count)
            let bytes = badChecksum(checkedZstdFrame(Array(log.utf8)))
            let clean = try renderAll(log)
            let got = try items(bytes, chunkSize: chunkSize, slot: slot)
            #expect(Array(got.dropLast()) == clean, "\(count) records, chunk \(chunkSize), slot \(String(describing: slot))")
            let checksumAt = bytes.count - 4
            #expect(
                got.last
                    == "\(count + 1): truncated@\(checksumAt): corrupt zstd frame at byte 0 (noticed at byte \(checksumAt)): Restored data doesn't match checksum; its lines were read as decoded and may hold damaged data",
                "\(count) records, chunk \(chunkSize): \(got.last ?? "")")
        }
    }

    @Test("A bad checksum in the first of two frames: no line lost or renumbered, one LC403 at the end", arguments: [1, 7, 500, 256 * 1024], readers)
    func checksumThenFrame(chunkSize: Int, slot: Int?) throws {
        // The frames split a line, as a writer that flushes by size does.
        let log = Array(records(30).utf8)
        let first = badChecksum(checkedZstdFrame(Array(log[..<1000])))
        let bytes = first + checkedZstdFrame(Array(log[1000...]))
        let got = try items(bytes, chunkSize: chunkSize, slot: slot)
        #expect(Array(got.dropLast()) == (try renderAll(log)))
        #expect(
            got.last?.hasPrefix(
                "31: truncated@\(first.count - 4): corrupt zstd frame at byte 0 (noticed at byte \(first.count - 4)): Restored data doesn't match checksum")
                == true, "\(got.last ?? "")")
    }

    @Test("Corrupt data in a later block: the blocks decoded before it are kept", arguments: [500, 256 * 1024], readers)
    func corruptLastBlock(chunkSize: Int, slot: Int?) throws {
        let log = records(6000)
        var bytes = checkedZstdFrame(Array(log.utf8))
        // Damage near the end: in the last block, well after the first 128 KiB of output.
        for i in (bytes.count - 60)..<(bytes.count - 40) { bytes[i] ^= 0x5A }
        let clean = try renderAll(log)
        let got = try items(bytes, chunkSize: chunkSize, slot: slot)
        let kept = got.filter { !$0.contains(": truncated") }
        #expect(kept == Array(clean.prefix(kept.count)))
        // Every line of the first 128 KiB block at least (about 1900 lines of 70 bytes).
        #expect(kept.count >= 1800, "\(kept.count) kept")
        #expect(got.filter { $0.contains(": truncated@0: corrupt zstd frame at byte 0 (noticed at byte ") }.count == 1, "\(got.suffix(2))")
    }
}
