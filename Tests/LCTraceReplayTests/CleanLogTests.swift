import LCTraceCore
import Testing

@testable import LCTraceReplay

/// A realistic, well-behaved log with many sessions, built programmatically: it must replay
/// without errors or warnings.
@Suite struct CleanLogTests {
    /// Deterministic pseudo-random numbers (a 64-bit LCG), so the log is the same every run.
    struct Dice {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func seconds(_ low: Double, _ high: Double) -> Double {
            low + (high - low) * Double(next(1000)) / 1000
        }
    }

    struct Builder {
        var lines: [String] = []
        var t = 1_795_687_200.0
        var dice = Dice(state: 42)
        var task = 100
        var sessions = 0
        var exits: [ExitClass: Int] = [:]

        mutating func add(_ dt: Double, _ event: String, _ extra: String) {
            t += dt
            lines.append(ev((t * 1000).rounded() / 1000, event, extra))
        }

        mutating func span(_ event: String, _ extra: String, length: Double) {
            add(0.01, event, extra + ",\"phase\":\"begin\"")
            add(length, event, extra + ",\"phase\":\"end\"")
        }

        /// A background task that ends well inside the allowance, covering all background work.
        mutating func backgroundTask(_ p: String) {
            task += 1
            let id = dice.next(2) == 0 ? "\(task)" : "\"sync-\(task)\""
            add(0.2, "bgtask.begin", p + ",\"task\":\(id),\"name\":\"sync\"")
            add(dice.seconds(1, 20), "bgtask.end", p + ",\"task\":\(id)")
        }

        /// An app-delegate session (foreground or background launch) of one pid.
        mutating func appSession(pid: Int, app: String, background: Bool) {
            let p = "\"pid\":\(pid)"
            sessions += 1
            add(0.5, "meta", p + ",\"app\":\"\(app)\",\"os\":\"17.\(dice.next(6))\",\"model\":\"uikit-app\"")
            add(0.01, "process.launch", p + ",\"reason\":\"\(background ? "background" : "user")\"")
            span("app.willFinishLaunching", p, length: 0.05)
            span("app.didFinishLaunching", p, length: dice.seconds(0.1, 2))
            if background {
                add(0.01, "app.didEnterBackground", p)
                backgroundTask(p)
                add(0.5, "sys.suspend", p)
                add(dice.seconds(60, 600), "process.exit", p + ",\"reason\":\"purge\"")
                exits[.purged, default: 0] += 1
                return
            }
            add(0.3, "app.didBecomeActive", p)
            for _ in 0..<dice.next(3) {
                add(dice.seconds(1, 60), "app.willResignActive", p)  // a call, Control Center…
                add(dice.seconds(0.5, 8), "app.didBecomeActive", p)
            }
            span("app.openURL", p, length: 0.2)
            add(dice.seconds(0.5, 1), "app.didReceiveMemoryWarning", p)
            for _ in 0..<(1 + dice.next(3)) {
                add(dice.seconds(5, 120), "app.willResignActive", p)
                span("app.didEnterBackground", p, length: dice.seconds(0.1, 1.5))
                backgroundTask(p)
                add(0.3, "sys.suspend", p)
                if dice.next(2) == 0 {
                    // Woken for a background fetch.
                    add(dice.seconds(100, 900), "sys.resume", p)
                    span("app.performFetch", p, length: dice.seconds(1, 20))
                    add(0.5, "sys.suspend", p)
                }
                add(dice.seconds(30, 900), "sys.resume", p)
                add(0.01, "app.willEnterForeground", p)
                add(dice.seconds(0.1, 2), "app.didBecomeActive", p)
            }
            add(dice.seconds(5, 60), "app.willResignActive", p)
            span("app.didEnterBackground", p, length: 0.4)
            switch dice.next(3) {
            case 0:
                span("app.willTerminate", p, length: 0.5)
                add(0.1, "process.exit", p + ",\"reason\":\"terminate\"")
                exits[.normal, default: 0] += 1
            case 1:
                add(1, "sys.suspend", p)
                add(dice.seconds(60, 600), "sys.kill", p + ",\"reason\":\"jetsam\"")
                exits[.purged, default: 0] += 1
            default:
                add(1, "sys.suspend", p)
                add(dice.seconds(60, 600), "process.exit", p + ",\"reason\":\"purge\"")
                exits[.purged, default: 0] += 1
            }
        }

