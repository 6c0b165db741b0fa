import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

@Suite("Line framing")
struct LogReaderFramingTests {
    @Test("Plain text at every chunk size", arguments: chunkSizes)
    func plainText(chunkSize: Int) throws {
        #expect(try renderAll(sampleLog, chunkSize: chunkSize) == sampleItems)
    }

    @Test("Every chunk size from 1 to 90 frames a log with a BOM the same way (the reader's inlined path and the general one)")
    func everySmallChunkSize() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(sampleLog.utf8)
        let whole = try renderAll(bytes)
        #expect(whole == sampleItems)
        for chunkSize in 1...90 {
            #expect(try renderAll(bytes, chunkSize: chunkSize) == whole, "chunk size \(chunkSize)")
        }
    }

    @Test("Line numbers count blank and malformed lines", arguments: chunkSizes)
    func lineNumbers(chunkSize: Int) throws {
        var text = ""
        var expected: [String] = []
        for k in 1...60 {
            switch k % 4 {
            case 0: text += "\n"
            case 1: text += " \r\n"
            case 2:
                text += "{\"t\":\(k),\"ev\":\"sys.resume\"}\n"
                expected.append("\(k): sys.resume t=\(k)000000000")
            default:
                text += "{\"t\":\(k)}\r\n"
                expected.append("\(k): malformed: missing key 'ev'")
            }
        }
        #expect(try renderAll(text, chunkSize: chunkSize) == expected)
    }

    @Test("Empty and blank-only inputs have no items", arguments: ["", "\n", "\n\n\n", "  \t\r\n\r\n", "   ", "\r"])
    func emptyInputs(text: String) throws {
        for chunkSize in chunkSizes {
            #expect(try renderAll(text, chunkSize: chunkSize) == [])
        }
    }

    @Test("A byte order mark at the start is skipped", arguments: chunkSizes)
    func byteOrderMark(chunkSize: Int) throws {
        let bom = "\u{FEFF}"
        #expect(try renderAll(bom + #"{"t":1,"ev":"sys.resume"}"# + "\n", chunkSize: chunkSize) == ["1: sys.resume t=1000000000"])
        #expect(try renderAll(bom + #"{"t":1}"#, chunkSize: chunkSize) == ["1: truncated: last line is cut short: missing key 'ev'"])
        #expect(try renderAll(bom + #"{"t":1,"ev""# + "\n", chunkSize: chunkSize) == ["1: malformed: expected ':' after a key at column 12"])
        #expect(try renderAll(bom + "\n" + #"{"t":1,"ev":"x"}"# + "\n", chunkSize: chunkSize) == ["2: ?x t=1000000000"])
        #expect(try renderAll(bom, chunkSize: chunkSize) == [])
        // Only at the very start: elsewhere it is an error.
        #expect(try renderAll("\n" + bom + #"{"t":1,"ev":"x"}"# + "\n", chunkSize: chunkSize) == ["2: malformed: expected a JSON object at column 1"])
        #expect(try renderAll(bom + bom + #"{"t":1,"ev":"x"}"# + "\n", chunkSize: chunkSize) == ["1: malformed: expected a JSON object at column 1"])
    }

    @Test("The last line without a line end", arguments: chunkSizes)
    func unterminatedLastLine(chunkSize: Int) throws {
        let first = #"{"t":1,"ev":"sys.resume"}"# + "\n"
        #expect(try renderAll(first + #"{"t":2,"ev":"sys.suspend"}"#, chunkSize: chunkSize) == ["1: sys.resume t=1000000000", "2: sys.suspend t=2000000000"])
        #expect(
            try renderAll(first + #"{"t":2,"ev":"sys.suspend"}"# + "\r", chunkSize: chunkSize) == ["1: sys.resume t=1000000000", "2: sys.suspend t=2000000000"])
        #expect(
            try renderAll(first + #"{"t":2,"ev""#, chunkSize: chunkSize) == [
                "1: sys.resume t=1000000000", "2: truncated: last line is cut short: expected ':' after a key at column 12",
            ])
        #expect(
            try renderAll(first + #"{"t":2,"ev":"x","a":"abc"#, chunkSize: chunkSize) == [
                "1: sys.resume t=1000000000", "2: truncated: last line is cut short: unterminated string starting at column 21",
            ])
        #expect(try renderAll(first + "  ", chunkSize: chunkSize) == ["1: sys.resume t=1000000000"])
    }

    @Test("Lines at and over the length limit", arguments: [500, 64 * 1024, 256 * 1024])
    func lengthLimit(chunkSize: Int) throws {
        let limit = LogReader.maximumLineLength
        let head = #"{"t":1,"ev":"x","pad":""#
        func line(length: Int) -> String { head + String(repeating: "a", count: length - head.utf8.count - 2) + "\"}" }
        let exact = line(length: limit)
        let over = line(length: limit + 1)
        let next = #"{"t":2,"ev":"y"}"#
        let message = "malformed: line longer than 1048576 bytes"
        #expect(try renderAll(exact + "\n" + next + "\n", chunkSize: chunkSize) == ["1: ?x t=1000000000", "2: ?y t=2000000000"])
        #expect(try renderAll(exact + "\r\n" + next + "\n", chunkSize: chunkSize) == ["1: ?x t=1000000000", "2: ?y t=2000000000"])
        #expect(try renderAll(exact, chunkSize: chunkSize) == ["1: ?x t=1000000000"])
        #expect(try renderAll(over + "\n" + next + "\n", chunkSize: chunkSize) == ["1: " + message, "2: ?y t=2000000000"])
        #expect(try renderAll(over + "\r\n" + next + "\n", chunkSize: chunkSize) == ["1: " + message, "2: ?y t=2000000000"])
        #expect(try renderAll(next + "\n" + over, chunkSize: chunkSize) == ["1: ?y t=2000000000", "2: " + message])
        #expect(try renderAll(next + "\n" + over + "\r", chunkSize: chunkSize) == ["1: ?y t=2000000000", "2: " + message])
    }

    @Test("An overlong line is dropped, not held in memory", arguments: [500, 64 * 1024])
    func overlongNotHeld(chunkSize: Int) throws {
        let huge = "{" + String(repeating: " ", count: 6 * LogReader.maximumLineLength) + "}\n"
        let text = huge + #"{"t":2,"ev":"y"}"# + "\n" + huge
        var reader = try LogReader(bytes: Array(text.utf8), name: "huge", chunkSize: chunkSize)
        var items: [String] = []
        while let item = reader.next() {
            items.append(render(item, reader.symbols))
            #expect(reader.carryCapacity <= LogReader.maximumLineLength + 1)
        }
        #expect(items == ["1: malformed: line longer than 1048576 bytes", "2: ?y t=2000000000", "3: malformed: line longer than 1048576 bytes"])
        #expect(reader.carryCapacity <= LogReader.maximumLineLength + 1)
        #expect(reader.linesRead == 3)
    }

    @Test("Byte counters")
    func counters() throws {
        var reader = try LogReader(bytes: Array(sampleLog.utf8), name: "x", chunkSize: 16)
        let compressed = reader.isCompressed
        #expect(!compressed)
        _ = readAll(&reader)
        #expect(reader.bytesRead == Int64(sampleLog.utf8.count))
        #expect(reader.decompressedBytes == Int64(sampleLog.utf8.count))
        #expect(reader.linesRead == 8)
        let after = reader.next()
        #expect(after == nil)
    }

    @Test(
        "Sniffing decides by content",
        arguments: [
            ([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00], "an ELF executable (first bytes 7F 45 4C 46)"),
            ([0x7B, 0x00], "neither zstd nor text (first bytes 7B 00): no line of text in the first 2 bytes"),
            (
                [0xFF, 0xFE, 0x7B, 0x00, 0x22, 0x00],
                "UTF-16 text (first bytes FF FE 7B 00): convert it to UTF-8 first (iconv -f UTF-16 -t UTF-8 FILE)"
            ),
            ([0x28, 0xB5, 0x2F], "neither zstd nor text (first bytes 28 B5 2F): no line of text in the first 3 bytes"),
            ([0xC3, 0x28], "neither zstd nor text (first bytes C3 28): no line of text in the first 2 bytes"),
        ] as [([UInt8], String)])
    func notLogData(bytes: [UInt8], reason: String) {
        #expect {
            _ = try LogReader(bytes: bytes, name: "bin", chunkSize: 1)
        } throws: { error in
            guard let error = error as? IngestError else { return false }
            return error.code == .notLogData
                && error.description == "Unable to read 'bin': not a lifecycle log: \(reason)."
        }
    }

    @Test("Invalid UTF-8 after the first 64 KiB is a malformed line, not a read error")
    func lateBinary() throws {
        let filler = String(repeating: #"{"t":1,"ev":"x"}"# + "\n", count: 5000)
        let bytes = Array(filler.utf8) + [0x7B, 0x00, 0xFF, 0x7D, 0x0A] + Array(#"{"t":2,"ev":"y"}"#.utf8)
        let items = try renderAll(bytes, chunkSize: 4096)
        #expect(items.count == 5002)
        #expect(items[5000] == "5001: malformed: expected a string key at column 2")
        #expect(items[5001] == "5002: ?y t=2000000000")
    }

    @Test("A multi-byte character cut at the end of the sniffed block is fine")
    func sniffBlockBoundary() throws {
        // Place a 3-byte character across the 64 KiB boundary.
        let head = #"{"t":1,"ev":"x","a":""#
        let padding = InputFormat.sniffLength - head.utf8.count - 1
        let line = head + String(repeating: "a", count: padding) + "€\"}\n"
        #expect(try renderAll(line, chunkSize: 1000) == ["1: ?x t=1000000000"])
    }
}
