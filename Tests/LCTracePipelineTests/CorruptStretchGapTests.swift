import Foundation
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// A corrupt stretch in the middle of a zstd log, skipped under LC403 with reading resumed at
/// the next frame, is a gap (SPEC §5): what the lost lines did is unknown, so the records after
/// it raise no transition finding of their own. An LC403 at the end of a log is no gap.
@Suite struct CorruptStretchGapTests {
    /// One zstd frame holding `text`.
    static func frame(_ text: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        let writer = ZstdFrameWriter { bytes.append(contentsOf: $0) }
        try writer.write(text)
        try writer.finish()
        return bytes
    }

    /// A frame header with a reserved bit set: zstd refuses it, reading resumes after it.
    static let corrupt: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x08, 0x00, 0x01, 0x00, 0x00]

    static let before = """
        {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
        {"t":0.3,"ev":"app.didFinishLaunching","pid":1}
        {"t":0.5,"ev":"app.didBecomeActive","pid":1}
        {"t":2,"ev":"app.willResignActive","pid":1}
        {"t":2.1,"ev":"app.didEnterBackground","pid":1}
        {"t":2.2,"ev":"bgtask.begin","pid":1,"task":7}

        """

    static func replay(_ bytes: [UInt8]) throws -> FileResult {
        let reader = try openLog(bytes: bytes, name: "gap.jsonl.zst")
        return FileReplay.replay(reader, configuration: ReplayConfiguration())
    }

    static func describe(_ result: FileResult) -> [String] {
        result.findings.map { "\($0.line): \($0.rule.id) \($0.message)" }
    }

    @Test("A corrupt stretch between didEnterBackground and didBecomeActive: LC403 alone, no LC100")
    func gapBeforeActivation() throws {
        let after = """
            {"t":9,"ev":"app.didBecomeActive","pid":1}
            {"t":9.5,"ev":"bgtask.end","pid":1,"task":7}

            """
        let whole = try Self.replay(Self.frame(Self.before) + Self.frame(after))
        #expect(whole.findings.map(\.rule) == [.illegalTransition], "\(Self.describe(whole))")
        let gapped = try Self.replay(Self.frame(Self.before) + Self.corrupt + Self.frame(after))
        #expect(gapped.findings.map(\.rule) == [.truncatedLog], "\(Self.describe(gapped))")
        #expect(gapped.findings.first?.line == 7)
        #expect(gapped.events == 8)
    }

    @Test("A corrupt stretch between a bgtask begin and a suspension: no LC300 (the end may be lost)")
    func gapBeforeSuspension() throws {
        let after = #"{"t":9,"ev":"sys.suspend","pid":1}"# + "\n"
        let whole = try Self.replay(Self.frame(Self.before) + Self.frame(after))
        #expect(whole.findings.map(\.rule) == [.bgtaskLeaked], "\(Self.describe(whole))")
        let gapped = try Self.replay(Self.frame(Self.before) + Self.corrupt + Self.frame(after))
        #expect(gapped.findings.map(\.rule) == [.truncatedLog], "\(Self.describe(gapped))")
    }

    @Test("Findings after the corrupt stretch still work once an event implied the state")
    func findingsAfterTheStretch() throws {
        let after = """
            {"t":9,"ev":"app.didEnterBackground","pid":1}
            {"t":10,"ev":"app.didBecomeActive","pid":1}

            """
        let gapped = try Self.replay(Self.frame(Self.before) + Self.corrupt + Self.frame(after))
        #expect(gapped.findings.map(\.rule) == [.truncatedLog, .illegalTransition], "\(Self.describe(gapped))")
        #expect(gapped.findings.map(\.line) == [7, 9])
    }

    @Test("An LC403 at the end of the log is no gap: the open task is still LC304")
    func cutAtTheEndIsNoGap() throws {
        let result = try Self.replay(Self.frame(Self.before) + Self.corrupt)
        #expect(result.findings.map(\.rule) == [.bgtaskOpenAtEnd, .truncatedLog], "\(Self.describe(result))")
    }

    /// A clean log of one process, every record a whole line.
    static let clean = """
        {"t":0,"ev":"process.launch","pid":1,"reason":"user"}
        {"t":0.3,"ev":"app.didFinishLaunching","pid":1}
        {"t":0.5,"ev":"app.didBecomeActive","pid":1}
        {"t":2,"ev":"app.willResignActive","pid":1}
        {"t":2.1,"ev":"app.didEnterBackground","pid":1}
        {"t":3,"ev":"app.willEnterForeground","pid":1}
        {"t":3.2,"ev":"app.didBecomeActive","pid":1}
        {"t":4,"ev":"app.willResignActive","pid":1}
        {"t":4.1,"ev":"app.didEnterBackground","pid":1}
        {"t":5,"ev":"app.willEnterForeground","pid":1}
        {"t":5.2,"ev":"app.didBecomeActive","pid":1}

        """

    /// Split points inside lines 2–10 of ``clean``: the byte offsets at a line's start + 1,
    /// its middle and its end − 1, so that the frames around a corrupt one cut lines.
    static var midLineCuts: [Int] {
        var cuts: [Int] = []
        var start = 0
        for (n, line) in clean.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if (1...9).contains(n) { cuts += [start + 1, start + line.count / 2, start + line.count - 1] }
            start += line.count + 1
        }
        return cuts
    }

    /// `clean` in three frames split at `a` and `b`, the middle one corrupt (its bytes lost).
    static func threeFrames(_ text: String, _ a: Int, _ b: Int) throws -> [UInt8] {
        let bytes = Array(text.utf8)
        return try frame(String(decoding: bytes[..<a], as: UTF8.self)) + corrupt
            + frame(String(decoding: bytes[b...], as: UTF8.self))
    }

    @Test(
        "A corrupt frame between frames that split lines: one LC403, no LC401 for the cut line's tail, at every split and read size",
        arguments: [1, 7, 64, 4096])
    func aCutLineIsPartOfTheGap(chunkSize: Int) throws {
        let cuts = Self.midLineCuts
        for (i, a) in cuts.enumerated() {
            // The lost stretch ends in the same line, the next line or a few lines on.
            for b in cuts[i...].prefix(4) where b > a {
                let bytes = try Self.threeFrames(Self.clean, a, b)
                let reader = try openLog(bytes: bytes, name: "gap.jsonl.zst", chunkSize: chunkSize)
                let result = FileReplay.replay(reader, configuration: ReplayConfiguration())
                #expect(
                    result.findings.map(\.rule) == [.truncatedLog], "split at \(a) and \(b): \(Self.describe(result))")
            }
        }
    }

    /// ``clean`` with a nested value in every record: `"extra":{"k":"v","l":[1,{"m":2}]}`.
    static var nested: String {
        clean.split(separator: "\n").map { $0.dropLast() + #","extra":{"k":"v","l":[1,{"m":2}]}}"# }.joined(separator: "\n") + "\n"
    }

    @Test(
        "A corrupt frame that ends just before a nested object or array: the tail ('{\"k\":\"v\"…}}') is part of the gap, no LC401",
        arguments: [1, 64, 4096])
    func aCutBeforeANestedValueIsPartOfTheGap(chunkSize: Int) throws {
        let text = Self.nested
        let bytes = Array(text.utf8)
        // Every '{' and '[' that is not the first byte of its line, in lines 2–10.
        var starts: [Int] = []
        var lineStart = 0
        for (n, line) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            if (1...9).contains(n) {
                for (k, byte) in line.enumerated() where k > 0 && (byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")) {
                    starts.append(lineStart + k)
                }
            }
            lineStart += line.count + 1
        }
        #expect(starts.count == 27)
        let a = Self.midLineCuts[1]
        for b in starts where b > a {
            let framed =
                try Self.frame(String(decoding: bytes[..<a], as: UTF8.self)) + Self.corrupt
                + Self.frame(String(decoding: bytes[b...], as: UTF8.self))
            let result = FileReplay.replay(
                try openLog(bytes: framed, name: "gap.jsonl.zst", chunkSize: chunkSize), configuration: ReplayConfiguration())
            #expect(result.findings.map(\.rule) == [.truncatedLog], "gap ends at \(b): \(Self.describe(result))")
        }
    }

    @Test("A genuinely malformed line after the gap is still LC401, whole or after the cut line's tail", arguments: [1, 64, 4096])
    func aMalformedLineAfterTheGapIsStillReported(chunkSize: Int) throws {
        let bad = #"{"t":6,"ev":"app.willResignActive","pid":1"# + "\n"
        let badRecord = #"{"t":6,"pid":1}"# + "\n"
        for broken in [bad, badRecord] {
            // The frame after the gap starts with the cut line's tail, then the malformed line.
            let cut = Self.midLineCuts[4]
            let bytes =
                try Self.frame(String(Self.clean.utf8.prefix(cut))!) + Self.corrupt
                + Self.frame(String(Self.clean.utf8.dropFirst(cut + 3))! + broken)
            let tailFirst = FileReplay.replay(
                try openLog(bytes: bytes, name: "gap.jsonl.zst", chunkSize: chunkSize), configuration: ReplayConfiguration())
            #expect(tailFirst.findings.map(\.rule) == [.truncatedLog, .malformedRecord], "\(Self.describe(tailFirst))")
            // The frame after the gap starts with the malformed line itself, whole.
            let whole = try Self.frame(Self.before) + Self.corrupt + Self.frame(broken + Self.clean)
            let first = FileReplay.replay(
                try openLog(bytes: whole, name: "gap.jsonl.zst", chunkSize: chunkSize), configuration: ReplayConfiguration())
            #expect(first.findings.map(\.rule).filter { $0 == .malformedRecord }.count == 1, "\(Self.describe(first))")
        }
    }
}
