import Foundation
import LCTraceCore
@testable import LCTraceIngest
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

/// The start of an input is read once: the transcript test's 64 KiB are given back to the
/// reader (``StreamDecoder/unread(_:)``) instead of the input being opened and decoded again,
/// and what the reader hands out is exactly what a read without the test gives.
@Suite struct SniffHandBackTests {
    /// About 150 KiB of NDJSON: past the 64 KiB the transcript test reads, with a malformed
    /// line, a CRLF and a blank line in it.
    static let text: [UInt8] = {
        var s = ""
        for i in 0..<2_000 {
            s += #"{"t":\#(i),"ev":"app.didBecomeActive","pid":\#(i % 7 + 1),"scene":"s-\#(i % 13)"}"#
            s += i % 97 == 5 ? "\r\n" : "\n"
            if i == 1_500 { s += "not json\n\n" }
        }
        return Array(s.utf8)
    }()

    /// Every item and the reader's counters.
    static func read(_ reader: inout LogReader) -> [String] {
        var out: [String] = []
        while let item = reader.next() { out.append(render(item, reader.symbols)) }
        out.append("read \(reader.bytesRead), decoded \(reader.decompressedBytes)")
        return out
    }

    static func inputs() -> [(String, [UInt8])] {
        let third = text.count / 3
        let frames =
            zstdFrame(Array(text[..<third])) + zstdFrame(Array(text[third..<(2 * third)]))
            + zstdFrame(Array(text[(2 * third)...]))
        return [("plain", text), ("one frame", zstdFrame(text)), ("three frames", frames)]
    }

    @Test(arguments: [7, 4096, 256 * 1024], [nil, 64] as [Int?])
    func autoReadsAsNative(chunkSize: Int, slot: Int?) throws {
        for (name, bytes) in Self.inputs() {
            var auto = try openLog(bytes: bytes, name: "t", chunkSize: chunkSize, readAheadSlot: slot, inputFormat: .auto)
            var native = try openLog(bytes: bytes, name: "t", chunkSize: chunkSize, readAheadSlot: slot, inputFormat: .native)
            #expect(Self.read(&auto) == Self.read(&native), "\(name)")
        }
    }

    /// Damage after the given-back start: a corrupt frame, a cut, the size limit.
    @Test func damageAfterTheStartReadsAsNative() throws {
        let first = zstdFrame(Array(Self.text[..<100_000]))
        var corrupt = zstdFrame(Array(Self.text[100_000...]))
        corrupt[corrupt.count / 2] ^= 0xFF
        let cases: [(String, [UInt8], IngestLimits)] = [
            ("corrupt second frame", first + corrupt + first, .default),
            ("cut", Array((first + zstdFrame(Array(Self.text[100_000...]))).dropLast(40)), .default),
            ("limit", zstdFrame(Self.text), IngestLimits(maximumDecompressedBytes: 90_000)),
        ]
        for (name, bytes, limits) in cases {
            var auto = try openLog(bytes: bytes, name: "t", chunkSize: 4096, inputFormat: .auto, limits: limits)
            var native = try openLog(bytes: bytes, name: "t", chunkSize: 4096, inputFormat: .native, limits: limits)
            let a = Self.read(&auto)
            #expect(a == Self.read(&native), "\(name)")
            #expect(a.contains { $0.contains("truncated") }, "\(name): \(a.suffix(3))")
        }
    }

    @Test(arguments: [true, false])
    func fileAutoReadsAsNative(concurrent: Bool) throws {
        for (name, bytes) in Self.inputs() {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-sniff-\(UUID()).log")
            defer { try? FileManager.default.removeItem(at: url) }
            try Data(bytes).write(to: url)
            var auto = try openLog(path: url.path, inputFormat: .auto, concurrentDecompression: concurrent)
            var native = try openLog(path: url.path, inputFormat: .native, concurrentDecompression: concurrent)
            #expect(Self.read(&auto) == Self.read(&native), "\(name)")
        }
    }

    /// A log past 64 KiB is decided on its start and handed back open; a short one, decided at
    /// its end, is opened again.
    @Test func longLogIsHandedBackShortOneReopened() throws {
        for (bytes, handedBack) in [(zstdFrame(Self.text), true), (Array(Self.text[..<1000]), false)] {
            let sniffed = try LogOpener.sniffSystemLog(
                source: .memory(MemorySource(bytes: bytes, chunkSize: 4096)), displayName: "t", inputFormat: .auto,
                options: SyslogOptions(), limits: .default)
            switch consume sniffed {
            case .native(let stream):
                stream.close()
                #expect(handedBack)
            case .reopen: #expect(!handedBack)
            case .system: Issue.record("read as a transcript")
            }
        }
    }

    @Test func unreadHandsTheBytesOutAgainThenGoesOn() throws {
        var stream = try StreamDecoder(
            source: .memory(MemorySource(bytes: zstdFrame(Self.text), chunkSize: 4096)), path: "t")
        var first: [UInt8] = []
        if case .data(let bytes) = stream.next() { first = Array(bytes) }
        #expect(!first.isEmpty)
        let decoded = stream.decodedBytes
        stream.unread(first)
        #expect(stream.decodedBytes == decoded)
        var all: [UInt8] = []
        reading: while true {
            switch stream.next() {
            case .data(let bytes): all += bytes
            case .end: break reading
            case .failed(let message, _, _):
                Issue.record("\(message)")
                break reading
            }
        }
        stream.close()
        #expect(all == Self.text)
    }
}
