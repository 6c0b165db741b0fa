import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Every (state, event) pair of `uikit-app`, replayed: each state is reached by a prefix log
/// of pid 1, then one event arrives. The expectations are written from SPEC §3 here, apart from
/// the model's table.
@Suite struct AppModelTransitionTests {
    /// A state reached by replaying `prefix` (times 0, 1, 2, …).
    struct Reached: CustomTestStringConvertible, Sendable {
        var name: String
        var publicName: String
        var prefix: [String]
        var testDescription: String { name }
    }

    /// An event under test (the background launch is `process.launch` with reason `background`).
    struct Probe: CustomTestStringConvertible, Sendable {
        var label: String
        var event: LifecycleEvent
        var extra: String
        var testDescription: String { label }
    }

    enum Outcome: Equatable { case legal, lc100, lc101, lc102 }

    static let p = "\"pid\":1"
    static func line(_ name: String, _ extra: String = "") -> String { "\(name)|\(extra)" }

    static let launch = [line("process.launch")]
    static let launchedInactive = [line("process.launch"), line("app.willFinishLaunching"), line("app.didFinishLaunching")]
    static let active = launchedInactive + [line("app.didBecomeActive")]
    static let inactive = active + [line("app.willResignActive")]
    static let background = inactive + [line("app.didEnterBackground")]
    static let bgLaunch = [
        line("process.launch", "\"reason\":\"background\""), line("app.willFinishLaunching"), line("app.didFinishLaunching"),
    ]

    static let states: [Reached] = [
        Reached(name: "launched", publicName: "notRunning", prefix: launch),
        Reached(name: "launchedBackground", publicName: "notRunning", prefix: [line("process.launch", "\"reason\":\"background\"")]),
        Reached(name: "willFinishLaunching", publicName: "notRunning", prefix: launch + [line("app.willFinishLaunching")]),
        Reached(name: "launchedInactive", publicName: "inactive", prefix: launchedInactive),
        Reached(name: "active", publicName: "active", prefix: active),
        Reached(name: "inactive", publicName: "inactive", prefix: inactive),
        Reached(name: "foregrounding", publicName: "inactive", prefix: background + [line("app.willEnterForeground")]),
        Reached(name: "background", publicName: "background", prefix: background),
        Reached(name: "backgroundLaunched", publicName: "background", prefix: bgLaunch),
        Reached(name: "suspended", publicName: "suspended", prefix: background + [line("sys.suspend")]),
        Reached(name: "terminating", publicName: "background", prefix: background + [line("app.willTerminate", "\"phase\":\"begin\"")]),
        Reached(name: "terminated", publicName: "notRunning", prefix: background + [line("app.willTerminate")]),
        Reached(name: "exited", publicName: "notRunning", prefix: background + [line("process.exit", "\"reason\":\"terminate\"")]),
        Reached(name: "unknown", publicName: "unknown", prefix: [line("app.didReceiveMemoryWarning")]),
        Reached(name: "prewarmed", publicName: "notRunning", prefix: [line("process.launch", "\"reason\":\"prewarm\"")]),
        Reached(
            name: "prewarmedSuspended", publicName: "suspended",
            prefix: [line("process.launch", "\"reason\":\"prewarm\""), line("sys.suspend")]),
    ]

    static let misc: [LifecycleEvent] = [
        .didReceiveMemoryWarning, .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable,
        .significantTimeChange, .openURL, .continueUserActivity, .performFetch,
    ]

    static let probes: [Probe] =
        [
            Probe(label: "process.launch(background)", event: .processLaunch, extra: "\"reason\":\"background\""),
            Probe(label: "process.launch(prewarm)", event: .processLaunch, extra: "\"reason\":\"prewarm\""),
        ]
        + LifecycleEvent.allCases.filter { ![.meta, .unknown].contains($0) && $0.category != .scene }.map {
            let task = $0.category == .backgroundTask || $0.category == .scheduledTask
            return Probe(label: $0.canonicalName, event: $0, extra: task ? "\"task\":7" : "")
        }

