import LCTraceCore
import Testing

/// File names that are not UTF-8 keep their bytes through `String`.
@Suite struct FilePathTextTests {
    @Test(arguments: [
        [UInt8]("plain/app.jsonl".utf8), [0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6A], [0xFF, 0xFE, 0x41], [0xC3],
        [UInt8]("café ☕.jsonl".utf8), [0xE2, 0x98, 0x41, 0x80, 0xC3, 0xA9], [0xED, 0xA0, 0x80],
    ])
    func nonUTF8FileNamesRoundTrip(bytes: [UInt8]) {
        let text = FilePathText.string(fromBytes: bytes)
        #expect(FilePathText.bytes(text) == bytes)
        FilePathText.withCString(text) { c in
            #expect(Array(UnsafeBufferPointer(start: c, count: bytes.count).map { UInt8(bitPattern: $0) }) == bytes)
            #expect(c[bytes.count] == 0)
        }
    }

    @Test func validUTF8IsUnchanged() {
        #expect(FilePathText.string(fromBytes: Array("café/ß.jsonl".utf8)) == "café/ß.jsonl")
    }
}
