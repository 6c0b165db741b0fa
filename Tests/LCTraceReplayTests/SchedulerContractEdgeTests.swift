import LCTraceCore
import Testing

@testable import LCTraceReplay

/// The BGTaskScheduler contract as iOS 26 uses it (SPEC §5, 2028 edition): the end of
/// launching for LC307, the `.*` wildcards of LC308 and LC309, and the `kind` a
/// `bgsched.start` without one takes from the last submit of its identifier.
@Suite struct SchedulerContractEdgeTests {

    /// The records after an instant `app.didFinishLaunching` (line 2), then a registration:
    /// only an app or scene callback ends launching; `bgtask.*`, `bgsched.*`, `meta` and
    /// observer records do not.
    @Test(arguments: [
        // The first example of docs/INSTRUMENTING.md: a task begun right after launch.
        ([line(0.2, "bgtask.begin", "\"task\":7,\"name\":\"upload\"")], [String]()),
        ([line(0.2, "bgtask.begin", "\"task\":7"), line(0.3, "bgtask.end", "\"task\":7")], []),
        ([line(0.2, "bgsched.submit", task("com.example.refresh") + ",\"kind\":\"refresh\"")], []),
        ([#"{"t":0.2,"ev":"meta","pid":1,"os":"26.1"}"#], []),
        ([line(0.2, "sys.resume")], ["LC100@3"]),
        // An app callback ends it.
        ([line(0.2, "app.didReceiveMemoryWarning")], ["LC307@4"]),
        ([line(0.2, "app.didBecomeActive")], ["LC307@4"]),
        // A scene connecting is a callback too (the app is scene-based from then on).
        ([line(0.2, "scene.willConnect", "\"scene\":\"s1\"")], ["LC307@4"]),
    ])
    func onlyAnAppOrSceneCallbackEndsLaunching(_ between: [String], _ expected: [String]) {
        let lines =
            [line(0, "process.launch", "\"reason\":\"user\""), line(0.1, "app.didFinishLaunching")] + between
            + [line(0.5, "bgsched.register", task("com.example.refresh"))]
        let result = replay(lines: lines)
        #expect(result.ruleLines.filter { !$0.hasPrefix("LC304") } == expected, "\(result.findings.map(\.message))")
    }

    /// Registrations (inside a `didFinishLaunching` span) and a later submit or start: a
    /// registration ending in `.*` covers every identifier that begins with the part before
    /// `*`, so at a dot boundary only.
    @Test(arguments: [
        (["com.x.export.*"], "com.x.export.8F2A", false),
        (["com.x.export.*"], "com.x.export.a.b", false),
        (["com.x.export.*"], "com.x.exporter", true),
        (["com.x.export.*"], "com.x.export", true),
        (["com.x.export.*"], "com.y.export.8F2A", true),
        (["com.x.export.*"], "com.x.export.*", false),
        (["com.x.export"], "com.x.export.8F2A", true),
        (["com.x.*"], "com.x.export.8F2A", false),
        // `*` that does not follow a dot is no wildcard.
        (["com.x.export*"], "com.x.exporter", true),
        (["com.x.export*"], "com.x.export*", false),
        (["com.example.refresh", "com.x.export.*"], "com.example.refresh", false),
    ])
    func aWildcardCoversIdentifiersAtADot(_ registered: [String], _ identifier: String, _ unregistered: Bool) {
        var lines = [line(0, "process.launch", "\"reason\":\"user\""), line(0.1, "app.didFinishLaunching", "\"phase\":\"begin\"")]
        for (i, id) in registered.enumerated() { lines.append(line(0.2 + Double(i) * 0.01, "bgsched.register", task(id))) }
        lines += [line(0.4, "app.didFinishLaunching", "\"phase\":\"end\""), line(0.5, "app.didBecomeActive")]
        for event in ["bgsched.submit", "bgsched.start"] {
            let result = replay(lines: lines + [line(5, event, task(identifier) + ",\"kind\":\"continued\"")])
            #expect(result.of(.bgschedNotRegistered).count == (unregistered ? 1 : 0), "\(event) \(result.findings.map(\.message))")
        }
    }

    /// LC309: the same identifier or the same wildcard twice; a concrete identifier beside a
    /// wildcard that covers it is not twice.
    @Test(arguments: [
        (["com.x.export.*", "com.x.export.*"], 1),
        (["com.x.export.*", "com.x.export.8F2A"], 0),
        (["com.x.export.8F2A", "com.x.export.*"], 0),
        (["com.x.export.*", "com.x.exporter.*"], 0),
        (["com.x.export.8F2A", "com.x.export.8F2A"], 1),
    ])
    func aWildcardIsRegisteredTwiceOnlyAsItself(_ registered: [String], _ twice: Int) {
        var lines = [line(0, "process.launch", "\"reason\":\"user\""), line(0.1, "app.didFinishLaunching", "\"phase\":\"begin\"")]
        for (i, id) in registered.enumerated() { lines.append(line(0.2 + Double(i) * 0.01, "bgsched.register", task(id))) }
        lines += [line(0.4, "app.didFinishLaunching", "\"phase\":\"end\"")]
        #expect(replay(lines: lines).of(.bgschedRegisteredTwice).count == twice)
    }

    /// The issue's shape: an iOS 26 app registers `com.example.export.*` and submits
    /// `com.example.export.8F2A`: no finding.
    @Test func aContinuedProcessingTaskUnderAWildcardIsRegistered() {
        let result = replay(lines: [
            line(0, "process.launch", "\"reason\":\"user\""), line(0.1, "app.didFinishLaunching", "\"phase\":\"begin\""),
            line(0.2, "bgsched.register", task("com.example.export.*")),
            line(0.4, "app.didFinishLaunching", "\"phase\":\"end\""), line(0.5, "app.didBecomeActive"),
            line(5, "bgsched.submit", task("com.example.export.8F2A") + ",\"kind\":\"continued\""),
            line(5.2, "bgsched.start", task("com.example.export.8F2A") + ",\"kind\":\"continued\""),
            line(200, "bgsched.complete", task("com.example.export.8F2A") + ",\"reason\":\"success\""),
        ])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    /// A `bgsched.start` without `kind` takes the kind of the last earlier submit of that
    /// exact identifier in the process, else in the file, else `refresh`: a processing task
    /// launched without `kind` is not judged against the 30 s `refresh` budget.
    @Test(arguments: [
        // Submitted as processing in this process: 120 s is no LC204.
        ([submit(1, "com.example.sync", "processing")], "com.example.sync", false),
        // The last submit decides.
        ([submit(1, "com.example.sync", "processing"), submit(2, "com.example.sync", "refresh")], "com.example.sync", true),
        ([submit(1, "com.example.sync", "refresh"), submit(2, "com.example.sync", "processing")], "com.example.sync", false),
        // Another identifier's submit says nothing: refresh.
        ([submit(1, "com.example.other", "processing")], "com.example.sync", true),
        // A submit without kind says nothing either.
        ([line(1, "bgsched.submit", task("com.example.sync"))], "com.example.sync", true),
        // Nothing submitted: refresh.
        ([], "com.example.sync", true),
    ])
    func aStartWithoutKindTakesTheKindOfTheLastSubmit(_ submits: [String], _ started: String, _ overrun: Bool) {
        let lines =
            [line(0, "process.launch", "\"reason\":\"user\""), line(0.1, "app.didFinishLaunching"), line(0.5, "app.didBecomeActive")]
            + submits + [
                line(10, "app.willResignActive"), line(10.2, "app.didEnterBackground"), line(11, "sys.suspend"),
                line(1_000, "bgsched.start", task(started)),
                line(1_120, "bgsched.complete", task(started) + ",\"reason\":\"success\""), line(1_121, "sys.suspend"),
            ]
        let result = replay(lines: lines)
        #expect(result.of(.bgschedOverrun).count == (overrun ? 1 : 0), "\(result.findings.map(\.message))")
    }

    /// A submit of an earlier process of the file counts when this process submitted none; the
    /// process's own submit wins over the file's.
    @Test(
        arguments: [
            ("processing", nil, false),
            ("processing", "refresh", true),
            ("refresh", "processing", false),
        ] as [(String, String?, Bool)])
    func theFileRemembersSubmitsAcrossProcesses(_ first: String, _ own: String?, _ overrun: Bool) {
        var lines = [
            ev(0, "process.launch", "\"pid\":1,\"reason\":\"user\""), ev(0.1, "app.didFinishLaunching", "\"pid\":1"),
            ev(0.5, "app.didBecomeActive", "\"pid\":1"),
            ev(1, "bgsched.submit", "\"pid\":1,\"task\":\"com.example.sync\",\"kind\":\"\(first)\""),
            ev(2, "process.exit", "\"pid\":1,\"reason\":\"crash\""),
            ev(100, "process.launch", "\"pid\":2,\"reason\":\"background\""), ev(100.1, "app.didFinishLaunching", "\"pid\":2"),
        ]
        if let own { lines.append(ev(100.2, "bgsched.submit", "\"pid\":2,\"task\":\"com.example.sync\",\"kind\":\"\(own)\"")) }
        lines += [
            ev(101, "bgsched.start", "\"pid\":2,\"task\":\"com.example.sync\""),
            ev(221, "bgsched.complete", "\"pid\":2,\"task\":\"com.example.sync\",\"reason\":\"success\""),
            ev(222, "sys.suspend", "\"pid\":2"),
        ]
        #expect(replay(lines: lines).of(.bgschedOverrun).count == (overrun ? 1 : 0))
    }
}

/// A record of pid 1.
private func line(_ t: Double, _ event: String, _ extra: String = "") -> String {
    ev(t, event, "\"pid\":1" + (extra.isEmpty ? "" : "," + extra))
}

/// The `task` key of a scheduled-task identifier.
private func task(_ id: String) -> String { "\"task\":\"\(id)\"" }

/// A `bgsched.submit` of pid 1 with a kind.
private func submit(_ t: Double, _ id: String, _ kind: String) -> String {
    line(t, "bgsched.submit", task(id) + ",\"kind\":\"\(kind)\"")
}
