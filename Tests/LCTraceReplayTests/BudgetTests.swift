import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Every budget of SPEC §4 just under (or at) and just over its limit, with numeric times.
@Suite struct BudgetTests {
    static let pid = "\"pid\":1"

    /// Launched at 0, active at 1, in background from t=3 (line 5).
    static let background = [
        ev(0, "process.launch", pid), ev(0.5, "app.didFinishLaunching", pid), ev(1, "app.didBecomeActive", pid),
        ev(2, "app.willResignActive", pid), ev(3, "app.didEnterBackground", pid),
    ]

    static func config(_ budgets: [String] = [], os: String? = nil) -> ReplayConfiguration {
        var b = Budgets()
        for a in budgets { try! b.apply(a) }
        return ReplayConfiguration(budgets: b, defaultOS: os)
    }

    @Test(arguments: [(20.0, false), (19.999, false), (20.001, true)])
    func launchToActivation(at: Double, over: Bool) {
        let result = replay(lines: [
            ev(0, "process.launch", Self.pid), ev(1, "app.didFinishLaunching", Self.pid), ev(at, "app.didBecomeActive", Self.pid),
        ])
        #expect(result.rules == (over ? [.launchWatchdog] : []))
        if over {
            #expect(result.findings[0].line == 3)
            #expect(result.findings[0].message == "launch took 20.001 s (began at line 1): budget 'launch' is 20 s")
        }
    }

