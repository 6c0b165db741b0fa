import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import Testing

/// Done-when of issue 17: a story told only in iOS's own messages gives the findings an
/// instrumented log of the same story gives, and says where they came from.
@Suite struct SystemLogStoryTests {
    /// The instrumented twin of traces/src/syslog-suspended-and-killed.txt: the same app, pid,
    /// task and times, as the app and an observer would have logged them.
    static let instrumented =
        [
            #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.uploader","model":"uikit-app"}"#,
            #"{"t":"2026-11-20T10:00:00.000Z","ev":"process.launch","pid":201,"reason":"user"}"#,
            #"{"t":"2026-11-20T10:00:00.120Z","ev":"app.willFinishLaunching","pid":201}"#,
            #"{"t":"2026-11-20T10:00:00.450Z","ev":"app.didFinishLaunching","pid":201}"#,
            #"{"t":"2026-11-20T10:00:00.700Z","ev":"app.didBecomeActive","pid":201}"#,
            #"{"t":"2026-11-20T10:02:59.900Z","ev":"app.willResignActive","pid":201}"#,
            #"{"t":"2026-11-20T10:02:59.980Z","ev":"app.didEnterBackground","pid":201}"#,
            #"{"t":"2026-11-20T10:03:00.200Z","ev":"bgtask.begin","pid":201,"task":1,"name":"upload-photos"}"#,
            #"{"t":"2026-11-20T10:03:35.000Z","ev":"bgtask.expire","pid":201,"task":1}"#,
            #"{"t":"2026-11-20T10:03:41.000Z","ev":"sys.suspend","pid":201}"#,
            #"{"t":"2026-11-20T10:20:00.000Z","ev":"sys.kill","pid":201}"#,
        ].joined(separator: "\n") + "\n"

    static func replay(
        _ text: String, name: String, date: String? = nil, configuration: ReplayConfiguration = ReplayConfiguration()
    ) throws -> FileResult {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-story-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var filter = UnifiedLogFilter()
        filter.syslog.date = date
        return try FileReplay.run(path: path, displayName: name, configuration: configuration, reading: ReadOptions(filter: filter)).get()
    }

    /// What a finding is about, apart from its line and wording.
    static func fact(_ f: Finding) -> String {
        "\(f.rule.id) pid=\(f.pid.map(String.init) ?? "-") task=\(f.task?.text ?? "-")"
    }

    @Test func transcriptGivesTheFindingsOfTheInstrumentedLog() throws {
        let transcript = try String(
            contentsOf: RepositoryPaths.traces.appendingPathComponent("src/syslog-suspended-and-killed.txt"), encoding: .utf8)
        let system = try Self.replay(transcript, name: "console.txt", date: "2026-11-20")
        let app = try Self.replay(Self.instrumented, name: "app.jsonl")
        #expect(app.findings.map(Self.fact).sorted() == ["LC203 pid=201 task=1", "LC300 pid=201 task=1", "LC302 pid=201 task=1"])
        #expect(system.findings.map(Self.fact).sorted() == app.findings.map(Self.fact).sorted())
        #expect(system.exitClasses == app.exitClasses)
        #expect(app.findings.allSatisfy { $0.source == .app })
        #expect(system.findings.allSatisfy { $0.source == .system })
        // The transcript's first line in a layout that says nothing names the app.
        #expect(system.sessions == 1)
    }

    /// UIKit's verdict and the engine's finding of one fact are one finding: the engine's,
    /// marked as system evidence; a verdict the engine could not derive is kept as UIKit's.
    @Test func oneFactSeenTwiceIsOneFinding() throws {
        let transcript = try String(
            contentsOf: RepositoryPaths.traces.appendingPathComponent("src/syslog-suspended-and-killed.txt"), encoding: .utf8)
        let result = try Self.replay(transcript, name: "console.txt", date: "2026-11-20")
        let expired = result.findings.filter { $0.rule == .bgtaskExpiredNotEnded }
        #expect(expired.count == 1)
        // Derived by the engine at the suspension (line 8), not UIKit's line 7.
        #expect(expired.first?.line == 8)
        #expect(expired.first?.message.hasSuffix(" (system log)") == true)
        let overrun = try #require(result.findings.first { $0.rule == .bgtaskOverrun })
        #expect(overrun.line == 6)
        #expect(overrun.message.hasPrefix("UIKit reported task '1'"))
        // Line order is kept.
        #expect(result.findings.map(\.line) == result.findings.map(\.line).sorted())
    }

