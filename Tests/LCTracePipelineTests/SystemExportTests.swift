import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// iOS's own lifecycle messages inside a `log show` export give the records and findings the
/// same messages give in a transcript (docs/SYSTEM-LOGS.md).
@Suite struct SystemExportTests {
    typealias F = SystemExportFixtures
    typealias Story = SystemLogStoryTests

    /// The records of a log, as `event pid task`.
    static func records(_ text: String, name: String, app: String? = nil) throws -> [String] {
        var filter = UnifiedLogFilter()
        filter.syslog.date = "2026-11-20"
        filter.syslog.app = app
        var reader = try openLog(bytes: Array(text.utf8), name: name, filter: filter)
        var out: [String] = []
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        while true {
            let step = reader.read(into: &record)
            if step == .end { break }
            guard step == .record else { continue }
            let task = record.task.map { $0.value(symbols: reader.symbols).text } ?? "-"
            out.append("\(record.event.canonicalName) \(record.pid.map(String.init) ?? "-") \(task) \(record.time.rfc3339)")
        }
        return out
    }

    static func replay(_ text: String, name: String, app: String? = nil) throws -> FileResult {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        var filter = UnifiedLogFilter()
        filter.syslog.app = app
        return try FileReplay.run(path: path, displayName: name, configuration: ReplayConfiguration(), reading: ReadOptions(filter: filter)).get()
    }

    static func transcript() throws -> String {
        try String(
            contentsOf: RepositoryPaths.traces.appendingPathComponent("src/syslog-suspended-and-killed.txt"),
            encoding: .utf8)
    }

    /// Done-when of issue 17, for an export: the story told only in system messages gives the
    /// findings of the instrumented log of the same story, each with source `system`.
    @Test(arguments: [true, false])
    func storyInAnExportGivesTheFindingsOfTheInstrumentedLog(_ ndjson: Bool) throws {
        let export = F.export(F.story, ndjson: ndjson)
        let system = try Self.replay(export, name: ndjson ? "story.ndjson" : "story.json")
        let app = try Story.replay(Story.instrumented, name: "app.jsonl")
        #expect(system.findings.map(Story.fact).sorted() == app.findings.map(Story.fact).sorted(), "\(system.findings)")
        #expect(system.exitClasses == app.exitClasses)
        #expect(system.findings.allSatisfy { $0.source == .system })
        #expect(system.findings.contains { $0.message.hasSuffix(" (system log)") })
        #expect(system.findings.contains { $0.message.hasPrefix("UIKit reported task '1'") })
    }

    /// One recogniser, two readers: the export of the story gives the very records its
    /// transcript gives.
    @Test func theExportGivesTheTranscriptsRecords() throws {
        let fromExport = try Self.records(F.export(F.story, ndjson: true), name: "story.ndjson")
        let fromTranscript = try Self.records(Self.transcript(), name: "console.txt").filter { !$0.hasPrefix("meta") }
        // Same records; the suspension only 100 µs apart: the transcript, read whole, ties
        // `Calculated state for application<b>` (no pid) to the app's pid from later lines,
        // while the export, read as it streams, counts it only once RunningBoard has named the
        // bundle with that pid (the `Suspending task.` 100 µs later).
        func fact(_ r: String) -> String { r.split(separator: " ").prefix(3).joined(separator: " ") }
        #expect(fromExport.map(fact) == fromTranscript.map(fact))
        #expect(fromExport[2].hasSuffix("10:03:41.000100Z") && fromTranscript[2].hasSuffix("10:03:41.000Z"))
        #expect([0, 1, 3].map { fromExport[$0] } == [0, 1, 3].map { fromTranscript[$0] })
        #expect(fromExport.map { $0.split(separator: " ")[0] } == ["bgtask.begin", "bgtask.expire", "sys.suspend", "sys.kill"])
    }

    /// Each pattern, in an entry of its own process: the records it gives (fail closed: none
    /// for what is not recognised or is about another process).
    @Test(arguments: [
        ("Ending background task with UIBackgroundTaskIdentifier: 4", "uikit", ["bgtask.end 201 4"]),
        (
            "Can't end BackgroundTask: no background task exists with identifier 3 (0x3), or it may have already been ended. Break in UIApplicationEndBackgroundTaskError() to debug.",
            "uikit", ["bgtask.end 201 3"]
        ),
        ("Ending a background task the app never named", "uikit", []),
        ("[application<com.example.uploader>:201] Resuming task.", "rb", []),
        ("[application<com.example.uploader>:201] Suspending task.", "rb", ["sys.suspend 201 -"]),
        ("[application<com.example.other>:300] Suspending task.", "rb", []),
        (
            "[xpcservice<com.apple.WebKit.WebContent([application<com.example.uploader>:201])>:205:205] Suspending task.",
            "rb", []
        ),
        (
            "[application<com.example.uploader>:201] Provision violated for watchdog scene-create: <FBSProcessResourceProvision: 0x1108d7d10; allowance: <; FBSProcessResourceAllowance; type: scheduledTime; timeValue: 19.97s>; violated: YES>",
            "fb", ["sys.kill 201 -"]
        ),
        ("Suspending task.", "rb", []),
    ])
    func eachPatternInAnEntry(_ message: String, _ writer: String, _ expected: [String]) throws {
        let process: F.Process = writer == "uikit" ? .uploader : writer == "rb" ? .runningboardd : .springBoard
        // The app writes a UIKit message first, so that its pid is known to be the app's.
        let entries: [(String, F.Process, String)] = [
            (
                "10:00:00.000000", .uploader,
                "Created background task <_UIBackgroundTaskInfo: 0x283f1c0c0>: taskID = 9, taskName = sync, creationTime = 5000 (elapsed = 0)."
            ),
            ("10:00:01.000000", process, message),
        ]
        let records = try Self.records(F.export(entries, ndjson: true), name: "e.ndjson")
            .map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
        #expect(Array(records.dropFirst()) == expected, "\(records)")
    }