    /// SPEC §3, written out: the events legal in each state.
    static func legal(_ state: String) -> Set<LifecycleEvent> {
        let running: Set<LifecycleEvent> = Set(
            misc + [
                .bgtaskBegin, .bgtaskEnd, .bgtaskExpire, .bgschedStart, .bgschedExpire, .bgschedComplete,
                .bgschedRegister, .bgschedSubmit, .processExit, .sysKill,
            ])
        switch state {
        case "launched", "launchedBackground": return running.union([.willFinishLaunching, .didFinishLaunching])
        case "willFinishLaunching": return running.union([.didFinishLaunching])
        case "launchedInactive", "inactive": return running.union([.didBecomeActive, .didEnterBackground])
        case "active": return running.union([.willResignActive])
        case "foregrounding": return running.union([.didBecomeActive])
        case "background": return running.union([.willEnterForeground, .sysSuspend, .willTerminate])
        case "backgroundLaunched":
            return running.union([.didEnterBackground, .willEnterForeground, .sysSuspend, .willTerminate])
        case "suspended": return [.sysResume, .processExit, .sysKill, .bgtaskExpire, .bgschedStart, .bgschedExpire]
        case "terminating": return running
        // SPEC §2: a prewarmed process waits, usually suspended, for its first launch callback.
        case "prewarmed": return [.sysSuspend, .willFinishLaunching, .didFinishLaunching, .processExit, .sysKill]
        case "prewarmedSuspended": return [.sysResume, .willFinishLaunching, .didFinishLaunching, .processExit, .sysKill]
        default: return []
        }
    }

    static func expected(_ state: Reached, _ probe: Probe) -> Outcome {
        let e = probe.event
        let launch = e == .processLaunch || e == .willFinishLaunching || e == .didFinishLaunching
        switch state.name {
        case "unknown":
            return launch ? .lc100 : .legal
        case "terminated", "exited":
            if launch { return .lc100 }
            // LC102 is for the app's records; `bgtask.expire` and the scheduler's `bgsched.start`
            // and `bgsched.expire` are the system's.
            let system: Set<LifecycleEvent> = [.bgtaskExpire, .bgschedStart, .bgschedExpire]
            return [.appDelegate, .backgroundTask, .scheduledTask].contains(e.category) && !system.contains(e) ? .lc102 : .legal
        case "suspended", "prewarmedSuspended":
            if legal(state.name).contains(e) && !(launch && probe.extra.contains("reason")) { return .legal }
            let runsCode =
                (e.category == .appDelegate && e != .willTerminate) || e == .bgtaskBegin || e == .bgtaskEnd
                || e == .bgschedComplete || e == .bgschedRegister || e == .bgschedSubmit
            return runsCode && !launch ? .lc101 : .lc100
        default:
            // `process.launch` with a reason is a launch of its own kind, never legal after one.
            if e == .processLaunch && !probe.extra.isEmpty { return .lc100 }
            return legal(state.name).contains(e) ? .legal : .lc100
        }
    }

    static func log(_ state: Reached, _ probe: Probe) -> String {
        var lines: [String] = []
        for (i, step) in state.prefix.enumerated() {
            let parts = step.split(separator: "|", omittingEmptySubsequences: false)
            let extra = parts[1].isEmpty ? p : p + "," + parts[1]
            lines.append(ev(Double(i), String(parts[0]), extra))
        }
        lines.append(ev(Double(state.prefix.count), probe.event.canonicalName, probe.extra.isEmpty ? p : p + "," + probe.extra))
        return lines.joined(separator: "\n")
    }

    @Test(arguments: states, probes)
    func pair(state: Reached, probe: Probe) {
        let result = replay(Self.log(state, probe))
        let lastLine = state.prefix.count + 1
        #expect(result.findings.filter { $0.line < lastLine }.isEmpty, "prefix of \(state.name) is clean")
        let model = result.findings.filter { $0.line == lastLine && [.illegalTransition, .ranWhileSuspended, .eventAfterExit].contains($0.rule) }
        let outcome = Self.expected(state, probe)
        switch outcome {
        case .legal:
            #expect(model.isEmpty, "\(probe.label) in \(state.name): \(model.map(\.message))")
        case .lc100, .lc101, .lc102:
            let rule: Rule = outcome == .lc100 ? .illegalTransition : outcome == .lc101 ? .ranWhileSuspended : .eventAfterExit
            #expect(model.map(\.rule) == [rule], "\(probe.label) in \(state.name): \(model.map(\.message))")
            if let f = model.first {
                #expect(f.state == state.publicName)
                #expect(f.event == probe.event.canonicalName)
                #expect(f.pid == 1)
                #expect(f.message.hasPrefix("'\(probe.event.canonicalName)' "))
                if rule == .illegalTransition {
                    #expect(f.message.hasPrefix("'\(probe.event.canonicalName)' in '\(state.publicName)': expected "))
                    #expect(!f.message.hasSuffix("."))
                }
            }
        }
    }

    /// The LC100 message lists only events that are legal in the state.
    @Test(arguments: states.filter { !["unknown", "terminated", "exited"].contains($0.name) })
    func expectedEventsAreLegal(state: Reached) {
        let model = LifecycleModel.uikitApp
        let s = LifecycleModel.State(model.stateNames.firstIndex(of: state.name)!)
        for event in LifecycleEvent.allCases where event != .meta && event != .unknown && event.category != .scene {
            let expected = model.expectedEvents(in: s, before: event)
            #expect(!expected.isEmpty, "\(state.name) lists something")
            for e in expected {
                #expect(Self.legal(state.name).contains(e) || e == .processLaunch, "\(e) legal in \(state.name)")
            }
        }
    }

