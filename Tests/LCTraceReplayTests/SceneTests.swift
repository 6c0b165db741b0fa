import LCTraceCore
import Testing

@testable import LCTraceReplay

/// The scene model, the process aggregate, and what scenes drive (SPEC §3, §4).
@Suite struct SceneTests {
    static let p = "\"pid\":1"
    static func s(_ t: Double, _ event: String, _ scene: String = "main", _ extra: String = "") -> String {
        ev(t, event, p + ",\"scene\":\"\(scene)\"" + extra)
    }

    static let launch = [ev(0, "process.launch", p), ev(0.5, "app.didFinishLaunching", p)]
    static let connected = launch + [s(1, "scene.willConnect")]
    static let foregrounding = connected + [s(1.5, "scene.willEnterForeground")]
    static let active = foregrounding + [s(2, "scene.didBecomeActive")]
    static let inactive = active + [s(3, "scene.willResignActive")]
    static let background = inactive + [s(4, "scene.didEnterBackground")]

    struct SceneState: CustomTestStringConvertible, Sendable {
        var name: String
        var publicName: String
        var prefix: [String]
        var legal: Set<LifecycleEvent>
        var testDescription: String { name }
    }

    static let sceneStates = [
        SceneState(name: "unattached", publicName: "unattached", prefix: launch, legal: [.sceneWillConnect]),
        SceneState(name: "background", publicName: "background", prefix: connected, legal: [.sceneWillEnterForeground, .sceneDidDisconnect]),
        SceneState(name: "foregrounding", publicName: "foregroundInactive", prefix: foregrounding, legal: [.sceneDidBecomeActive]),
        SceneState(name: "foregroundActive", publicName: "foregroundActive", prefix: active, legal: [.sceneWillResignActive]),
        SceneState(
            name: "foregroundInactive", publicName: "foregroundInactive", prefix: inactive,
            legal: [.sceneDidBecomeActive, .sceneDidEnterBackground]),
        SceneState(name: "backgroundAgain", publicName: "background", prefix: background, legal: [.sceneWillEnterForeground, .sceneDidDisconnect]),
        SceneState(
            name: "unknown", publicName: "unknown", prefix: [ev(0, "app.didReceiveMemoryWarning", p)],
            legal: Set(LifecycleEvent.allCases.filter { $0.category == .scene })),
    ]

    static let sceneEvents = LifecycleEvent.allCases.filter { $0.category == .scene }

    @Test(arguments: sceneStates, sceneEvents)
    func pair(state: SceneState, event: LifecycleEvent) {
        let lines = state.prefix + [Self.s(10, event.canonicalName)]
        let result = replay(lines: lines)
        let last = lines.count
        #expect(result.findings.filter { $0.line < last }.isEmpty)
        let lc100 = result.findings.filter { $0.line == last && $0.rule == .illegalTransition }
        if state.legal.contains(event) {
            #expect(lc100.isEmpty, "\(lc100.map(\.message))")
        } else {
            #expect(lc100.count == 1)
            #expect(lc100.first?.scene == "main")
            #expect(lc100.first?.state == state.publicName)
            #expect(lc100.first?.message.hasPrefix("'\(event.canonicalName)' in '\(state.publicName)': expected ") == true)
        }
    }

    @Test func sceneMessages() {
        let result = replay(lines: Self.connected + [Self.s(2, "scene.didBecomeActive")])
        #expect(result.findings.map(\.message) == ["'scene.didBecomeActive' in 'background': expected 'scene.willEnterForeground'"])
        let skipped = replay(lines: Self.active + [Self.s(3, "scene.didEnterBackground")])
        #expect(skipped.findings.map(\.message) == ["'scene.didEnterBackground' in 'foregroundActive': expected 'scene.willResignActive'"])
    }

