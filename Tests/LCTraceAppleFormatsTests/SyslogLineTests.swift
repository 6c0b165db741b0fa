@testable import LCTraceIngest
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

/// The four transcript layouts (../shared/realworld/syslog/SOURCES.md), each from its real shape.
@Suite struct SyslogLineTests {
    @Test func xcodeConsoleLine() throws {
        let line = try #require(
            SyslogLine.parse(
                "2021-04-06 18:22:37.504670+0200 Shop App[5801:4433962] [BackgroundTask] Background Task 1 (\"x\"), was created over 30 seconds ago."))
        #expect(line.layout == .xcode)
        #expect(line.process == "Shop App")
        #expect(line.pid == 5801)
        #expect(line.message.hasPrefix("[BackgroundTask] Background Task 1"))
        let seconds: Int64 = 18 * 3600 + 22 * 60 + 37
        #expect(line.when == .full(year: 2021, month: 4, day: 6, seconds: seconds, nanos: 504_670_000, offset: 7200))
    }

    @Test func consoleCopyWithoutCategoryColumn() throws {
        let line = try #require(
            SyslogLine.parse("default\t15:32:59.532505+0900\trunningboardd\t[application<com.example.Shop>:376] Suspending task."))
        #expect(line.layout == .consoleCopy)
        #expect(line.process == "runningboardd")
        #expect(line.pid == nil)
        #expect(line.message == "[application<com.example.Shop>:376] Suspending task.")
        let seconds: Int64 = 15 * 3600 + 32 * 60 + 59
        #expect(line.when == .timeOfDay(seconds: seconds, nanos: 532_505_000, offset: 32_400))
    }

    @Test func consoleCopyWithCategoryColumn() throws {
        let line = try #require(
            SyslogLine.parse(
                "default\t08:00:54.159327-0600\tSpringBoard\tFrontBoard\t[application<com.example.Shop>:432] Setting process task state to: Running"))
        #expect(line.layout == .consoleCopy)
        #expect(line.process == "SpringBoard")
        #expect(line.message == "[application<com.example.Shop>:432] Setting process task state to: Running")
        let seconds: Int64 = 8 * 3600 + 54
        #expect(line.when == .timeOfDay(seconds: seconds, nanos: 159_327_000, offset: -21_600))
    }

    @Test func consoleWithSubsystemColumnsAtTheEnd() throws {
        let line = try #require(
            SyslogLine.parse(
                "23:11:49.104132+0100\tProcess\t[application<com.example.Shop>:23793] Setting process visibility to: Unknown\tcom.apple.FrontBoard\tFrontBoard\tdefault\tSpringBoard"
            ))
        #expect(line.layout == .consoleColumnsAtEnd)
        #expect(line.process == "SpringBoard")
        #expect(line.message == "[application<com.example.Shop>:23793] Setting process visibility to: Unknown")
    }

    @Test func idevicesyslogLine() throws {
        let line = try #require(
            SyslogLine.parse("Nov 12 12:24:37 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.example.Shop>:796] Resuming task."))
        #expect(line.layout == .idevicesyslog)
        #expect(line.process == "runningboardd")
        #expect(line.pid == 31)
        #expect(line.message == "[application<com.example.Shop>:796] Resuming task.")
        let seconds: Int64 = 12 * 3600 + 24 * 60 + 37
        #expect(line.when == .monthDay(month: 11, day: 12, seconds: seconds))
        let padded = try #require(SyslogLine.parse("Nov  2 09:00:00 My-iPhone Shop(UIKitCore)[88] <Notice>: hello"))
        #expect(padded.when == .monthDay(month: 11, day: 2, seconds: 32_400))
        #expect(padded.process == "Shop")
    }

    /// Prose, comments, the colon-millisecond variant a logger printed, JSON: no layout.
    @Test(arguments: [
        "// The request is piped through SpringBoard",
        "2019-11-28 18:12:32:176 MyApp[886:367181] BgGeo #onAppTerminate.",
        "{\"t\":\"2026-11-20T10:00:00Z\",\"ev\":\"sys.suspend\"}",
        "Background Task 2 (\"GDTCCTUploader-upload\"), was created over 30 seconds ago.",
        "owner = <BSProcessHandle: 0x10073a8b0; app:1849; valid: YES>;",
        "",
    ])
    func linesInNoLayout(_ text: String) {
        #expect(SyslogLine.parse(Substring(text)) == nil)
    }
}