    /// A transcript without pids (Console.app's copy of the app's own lines): UIKit's verdicts
    /// belong to the session of the pid-less stream, as the records the same messages give, so
    /// no finding is left out of every session; with pids, each verdict is its pid's session.
    @Test(arguments: [false, true])
    func verdictsBelongToTheSessionOfTheirStream(withPids: Bool) throws {
        let transcript = try String(
            contentsOf: RepositoryPaths.traces.appendingPathComponent("src/syslog-suspended-and-killed.txt"), encoding: .utf8)
        let lines = transcript.split(separator: "\n").filter { withPids || $0.contains("\tUploader\t") }
        let result = try Self.replay(lines.joined(separator: "\n") + "\n", name: "console.txt", date: "2026-11-20")
        let verdicts = result.findings.filter { $0.message.hasPrefix("UIKit reported") }
        #expect(!verdicts.isEmpty)
        #expect(result.sessions == 1)
        #expect(result.findings.allSatisfy { $0.session == 1 }, "\(result.findings.map { "\($0.rule.id) \($0.session as Any)" })")
    }

    /// The excerpt layouts that carry a pattern replay to the expected findings.
    @Test(arguments: [
        // Xcode console, the OneSignal shape: three tasks not ended after their expiration handlers.
        (
            "2023-01-10 17:43:24.270137+0000 Shop[38194:10287612] [BackgroundTask] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x280883b00>: taskID = 262, taskName = Called by Shop, from -[Sync begin], creationTime = 943356 (elapsed = 44)\n",
            ["LC302 pid=38194 task=262"]
        ),
        // Xcode console, the cordova shape: an end of a task that does not exist.
        (
            "2019-11-28 18:12:28.001204+0200 Shop[886:367181] Can't end BackgroundTask: no background task exists with identifier 3 (0x3), or it may have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug.\n",
            ["LC301 pid=886 task=3"]
        ),
        // Xcode console, the deltachat shape: the 30 s warning.
        (
            "2021-04-06 18:22:37.504670+0200 Shop[5801:4433962] [BackgroundTask] Background Task 1 (\"Called by Shop, from $s4Shop11AppDelegateC\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.\n",
            ["LC203 pid=5801 task=1"]
        ),
    ])
    func excerptShapeGivesItsFinding(text: String, expected: [String]) throws {
        let result = try Self.replay(text, name: "xcode.log")
        #expect(result.findings.map(Self.fact) == expected)
        #expect(result.findings.allSatisfy { $0.source == .system && $0.message.hasPrefix("UIKit reported") })
    }

    /// UIKit prints the task's name in its own messages: the findings it gives name the owner
    /// (SPEC §8), whether UIKit's verdict or the engine's finding is kept.
    @Test(arguments: [
        (
            "2023-01-10 17:43:24.270137+0000 Shop[38194:10287612] [BackgroundTask] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x280883b00>: taskID = 262, taskName = Called by OneSignal, from -[OSAttributedFocusTimeProcessor beginDelayBackgroundTask], creationTime = 943356 (elapsed = 44)\n",
            "OneSignal"
        ),
        (
            "2021-04-06 18:22:37.504670+0200 Shop[5801:4433962] [BackgroundTask] Background Task 750 (\"GDTStorage\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.\n",
            "Firebase (GoogleDataTransport)"
        ),
        (
            "Nov 20 10:03:00 iPhone Shop(UIKitCore)[201] <Notice>: [BackgroundTask] Created background task <_UIBackgroundTaskInfo: 0x283d0c740>: taskID = 1, taskName = Called by Pushwoosh, from -[PWRequestManager sendRequest:completion:], creationTime = 1000 (elapsed = 0).\nNov 20 10:03:41 iPhone runningboardd(RunningBoard)[33] <Notice>: [app<com.example.shop(4B1C2A9E-0F3D-4E5A-8B6C-7D9E0F1A2B3C)>:201] Suspending task.\n",
            "Pushwoosh"
        ),
    ])
    func systemMessagesNameTheOwner(text: String, owner: String) throws {
        let result = try Self.replay(text, name: "xcode.log", date: "2026-11-20")
        #expect(!result.findings.isEmpty)
        for finding in result.findings where finding.task != nil {
            #expect(finding.owner == owner, "\(finding.rule.id) \(finding.message)")
        }
        // The owner ranking counts them, UIKit's verdicts as the engine's findings: every
        // finding about a task, in its one session.
        var byRule: [Rule: Int] = [:]
        for finding in result.findings where finding.task != nil { byRule[finding.rule, default: 0] += 1 }
        #expect(result.owners.map(\.owner) == [owner], "\(result.owners)")
        #expect(result.owners.first?.findings == byRule, "\(result.owners)")
        #expect(result.owners.first?.sessions == 1, "\(result.owners)")
    }