    @Test func cleanSceneLifecycleWithReconnect() {
        let result = replay(
            lines: Self.background + [
                ev(5, "sys.suspend", Self.p), ev(100, "sys.resume", Self.p), Self.s(101, "scene.didDisconnect"),
                Self.s(102, "scene.willConnect"), Self.s(103, "scene.willEnterForeground"), Self.s(104, "scene.didBecomeActive"),
            ])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func aSuspendedProcessMayLoseAScene() {
        // SPEC §3: `scene.didDisconnect` is legal from background or suspended; the process
        // stays suspended, and other scene callbacks there are still LC101.
        let disconnected = Self.background + [ev(5, "sys.suspend", Self.p), Self.s(50, "scene.didDisconnect")]
        let clean = replay(lines: disconnected + [ev(100, "sys.resume", Self.p)])
        #expect(clean.findings.isEmpty, "\(clean.findings.map(\.message))")
        let ran = replay(lines: disconnected + [Self.s(60, "scene.willConnect")])
        #expect(ran.ruleLines == ["LC101@10"])
    }

    @Test func suspendWhileASceneIsOnScreen() {
        let result = replay(lines: Self.active + [ev(5, "sys.suspend", Self.p), ev(6, "sys.resume", Self.p)])
        #expect(result.ruleLines == ["LC100@6"])
        let f = result.findings[0]
        #expect(f.message == "'sys.suspend' in 'active': expected every scene in 'background' (scene 'main' is 'foregroundActive')")
        #expect(f.scene == "main")
    }

    @Test func processIsBackgroundOnlyWhenTheLastSceneLeaves() {
        let two =
            Self.active + [
                Self.s(3, "scene.willConnect", "second"), Self.s(3.5, "scene.willEnterForeground", "second"),
                Self.s(4, "scene.didBecomeActive", "second"), Self.s(5, "scene.willResignActive"), Self.s(6, "scene.didEnterBackground"),
            ]
        #expect(replay(lines: two + [ev(7, "sys.suspend", Self.p)]).ruleLines == ["LC100@11"])
        let clean = replay(
            lines: two + [
                Self.s(7, "scene.willResignActive", "second"), Self.s(8, "scene.didEnterBackground", "second"),
                ev(9, "sys.suspend", Self.p),
            ])
        #expect(clean.findings.isEmpty)
    }

    @Test func appActivationCallbacksInASceneBasedAppAreLC104() {
        let result = replay(
            lines: Self.active + [
                ev(3, "app.willResignActive", Self.p), ev(4, "app.didEnterBackground", Self.p + ",\"phase\":\"begin\""),
                ev(4.5, "app.didEnterBackground", Self.p + ",\"phase\":\"end\""),
            ])
        #expect(result.ruleLines == ["LC104@6", "LC104@7"])
        #expect(result.findings[0].severity == .warning)
        #expect(result.findings[0].message == "'app.willResignActive' in a scene-based app: expected the scene delegate's callbacks instead")
    }

    @Test func explicitSceneModelFromMetaAndConfiguration() {
        let lines = [
            ev(0, "app.didFinishLaunching", Self.p), ev(1, "app.didBecomeActive", Self.p),
        ]
        #expect(replay(lines: lines).findings.isEmpty)
        #expect(replay(lines: [ev(0, "meta", "\"model\":\"uikit-scene\"")] + lines).ruleLines == ["LC104@3"])
        #expect(replay(lines: [ev(0, "meta", "\"pid\":1,\"model\":\"uikit-scene\"")] + lines).ruleLines == ["LC104@3"])
        #expect(replay(lines: lines, ReplayConfiguration(model: .uikitScene)).ruleLines == ["LC104@2"])
        // The log's meta wins over `--model`.
        #expect(
            replay(lines: [ev(0, "meta", "\"model\":\"uikit-app\"")] + lines, ReplayConfiguration(model: .uikitScene))
                .findings.isEmpty)
    }

    @Test func sceneEventsInAnExplicitAppModelProcessAreLC104() {
        let result = replay(
            lines: [ev(0, "meta", "\"model\":\"uikit-app\"")] + Self.connected + [Self.s(2, "scene.willEnterForeground")])
        #expect(result.ruleLines == ["LC104@4", "LC104@5"])
        #expect(result.findings[0].message == "'scene.willConnect' in a 'uikit-app' process: expected model 'uikit-scene' for scene events")
    }

    @Test func inferredAtTheFirstSceneRecord() {
        // App callbacks before the first scene record replay under the app model.
        let result = replay(lines: [
            ev(0, "app.didFinishLaunching", Self.p), ev(1, "app.didBecomeActive", Self.p), ev(2, "app.willResignActive", Self.p),
            Self.s(3, "scene.willConnect"), ev(4, "app.didBecomeActive", Self.p),
        ])
        #expect(result.ruleLines == ["LC104@5"])
    }

    @Test(arguments: [(20.0, false), (20.5, true)])
    func launchEndsAtFirstSceneActivation(at: Double, over: Bool) {
        let result = replay(lines: Self.connected + [Self.s(2, "scene.willEnterForeground"), Self.s(at, "scene.didBecomeActive")])
        #expect(result.ruleLines == (over ? ["LC200@5"] : []))
    }

