import Foundation
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// A corrupt stretch in a zstd-compressed unified-log export is one LC403, as in a native log
/// (CorruptStretchGapTests): the rest of the entry the stretch cut (the rest of the NDJSON
/// line, the rest of the `--style json` record over many lines) is part of the gap, not LC401.
@Suite struct ExportCorruptStretchGapTests {
    /// The two export styles of one sample.
    static let styles = ["oslog-killed-in-background.ndjson", "oslog-json-killed-in-background.json"]

    static func source(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: RepositoryPaths.traces.appendingPathComponent("src").appendingPathComponent(name)))
    }

    /// `text` in three frames split at `a` and `b`, the middle one corrupt (its bytes lost).
    static func threeFrames(_ text: [UInt8], _ a: Int, _ b: Int) throws -> [UInt8] {
        try CorruptStretchGapTests.frame(String(decoding: text[..<a], as: UTF8.self)) + CorruptStretchGapTests.corrupt
            + CorruptStretchGapTests.frame(String(decoding: text[b...], as: UTF8.self))
    }

    static func replay(_ bytes: [UInt8], chunkSize: Int) throws -> FileResult {
        let reader = try openLog(bytes: bytes, name: "gap.zst", chunkSize: chunkSize)
        return FileReplay.replay(reader, configuration: ReplayConfiguration())
    }

    /// Cut points spread over the text: the stretch starts at `a` and ends at `b`, in the same
    /// line, the next one, or further on (for the array form, in the same record or a later one).
    static func cuts(_ count: Int) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        for start in stride(from: count / 9, to: count * 8 / 10, by: count / 9) {
            for length in [3, 37, 151, 600] where start + length < count - 1 { pairs.append((start, start + length)) }
        }
        return pairs
    }

    static func describe(_ result: FileResult) -> [String] {
        result.findings.map { "\($0.line): \($0.rule.id) \($0.message)" }
    }

    @Test(
        "A corrupt frame in an export: exactly one LC403 and no LC401, for both styles, at several cut points and read sizes",
        arguments: styles, [1, 64, 4096])
    func aCutEntryIsPartOfTheGap(style: String, chunkSize: Int) throws {
        let text = try Self.source(style)
        let pairs = Self.cuts(text.count)
        #expect(pairs.count >= 20)
        for (a, b) in pairs {
            let result = try Self.replay(Self.threeFrames(text, a, b), chunkSize: chunkSize)
            let rules = result.findings.map(\.rule)
            #expect(rules.filter { $0 == .truncatedLog }.count == 1, "\(style) cut \(a)..<\(b): \(Self.describe(result))")
            #expect(!rules.contains(.malformedRecord), "\(style) cut \(a)..<\(b): \(Self.describe(result))")
        }
    }

    @Test("The repro of issue 22: the third of 1000-byte frames corrupt, one LC403 at the line the damage falls in", arguments: styles)
    func thirdFrameCorrupt(style: String) throws {
        let text = try Self.source(style)
        let result = try Self.replay(Self.threeFrames(text, 2000, 3000), chunkSize: 4096)
        #expect(result.findings.filter { $0.rule == .malformedRecord }.isEmpty, "\(Self.describe(result))")
        let gaps = result.findings.filter { $0.rule == .truncatedLog }
        #expect(gaps.count == 1, "\(Self.describe(result))")
        // One past the last whole export line before byte 2000.
        let line = text[..<2000].filter { $0 == 0x0A }.count + 1
        #expect(gaps.first?.line == line, "\(Self.describe(result))")
    }

    /// A malformed entry in each style: a syntax error the translator reports as LC401.
    static func malformed(_ style: String) -> String {
        style.hasSuffix(".ndjson") ? #"{"eventMessage":"x",,"timestamp":"y"}"# + "\n" : "{\n  \"eventMessage\" : \"x\",,\n  \"timestamp\" : \"y\"\n},"
    }

    @Test("A genuinely malformed entry after the gap is still LC401", arguments: styles, [1, 64, 4096])
    func aMalformedEntryAfterTheGapIsStillReported(style: String, chunkSize: Int) throws {
        let text = try Self.source(style)
        let ndjson = style.hasSuffix(".ndjson")
        for (a, b) in Self.cuts(text.count) {
            // The next entry boundary after b: the next line (NDJSON) or the next `},{` (array).
            let marker: [UInt8] = ndjson ? [0x0A] : Array("},{".utf8)
            guard let at = (b..<(text.count - marker.count)).first(where: { text[$0..<($0 + marker.count)].elementsEqual(marker) })
            else { continue }
            let insert = ndjson ? at + 1 : at + 2
            let broken = Array(text[..<insert]) + Array(Self.malformed(style).utf8) + Array(text[insert...])
            let result = try Self.replay(Self.threeFrames(broken, a, b), chunkSize: chunkSize)
            let rules = result.findings.map(\.rule)
            #expect(rules.filter { $0 == .truncatedLog }.count == 1, "\(style) cut \(a)..<\(b): \(Self.describe(result))")
            #expect(rules.filter { $0 == .malformedRecord }.count == 1, "\(style) cut \(a)..<\(b): \(Self.describe(result))")
            // The LC401 names the malformed entry's line.
            let line = broken[..<insert].filter { $0 == 0x0A }.count + 1 - broken[a..<b].filter { $0 == 0x0A }.count + 1
            #expect(
                result.findings.first { $0.rule == .malformedRecord }?.line == line, "\(style) cut \(a)..<\(b): \(Self.describe(result))")
        }
    }
}
