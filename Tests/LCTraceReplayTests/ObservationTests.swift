import LCTraceCore
import Testing

@testable import LCTraceReplay

/// The observer hook that `lctrace stats` and `lctrace timeline` build on.
@Suite struct ObservationTests {
    func observe(_ text: String) -> (result: FileResult, seen: [String]) {
        let log = TestLog(text)
        var seen: [String] = []
        var replayer = Replayer(path: "t", configuration: ReplayConfiguration())
        replayer.observer = { o in
            switch o {
            case .stateChanged(let pid, let scene, let line, let time, let from, let to):
                seen.append("\(pid ?? -1)\(scene.isPresent ? "/" + log.symbols[scene]! : "") \(from)->\(to) @\(line) \(time.seconds)")
            case .handler(_, let event, _, let began, let ended, let line):
                seen.append("handler \(event.canonicalName) \(ended.nanoseconds(since: began)) @\(line)")
            case .task(_, let task, let began, let ended, let line):
                seen.append("task \(task) \(ended.nanoseconds(since: began)) @\(line)")
            case .scheduledTaskStarted(_, let task, let kind, _, let line):
                seen.append("sched-start \(task) \(kind) @\(line)")
            case .scheduledTaskExpired(_, let task, _, let line):
                seen.append("sched-expire \(task) @\(line)")
            case .scheduledTaskCompleted(_, let task, let kind, let began, let ended, let line):
                seen.append("sched-complete \(task) \(kind) \(ended.nanoseconds(since: began)) @\(line)")
            case .sessionEnded(let pid, let began, let ended, let exitClass, let line):
                seen.append("session \(pid ?? -1) \(began.seconds)...\(ended.seconds) \(exitClass.name) @\(line)")
            }
        }
        for r in log.records { replayer.process(r, symbols: log.symbols) }
        return (replayer.finish(symbols: log.symbols), seen)
    }

    @Test func appSession() {
        let (result, seen) = observe(
            """
            {"t":0,"ev":"process.launch","pid":1}
            {"t":1,"ev":"app.didFinishLaunching","pid":1}
            {"t":2,"ev":"app.didBecomeActive","pid":1}
            {"t":3,"ev":"app.willResignActive","pid":1}
            {"t":4,"ev":"app.didEnterBackground","pid":1,"phase":"begin"}
            {"t":4.5,"ev":"app.didEnterBackground","pid":1,"phase":"end"}
            {"t":5,"ev":"bgtask.begin","pid":1,"task":1}
            {"t":7,"ev":"bgtask.end","pid":1,"task":1}
            {"t":8,"ev":"sys.suspend","pid":1}
            {"t":90,"ev":"process.exit","pid":1,"reason":"purge"}
            {"t":100,"ev":"app.didFinishLaunching","pid":2}
            """)
        #expect(result.findings.isEmpty)
        #expect(
            seen == [
                "1 notRunning->inactive @2 1.0", "1 inactive->active @3 2.0", "1 active->inactive @4 3.0",
                "1 inactive->background @5 4.0", "handler app.didEnterBackground 500000000 @6",
                "task number(1) 2000000000 @8", "1 background->suspended @9 8.0", "1 suspended->notRunning @10 90.0",
                "session 1 0.0...90.0 purged @10", "2 notRunning->inactive @11 100.0", "session 2 100.0...100.0 open @0",
            ])
    }

    @Test func sceneStates() {
        let (_, seen) = observe(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"scene.willConnect","pid":1,"scene":"main"}
            {"t":2,"ev":"scene.willEnterForeground","pid":1,"scene":"main"}
            {"t":3,"ev":"scene.didBecomeActive","pid":1,"scene":"main"}
            """)
        #expect(
            seen == [
                "1 notRunning->inactive @1 0.0", "1/main unattached->background @2 1.0",
                "1/main background->foregroundInactive @3 2.0", "1/main foregroundInactive->foregroundActive @4 3.0",
                "1 inactive->active @4 3.0", "session 1 0.0...3.0 open @0",
            ])
    }

    @Test func modelTablesArePublicForExplain() {
        let app = LifecycleModel.uikitApp
        let background = LifecycleModel.State(app.stateNames.firstIndex(of: "background")!)
        let legal = app.legalEvents(from: background).filter { $0.target != background }.map(\.event)
        #expect(legal == [.processExit, .willEnterForeground, .willTerminate, .sysSuspend, .sysKill])
        #expect(app.publicStateNames.count == app.stateNames.count)
        #expect(Set(app.publicStateNames) == ["notRunning", "inactive", "active", "background", "suspended", "unknown"])
        #expect(LifecycleModel.uikitScene.name == "uikit-scene")
    }
}
