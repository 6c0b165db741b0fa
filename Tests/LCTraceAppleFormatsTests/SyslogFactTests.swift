@testable import LCTraceIngest
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

/// Each message pattern, in the wording iOS printed (../shared/realworld/syslog/SOURCES.md),
/// with our own app names; and the messages that must move nothing.
@Suite struct SyslogFactTests {
    typealias ID = SyslogFact.Identity

    static let recognised: [(String, SyslogFact)] = [
        (
            "Created background task <_UIBackgroundTaskInfo: 0x13bc75040>: taskID = 3, taskName = com.example.cleanup, creationTime = 640139 (elapsed = 0).",
            .taskCreated(id: 3, name: "com.example.cleanup")
        ),
        ("Ending background task with UIBackgroundTaskIdentifier: 3", .taskEnding(id: 3)),
        ("[com.apple.UIKit:BackgroundTask] Ending background task with UIBackgroundTaskIdentifier: 2", .taskEnding(id: 2)),
        (
            "[BackgroundTask] Background Task 5 (\"ShopTimer\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.",
            .taskOverdue(id: 5, name: "ShopTimer")
        ),
        (
            "[BackgroundTask] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x280883b00>: taskID = 262, taskName = Called by Shop, from -[Uploader begin], creationTime = 943356 (elapsed = 44). This app will likely be terminated by the system. Call UIApplication.endBackgroundTask(_:) to avoid this.",
            .taskExpiredNotEnded(id: 262, name: "Called by Shop, from -[Uploader begin]")
        ),
        (
            "Can't end BackgroundTask: no background task exists with identifier 344 (0x158), or it may have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug.",
            .taskUnknown(id: 344)
        ),
        // iOS ≤ 12: hexadecimal without 0x (`6c` in a real title).
        (
            "Can't endBackgroundTask: no background task exists with identifier 6c, or it may have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug.",
            .taskUnknown(id: 0x6c)
        ),
        ("[application<com.example.Shop>:796] Resuming task.", .running(ID(bundle: "com.example.Shop", pid: 796))),
        ("[application<com.example.Shop>:376] Suspending task.", .suspended(ID(bundle: "com.example.Shop", pid: 376))),
        (
            "[application<com.example.Shop>:432] Setting process task state to: Running",
            .running(ID(bundle: "com.example.Shop", pid: 432))
        ),
        (
            "[application<com.example.Shop>:376] Setting process task state to: Suspended",
            .suspended(ID(bundle: "com.example.Shop", pid: 376))
        ),
        (
            "Calculated state for application<com.example.Shop>: running-active (role: UserInteractiveNonFocal)",
            .running(ID(bundle: "com.example.Shop", pid: nil))
        ),
        (
            "Calculated state for app<com.example.Shop(7E2299AE-BA30-4489-8C7F-E5EEEDBE3CC4)>: running-suspended (role: None) (endowments: (null))",
            .suspended(ID(bundle: "com.example.Shop", pid: nil))
        ),
        (
            "[application<com.example.Shop>:432] Setting process visibility to: Foreground",
            .visibility(ID(bundle: "com.example.Shop", pid: 432), foreground: true)
        ),
        (
            "[app<com.example.Shop(7E2299AE-BA30-4489-8C7F-E5EEEDBE3CC4)>:7642] Setting process visibility to: Background",
            .visibility(ID(bundle: "com.example.Shop", pid: 7642), foreground: false)
        ),
        (
            "[application<com.example.Shop>:432] termination reported by launchd (2, 10, 10)",
            .killed(ID(bundle: "com.example.Shop", pid: 432), reason: "termination reported by launchd")
        ),
        (
            "[application<com.example.Shop>:1462] Provision violated for watchdog process-launch: <FBSProcessResourceProvision: 0x281830800; allowance: <; FBSProcessResourceAllowance; type: realTime; timeValue: 20.0s>; violated: YES>",
            .killed(ID(bundle: "com.example.Shop", pid: 1462), reason: "watchdog")
        ),
        (
            "[application<com.example.Shop>:1462] Ignoring <FBProcessWatchdog: 0x28175f7f0; name: process-launch> for reason: process is being debugged",
            .watchdogIgnored(ID(bundle: "com.example.Shop", pid: 1462))
        ),
        (
            "Received termination request from [osservice<com.apple.dasd>:76] on <RBSProcessPredicate <RBSProcessHandlePredicateImpl| app<com.example.Shop(AD9F24FF-321B-48U6-895F-723CDA943372)>:2933>> with context <RBSTerminateContext| explanation:BG Kill Demo reportType:None>",
            .killed(ID(bundle: "com.example.Shop", pid: 2933), reason: "BG Kill Demo")
        ),
    ]

    @Test(arguments: 0..<recognised.count)
    func recognisesThePattern(_ index: Int) {
        let (message, fact) = Self.recognised[index]
        #expect(SyslogFact.recognise(Substring(message)) == fact)
    }

    /// Fail closed: helpers of the app, other wordings, truncated lines say nothing.
    @Test(arguments: [
        // A WebKit helper of the app, not the app.
        "[xpcservice<com.apple.WebKit.WebContent([application<com.example.Shop>:716])>:721:721] Suspending task.",
        "Calculated state for xpcservice<com.apple.WebKit.WebContent([application<com.example.Shop>:716])>:717: none (role: None)",
        // `none` says the process is gone, not why: the termination messages say that.
        "Calculated state for application<com.example.Shop>: none (role: None)",
        "[application<com.example.Shop>:376] Set jetsam priority to 0 [0] flag[1]",
        "[application<com.example.Shop>:23793] Setting process visibility to: Unknown",
        "[application<com.example.Shop>:1462] Provision violated for watchdog process-launch: <FBSProcessResourceProvision: 0x1; violated: NO>",
        // Cut before the identity closes (as an excerpt was).
        "Received termination request from [osservice<com.apple.dasd>:76] on <RBSProcessPredicate <RBSProcessHandlePredicateImpl| app<com.example.Shop() with context <RBSTerminateContext| explanation:BG Kill Demo",
        "Created background task <_UIBackgroundTaskInfo: 0x1>: taskName = x",
        "Ending background task with UIBackgroundTaskIdentifier: abc",
        "Will add backgroundTask with taskName: com.example.cleanup, expirationHandler: <__NSMallocBlock__: 0x11cff8330>",
        "App transitioned to background, suspending HangTracing.",
    ])
    func ignoresWhatItDoesNotKnow(_ message: String) {
        #expect(SyslogFact.recognise(Substring(message)) == nil)
    }
}
