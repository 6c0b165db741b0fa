import Foundation
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
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
        let reader = try LogReader(bytes: bytes, name: "gap.jsonl.zst")
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
}
