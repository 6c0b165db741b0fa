import LCTraceCore
import Testing

/// File names keep their bytes through `String`, and two names never share one text
/// (issue 22: a name holding U+10FF80–U+10FFFF used to read as the bytes of another).
@Suite struct FilePathTextTests {
    static let names: [[UInt8]] = [
        [UInt8]("plain/app.jsonl".utf8), [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A], [0xFF, 0xFE, 0x41], [0xC3],
        [UInt8]("café ☕.jsonl".utf8), [0xE2, 0x98, 0x41, 0x80, 0xC3, 0xA9], [0xED, 0xA0, 0x80],
        // U+10FFE9, U+10FF80, U+10FFFF and the marker U+10FF7F as real characters, alone and
        // beside a byte that is not UTF-8.
        [0x72, 0xF4, 0x8F, 0xBF, 0xA9], [0xF4, 0x8F, 0xBE, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBD, 0xBF],
        [0xF4, 0x8F, 0xBD, 0xBF, 0xE9], [0xE9, 0xF4, 0x8F, 0xBF, 0xA9, 0xF4, 0x8F, 0xBD, 0xBF],
    ]

    @Test(arguments: names)
    func namesRoundTrip(bytes: [UInt8]) {
        let text = FilePathText.string(fromBytes: bytes)
        #expect(FilePathText.bytes(text) == bytes)
        FilePathText.withCString(text) { c in
            #expect(Array(UnsafeBufferPointer(start: c, count: bytes.count).map { UInt8(bitPattern: $0) }) == bytes)
            #expect(c[bytes.count] == 0)
        }
    }

    @Test("Different names have different texts (the byte 0xE9 and the character U+10FFE9 among them)")
    func namesNeverCollide() {
        let texts = Self.names.map { FilePathText.string(fromBytes: $0) }
        #expect(Set(texts).count == Self.names.count)
        let byte = FilePathText.string(fromBytes: [0x72, 0xE9])
        let character = FilePathText.string(fromBytes: [0x72, 0xF4, 0x8F, 0xBF, 0xA9])
        #expect(byte != character)
        #expect(PrintableText.printable(byte) == "r\\xE9")
        #expect(PrintableText.printable(character) == "r\u{10FFE9}")
    }

    @Test func validUTF8IsUnchanged() {
        #expect(FilePathText.string(fromBytes: Array("café/ß.jsonl".utf8)) == "café/ß.jsonl")
    }
}