    @Test(arguments: [(20.0, false), (20.25, true)])
    func backgroundLaunchToEndOfDidFinishLaunching(at: Double, over: Bool) {
        let result = replay(lines: [
            ev(0, "process.launch", Self.pid + ",\"reason\":\"background\""),
            ev(1, "app.didFinishLaunching", Self.pid + ",\"phase\":\"begin\""),
            ev(at, "app.didFinishLaunching", Self.pid + ",\"phase\":\"end\""),
            ev(at + 30, "app.didEnterBackground", Self.pid), ev(at + 31, "sys.suspend", Self.pid),
        ])
        #expect(result.rules == (over ? [.launchWatchdog] : []))
        if over { #expect(result.findings[0].message == "launch took 20.250 s (began at line 1): budget 'launch' is 20 s") }
    }

    @Test func launchWithoutProcessLaunchStartsAtFirstLaunchRecord() {
        let result = replay(lines: [
            ev(5, "app.willFinishLaunching", Self.pid), ev(6, "app.didFinishLaunching", Self.pid),
            ev(25.5, "app.didBecomeActive", Self.pid),
        ])
        #expect(result.findings.map(\.message) == ["launch took 20.500 s (began at line 1): budget 'launch' is 20 s"])
    }

    @Test func launchStillRunningIsReportedOnceAtTheFirstLateRecord() {
        let result = replay(lines: [
            ev(0, "process.launch", Self.pid), ev(1, "app.didFinishLaunching", Self.pid), ev(2, "app.openURL", Self.pid),
            ev(25, "app.didReceiveMemoryWarning", Self.pid), ev(26, "app.didBecomeActive", Self.pid),
        ])
        #expect(result.ruleLines == ["LC200@4"])
        #expect(result.findings[0].message == "launch still running after 25.000 s (began at line 1): budget 'launch' is 20 s")
    }

    @Test func backgroundLaunchDetectedByDidEnterBackground() {
        // No reason on the launch: the `didEnterBackground` right after launch makes it a
        // background launch, which ended with `didFinishLaunching`.
        let result = replay(lines: [
            ev(0, "process.launch", Self.pid), ev(1, "app.didFinishLaunching", Self.pid),
            ev(2, "app.didEnterBackground", Self.pid), ev(2.5, "bgtask.begin", Self.pid + ",\"task\":1"),
            ev(25, "bgtask.end", Self.pid + ",\"task\":1"), ev(26, "sys.suspend", Self.pid),
        ])
        #expect(result.findings.isEmpty)
    }

    @Test func userLaunchKilledBeforeActivationIsTheLaunchWatchdog() {
        // Found in review: the kill was taken as proof of a background launch.
        let user = Self.pid + ",\"reason\":\"user\""
        let result = replay(lines: [
            ev(0, "process.launch", user), ev(1, "app.didFinishLaunching", Self.pid), ev(25, "sys.kill", Self.pid),
        ])
        #expect(result.ruleLines == ["LC200@3", "LC103@3"])
        #expect(result.findings[0].message == "launch still running after 25.000 s (began at line 1): budget 'launch' is 20 s")
        #expect(result.exitClasses == [.watchdog: 1])
    }

    @Test func tasksBetweenAUserLaunchAndItsActivationDoNotHideTheLaunch() {
        let result = replay(lines: [
            ev(0, "process.launch", Self.pid + ",\"reason\":\"user\""), ev(1, "app.didFinishLaunching", Self.pid),
            ev(1.5, "bgtask.begin", Self.pid + ",\"task\":1"), ev(2, "bgtask.end", Self.pid + ",\"task\":1"),
            ev(30, "app.didBecomeActive", Self.pid),
        ])
        #expect(result.ruleLines == ["LC200@5"])
        #expect(result.findings[0].message == "launch took 30.000 s (began at line 1): budget 'launch' is 20 s")
    }

    @Test func aLaunchThatDoesNotSayItsKindIsABackgroundLaunchWhenATaskFollowsIt() {
        // Found in review: a scene-based app launched into the background connects no scene and
        // gets no `didEnterBackground`; opened five minutes later, it is not a slow launch.
        let result = replay(lines: [
            ev(0, "app.didFinishLaunching", Self.pid), ev(1, "bgtask.begin", Self.pid + ",\"task\":1"),
            ev(2, "bgtask.end", Self.pid + ",\"task\":1"), ev(300, "scene.willConnect", Self.pid + ",\"scene\":\"A\""),
            ev(300.1, "scene.willEnterForeground", Self.pid + ",\"scene\":\"A\""),
            ev(300.2, "scene.didBecomeActive", Self.pid + ",\"scene\":\"A\""),
        ])
        #expect(result.findings.isEmpty)
        // Killed before anything decided: no LC200 (LC103 for the kill).
        let killed = replay(lines: [
            ev(0, "process.launch", Self.pid), ev(1, "app.didFinishLaunching", Self.pid), ev(25, "sys.kill", Self.pid),
        ])
        #expect(killed.ruleLines == ["LC103@3"])
    }

    @Test func launchOverrideBudget() {
        let lines = [ev(0, "app.didFinishLaunching", Self.pid), ev(2.5, "app.didBecomeActive", Self.pid)]
        #expect(replay(lines: lines).findings.isEmpty)
        let result = replay(lines: lines, Self.config(["launch=2"]))
        #expect(result.findings.map(\.message) == ["launch took 2.500 s (began at line 1): budget 'launch' is 2 s"])
    }

    @Test(arguments: [(10.0, false), (10.001, true)])
    func resume(after: Double, over: Bool) {
        let result = replay(
            lines: Self.background + [
                ev(50, "app.willEnterForeground", Self.pid), ev(50 + after, "app.didBecomeActive", Self.pid),
            ])
        #expect(result.rules == (over ? [.handlerOverrun] : []))
        if over {
            #expect(result.findings[0].line == 7)
            #expect(result.findings[0].message == "resume took 10.001 s (began at line 6): budget 'resume' is 10 s")
        }
    }

    @Test func resumeFromSuspension() {
        let result = replay(
            lines: Self.background + [
                ev(4, "sys.suspend", Self.pid), ev(50, "sys.resume", Self.pid), ev(51, "app.willEnterForeground", Self.pid),
                ev(62, "app.didBecomeActive", Self.pid),
            ])
        #expect(result.ruleLines == ["LC201@9"])
    }

    struct SpanCase: CustomTestStringConvertible, Sendable {
        var event: String
        var budget: String
        var seconds: Double
        var testDescription: String { event }
    }

    static let spans = [
        SpanCase(event: "app.didEnterBackground", budget: "didEnterBackground", seconds: 5),
        SpanCase(event: "app.willTerminate", budget: "willTerminate", seconds: 5),
        SpanCase(event: "app.performFetch", budget: "performFetch", seconds: 30),
        SpanCase(event: "app.openURL", budget: "handler", seconds: 5),
        SpanCase(event: "app.didReceiveMemoryWarning", budget: "handler", seconds: 5),
    ]

    /// A log where the span runs from t=10 for `length` seconds, in a state where it is legal.
    static func spanLog(_ c: SpanCase, length: Double) -> [String] {
        let prefix: [String]
        switch c.event {
        case "app.didEnterBackground":
            prefix = [ev(0, "app.didFinishLaunching", pid), ev(1, "app.didBecomeActive", pid), ev(9, "app.willResignActive", pid)]
        default:
            prefix = [
                ev(0, "app.didFinishLaunching", pid), ev(1, "app.didEnterBackground", pid), ev(2, "app.significantTimeChange", pid),
            ]
        }
        return prefix + [
            ev(10, c.event, pid + ",\"phase\":\"begin\""), ev(10 + length, c.event, pid + ",\"phase\":\"end\""),
        ]
    }

    @Test(arguments: spans)
    func spanJustUnderAndOver(_ c: SpanCase) {
        #expect(replay(lines: Self.spanLog(c, length: c.seconds)).of(.handlerOverrun).isEmpty)
        #expect(replay(lines: Self.spanLog(c, length: c.seconds - 0.001)).of(.handlerOverrun).isEmpty)
        let over = replay(lines: Self.spanLog(c, length: c.seconds + 0.25))
        let f = over.of(.handlerOverrun)
        #expect(f.count == 1)
        #expect(f.first?.line == 5)
        let budget = c.seconds == 30 ? "30" : "5"
        #expect(
            f.first?.message
                == "'\(c.event)' ran for \(DurationText.seconds(Int64((c.seconds + 0.25) * 1e9))) s (began at line 4): budget '\(c.budget)' is \(budget) s"
        )
        // Overridden budget.
        let relaxed = replay(lines: Self.spanLog(c, length: c.seconds + 0.25), Self.config(["\(c.budget)=60"]))
        #expect(relaxed.of(.handlerOverrun).isEmpty)
    }

