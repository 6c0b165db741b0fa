import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceReport
import LCTraceTestSupport
import Testing

/// Deaths (SPEC §8): one per session that ends neither `normal` nor `open`, with the state,
/// visibility, cause, open tasks and evidence of that moment.
@Suite struct DeathTests {
    static func replay(_ lines: [String], reports: [CrashReport] = []) throws -> FileResult {
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        return try FileReplay.replayJoining(
            { try openLog(bytes: bytes, name: "app.jsonl") }, configuration: ReplayConfiguration(), crashReports: reports)
    }

    static func line(_ t: String, _ ev: String, _ extra: String = "") -> String {
        #"{"t":"2026-11-20T10:\#(t)Z","ev":"\#(ev)","pid":7\#(extra)}"#
    }

    static let launched = [
        #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.app"}"#,
        line("00:00.000", "process.launch", #","reason":"user""#),
        line("00:00.100", "app.willFinishLaunching"),
        line("00:00.300", "app.didFinishLaunching"),
        line("00:00.400", "app.didBecomeActive"),
    ]
    static let inBackground =
        launched + [
            line("01:00.000", "app.willResignActive"),
            line("01:00.100", "app.didEnterBackground"),
        ]

    /// A log of many deaths lists the first ``FileResult/maximumDeathsListed`` (memory must
    /// not grow with the file) and counts every one, in the file and in the run's summary.
    @Test func manyDeathsAreCountedAllAndListedUpToTheCap() throws {
        let n = FileResult.maximumDeathsListed + 7
        var lines: [String] = []
        for i in 0..<n {
            let t = 1_795_168_800 + i * 10
            lines += [
                #"{"t":\#(t),"ev":"process.launch","pid":\#(i + 1),"reason":"user"}"#,
                #"{"t":\#(t + 1),"ev":"app.didFinishLaunching","pid":\#(i + 1)}"#,
                #"{"t":\#(t + 2),"ev":"app.didBecomeActive","pid":\#(i + 1)}"#,
                #"{"t":\#(t + 3),"ev":"sys.kill","pid":\#(i + 1),"reason":"jetsam"}"#,
            ]
        }
        let result = try Self.replay(lines)
        #expect(result.deaths.count == FileResult.maximumDeathsListed)
        #expect(result.deathCounts == [.memoryLimit: [.foreground: n]])
        var summary = RunSummary()
        summary.add(result)
        #expect(summary.deaths == [.memoryLimit: [.foreground: n]])
    }

    /// Past the cap, deaths are only counted (the engine builds nothing for them): every
    /// exit class and visibility keeps its own count, in the file and in the run's summary.
    @Test func deathsPastTheCapAreCountedPerClassAndVisibility() throws {
        let n = FileResult.maximumDeathsListed * 2 + 5
        var lines: [String] = []
        var expected: [ExitClass: [DeathVisibility: Int]] = [:]
        for i in 0..<n {
            let t = 1_795_168_800 + i * 10
            let pid = i + 1
            func record(_ dt: Int, _ ev: String, _ extra: String = "") -> String {
                #"{"t":\#(t + dt),"ev":"\#(ev)","pid":\#(pid)\#(extra)}"#
            }
            lines += [record(0, "process.launch", #","reason":"user""#), record(1, "app.didFinishLaunching")]
            switch i % 3 {
            case 0:
                // A purge of a suspended process is an exit, never a death (SPEC §8, 2028 edition).
                lines += [record(2, "sys.suspend"), record(3, "sys.kill", #","reason":"jetsam""#)]
            case 1:
                lines += [record(2, "app.didBecomeActive"), record(3, "sys.kill", #","reason":"jetsam""#)]
                expected[.memoryLimit, default: [:]][.foreground, default: 0] += 1
            default:
                lines += [
                    record(2, "app.didBecomeActive"), record(3, "app.willResignActive"), record(4, "app.didEnterBackground"),
                    record(5, "sys.kill", #","reason":"watchdog""#),
                ]
                expected[.watchdog, default: [:]][.background, default: 0] += 1
            }
        }
        let result = try Self.replay(lines)
        #expect(result.deaths.count == FileResult.maximumDeathsListed)
        #expect(result.deathCounts == expected)
        #expect(result.exitClasses[.purged] == (n + 2) / 3)
        var summary = RunSummary()
        summary.add(result)
        #expect(summary.deaths == expected)
    }

    /// Each way a session ends gives its death (or none), with the class, state and visibility
    /// of that moment.
    @Test(
        arguments: [
            // A kill while active: abnormal, in the foreground.
            (launched + [line("00:05.000", "sys.kill", #","reason":"crash""#)], ExitClass.abnormal, "active", DeathVisibility.foreground),
            // A watchdog kill in the background.
            (inBackground + [line("01:02.000", "sys.kill", #","reason":"watchdog""#)], .watchdog, "background", .background),
            // Jetsam of a process running in the background is a purge that killed it: a death
            // (while suspended it would be an exit: `aPurgeOfASuspendedProcessIsNoDeath`).
            (
                inBackground + [line("01:02.000", "bgtask.begin", #","task":1"#), line("01:09.000", "sys.kill", #","reason":"jetsam""#)],
                .purged, "background", .background
            ),
            // A memory-limit kill while running in the foreground.
            (launched + [line("00:09.000", "sys.kill", #","reason":"jetsam""#)], .memoryLimit, "active", .foreground),
            // A prewarmed process that never launched.
            (
                [line("00:00.000", "process.launch", #","reason":"prewarm""#), line("00:03.000", "sys.kill", #","reason":"0xdead10cc""#)], .lockedFile,
                "prewarmed", .background
            ),
        ] as [([String], ExitClass, String, DeathVisibility)])
    func aSessionThatDiesIsOneDeath(_ lines: [String], _ exitClass: ExitClass, _ state: String, _ visibility: DeathVisibility) throws {
        let result = try Self.replay(lines)
        let death = try #require(result.deaths.first, "\(result.exitClasses)")
        #expect(result.deaths.count == 1)
        #expect(death.exitClass == exitClass)
        #expect(death.state == state)
        #expect(death.visibility == visibility)
        #expect(death.line == lines.count)
        #expect(death.pid == 7)
        #expect(death.session == 1)
        #expect(death.evidence == [.log(file: "app.jsonl", line: lines.count)])
        #expect(!death.message.isEmpty)
    }

    /// A purge of a suspended or prewarmed process is how iOS works, not a fault (SPEC §8, 2028
    /// edition): an exit, counted, never a death; `why --all` lists it (``FileResult/exits``).
    @Test(arguments: [
        inBackground + [line("01:02.000", "sys.suspend"), line("01:09.000", "sys.kill", #","reason":"jetsam""#)],
        inBackground + [line("01:02.000", "sys.suspend"), line("01:09.000", "process.exit", #","reason":"purge""#)],
        [line("00:00.000", "process.launch", #","reason":"prewarm""#), line("00:03.000", "sys.kill", #","reason":"jetsam""#)],
    ])
    func aPurgeOfASuspendedProcessIsNoDeath(_ lines: [String]) throws {
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var configuration = ReplayConfiguration()
        configuration.listsExits = true
        let result = FileReplay.replay(try openLog(bytes: bytes, name: "app.jsonl"), configuration: configuration)
        #expect(result.deaths.isEmpty)
        #expect(result.deathCounts.isEmpty)
        #expect(result.exitClasses[.purged] == 1)
        #expect(result.exits.map(\.exitClass) == [.purged])
        #expect(!result.findings.contains { $0.rule == .abnormalExit })
    }

    /// A file lock held at suspension (0xdead10cc) is said as iOS means it, whatever state the
    /// log last recorded: "while suspended" only of a suspended (or prewarmed) process.
    @Test(arguments: [
        (
            inBackground + [line("01:02.000", "sys.suspend"), line("01:09.000", "sys.kill", #","reason":"0xdead10cc""#)],
            "killed in the background for holding a file lock while suspended"
        ),
        (launched + [line("00:05.000", "sys.kill", #","reason":"0xdead10cc""#)], "killed in the foreground for holding a file lock as iOS suspended it"),
    ])
    func aFileLockKillIsSaidAsIOSMeansIt(_ lines: [String], _ expected: String) throws {
        let death = try #require(try Self.replay(lines).deaths.first)
        #expect(death.exitClass == .lockedFile)
        #expect(death.message == expected, "\(death.message)")
    }

    /// Sessions that end normally or are still running when the log ends are not deaths.
    @Test(arguments: [
        launched,
        inBackground + [line("01:05.000", "app.willTerminate"), line("01:05.100", "process.exit", #","reason":"terminate""#)],
        launched + [line("00:05.000", "process.exit", #","reason":"terminate""#)],
    ])
    func normalAndOpenSessionsAreNotDeaths(_ lines: [String]) throws {
        let result = try Self.replay(lines)
        #expect(result.deaths.isEmpty, "\(result.deaths)")
    }

    /// The finding behind the class is the cause, and every open task is listed oldest first
    /// with its age; the message names the oldest task and the allowance.
    @Test func aBackgroundTaskTimeoutNamesItsFindingAndTasks() throws {
        let lines =
            Self.inBackground + [
                Self.line("01:00.200", "bgtask.begin", #","task":3,"name":"first""#),
                Self.line("01:00.300", "bgtask.begin", #","task":2,"name":"later""#),
                Self.line("01:31.000", "app.didEnterBackground"),
                Self.line("01:32.000", "sys.kill", #","reason":"bgtask-timeout""#),
            ]
        let result = try Self.replay(lines)
        let death = try #require(result.deaths.first)
        #expect(death.exitClass == .bgtaskTimeout)
        let lc203 = try #require(result.findings.first { $0.rule == .bgtaskOverrun })
        #expect(death.cause == DeathCause(rule: .bgtaskOverrun, line: lc203.line))
        #expect(death.openTasks.map(\.task) == [.number(3), .number(2)])
        #expect(death.openTasks.map(\.name) == ["first", "later"])
        #expect(death.openTasks.map(\.openFor) == [31_800_000_000, 31_700_000_000])
        #expect(death.message.hasPrefix("killed in the background with task 3 open 31.8 s, past its 30 s allowance"), "\(death.message)")
        #expect(death.os == "17.4")
        #expect(death.app == "com.example.app")
    }

    /// The verdict says a task ran "past its allowance" only when it did (an LC203 or LC204
    /// overrun), and of the task that did: a kill iOS called a background-task timeout before
    /// the log's allowance ran out claims no allowance; a budget changed with `--budget` is the
    /// one named; an app-refresh task past `refresh` is named with that budget.
    @Test(arguments: [
        // Killed as a timeout 9.8 s after the task began: no overrun in the log.
        (
            [line("01:00.200", "bgtask.begin", #","task":1,"name":"up""#), line("01:10.000", "sys.kill", #","reason":"bgtask-timeout""#)],
            "", "killed in the background with task 1 open 9.8 s"
        ),
        // The same past its 30 s allowance.
        (
            [line("01:00.200", "bgtask.begin", #","task":1,"name":"up""#), line("01:31.000", "sys.kill", #","reason":"bgtask-timeout""#)],
            "", "killed in the background with task 1 open 30.8 s, past its 30 s allowance (LC203 at line 9)"
        ),
        // A task begun 25 s into the background: the allowance (from the move to the
        // background) ran out with it open, 20 s old.
        (
            [line("01:25.100", "bgtask.begin", #","task":1,"name":"up""#), line("01:45.100", "sys.kill", #","reason":"bgtask-timeout""#)],
            "", "killed in the background with task 1 open 20.0 s; the 30 s background allowance had run out (LC203 at line 9)"
        ),
        // A 50 s allowance, not reached.
        (
            [line("01:00.200", "bgtask.begin", #","task":1,"name":"up""#), line("01:39.000", "sys.kill", #","reason":"bgtask-timeout""#)],
            "bgtask=50", "killed in the background with task 1 open 38.8 s"
        ),
        // A refresh task past its own 30 s budget, while an older background task is open:
        // the overrun task is the one named, with the refresh budget.
        (
            [
                line("01:00.200", "bgtask.begin", #","task":1,"name":"up""#),
                line("01:10.000", "bgsched.start", #","task":"com.example.refresh","kind":"refresh""#),
                line("01:41.000", "sys.kill", #","reason":"bgtask-timeout""#),
            ],
            "bgtask=100,refresh=30",
            "killed in the background with scheduled task com.example.refresh open 31.0 s, past its 30 s allowance (LC204 at line 10)"
        ),
    ])
    func theVerdictClaimsAnAllowanceOnlyWhenATaskRanPastIt(_ tail: [String], _ budget: String, _ expected: String) throws {
        var budgets = Budgets()
        for assignment in budget.split(separator: ",") { try budgets.apply(String(assignment)) }
        let reader = try openLog(bytes: Array(((Self.inBackground + tail).joined(separator: "\n") + "\n").utf8), name: "app.jsonl")
        let result = FileReplay.replay(reader, configuration: ReplayConfiguration(budgets: budgets))
        let death = try #require(result.deaths.first)
        #expect(death.exitClass == .bgtaskTimeout)
        #expect(death.message == expected, "\(death.message)")
    }

    /// A crash report that ends the session is evidence of the same death, and its watchdog
    /// words fill `watchdog`; a kill only the report saw has no `log` evidence.
    @Test(arguments: [true, false])
    func aCrashReportIsEvidenceOfTheSameDeath(logged: Bool) throws {
        var lines = Self.inBackground
        if logged { lines.append(Self.line("01:02.000", "sys.kill")) }
        let text =
            "FRONTBOARD 0x8badf00d <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: app<x>:7 exhausted real (wall clock) time allowance of 10.00 seconds ProcessVisibility: Background WatchdogEvent: scene-update WatchdogVisibility: Background"
        var report = CrashReport(
            path: "r.ips", pid: 7, time: Timestamp(rfc3339: "2026-11-20T10:01:02.5Z")!, reason: "0x8badf00d",
            summary: "FRONTBOARD 0x8badf00d")
        report.watchdog = TerminationText(text).watchdog
        let result = try Self.replay(lines, reports: [report])
        #expect(result.deaths.count == 1)
        let death = try #require(result.deaths.first)
        #expect(death.exitClass == .watchdog)
        #expect(death.watchdog == WatchdogDetails(event: "scene-update", allowance: 10, clock: "wall", visibility: "background"))
        #expect(death.evidence.contains(.crashReport(file: "r.ips")))
        #expect(death.evidence.contains { $0.kind == "log" } == logged)
        #expect(death.message.contains("scene-update exhausted its 10 s wall-clock allowance"), "\(death.message)")
        // A kill placed for the report is no record of the file: the file's events are its lines.
        #expect(result.events == lines.count)
    }

    /// Only an overrun still under way at the end explains a death (SPEC §5, 2028 edition): a
    /// 25 s launch (LC200) that reached its activation and a 7.5 s didEnterBackground (LC201)
    /// that returned are history, so a crash after them is `abnormal`; a handler still running
    /// past its budget when the process dies is `watchdog`, its LC201 the cause unless that rule
    /// is disabled (SPEC §9: a disabled rule is never a cause; the class is the model's).
    @Test(arguments: [
        (false, [], ExitClass.abnormal, nil as Rule?, "crashed or was killed in the background while background"),
        (true, [], .watchdog, .handlerOverrun, "killed by the watchdog in the background (LC201 at line 8)"),
        (true, [Rule.launchWatchdog], .watchdog, .handlerOverrun, "killed by the watchdog in the background (LC201 at line 8)"),
        (true, [Rule.handlerOverrun], .watchdog, nil, "killed by the watchdog in the background"),
    ])
    func onlyAnOverrunUnderWayIsTheCause(_ underWay: Bool, _ disabled: [Rule], _ exitClass: ExitClass, _ cause: Rule?, _ message: String)
        throws
    {
        var lines = [
            #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.app"}"#,
            Self.line("00:00.000", "process.launch", #","reason":"user""#),
            Self.line("00:00.100", "app.willFinishLaunching"),
            Self.line("00:25.000", "app.didFinishLaunching"),
            Self.line("00:25.100", "app.didBecomeActive"),
            Self.line("01:00.000", "app.willResignActive"),
            Self.line("01:00.100", "app.didEnterBackground", #","phase":"begin""#),
        ]
        if !underWay { lines.append(Self.line("01:07.600", "app.didEnterBackground", #","phase":"end""#)) }
        lines.append(Self.line("01:08.000", "sys.kill", #","reason":"crash""#))
        let reader = try openLog(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "app.jsonl")
        let result = FileReplay.replay(reader, configuration: ReplayConfiguration(rules: RuleSettings(disabled: Set(disabled))))
        let death = try #require(result.deaths.first)
        #expect(death.exitClass == exitClass)
        #expect(death.cause?.rule == cause)
        #expect(death.message == message, "\(death.message)")
    }

    /// With LC204 disabled, a death whose refresh task overran first names the background task
    /// whose LC203 is reported, with its allowance.
    @Test func aDisabledRefreshOverrunLeavesTheBackgroundTaskAsCause() throws {
        let lines =
            Self.inBackground + [
                Self.line("01:00.200", "bgtask.begin", #","task":1,"name":"up""#),
                Self.line("01:00.300", "bgsched.start", #","task":"com.example.refresh","kind":"refresh""#),
                Self.line("01:20.000", "sys.kill", #","reason":"bgtask-timeout""#),
            ]
        var budgets = Budgets()
        try budgets.apply("refresh=10")
        try budgets.apply("bgtask=15")
        let reader = try openLog(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "app.jsonl")
        let result = FileReplay.replay(
            reader, configuration: ReplayConfiguration(budgets: budgets, rules: RuleSettings(disabled: [.bgschedOverrun])))
        let death = try #require(result.deaths.first)
        #expect(death.cause?.rule == .bgtaskOverrun)
        #expect(death.message.hasPrefix("killed in the background with task 1 open 19.8 s, past its 15 s allowance (LC203"), "\(death.message)")
    }

    /// A kill placed for a report shares its line and time with the log's last record: the
    /// app's own finding on that record stays the app's (no `system` source, no report in its
    /// message); only the kill's findings are the report's.
    @Test func aPlacedKillLabelsOnlyItsOwnFindings() throws {
        // The last record is an illegal transition (LC100), at the report's own time.
        let lines = Self.inBackground + [Self.line("01:02.000", "app.didBecomeActive")]
        let report = CrashReport(
            path: "r.ips", pid: 7, time: Timestamp(rfc3339: "2026-11-20T10:01:02Z")!, reason: "0x8badf00d",
            summary: "FRONTBOARD 0x8badf00d")
        let result = try Self.replay(lines, reports: [report])
        let lc100 = try #require(result.findings.first { $0.rule == .illegalTransition })
        let lc103 = try #require(result.findings.first { $0.rule == .abnormalExit })
        #expect(lc100.line == lc103.line && lc100.time == lc103.time, "the two share the record's line and time")
        #expect(lc100.source == .app)
        #expect(!lc100.message.contains("r.ips"), "\(lc100.message)")
        #expect(lc103.source == .system)
        #expect(lc103.message.hasSuffix("(crash report 'r.ips': FRONTBOARD 0x8badf00d)"), "\(lc103.message)")
        #expect(result.events == lines.count)
    }

    /// The JSON report always has `deaths` and `summary.deaths` (classes with no death left out).
    @Test func theJSONReportCarriesDeaths() throws {
        let died = try Self.replay(Self.inBackground + [Self.line("01:02.000", "sys.kill", #","reason":"watchdog""#)])
        let clean = try Self.replay(Self.launched)
        for (file, count) in [(died, 1), (clean, 0)] {
            var text = ""
            JSONReporter().write(RunReport(toolVersion: "t", files: [file], unreadable: []), to: &text)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let deaths = try #require(document["deaths"] as? [[String: Any]])
            #expect(deaths.count == count)
            let summary = try #require((document["summary"] as? [String: Any])?["deaths"] as? [String: Any])
            #expect(summary.count == count)
            if count == 1 {
                #expect(deaths[0]["class"] as? String == "watchdog")
                #expect(
                    Set(deaths[0].keys) == [
                        "file", "line", "time", "pid", "app", "version", "os", "session", "class", "state", "visibility", "cause", "watchdog", "code",
                        "open_tasks",
                        "evidence", "message",
                    ])
                #expect((summary["watchdog"] as? [String: Int]) == ["background": 1])
            }
        }
        var lines = ""
        JSONLinesReporter().write(RunReport(toolVersion: "t", files: [died], unreadable: []), to: &lines)
        #expect(lines.split(separator: "\n").filter { $0.hasPrefix(#"{"death":"#) }.count == 1)
    }

    /// The text report lists deaths in a "Deaths:" section before the summary line, and has
    /// none when nothing died.
    @Test(arguments: [true, false])
    func theTextReportHasADeathsSection(died: Bool) throws {
        let lines = died ? Self.inBackground + [Self.line("01:02.000", "sys.kill", #","reason":"watchdog""#)] : Self.launched
        var text = ""
        TextReporter().write(RunReport(toolVersion: "t", files: [try Self.replay(lines)], unreadable: []), to: &text)
        let out = text.split(separator: "\n").map(String.init)
        #expect(out.contains("Deaths:") == died)
        if died {
            #expect(out[out.count - 2] == "app.jsonl:8: death: watchdog (background), pid 7: killed by the watchdog in the background")
        }
    }

    /// The HTML timeline of a session that died has a death marker with its verdict; a
    /// session that did not die has none.
    @Test(arguments: [true, false])
    func theHTMLTimelineMarksADeath(died: Bool) throws {
        let lines = died ? Self.inBackground + [Self.line("01:02.000", "sys.kill", #","reason":"watchdog""#)] : Self.launched
        let reader = try openLog(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "app.jsonl")
        let result = FileReplay.replay(reader, configuration: ReplayConfiguration(), collectTimeline: true)
        let html = HTMLReporter().render(RunReport(toolVersion: "t", files: [result], unreadable: []))
        #expect(html.contains(#"<text class="death""#) == died)
        #expect(html.contains("died (watchdog, background) at line 8: killed by the watchdog in the background") == died)
    }

    /// `meta.version` (of the pid, else of the log) is the death's `version`.
    @Test(
        arguments: [
            (#"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","app":"com.example.app","version":"5.2.1 (412)"}"#, "5.2.1 (412)"),
            (#"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","pid":7,"version":"6.0 (1)"}"#, "6.0 (1)"),
            (#"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","app":"com.example.app"}"#, nil),
        ] as [(String, String?)])
    func theVersionComesFromMeta(_ meta: String, _ version: String?) throws {
        let result = try Self.replay([meta] + Self.launched.dropFirst() + [Self.line("00:05.000", "sys.kill", #","reason":"crash""#)])
        #expect(result.deaths.first?.version == version)
    }
}

/// The scenes of a death are those attached when it died (docs/DEATHS.md).
@Suite struct DeathScenesTests {
    static let start = [
        #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.editor","model":"uikit-scene"}"#,
        #"{"t":"2026-11-20T10:00:00.000Z","ev":"process.launch","pid":301,"reason":"user"}"#,
        #"{"t":"2026-11-20T10:00:00.400Z","ev":"app.didFinishLaunching","pid":301}"#,
        #"{"t":"2026-11-20T10:00:00.500Z","ev":"scene.willConnect","pid":301,"scene":"main"}"#,
        #"{"t":"2026-11-20T10:00:00.550Z","ev":"scene.willEnterForeground","pid":301,"scene":"main"}"#,
        #"{"t":"2026-11-20T10:00:00.700Z","ev":"scene.didBecomeActive","pid":301,"scene":"main"}"#,
        #"{"t":"2026-11-20T10:01:00.000Z","ev":"scene.willConnect","pid":301,"scene":"doc-2"}"#,
    ]

    static func event(_ second: Int, _ ev: String, scene: String) -> String {
        #"{"t":"2026-11-20T10:02:\#(String(format: "%02d", second)).000Z","ev":"\#(ev)","pid":301,"scene":"\#(scene)"}"#
    }

    /// What became of doc-2 before the kill, and the scenes the death lists.
    @Test(
        arguments: [
            ("connected, never shown", [], ["main": "foregroundActive", "doc-2": "background"]),
            ("disconnected", [event(1, "scene.didDisconnect", scene: "doc-2")], ["main": "foregroundActive"]),
            (
                "in the background, then disconnected",
                [
                    event(1, "scene.willEnterForeground", scene: "doc-2"), event(2, "scene.didEnterBackground", scene: "doc-2"),
                    event(3, "scene.didDisconnect", scene: "doc-2"),
                ],
                ["main": "foregroundActive"]
            ),
            (
                "in the background",
                [event(1, "scene.willEnterForeground", scene: "doc-2"), event(2, "scene.didEnterBackground", scene: "doc-2")],
                ["main": "foregroundActive", "doc-2": "background"]
            ),
        ] as [(String, [String], [String: String])])
    func aDeathListsTheScenesAttachedWhenItDied(_ name: String, _ between: [String], _ scenes: [String: String]) throws {
        let kill = #"{"t":"2026-11-20T10:03:00.000Z","ev":"sys.kill","pid":301,"reason":"crash"}"#
        let result = try DeathTests.replay(Self.start + between + [kill])
        let death = try #require(result.deaths.first, "\(name)")
        #expect(death.scenes == scenes, "\(name): \(death.scenes)")
    }
}
