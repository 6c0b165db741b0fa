import LCTraceCore
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

@testable import LCTraceIngest

/// `--app` on a layout without pids (a Console.app copy) follows both sides of the app:
/// RunningBoard's identity (bundle id) and UIKit's process name.
@Suite struct SyslogAppOptionTests {
    typealias S = SyslogReaderTests

    /// The Console.app story with a line about a second app (on the side `--app` does not
    /// name), so that `--app` is needed while the other side names one app only.
    @Test(arguments: [
        (
            "com.example.Shop",
            "default\t10:06:00.000000+0000\trunningboardd\t[application<com.example.Mail>:900] Suspending task.\n"
        ),
        ("Shop", "default\t10:06:00.000000+0000\tMail\tEnding background task with UIBackgroundTaskIdentifier: 3\n"),
    ])
    func appByEitherNameKeepsBothSides(_ app: String, _ other: String) throws {
        let (items, verdicts, _) = try S.read(S.consoleStory + other, app: app)
        #expect(items.contains { $0.contains("bgtask.begin") && $0.contains("pid=812") }, "\(items)")
        #expect(items.contains { $0.contains("sys.suspend") && $0.contains("pid=812") }, "\(items)")
        #expect(items.contains { $0.contains("sys.kill") && $0.contains("pid=812") }, "\(items)")
        #expect(!items.contains { $0.contains("pid=900") || $0.contains("task=3") }, "\(items)")
        #expect(verdicts.map(\.rule) == [.bgtaskOverrun, .bgtaskExpiredNotEnded])
    }

    /// A pid that ties the only UIKit process to another process is not overridden.
    @Test func aContradictingPidKeepsTheSidesApart() throws {
        let text = """
            2026-11-20 10:00:00.100000+0000 Shop[700:4433962] [BackgroundTask] Created background task <_UIBackgroundTaskInfo: 0x283f1c0c0>: taskID = 7, taskName = Sync, creationTime = 5000 (elapsed = 0).
            default\t10:00:45.600100+0000\trunningboardd\t[application<com.example.Shop>:812] Suspending task.
            default\t10:00:46.000000+0000\trunningboardd\t[application<com.example.Mail>:900] Suspending task.

            """
        let (items, _, _) = try S.read(text, app: "com.example.Shop")
        #expect(!items.contains { $0.contains("bgtask.begin") }, "\(items)")
        #expect(items.contains { $0.contains("sys.suspend") && $0.contains("pid=812") }, "\(items)")
    }
}

extension SyslogAppOptionTests {
    /// When both sides name several apps, `--app` follows only the side it names (fail closed).
    @Test func bothSidesAmbiguousFollowsOnlyTheNamedSide() throws {
        let text =
            S.consoleStory
            + "default\t10:06:00.000000+0000\trunningboardd\t[application<com.example.Mail>:900] Suspending task.\n"
            + "default\t10:06:01.000000+0000\tMail\tEnding background task with UIBackgroundTaskIdentifier: 3\n"
        let (items, _, _) = try S.read(text, app: "Shop")
        #expect(items.contains { $0.contains("bgtask.begin") }, "\(items)")
        #expect(!items.contains { $0.contains("sys.") }, "\(items)")
    }
}
