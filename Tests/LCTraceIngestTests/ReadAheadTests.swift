import Foundation
import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// Decompression on a second thread (``ReadAheadDecoder``) hands on exactly what the direct
/// decoder does: the same records, malformed lines, truncations and offsets, whatever the
/// slot size, so lines straddle every slot boundary.
@Suite struct ReadAheadTests {
    static let slotSizes = [1, 2, 5, 16, 500, 1 << 20]

    /// Renders every item, direct (`slot` nil) or through the ring with slots of `slot` bytes.
    static func render(_ bytes: [UInt8], chunkSize: Int, slot: Int?) throws -> [String] {
        var reader = try LogReader(bytes: bytes, name: "test", chunkSize: chunkSize, readAheadSlot: slot)
        var out: [String] = []
        while let item = reader.next() { out.append(LCTraceTestSupport.render(item, reader.symbols)) }
        out.append("bytes \(reader.decompressedBytes)")
        return out
    }

    static var inputs: [(String, [UInt8])] {
        let log = sampleLog + "\n" + #"{"t":9,"ev":"meta","pid":3,"app":"x"}"# + "\n" + "not json\n"
        let whole = zstdFrame(log)
        let corrupt = zstdFrame(sampleLog + "\n") + [0x28, 0xB5, 0x2F, 0xFD, 0x08, 0x00, 0x01, 0x00, 0x00] + zstdFrame(sampleLog)
        let big = zstdFrame(String(repeating: #"{"t":1,"ev":"sys.suspend","pid":1,"x":"padding padding"}"# + "\n", count: 3000))
        return [
            ("whole", whole), ("cut", Array(whole.dropLast(5))), ("corrupt", corrupt), ("big", big),
            ("text", Array(log.utf8)), ("empty", []),
        ]
    }

    @Test("The ring hands on what the decoder does", arguments: slotSizes)
    func sameItems(slot: Int) throws {
        for (name, bytes) in Self.inputs {
            for chunkSize in [1, 500, 256 * 1024] where !(chunkSize == 1 && bytes.count > 10_000) {
                let direct = try Self.render(bytes, chunkSize: chunkSize, slot: nil)
                let threaded = try Self.render(bytes, chunkSize: chunkSize, slot: slot)
                #expect(threaded == direct, "\(name), chunk \(chunkSize), slot \(slot)")
            }
        }
    }

    @Test("A reader dropped before the end stops its producer")
    func earlyDrop() throws {
        let big = zstdFrame(String(repeating: #"{"t":1,"ev":"sys.suspend","pid":1}"# + "\n", count: 20_000))
        for _ in 0..<20 {
            var reader = try LogReader(bytes: big, name: "big", chunkSize: 4096, readAheadSlot: 64)
            #expect(reader.next() != nil)
        }
    }

    @Test("A zstd file is read ahead on a second thread with the same result")
    func fileReadAhead() throws {
        let bytes = zstdFrame(String(repeating: sampleLog + "\n", count: 200))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-readahead-\(UUID()).jsonl.zst")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        let path = url.path
        var threaded = try LogReader(path: path, concurrentDecompression: true)
        var direct = try LogReader(path: path, concurrentDecompression: false)
        var a: [String] = []
        var b: [String] = []
        while let item = threaded.next() { a.append(LCTraceTestSupport.render(item, threaded.symbols)) }
        while let item = direct.next() { b.append(LCTraceTestSupport.render(item, direct.symbols)) }
        #expect(a == b)
        #expect(threaded.bytesRead == Int64(bytes.count))
        #expect(threaded.decompressedBytes == direct.decompressedBytes)
    }
}