    /// A message about another process never moves the app's state; `--app` chooses the app
    /// among the processes writing UIKit's messages.
    @Test func anotherProcessMovesNothing() throws {
        var other = F.Process.uploader
        other.path = "/private/var/containers/Bundle/Application/1A2B/Mail.app/Mail"
        other.pid = 300
        var entries = F.story
        entries.insert(
            (
                "10:03:01.000000", other,
                "Created background task <_UIBackgroundTaskInfo: 0x1>: taskID = 1, taskName = fetch, creationTime = 1 (elapsed = 0)."
            ), at: 3)
        entries.insert(("10:03:42.000000", .runningboardd, "[application<com.example.mail>:300] Suspending task."), at: 10)
        let all = try Self.records(F.export(entries, ndjson: true), name: "e.ndjson")
        #expect(all.contains { $0.hasPrefix("bgtask.begin 300 1") })
        let chosen = try Self.records(F.export(entries, ndjson: true), name: "e.ndjson", app: "Uploader")
        #expect(!chosen.contains { $0.contains(" 300 ") }, "\(chosen)")
        #expect(chosen == (try Self.records(F.export(F.story, ndjson: true), name: "s.ndjson")))
        let byBundle = try Self.records(F.export(entries, ndjson: true), name: "e.ndjson", app: "com.example.uploader")
        #expect(byBundle.map { $0.split(separator: " ")[0] } == ["sys.suspend", "sys.kill"], "\(byBundle)")
    }

    /// An export holding the app's own lifecycle records and UIKit's messages of the same
    /// pid: the app's records win, nothing moves twice (no LC303 for a task begun in both),
    /// and UIKit's verdict of a fact the engine derived is dropped.
    @Test func theAppsOwnRecordsWinInAMixedExport() throws {
        var native = F.Process.uploader
        native.subsystem = "com.example.uploader"
        native.category = "lifecycle"
        let entries: [(String, F.Process, String)] =
            [
                ("10:00:00.000000", native, "process.launch reason=user"),
                ("10:00:00.450000", native, "app.didFinishLaunching"),
                ("10:00:00.700000", native, "app.didBecomeActive"),
                ("10:02:59.900000", native, "app.willResignActive"),
                ("10:02:59.980000", native, "app.didEnterBackground"),
                ("10:03:00.200000", native, "bgtask.begin task=1 name=upload-photos"),
            ] + F.story.filter { $0.0 >= "10:03:00.200000" }
        let result = try Self.replay(F.export(entries, ndjson: true), name: "mixed.ndjson")
        #expect(!result.findings.contains { $0.rule == .bgtaskIdReused }, "\(result.findings.map(\.message))")
        #expect(result.findings.map(Story.fact).sorted() == ["LC203 pid=201 task=1", "LC300 pid=201 task=1", "LC302 pid=201 task=1"])
        // The engine derived LC300 and LC302 from the app's records: those are the app's.
        #expect(result.findings.first { $0.rule == .bgtaskLeaked }?.source == .app)
        #expect(result.exitClasses == [.purged: 1])
    }
    /// RunningBoard's suspension and kill logged just before the observer's own `sys.suspend`
    /// and `sys.kill` of them (one export): each fact moves the state once (a false LC100
    /// `'sys.suspend' in 'suspended'` before).
    @Test func aSystemMessageJustBeforeTheAppsRecordOfItMovesTheStateOnce() throws {
        var native = F.Process.uploader
        native.subsystem = "com.example.uploader"
        native.category = "lifecycle"
        let entries: [(String, F.Process, String)] = [
            ("10:00:00.000000", native, "process.launch reason=user"),
            ("10:00:00.450000", native, "app.didFinishLaunching"),
            ("10:00:00.700000", native, "app.didBecomeActive"),
            ("10:00:04.000000", native, "app.willResignActive"),
            ("10:00:04.100000", native, "app.didEnterBackground"),
            ("10:00:05.000000", F.Process.runningboardd, "[application<com.example.uploader>:201] Suspending task."),
            ("10:00:05.010000", native, "sys.suspend pid=201"),
            ("10:00:09.000000", F.Process.runningboardd, "[application<com.example.uploader>:201] termination reported by launchd (2, 9, 9)"),
            ("10:00:09.010000", native, "sys.kill pid=201 reason=jetsam"),
        ]
        let result = try Self.replay(F.export(entries, ndjson: true), name: "echo.ndjson")
        #expect(result.findings.isEmpty, "\(result.findings.map { "\($0.line): \($0.rule.id) \($0.message)" })")
        #expect(result.exitClasses == [.purged: 1])
    }
}
