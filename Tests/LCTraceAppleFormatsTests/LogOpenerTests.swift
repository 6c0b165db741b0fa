import LCTraceCore
import LCTraceIngest
import LCTraceTestSupport
import Testing

@testable import LCTraceAppleFormats

/// The one opener: every format is sniffed, opened and described in one place, with one
/// `ReadOptions` value.
@Suite struct LogOpenerTests {
    static let export = Export.ndjson([Export.log("app.didBecomeActive")])

    /// What `auto` opens each format as, and what travels with the reader.
    @Test(arguments: [
        ("native", LogInputFormat.auto, false, false),
        ("export", .auto, true, false),
        ("transcript", .auto, false, true),
        ("transcript", .syslog, false, true),
        ("export", .native, false, false),
    ])
    func eachFormatIsOpenedAsItIs(input: String, format: LogInputFormat, isExport: Bool, isTranscript: Bool) throws {
        let text = ["native": sampleLog, "export": Self.export, "transcript": SyslogReaderTests.consoleStory][input]!
        var filter = UnifiedLogFilter()
        filter.syslog.date = "2026-11-20"
        var reader = try LogOpener.open(
            bytes: Array(text.utf8), name: "t", options: ReadOptions(inputFormat: format, filter: filter))
        let items = readAll(&reader)
        #expect(!items.isEmpty)
        #expect(reader.isUnifiedLogExport == isExport)
        #expect(reader.isSystemLog == isTranscript)
        #expect((reader.evidence != nil) == (isExport || isTranscript || format == .auto))
    }

    /// The audit's description of a file found in a walk: only `auto` skips anything, and a
    /// transcript, a zstd file or a line that starts like a record is never skipped.
    @Test(arguments: [
        (Array("# README\nsome text\n".utf8), LogInputFormat.auto, true),
        (Array("# README\nsome text\n".utf8), .native, false),
        (Array("{\"t\":1,\"ev\":\"sys.resume\"}\n".utf8), .auto, false),
        (Array("[{\"eventMessage\":\"x\"}]\n".utf8), .auto, false),
        ([0x1F, 0x8B, 0x08, 0x00, 0x41], .auto, true),  // gzip
        ([0x28, 0xB5, 0x2F, 0xFD, 0x41], .auto, false),  // zstd
    ])
    func aWalkSkipsOnlyWhatIsClearlyNotALog(head: [UInt8], format: LogInputFormat, skipped: Bool) {
        let reason = LogOpener.notALogReason(head[...], options: ReadOptions(inputFormat: format))
        #expect((reason != nil) == skipped, "\(reason ?? "nil")")
        #expect(reason.map { $0.hasPrefix("not a lifecycle log: ") } ?? true)
        #expect(LogOpener.notALogReason(Array(SyslogReaderTests.consoleStory.utf8)[...], options: ReadOptions()) == nil)
    }
}
