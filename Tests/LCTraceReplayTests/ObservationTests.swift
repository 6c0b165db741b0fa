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
            case .stateChanged(let pid, let line, let time, let from, let to):
                seen.append("\(pid ?? -1) \(from)->\(to) @\(line) \(time.seconds)")
            case .sceneStateChanged(let pid, let scene, let line, let time, let from, let to):
                seen.append("\(pid ?? -1)/\(log.symbols[scene]!) \(from)->\(to) @\(line) \(time.seconds)")
            case .handler(_, let event, _, let began, let ended, let line):
                seen.append("handler \(event.canonicalName) \(ended.nanoseconds(since: began)) @\(line)")
            case .taskEnded(_, _, let task, let began, let ended, let line, .ended):
                seen.append("task \(task) \(ended.nanoseconds(since: began)) @\(line)")
            case .sessionEnded(let pid, let began, let ended, let exitClass, let line, _, _):
                seen.append("session \(pid ?? -1) \(began.seconds)...\(ended.seconds) \(exitClass.name) @\(line)")
            case .sessionBegan, .taskBegan, .taskExpired, .taskEnded, .meta:
                break
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

    /// Everything the timeline is built from, in the engine's order: sessions with the state
    /// they began in, typed states, tasks of one kind with their begin, expiry and how they
    /// stopped, `meta` as written, and a session's last line.
    @Test func sessionsTasksAndMeta() {
        let log = TestLog(
            """
            {"t":0,"ev":"meta","pid":1,"app":"com.example","os":"17.4"}
            {"t":0,"ev":"app.didEnterBackground","pid":1}
            {"t":1,"ev":"bgtask.begin","pid":1,"task":7,"name":"sync"}
            {"t":2,"ev":"bgtask.expire","pid":1,"task":7}
            {"t":3,"ev":"bgtask.begin","pid":1,"task":8}
            {"t":4,"ev":"bgtask.end","pid":1,"task":7}
            {"t":5,"ev":"sys.suspend","pid":1}
            {"t":6,"ev":"process.launch","pid":2}
            {"t":7,"ev":"bgtask.begin","pid":2,"task":1}
            {"t":9,"ev":"app.didFinishLaunching","pid":2}
            """)
        var seen: [String] = []
        var replayer = Replayer(path: "t", configuration: ReplayConfiguration())
        replayer.observer = { o in
            switch o {
            case .sessionBegan(let pid, let line, let time, let state, _):
                seen.append("begin \(pid ?? -1) \(state) @\(line) \(time.seconds)")
            case .stateChanged(let pid, _, _, let from, let to):
                seen.append("\(pid ?? -1) \(from)->\(to)")
            case .taskBegan(let pid, let kind, let task, let name, let line, let time, _):
                seen.append("\(kind.rawValue) \(pid ?? -1)/\(task) '\(log.symbols[name] ?? "")' begun @\(line) \(time.seconds)")
            case .taskExpired(let pid, let kind, let task, let line, _):
                seen.append("\(kind.rawValue) \(pid ?? -1)/\(task) expired @\(line)")
            case .taskEnded(let pid, let kind, let task, let began, let ended, let line, let outcome):
                seen.append(
                    "\(kind.rawValue) \(pid ?? -1)/\(task) \(outcome) \(began.seconds)...\(ended.seconds) @\(line)")
            case .sessionEnded(let pid, _, _, let exitClass, let line, let lastLine, _):
                seen.append("end \(pid ?? -1) \(exitClass.name) @\(line) last \(lastLine)")
            case .meta(let pid, let line, let app, let os, _):
                seen.append("meta \(pid ?? -1) \(app ?? "-") \(os ?? "-") @\(line)")
            case .sceneStateChanged, .handler:
                break
            }
        }
        for (i, r) in log.records.enumerated() {
            if let meta = log.metas[i] {
                replayer.process(r, meta: meta, symbols: log.symbols)
            } else {
                replayer.process(r, symbols: log.symbols)
            }
        }
        _ = replayer.finish(symbols: log.symbols)
        #expect(
            seen == [
                "meta 1 com.example 17.4 @1", "begin 1 unknown @2 0.0", "1 unknown->background",
                "bgtask 1/number(7) 'sync' begun @3 1.0", "bgtask 1/number(7) expired @4",
                "bgtask 1/number(8) '' begun @5 3.0", "bgtask 1/number(7) ended 1.0...4.0 @6",
                "1 background->suspended", "bgtask 1/number(8) released 3.0...5.0 @7",
                "begin 2 notRunning @8 6.0", "bgtask 2/number(1) '' begun @9 7.0", "2 notRunning->inactive",
                "end 1 open @0 last 7", "bgtask 2/number(1) open 7.0...9.0 @0", "end 2 open @0 last 10",
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