    @Test(arguments: [
        ("background", LifecycleEvent.didBecomeActive, "'app.didBecomeActive' in 'background': expected 'app.willEnterForeground'"),
        ("active", .didEnterBackground, "'app.didEnterBackground' in 'active': expected 'app.willResignActive'"),
        ("suspended", .willTerminate, "'app.willTerminate' in 'suspended': expected 'sys.resume'"),
        ("foregrounding", .willResignActive, "'app.willResignActive' in 'inactive': expected 'app.didBecomeActive'"),
        ("inactive", .willResignActive, "'app.willResignActive' in 'inactive': expected 'app.didBecomeActive'"),
        (
            "background", .didEnterBackground,
            "'app.didEnterBackground' in 'background': expected one of 'app.willEnterForeground', 'app.willTerminate', 'sys.suspend'"
        ),
        ("launched", .didBecomeActive, "'app.didBecomeActive' in 'notRunning': expected 'app.didFinishLaunching'"),
        ("background", .sysResume, "'sys.resume' in 'background': expected 'sys.suspend'"),
        ("inactive", .sysSuspend, "'sys.suspend' in 'inactive': expected 'app.didEnterBackground'"),
        ("active", .willTerminate, "'app.willTerminate' in 'active': expected 'app.willResignActive'"),
        ("foregrounding", .sysSuspend, "'sys.suspend' in 'inactive': expected 'app.didBecomeActive'"),
    ])
    func messages(state: String, event: LifecycleEvent, message: String) {
        let reached = Self.states.first { $0.name == state }!
        let result = replay(Self.log(reached, Probe(label: "", event: event, extra: "")))
        #expect(result.of(.illegalTransition).map(\.message) == [message])
    }

    @Test func multipleExpectedEventsAreListed() {
        let model = LifecycleModel.uikitApp
        let launched = LifecycleModel.State(model.stateNames.firstIndex(of: "launched")!)
        #expect(
            model.illegalTransitionMessage(event: .sysSuspend, in: launched)
                == "'sys.suspend' in 'notRunning': expected one of 'app.willFinishLaunching', 'app.didFinishLaunching'")
    }

    /// After an illegal event the machine moves to the state the event implies: one mistake,
    /// one finding.
    @Test func illegalEventDoesNotCascade() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"app.didBecomeActive","pid":1}
            {"t":2,"ev":"app.didEnterBackground","pid":1}
            {"t":3,"ev":"app.didBecomeActive","pid":1}
            {"t":4,"ev":"app.willResignActive","pid":1}
            {"t":5,"ev":"app.didEnterBackground","pid":1}
            {"t":6,"ev":"sys.suspend","pid":1}
            """)
        #expect(result.ruleLines == ["LC100@3", "LC100@4"])
    }

    @Test func ranWhileSuspendedThenSilentlyResumed() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"app.didEnterBackground","pid":1}
            {"t":2,"ev":"sys.suspend","pid":1}
            {"t":3,"ev":"app.didBecomeActive","pid":1}
            {"t":4,"ev":"app.willResignActive","pid":1}
            """)
        // LC101 only: the event is then applied from background without a second finding.
        #expect(result.ruleLines == ["LC101@4"])
        let f = result.findings[0]
        #expect(f.message == "'app.didBecomeActive' ran while 'suspended': expected 'sys.resume' first")
        #expect(f.state == "suspended")
    }

    @Test func resumeThenForeground() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"app.didBecomeActive","pid":1}
            {"t":2,"ev":"app.willResignActive","pid":1}
            {"t":3,"ev":"app.didEnterBackground","pid":1}
            {"t":4,"ev":"sys.suspend","pid":1}
            {"t":50,"ev":"sys.resume","pid":1}
            {"t":51,"ev":"app.willEnterForeground","pid":1}
            {"t":52,"ev":"app.didBecomeActive","pid":1}
            """)
        #expect(result.findings.isEmpty)
    }

    @Test func aliasesReplayLikeCanonicalNames() {
        let result = replay(
            """
            {"t":0,"ev":"application:didFinishLaunchingWithOptions:","pid":1}
            {"t":1,"ev":"OnActivated","pid":1}
            {"t":2,"ev":"applicationWillResignActive:","pid":1}
            {"t":3,"ev":"DidEnterBackground","pid":1}
            {"t":4,"ev":"applicationDidBecomeActive:","pid":1}
            """)
        #expect(result.ruleLines == ["LC100@5"])
        #expect(result.findings[0].event == "app.didBecomeActive")
    }
}