    /// UIKit's verdicts go through the engine's finding path (SPEC §8): their owner is the
    /// run's configured catalogue's, as for the tasks the engine replays, so one task has one
    /// owner in every report; their severity and selection are the configuration's.
    @Test func uikitVerdictsTakeTheConfiguredOwnersAndRuleSettings() throws {
        let text =
            "2023-01-10 17:43:24.270137+0000 Shop[38194:10287612] [BackgroundTask] Background task still not ended after expiration handlers were called: <_UIBackgroundTaskInfo: 0x280883b00>: taskID = 262, taskName = Called by Shop, from -[AcmeSync begin], creationTime = 943356 (elapsed = 44)\n"
            + "2023-01-10 17:43:25.504670+0000 Shop[38194:10287612] [BackgroundTask] Background Task 750 (\"GDTStorage\"), was created over 30 seconds ago. In applications running in the background, this creates a risk of termination. Remember to call UIApplication.endBackgroundTask(_:) for your task in a timely manner to avoid this.\n"
        // Built in: the app's own binary, and Firebase's storage task.
        let plain = try Self.replay(text, name: "xcode.log")
        #expect(plain.findings.filter { $0.task != nil }.map { $0.owner ?? "-" }.sorted() == ["Firebase (GoogleDataTransport)", "Shop"])
        // Configured: the configuration's entries win (the class prefix, the name prefix).
        var configured = ReplayConfiguration(owners: OwnerCatalogue(extra: ["Acme": "Acme Sync", "GDT": "Telemetry"]))
        let owned = try Self.replay(text, name: "xcode.log", configuration: configured)
        #expect(owned.findings.filter { $0.task != nil }.map { $0.owner ?? "-" }.sorted() == ["Acme Sync", "Telemetry"])
        #expect(Set(owned.owners.map(\.owner)) == ["Acme Sync", "Telemetry"], "\(owned.owners)")
        #expect(owned.findings.allSatisfy { $0.session == 1 }, "\(owned.findings.map(\.session))")
        // Rule settings apply to them: LC302 disabled, LC203 an error.
        configured.rules = RuleSettings(disabled: [.bgtaskExpiredNotEnded], severities: [.bgtaskOverrun: .error])
        let ruled = try Self.replay(text, name: "xcode.log", configuration: configured)
        #expect(ruled.findings.map(\.rule) == [.bgtaskOverrun], "\(ruled.findings.map(\.rule))")
        #expect(ruled.findings.first?.severity == .error)
        #expect(ruled.owners.map(\.owner) == ["Telemetry"], "\(ruled.owners)")
    }

    /// idevicesyslog: a suspension, a resumption, then a watchdog kill while running (LC103).
    @Test func idevicesyslogWatchdogKillIsAnAbnormalExit() throws {
        let text = """
            Nov 20 10:00:00 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.example.Shop>:796] Suspending task.
            Nov 20 10:00:09 iPad runningboardd(RunningBoard)[31] <Notice>: [application<com.example.Shop>:796] Resuming task.
            Nov 20 10:00:30 iPad SpringBoard(FrontBoard)[510] <Error>: [application<com.example.Shop>:796] Provision violated for watchdog scene-create: <FBSProcessResourceProvision: 0x1108d7d10; allowance: <; FBSProcessResourceAllowance; type: scheduledTime; timeValue: 19.97s>; violated: YES>

            """
        let result = try Self.replay(text, name: "device.log", date: "2026-11-20")
        let exit = try #require(result.findings.first { $0.rule == .abnormalExit })
        #expect(exit.exitClass == .watchdog)
        #expect(exit.pid == 796)
        #expect(exit.line == 3)
        #expect(exit.source == .system)
    }
}
