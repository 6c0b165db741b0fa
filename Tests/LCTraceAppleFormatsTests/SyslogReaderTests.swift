import Foundation
import LCTraceCore
@testable import LCTraceIngest
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

/// Transcripts of what iOS logged, read as lifecycle records (docs/SYSTEM-LOGS.md).
@Suite struct SyslogReaderTests {
    /// 2026-11-20T10:00:00Z in nanoseconds.
    static let base: Int64 = 1_795_168_800_000_000_000

    /// A Console.app copy of the story: a task begun, warned at 30 s, not ended after its
    /// expiration handler, the app suspended (three messages saying so) and killed.
    static let consoleStory =
        [
            "default\t10:00:00.100000+0000\tShop\tCreated background task <_UIBackgroundTaskInfo: 0x283f1c0c0>: taskID = 7, taskName = Called by Shop, from -[Uploader start], creationTime = 5000 (elapsed = 0).",
            "default\t10:00:01.000000+0000\tSpringBoard\t[application<com.example.Shop>:812] Setting process visibility to: Background",
            "default\t10:00:31.200000+0000\tShop\tBackground Task 7 (\"Called by Shop, from -[Uploader start]\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
            "default\t10:00:40.500000+0000\tShop\tBackground task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x283f1c0c0>: taskID = 7, taskName = Called by Shop, from -[Uploader start], creationTime = 5000 (elapsed = 40). This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.",
            "default\t10:00:45.600000+0000\trunningboardd\tCalculated state for application<com.example.Shop>: running-suspended (role: None)",
            "default\t10:00:45.600100+0000\trunningboardd\t[application<com.example.Shop>:812] Suspending task.",
            "default\t10:00:45.601000+0000\tSpringBoard\t[application<com.example.Shop>:812] Setting process task state to: Suspended",
            "default\t10:05:00.000000+0000\trunningboardd\t[application<com.example.Shop>:812] termination reported by launchd (2, 10, 10)",
        ].joined(separator: "\n") + "\n"

    static func read(
        _ text: String, format: LogInputFormat = .syslog, date: String? = "2026-11-20", app: String? = nil, chunkSize: Int = 256 * 1024
    ) throws -> (items: [String], verdicts: [Finding], system: Bool) {
        var filter = UnifiedLogFilter()
        filter.syslog = SyslogOptions(date: date, app: app)
        var reader = try openLog(bytes: Array(text.utf8), name: "t.txt", chunkSize: chunkSize, inputFormat: format, filter: filter)
        var out: [String] = []
        while let item = reader.next() { out.append(render(item, reader.symbols)) }
        return (out, reader.systemEvidenceVerdicts, reader.isSystemLog)
    }