    @Test func spanStillRunningReportedOnceAtTheFirstLateRecord() {
        let result = replay(lines: [
            ev(0, "app.didFinishLaunching", Self.pid), ev(1, "app.didBecomeActive", Self.pid),
            ev(2, "app.willResignActive", Self.pid), ev(3, "app.didEnterBackground", Self.pid + ",\"phase\":\"begin\""),
            ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(10.5, "bgtask.end", Self.pid + ",\"task\":1"),
            ev(11, "app.didEnterBackground", Self.pid + ",\"phase\":\"end\""),
        ])
        #expect(result.ruleLines == ["LC201@6"])
        #expect(
            result.findings[0].message
                == "'app.didEnterBackground' still running after 7.500 s (began at line 4): budget 'didEnterBackground' is 5 s")
    }

    @Test func spanOverrunNoticedAtKill() {
        let result = replay(lines: [
            ev(0, "app.didFinishLaunching", Self.pid), ev(1, "app.didEnterBackground", Self.pid),
            ev(2, "app.performFetch", Self.pid + ",\"phase\":\"begin\""), ev(40, "sys.kill", Self.pid),
        ])
        #expect(result.ruleLines == ["LC201@4", "LC103@4"])
        #expect(result.exitClasses == [.watchdog: 1])
    }

    @Test func spanNotProvenWhenTheLogEnds() {
        let result = replay(lines: [
            ev(0, "app.didFinishLaunching", Self.pid), ev(1, "app.didEnterBackground", Self.pid),
            ev(2, "app.performFetch", Self.pid + ",\"phase\":\"begin\""), ev(3, "app.significantTimeChange", Self.pid),
        ])
        #expect(result.findings.isEmpty)
        // Another pid's later records prove nothing about pid 1.
        let other = replay(lines: [
            ev(0, "meta", "\"pid\":2,\"app\":\"b\""), ev(0, "app.didFinishLaunching", Self.pid),
            ev(1, "app.didEnterBackground", Self.pid), ev(2, "app.performFetch", Self.pid + ",\"phase\":\"begin\""),
            ev(100, "app.didFinishLaunching", "\"pid\":2"),
        ])
        #expect(other.findings.isEmpty)
    }

    // MARK: background (LC202)

    @Test(arguments: [(5.0, false), (5.001, true)])
    func backgroundCode(after: Double, over: Bool) {
        let result = replay(
            lines: Self.background + [
                ev(3 + after, "app.significantTimeChange", Self.pid), ev(9, "app.protectedDataWillBecomeUnavailable", Self.pid),
                ev(10, "sys.suspend", Self.pid),
            ])
        #expect(result.ruleLines == (over ? ["LC202@6"] : ["LC202@7"]))
        if over {
            #expect(
                result.findings[0].message
                    == "app ran in background for 6.000 s with no task open and no background mode that keeps it running (began at line 5): budget 'background' is 5 s"
            )
        }
    }

    @Test func backgroundJustUnder() {
        let result = replay(
            lines: Self.background + [ev(8, "app.significantTimeChange", Self.pid), ev(30, "sys.suspend", Self.pid)])
        #expect(result.findings.isEmpty)
    }

    @Test func backgroundNotJudgedWithoutSuspension() {
        let result = replay(lines: Self.background + [ev(20, "app.significantTimeChange", Self.pid)])
        #expect(result.findings.isEmpty)
        let killed = replay(
            lines: Self.background + [ev(20, "app.significantTimeChange", Self.pid), ev(21, "sys.kill", Self.pid, )])
        #expect(killed.of(.backgroundOverrun).isEmpty)
    }

    @Test func backgroundMeasuredFromTheReturnOfDidEnterBackground() {
        let result = replay(lines: [
            ev(0, "app.didFinishLaunching", Self.pid), ev(1, "app.didBecomeActive", Self.pid), ev(2, "app.willResignActive", Self.pid),
            ev(3, "app.didEnterBackground", Self.pid + ",\"phase\":\"begin\""),
            ev(6, "app.didEnterBackground", Self.pid + ",\"phase\":\"end\""), ev(10.5, "app.significantTimeChange", Self.pid),
            ev(11, "sys.suspend", Self.pid),
        ])
        #expect(result.findings.isEmpty)
    }

    @Test func backgroundCoveredByATask() {
        let result = replay(
            lines: Self.background + [
                ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(8, "app.significantTimeChange", Self.pid),
                ev(20, "bgtask.end", Self.pid + ",\"task\":1"), ev(24, "app.significantTimeChange", Self.pid),
                ev(26, "sys.suspend", Self.pid),
            ])
        #expect(result.findings.isEmpty)
        // After the task ends the clock starts again.
        let late = replay(
            lines: Self.background + [
                ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(20, "bgtask.end", Self.pid + ",\"task\":1"),
                ev(25.5, "app.significantTimeChange", Self.pid), ev(26, "sys.suspend", Self.pid),
            ])
        #expect(late.ruleLines == ["LC202@8"])
    }

    @Test func backgroundResetByForeground() {
        let result = replay(
            lines: Self.background + [
                ev(4, "app.willEnterForeground", Self.pid), ev(4.5, "app.didBecomeActive", Self.pid),
                ev(20, "app.willResignActive", Self.pid), ev(21, "app.didEnterBackground", Self.pid),
                ev(22, "sys.suspend", Self.pid),
            ])
        #expect(result.findings.isEmpty)
    }

    @Test func backgroundOverrideAndModes() {
        let lines = Self.background + [ev(9, "app.significantTimeChange", Self.pid), ev(10, "sys.suspend", Self.pid)]
        #expect(replay(lines: lines).ruleLines == ["LC202@6"])
        #expect(replay(lines: lines, Self.config(["background=10"])).findings.isEmpty)
        #expect(replay(lines: [ev(0, "meta", "\"modes\":[\"audio\"]")] + lines).findings.isEmpty)
        #expect(replay(lines: [ev(0, "meta", "\"pid\":1,\"modes\":[\"location\"]")] + lines).findings.isEmpty)
        #expect(replay(lines: [ev(0, "meta", "\"pid\":1,\"modes\":[]")] + lines).ruleLines == ["LC202@7"])
    }

    /// Every UIBackgroundModes value SPEC §4 names, and values it does not: only the modes that
    /// keep an app running exempt LC202 and LC203, alone or beside a wake-only one.
    @Test(arguments: [
        ("audio", true), ("location", true), ("voip", true), ("external-accessory", true),
        ("bluetooth-central", true), ("bluetooth-peripheral", true), ("nearby-interaction", true),
        ("push-to-talk", true), ("fetch", false), ("remote-notification", false), ("processing", false),
        ("newsstand-content", false), ("some-future-mode", false), ("Audio", false), ("", false),
    ])
    func backgroundModeExemption(mode: String, exempts: Bool) {
        let lines =
            Self.background + [
                ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(40, "bgtask.end", Self.pid + ",\"task\":1"),
                ev(50, "app.significantTimeChange", Self.pid), ev(51, "sys.suspend", Self.pid),
            ]
        let expected = exempts ? [] : ["LC203@8", "LC202@9"]
        for modes in [[mode], ["remote-notification", mode], [mode, "fetch"]] {
            let list = modes.map { "\"\($0)\"" }.joined(separator: ",")
            #expect(replay(lines: [ev(0, "meta", "\"modes\":[\(list)]")] + lines).ruleLines == expected, "\(modes)")
            // Per pid as well as for every process.
            #expect(
                replay(lines: [ev(0, "meta", Self.pid + ",\"modes\":[\(list)]")] + lines).ruleLines == expected,
                "\(modes)")
            #expect(SessionMeta.exemptsBackgroundBudgets(modes) == exempts, "\(modes)")
        }
    }

    // MARK: performFetch spans (SPEC §4)

    /// A background launch for a fetch: `didEnterBackground` right after launch, then the fetch
    /// handler as a span of `length` seconds, then the suspension one second after it returns.
    static func fetchAfterBackgroundLaunch(length: Double, extra: [String] = []) -> [String] {
        [
            ev(0, "process.launch", pid + ",\"reason\":\"background\""), ev(0.5, "app.didFinishLaunching", pid),
            ev(0.6, "app.didEnterBackground", pid), ev(1, "app.performFetch", pid + ",\"phase\":\"begin\""),
        ] + extra + [
            ev(1 + length, "app.performFetch", pid + ",\"phase\":\"end\""), ev(2 + length, "sys.suspend", pid),
        ]
    }

    /// The fetch is not idle background time (no LC202 however long it runs), and its own
    /// budget still holds (LC201 past `performFetch`).
    @Test(arguments: [(3.0, [String]()), (25.0, [String]()), (29.9, [String]()), (30.5, ["LC201@5"]), (45.0, ["LC201@5"])])
    func performFetchSpanIsNotIdleBackground(length: Double, rules: [String]) {
        #expect(replay(lines: Self.fetchAfterBackgroundLaunch(length: length)).ruleLines == rules)
    }

    /// App records inside the fetch are covered; after it returns the idle clock starts again
    /// at its end, so idleness after a fetch is still LC202.
    @Test func backgroundClockRestartsWhenTheFetchReturns() {
        let inside = Self.fetchAfterBackgroundLaunch(
            length: 20, extra: [ev(12, "app.significantTimeChange", Self.pid), ev(18, "app.openURL", Self.pid)])
        #expect(replay(lines: inside).findings.isEmpty)
        let after = [
            ev(0, "process.launch", Self.pid + ",\"reason\":\"background\""), ev(0.5, "app.didFinishLaunching", Self.pid),
            ev(0.6, "app.didEnterBackground", Self.pid), ev(1, "app.performFetch", Self.pid + ",\"phase\":\"begin\""),
            ev(21, "app.performFetch", Self.pid + ",\"phase\":\"end\""), ev(24, "app.significantTimeChange", Self.pid),
            ev(27, "app.significantTimeChange", Self.pid), ev(28, "sys.suspend", Self.pid),
        ]
        #expect(replay(lines: after).ruleLines == ["LC202@7"])
        #expect(replay(lines: after).findings.first?.message.contains("began at line 5") == true)
    }

    /// A fetch open when `didEnterBackground` returns, and a fetch overlapping a task: the
    /// clock runs only once neither is open.
    @Test func fetchAndTaskTogetherCoverTheBackground() {
        let fetchFirst =
            Self.background + [
                ev(3.5, "app.performFetch", Self.pid + ",\"phase\":\"begin\""), ev(4, "bgtask.begin", Self.pid + ",\"task\":1"),
                ev(15, "app.performFetch", Self.pid + ",\"phase\":\"end\""), ev(25, "bgtask.end", Self.pid + ",\"task\":1"),
                ev(26, "sys.suspend", Self.pid),
            ]
        #expect(replay(lines: fetchFirst).findings.isEmpty)
        let openAtReturn = [
            ev(0, "process.launch", Self.pid), ev(0.5, "app.didFinishLaunching", Self.pid), ev(1, "app.didBecomeActive", Self.pid),
            ev(2, "app.willResignActive", Self.pid), ev(2.5, "app.performFetch", Self.pid + ",\"phase\":\"begin\""),
            ev(3, "app.didEnterBackground", Self.pid), ev(20, "app.performFetch", Self.pid + ",\"phase\":\"end\""),
            ev(21, "sys.suspend", Self.pid),
        ]
        #expect(replay(lines: openAtReturn).findings.isEmpty)
        // A fetch logged as an instant is one moment of app code: it covers nothing.
        let instant = Self.background + [ev(9, "app.performFetch", Self.pid), ev(10, "sys.suspend", Self.pid)]
        #expect(replay(lines: instant).ruleLines == ["LC202@6"])
    }

    // MARK: bgtask allowance (LC203)

    @Test(arguments: [
        (nil as String?, nil as String?, 30.0), ("17.4", nil, 30), ("13.0", nil, 30), ("12.5", nil, 180), ("7", nil, 180),
        ("6.1", nil, 600), (nil, "12.0", 180), (nil, "6", 600), ("16", "6", 30), ("junk", nil, 30),
    ])
    func allowanceByOS(metaOS: String?, defaultOS: String?, seconds: Double) {
        let meta = metaOS.map { [ev(0, "meta", "\"os\":\"\($0)\"")] } ?? []
        func run(_ length: Double) -> FileResult {
            replay(
                lines: meta + Self.background + [
                    ev(3.5, "bgtask.begin", Self.pid + ",\"task\":1"), ev(3 + length, "bgtask.end", Self.pid + ",\"task\":1"),
                ], Self.config(os: defaultOS))
        }
        #expect(run(seconds).of(.bgtaskOverrun).isEmpty)
        let over = run(seconds + 0.5).of(.bgtaskOverrun)
        #expect(over.count == 1)
        #expect(
            over.first?.message
                == "task '1' ended \(DurationText.seconds(Int64((seconds + 0.5) * 1e9))) s into the background allowance (allowance started at line \(meta.count + 5)): budget 'bgtask' is \(Int(seconds)) s"
        )
        #expect(over.first?.task == .number(1))
    }

    @Test func allowanceOverride() {
        let lines = Self.background + [ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(20, "bgtask.end", Self.pid + ",\"task\":1")]
        #expect(replay(lines: lines).findings.isEmpty)
        #expect(replay(lines: lines, Self.config(["bgtask=10"])).ruleLines == ["LC203@7"])
        #expect(replay(lines: [ev(0, "meta", "\"os\":\"6.0\"")] + lines, Self.config(["bgtask=10"])).ruleLines == ["LC203@8"])
    }

    @Test func everyOpenTaskIsOneFinding() {
        let result = replay(
            lines: Self.background + [
                ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(5, "bgtask.begin", Self.pid + ",\"task\":\"sync\""),
                ev(40, "app.significantTimeChange", Self.pid), ev(41, "bgtask.end", Self.pid + ",\"task\":1"),
                ev(42, "bgtask.end", Self.pid + ",\"task\":\"sync\""),
            ])
        #expect(result.ruleLines == ["LC203@8", "LC203@8"])
        #expect(result.findings.map(\.task) == [.number(1), .string("sync")])
        #expect(result.findings[0].message.hasPrefix("task '1' still open 37.000 s into the background allowance (allowance started at line 5)"))
    }

    @Test func noAllowanceWhileStateUnknown() {
        // The log began mid-session: nothing says the process is in background.
        let result = replay(lines: [
            ev(100, "bgtask.begin", "\"pid\":9,\"task\":1"), ev(125, "app.significantTimeChange", "\"pid\":9"),
            ev(131, "bgtask.end", "\"pid\":9,\"task\":1"),
        ])
        #expect(result.findings.isEmpty)
        // Found in review: a record that proves the app was in the foreground was LC203.
        let foreground = replay(lines: [
            ev(0, "bgtask.begin", "\"pid\":5,\"task\":1"), ev(40, "app.willResignActive", "\"pid\":5"),
            ev(41, "app.didEnterBackground", "\"pid\":5"), ev(42, "bgtask.end", "\"pid\":5,\"task\":1"),
        ])
        #expect(foreground.findings.isEmpty)
    }

    @Test func allowanceStartsWhenAnUnknownStateIsPlacedInBackground() {
        let result = replay(lines: [
            ev(100, "bgtask.begin", "\"pid\":9,\"task\":1"), ev(101, "app.didEnterBackground", "\"pid\":9"),
            ev(132, "bgtask.end", "\"pid\":9,\"task\":1"),
        ])
        #expect(result.ruleLines == ["LC203@3"])
        #expect(result.findings[0].message.contains("31.000 s into the background allowance (allowance started at line 2)"))
    }

    @Test func allowanceResetsInForeground() {
        let result = replay(
            lines: Self.background + [
                ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(20, "app.willEnterForeground", Self.pid),
                ev(21, "app.didBecomeActive", Self.pid), ev(60, "app.willResignActive", Self.pid),
                ev(61, "app.didEnterBackground", Self.pid), ev(80, "bgtask.end", Self.pid + ",\"task\":1"),
            ])
        #expect(result.findings.isEmpty)
    }

    @Test func allowanceExemptWithModesButPairingStillApplies() {
        let lines =
            [ev(0, "meta", "\"modes\":[\"audio\"]")] + Self.background + [
                ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(100, "app.significantTimeChange", Self.pid),
                ev(101, "sys.suspend", Self.pid),
            ]
        #expect(replay(lines: lines).ruleLines == ["LC300@9"])
    }

    @Test func modesDoNotExemptHandlersOrExpiration() {
        let result = replay(
            lines: [ev(0, "meta", "\"modes\":[\"audio\",\"voip\"]")] + Self.background + [
                ev(4, "app.performFetch", Self.pid + ",\"phase\":\"begin\""),
                ev(40, "app.performFetch", Self.pid + ",\"phase\":\"end\""),
                ev(41, "bgtask.begin", Self.pid + ",\"task\":1"), ev(42, "bgtask.expire", Self.pid + ",\"task\":1"),
                ev(50, "bgtask.end", Self.pid + ",\"task\":1"), ev(51, "sys.suspend", Self.pid),
            ])
        #expect(result.ruleLines == ["LC201@8", "LC302@11"])
    }

    @Test func taskBegunAfterTheAllowanceRanOutIsNotAnOverrun() {
        let result = replay(
            lines: Self.background + [
                ev(40, "bgtask.begin", Self.pid + ",\"task\":1"), ev(41, "bgtask.end", Self.pid + ",\"task\":1"),
                ev(42, "sys.suspend", Self.pid),
            ])
        // Code ran in background without a task for 37 s (LC202), but the task itself began
        // after the allowance was gone: no LC203.
        #expect(result.ruleLines == ["LC202@6"])
    }

    // MARK: expiration (LC302)

    @Test(arguments: [(5.0, false), (5.001, true)])
    func expiration(after: Double, over: Bool) {
        let result = replay(
            lines: Self.background + [
                ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(20, "bgtask.expire", Self.pid + ",\"task\":1"),
                ev(20 + after, "bgtask.end", Self.pid + ",\"task\":1"),
            ])
        #expect(result.ruleLines == (over ? ["LC302@8"] : []))
        if over {
            #expect(
                result.findings[0].message
                    == "task '1' ended 5.001 s after 'bgtask.expire' (expired at line 7): budget 'expiration' is 5 s")
        }
    }

    @Test func expirationNotEndedBeforeSuspension() {
        let result = replay(
            lines: Self.background + [
                ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(20, "bgtask.expire", Self.pid + ",\"task\":1"),
                ev(21, "sys.suspend", Self.pid),
            ])
        #expect(result.ruleLines == ["LC302@8", "LC300@8"])
        #expect(
            result.findings[0].message
                == "task '1' never ended after 'bgtask.expire' (expired at line 7) before 'sys.suspend'")
    }

    @Test func expirationOverride() {
        let lines =
            Self.background + [
                ev(4, "bgtask.begin", Self.pid + ",\"task\":1"), ev(20, "bgtask.expire", Self.pid + ",\"task\":1"),
                ev(22, "bgtask.end", Self.pid + ",\"task\":1"),
            ]
        #expect(replay(lines: lines).findings.isEmpty)
        #expect(
            replay(lines: lines, Self.config(["expiration=1.5"])).findings.map(\.message) == [
                "task '1' ended 2.000 s after 'bgtask.expire' (expired at line 7): budget 'expiration' is 1.5 s"
            ])
    }

    @Test func durationText() {
        #expect(DurationText.seconds(7_250_000_000) == "7.250")
        #expect(DurationText.seconds(1_000_000) == "0.001")
        #expect(DurationText.seconds(999_999_999) == "1.000")
        #expect(DurationText.budget(5_000_000_000) == "5")
        #expect(DurationText.budget(2_500_000_000) == "2.5")
        #expect(DurationText.budget(250_000_000) == "0.25")
    }

    @Test(
        "The next due instant without open tasks or spans (the inlined path) is the earliest unreported launch or resume clock, and an open span joins it",
        arguments: [(false, false), (false, true), (true, false), (true, true)])
    func nextDueWithoutOpenWork(_ launchReported: Bool, _ resumeReported: Bool) {
        var machine = ProcessMachine(pid: 1, state: 0)
        let second: Int64 = 1_000_000_000
        machine.launch = Deadline(start: Timestamp(nanoseconds: 10 * second), line: 1, limit: 20 * second)
        machine.launch?.reported = launchReported
        machine.resume = Deadline(start: Timestamp(nanoseconds: 5 * second), line: 2, limit: 30 * second)
        machine.resume?.reported = resumeReported
        machine.allowanceStart = Timestamp(nanoseconds: 0)
        machine.allowance = 1
        machine.refreshDue(expiration: second, refresh: second)
        let expected = [launchReported ? Int64.max : 30 * second, resumeReported ? Int64.max : 35 * second].min()!
        #expect(machine.nextDue == expected)
        machine.spans.append(
            OpenSpan(
                event: .didFinishLaunching, scene: .none, beganAt: Timestamp(nanoseconds: 0), line: 3, budget: .handler,
                limit: 2 * second, reported: false))
        machine.refreshDue(expiration: second, refresh: second)
        #expect(machine.nextDue == 2 * second)
    }
}