    @Test func backgroundLaunchOfASceneBasedAppHasNoScenes() {
        let result = replay(lines: [
            ev(0, "meta", "\"model\":\"uikit-scene\""), ev(0, "process.launch", Self.p), ev(1, "app.didFinishLaunching", Self.p),
            ev(1.5, "bgtask.begin", Self.p + ",\"task\":1"), ev(25, "bgtask.end", Self.p + ",\"task\":1"),
            ev(26, "sys.suspend", Self.p),
        ])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test(arguments: [(10.0, false), (10.5, true)])
    func resumeViaScenes(after: Double, over: Bool) {
        let result = replay(
            lines: Self.background + [
                Self.s(50, "scene.willEnterForeground"), Self.s(50 + after, "scene.didBecomeActive"),
            ])
        #expect(result.ruleLines == (over ? ["LC201@9"] : []))
        if over { #expect(result.findings[0].message == "resume took 10.500 s (began at line 8): budget 'resume' is 10 s") }
    }

    @Test(arguments: [(5.0, false), (5.5, true)])
    func sceneDidEnterBackgroundSpan(length: Double, over: Bool) {
        let result = replay(
            lines: Self.inactive + [
                Self.s(4, "scene.didEnterBackground", "main", ",\"phase\":\"begin\""),
                Self.s(4 + length, "scene.didEnterBackground", "main", ",\"phase\":\"end\""),
            ])
        #expect(result.ruleLines == (over ? ["LC201@8"] : []))
        if over {
            #expect(result.findings[0].scene == "main")
            #expect(
                result.findings[0].message
                    == "'scene.didEnterBackground' ran for 5.500 s (began at line 7): budget 'didEnterBackground' is 5 s")
        }
    }

    @Test func backgroundAndAllowanceDrivenByScenes() {
        let idle = replay(lines: Self.background + [ev(10, "app.significantTimeChange", Self.p), ev(11, "sys.suspend", Self.p)])
        #expect(idle.ruleLines == ["LC202@8"])
        let task = replay(
            lines: Self.background + [
                ev(5, "bgtask.begin", Self.p + ",\"task\":1"), ev(40, "bgtask.end", Self.p + ",\"task\":1"),
            ])
        #expect(task.ruleLines == ["LC203@9"])
        #expect(task.findings[0].message.contains("(allowance started at line 7)"))
    }

    @Test func sceneEventWhileSuspendedIsLC101() {
        let result = replay(lines: Self.background + [ev(5, "sys.suspend", Self.p), Self.s(6, "scene.willEnterForeground")])
        #expect(result.ruleLines == ["LC101@9"])
        #expect(result.findings[0].scene == "main")
    }

    @Test func scenesArePerProcess() {
        let result = replay(lines: [
            ev(0, "meta", "\"pid\":1,\"app\":\"a\""), ev(0, "meta", "\"pid\":2,\"app\":\"b\""),
            ev(0, "app.didFinishLaunching", "\"pid\":1"), ev(0, "app.didFinishLaunching", "\"pid\":2"),
            ev(1, "scene.willConnect", "\"pid\":1,\"scene\":\"main\""),
            ev(2, "scene.willEnterForeground", "\"pid\":2,\"scene\":\"main\""),
        ])
        #expect(result.ruleLines == ["LC100@6"])
        #expect(result.findings[0].pid == 2)
        #expect(result.findings[0].state == "unattached")
    }

    @Test func midLogScenesStartUnknown() {
        let result = replay(lines: [
            Self.s(100, "scene.willResignActive"), Self.s(101, "scene.didEnterBackground"), ev(102, "sys.suspend", Self.p),
        ])
        #expect(result.findings.isEmpty)
    }

    @Test("A scene named by another symbol of the same text is the same scene (found by symbol first, then by text)")
    func sceneFoundByText() {
        let log = TestLog(
            [
                ev(1, "process.launch", Self.p + ",\"reason\":\"user\""), Self.s(2, "scene.willConnect", "main"),
                Self.s(3, "scene.willConnect", "other"), Self.s(4, "scene.willEnterForeground", "main"),
            ].joined(separator: "\n"))
        var symbols = log.symbols
        let again = symbols.append("main")  // the same text under a second symbol
        var records = log.records
        #expect(again != records[3].scene)
        records[3].scene = again
        var replayer = Replayer(path: "t", configuration: ReplayConfiguration())
        for record in records { replayer.process(record, symbols: symbols) }
        let idx = replayer.pidIndex[1] ?? -1
        #expect(replayer.processes[idx].scenes.count == 2)
        #expect(replayer.processes[idx].scenes.map { symbols[$0.scene] } == ["main", "other"])
        let result = replayer.finish(symbols: symbols)
        #expect(result.findings.isEmpty)
    }
}