    @Test(arguments: [1, 7, 256 * 1024])
    func consoleStoryBecomesObserverRecords(chunkSize: Int) throws {
        let (items, verdicts, system) = try Self.read(Self.consoleStory, format: .auto, chunkSize: chunkSize)
        #expect(system)
        let b = Self.base
        #expect(
            items == [
                "1: bgtask.begin t=\(b + 100_000_000) pid=812 task=#7 name=Called by Shop, from -[Uploader start]",
                "4: bgtask.expire t=\(b + 40_500_000_000) pid=812 task=#7 name=Called by Shop, from -[Uploader start]",
                "5: sys.suspend t=\(b + 45_600_000_000) pid=812",
                "8: sys.kill t=\(b + 300_000_000_000) pid=812 reason=termination reported by launchd(other)",
            ])
        #expect(verdicts.map(\.rule) == [.bgtaskOverrun, .bgtaskExpiredNotEnded])
        #expect(verdicts.map(\.line) == [3, 4])
        #expect(verdicts.allSatisfy { $0.source == .system && $0.pid == 812 && $0.task == .number(7) })
        #expect(verdicts[0].message == "UIKit reported task '7' still open more than 30 s after it began, in background")
    }

    @Test func xcodeConsoleLinesCarryTheirOwnDateAndPid() throws {
        let text = """
            2026-11-20 11:00:00.250000+0100 Shop[812:4433962] [BackgroundTask] Ending background task with UIBackgroundTaskIdentifier: 3
            2026-11-20 11:00:01.000000+0100 Shop[812:4433962] Can't end BackgroundTask: no background task exists with identifier 3 (0x3), or it may have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug.
            2026-11-20 11:00:02.000000+0100 Shop[812:4433962] CDVBackgroundGeolocation appTerminate

            """
        let (items, verdicts, _) = try Self.read(text, format: .auto, date: nil)
        #expect(
            items == [
                "1: bgtask.end t=\(Self.base + 250_000_000) pid=812 task=#3",
                "2: bgtask.end t=\(Self.base + 1_000_000_000) pid=812 task=#3",
            ])
        #expect(verdicts.map(\.rule) == [.bgtaskUnmatchedEnd])
        #expect(verdicts.first?.message == "UIKit reported 'bgtask.end' for task '3' that does not exist")
    }

    @Test func idevicesyslogTakesTheYearFromDate() throws {
        let text = """
            Nov 20 10:00:00 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.example.Shop>:796] Suspending task.
            Nov 20 10:00:09 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.example.Shop>:796] Resuming task.
            Nov 20 10:00:09 iPad SpringBoard(FrontBoard)[510] <Notice>: [application<com.example.Shop>:796] Setting process task state to: Running
            """
        let (items, _, _) = try Self.read(text, format: .auto)
        #expect(items == ["1: sys.suspend t=\(Self.base) pid=796", "2: sys.resume t=\(Self.base + 9_000_000_000) pid=796"])
    }

    @Test func timeOfDayRollsOverAtMidnight() throws {
        let text = """
            default\t23:59:59.500000+0000\trunningboardd\t[application<com.example.Shop>:5] Suspending task.
            default\t00:00:00.500000+0000\trunningboardd\t[application<com.example.Shop>:5] Resuming task.
            """
        let (items, _, _) = try Self.read(text, date: "2026-11-19")
        #expect(items == ["1: sys.suspend t=\(Self.base - 36_000_500_000_000) pid=5", "2: sys.resume t=\(Self.base - 35_999_500_000_000) pid=5"])
    }

    /// A WebKit helper of the app is another process: it never moves the app.
    @Test func anotherProcessNeverMovesTheApp() throws {
        let text = """
            default\t14:55:04.002595+0100\trunningboardd\t[xpcservice<com.apple.WebKit.WebContent([application<com.example.Shop>:716])>:721:721] Suspending task.
            default\t14:55:04.002696+0100\trunningboardd\tCalculated state for xpcservice<com.apple.WebKit.WebContent([application<com.example.Shop>:716])>:717: none (role: None)
            default\t14:55:05.000000+0100\trunningboardd\t[application<com.example.Shop>:716] Suspending task.
            """
        let (items, _, _) = try Self.read(text)
        // The first line in a layout that says nothing carries a `meta` naming the app.
        #expect(items.count == 2)
        #expect(items.first?.hasPrefix("1: meta ") == true)
        #expect(items.first?.contains("app=com.example.Shop ") == true)
        #expect(items.last?.hasPrefix("3: sys.suspend") == true)
    }

    @Test func severalAppsNeedAppOption() throws {
        let text = """
            default\t10:00:00.000000+0000\trunningboardd\t[application<com.example.Shop>:5] Suspending task.
            default\t10:00:01.000000+0000\trunningboardd\t[application<com.example.Mail>:6] Suspending task.
            """
        do {
            _ = try Self.read(text)
            Issue.record("expected an error")
        } catch let error as IngestError {
            #expect(error.path == "t.txt")
            #expect(error.reason == "several apps are named ('com.example.Mail', 'com.example.Shop'): choose one with --app")
        }
        let (items, _, _) = try Self.read(text, app: "com.example.Mail")
        #expect(items == ["2: sys.suspend t=\(Self.base + 1_000_000_000) pid=6"])
    }

    /// `--input-format syslog` on text with no line in any layout (a message pasted without its
    /// console columns, a quoted crash report): unreadable, never an empty clean replay; blank
    /// text stays an empty log.
    @Test func textWithNoLineInALayoutIsUnreadable() throws {
        let bare =
            "[BackgroundTask] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x2833cf1c0>: taskID = 96, taskName = Called by Test, creationTime = 159368 (elapsed = 27). This app will likely be terminated by the system.\n"
        for text in [bare, "> Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d\n"] {
            do {
                _ = try Self.read(text)
                Issue.record("expected an error for \(text)")
            } catch let error as IngestError {
                #expect(error.path == "t.txt")
                #expect(error.reason.hasPrefix("no line is in a system-log layout"), "\(error.reason)")
            }
        }
        #expect(try Self.read("\n  \n").items.isEmpty)
    }

    @Test func badDateIsAnError() throws {
        do {
            _ = try Self.read(Self.consoleStory, date: "20.11.2026")
            Issue.record("expected an error")
        } catch let error as IngestError {
            #expect(error.reason == "'--date' must be YYYY-MM-DD, found '20.11.2026'")
        }
    }

    /// A debugged app's watchdog is ignored: its violation is no kill.
    @Test func ignoredWatchdogIsNoKill() throws {
        let text = """
            default\t08:16:48.296225-0700\tSpringBoard\t[application<com.example.Shop>:1462] Ignoring <FBProcessWatchdog: 0x28175f7f0; name: process-launch> for reason: process is being debugged
            error\t08:16:48.297075-0700\tSpringBoard\t[application<com.example.Shop>:1462] Provision violated for watchdog process-launch: <FBSProcessResourceProvision: 0x281830800; allowance: <; FBSProcessResourceAllowance; type: realTime; timeValue: 20.0s>; violated: YES>
            """
        #expect(try Self.read(text).items.isEmpty)
        let killed = try Self.read(String(text.split(separator: "\n")[1]))
        #expect(killed.items.count == 1)
        #expect(killed.items.first?.contains("sys.kill") == true)
        #expect(killed.items.first?.contains("reason=watchdog(watchdog)") == true)
    }

    /// Native NDJSON and unified-log exports are not transcripts.
    @Test func nativeLogsAreNotTranscripts() throws {
        let (items, _, system) = try Self.read("{\"t\":1,\"ev\":\"sys.suspend\",\"pid\":1}\n", format: .auto)
        #expect(!system)
        #expect(items == ["1: sys.suspend t=1000000000 pid=1"])
    }

    /// Recognised by content, compressed or not, whatever the file is called.
    @Test func zstdTranscriptFileIsRecognisedByContent() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-syslog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("capture.bin").path
        try Data(zstdFrame(Self.consoleStory)).write(to: URL(fileURLWithPath: path))
        var filter = UnifiedLogFilter()
        filter.syslog.date = "2026-11-20"
        var reader = try openLog(path: path, filter: filter)
        var events: [String] = []
        while let item = reader.next() {
            if case .record(let r) = item { events.append("\(r.line):\(r.event.canonicalName)") }
        }
        let system = reader.isSystemLog
        #expect(system)
        #expect(events == ["1:bgtask.begin", "4:bgtask.expire", "5:sys.suspend", "8:sys.kill"])
    }

    /// A transcript past the in-memory limit: what fits is replayed, the cut is LC403 (the
    /// limit is 256 MiB; a small one here). The partial last line is dropped.
    @Test func transcriptPastTheLimitIsCut() throws {
        let text = Array(Self.consoleStory.utf8)
        let limit = Self.consoleStory.split(separator: "\n")[0].utf8.count + 10
        let system = try #require(
            try LogOpener.systemLog(
                source: .memory(MemorySource(bytes: text, chunkSize: 64)), displayName: "big.txt", inputFormat: .syslog,
                options: SyslogOptions(date: "2026-11-20"), limits: .default, maximumBytes: limit))
        let native = String(decoding: system.native, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(native.first?.contains("\"ev\":\"bgtask.begin\"") == true)
        #expect(native.count == 2)
        let cut = try #require(system.verdicts.last?.finding)
        #expect(cut.rule == .truncatedLog)
        #expect(cut.line == 2)
        #expect(cut.message == "transcript longer than \(limit) bytes: the rest is not read")
    }
}