        /// A scene-based session with one or two windows.
        mutating func sceneSession(pid: Int, app: String) {
            let p = "\"pid\":\(pid)"
            sessions += 1
            add(0.5, "meta", p + ",\"app\":\"\(app)\",\"os\":\"18.1\",\"model\":\"uikit-scene\"")
            add(0.01, "process.launch", p + ",\"reason\":\"user\"")
            span("app.didFinishLaunching", p, length: 0.8)
            let scenes = dice.next(2) == 0 ? ["main"] : ["main", "inspector"]
            for s in scenes {
                add(0.05, "scene.willConnect", p + ",\"scene\":\"\(s)\"")
                add(0.05, "scene.willEnterForeground", p + ",\"scene\":\"\(s)\"")
                add(0.1, "scene.didBecomeActive", p + ",\"scene\":\"\(s)\"")
            }
            for round in 0..<2 {
                add(dice.seconds(5, 90), "app.didReceiveMemoryWarning", p)
                for s in scenes {
                    add(0.1, "scene.willResignActive", p + ",\"scene\":\"\(s)\"")
                    span("scene.didEnterBackground", p + ",\"scene\":\"\(s)\"", length: 0.3)
                }
                backgroundTask(p)
                add(0.2, "sys.suspend", p)
                add(dice.seconds(30, 600), "sys.resume", p)
                if round == 1 && scenes.count == 2 {
                    add(0.1, "scene.didDisconnect", p + ",\"scene\":\"inspector\"")
                }
                let back = round == 1 ? ["main"] : scenes
                for s in back {
                    add(0.05, "scene.willEnterForeground", p + ",\"scene\":\"\(s)\"")
                    add(0.2, "scene.didBecomeActive", p + ",\"scene\":\"\(s)\"")
                }
            }
            add(10, "scene.willResignActive", p + ",\"scene\":\"main\"")
            add(0.1, "scene.didEnterBackground", p + ",\"scene\":\"main\"")
            add(0.5, "sys.suspend", p)
            add(dice.seconds(60, 600), "process.exit", p + ",\"reason\":\"purge\"")
            exits[.purged, default: 0] += 1
        }

        /// An in-app log without pids or observer records: launches, activations, background.
        mutating func inAppStream(launches: Int) {
            for _ in 0..<launches {
                sessions += 1
                add(30, "app.willFinishLaunching", "\"x\":0")
                add(0.2, "app.didFinishLaunching", "\"x\":0")
                add(0.3, "app.didBecomeActive", "\"x\":0")
                add(dice.seconds(5, 100), "app.willResignActive", "\"x\":0")
                add(0.1, "app.didEnterBackground", "\"x\":0")
                exits[.purged, default: 0] += 1
            }
            exits[.purged, default: 0] -= 1
            exits[.open, default: 0] += 1
        }
    }

    @Test func realisticCleanLog() {
        var b = Builder()
        var pid = 1000
        for round in 0..<60 {
            pid += 1 + b.dice.next(5)
            switch round % 4 {
            case 0, 1: b.appSession(pid: pid, app: "com.example.mail", background: b.dice.next(4) == 0)
            case 2: b.sceneSession(pid: pid, app: "com.example.notes")
            default: b.appSession(pid: pid, app: "com.example.maps", background: true)
            }
        }
        b.inAppStream(launches: 6)
        let result = replay(lines: b.lines)
        #expect(result.problems.isEmpty, "\(result.problems.prefix(5).map { "\($0.rule.id)@\($0.line): \($0.message)" })")
        #expect(result.findings.isEmpty)
        #expect(result.events == b.lines.count)
        #expect(result.sessions == b.sessions)
        #expect(result.exitClasses == b.exits.filter { $0.value > 0 })
        #expect(b.lines.count > 1500)
    }

    /// The same kind of log with one `bgtask.end` dropped is caught: the clean result above is
    /// not vacuous.
    @Test func faultsInjectedIntoTheCleanLogAreFound() {
        var b = Builder()
        for round in 0..<8 { b.appSession(pid: 10 + round, app: "com.example.mail", background: false) }
        var lines = b.lines
        let end = lines.firstIndex { $0.contains("bgtask.end") }!
        lines.remove(at: end)
        let result = replay(lines: lines)
        #expect(result.rules.contains(.bgtaskLeaked))
        #expect(result.rules.allSatisfy { [.bgtaskLeaked, .bgtaskOverrun, .abnormalExit].contains($0) })
    }

    /// Two apps' processes interleaved line by line replay independently.
    @Test func interleavedProcessesOfTwoApps() {
        var a = Builder()
        a.appSession(pid: 1, app: "com.example.a", background: false)
        var b = Builder()
        b.dice = Dice(state: 7)
        b.sceneSession(pid: 2, app: "com.example.b")
        // Merge by time, as a system-wide log would be.
        let merged = (a.lines + b.lines).sorted { l, r in
            func time(_ s: String) -> Double { Double(s.split(separator: ",")[0].dropFirst(5))! }
            return time(l) < time(r)
        }
        let result = replay(lines: merged)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        #expect(result.sessions == 2)
    }
}
