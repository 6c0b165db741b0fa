import LCTraceCore
import Testing

@testable import LCTraceReplay

/// The BGTaskScheduler contract (SPEC §5): LC307 registered late, LC308 not registered, LC309
/// registered twice, with `bgsched.register` and `bgsched.submit`.
@Suite struct RegistrationTests {
    static let pid = "\"pid\":1"

    static func reg(_ t: Double, _ id: String) -> String { ev(t, "bgsched.register", pid + ",\"task\":\"\(id)\"") }
    static func submit(_ t: Double, _ id: String) -> String {
        ev(t, "bgsched.submit", pid + ",\"task\":\"\(id)\",\"kind\":\"refresh\"")
    }
    static func start(_ t: Double, _ id: String) -> String {
        ev(t, "bgsched.start", pid + ",\"task\":\"\(id)\",\"kind\":\"refresh\"")
    }

    /// When launch has finished, in each way a log can write `didFinishLaunching` (SPEC §5
    /// LC307): the lines between `process.launch` and `app.didBecomeActive`, and the rules
    /// expected on them (line 1 is `process.launch`).
    @Test(arguments: [
        // A span: registrations inside it are in time, after its end late.
        (["dfl.begin", "reg:a", "dfl.end"], [String]()),
        (["dfl.begin", "dfl.end", "reg:a"], ["LC307@4"]),
        // An instant: registrations and submissions right after it are inside the callback.
        (["dfl", "reg:a", "reg:b", "submit:a"], []),
        (["dfl", "reg:a", "memory", "reg:b"], ["LC307@5"]),
        // Before didFinishLaunching (in willFinishLaunching, say): in time.
        (["wfl", "reg:a", "dfl"], []),
        // A registration long after, from a lazily started SDK.
        (["dfl", "active", "reg:a"], ["LC307@4"]),
    ])
    func registeredLate(steps: [String], expected: [String]) {
        var lines = [ev(0, "process.launch", Self.pid + ",\"reason\":\"user\"")]
        var t = 0.0
        var activated = false
        for step in steps {
            t += 0.1
            let parts = step.split(separator: ":").map(String.init)
            switch parts[0] {
            case "dfl": lines.append(ev(t, "app.didFinishLaunching", Self.pid))
            case "dfl.begin": lines.append(ev(t, "app.didFinishLaunching", Self.pid + ",\"phase\":\"begin\""))
            case "dfl.end": lines.append(ev(t, "app.didFinishLaunching", Self.pid + ",\"phase\":\"end\""))
            case "wfl": lines.append(ev(t, "app.willFinishLaunching", Self.pid))
            case "memory": lines.append(ev(t, "app.didReceiveMemoryWarning", Self.pid))
            case "active":
                lines.append(ev(t, "app.didBecomeActive", Self.pid))
                activated = true
            case "reg": lines.append(Self.reg(t, parts[1]))
            case "submit": lines.append(Self.submit(t, parts[1]))
            default: Issue.record("unknown step \(step)")
            }
        }
        if !activated { lines.append(ev(t + 0.1, "app.didBecomeActive", Self.pid)) }
        let result = replay(lines: lines)
        #expect(result.ruleLines == expected, "\(result.findings.map(\.message))")
        for finding in result.of(.bgschedRegisteredLate) {
            #expect(finding.task == .string("a") || finding.task == .string("b"))
            #expect(finding.event == "bgsched.register")
            #expect(finding.severity == .error)
            #expect(finding.message.hasSuffix("'All launch handlers must be registered before application finishes launching'"))
        }
    }

    @Test func lateRegistrationNamesTheLaunchEnd() {
        let result = replay(lines: [
            ev(0, "process.launch", Self.pid), ev(0.1, "app.didFinishLaunching", Self.pid + ",\"phase\":\"begin\""),
            ev(0.3, "app.didFinishLaunching", Self.pid + ",\"phase\":\"end\""), ev(0.5, "app.didBecomeActive", Self.pid),
            Self.reg(9, "com.example.refresh"),
        ])
        #expect(
            result.findings.map(\.message) == [
                "'bgsched.register' of 'com.example.refresh' after launch finished ('app.didFinishLaunching' at line 3): UIKit raises 'All launch handlers must be registered before application finishes launching'"
            ])
    }

    /// A log that began mid-session never saw the launch: nothing is proven, no LC307 or LC308.
    @Test func midSessionLogJudgesNeither() {
        let result = replay(lines: [
            ev(10, "app.willResignActive", Self.pid), Self.reg(11, "a"), Self.submit(12, "b"), Self.start(13, "c"),
            ev(14, "bgsched.complete", Self.pid + ",\"task\":\"c\""),
        ])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    /// LC308: starts and submissions against the registrations so far, only once the log
    /// records one.
    @Test(arguments: [
        ([String](), ["submit:x", "start:x"], [String]()),
        (["a"], ["submit:a", "start:a"], []),
        (["a"], ["submit:x"], ["LC308@6"]),
        (["a"], ["start:x"], ["LC308@6"]),
        (["a", "x"], ["submit:x", "start:x"], []),
        (["a"], ["submit:x", "start:x"], ["LC308@6", "LC308@7"]),
    ])
    func notRegistered(registered: [String], calls: [String], expected: [String]) {
        var lines = [
            ev(0, "process.launch", Self.pid + ",\"reason\":\"user\""),
            ev(0.1, "app.didFinishLaunching", Self.pid + ",\"phase\":\"begin\""),
        ]
        lines += registered.enumerated().map { Self.reg(0.2 + Double($0.offset) * 0.01, $0.element) }
        lines += [ev(0.4, "app.didFinishLaunching", Self.pid + ",\"phase\":\"end\""), ev(0.5, "app.didBecomeActive", Self.pid)]
        var t = 1.0
        for call in calls {
            let parts = call.split(separator: ":").map(String.init)
            lines.append(parts[0] == "submit" ? Self.submit(t, parts[1]) : Self.start(t, parts[1]))
            t += 1
        }
        // Whatever started completes, so only the registration rules can fire.
        for id in Set(calls.filter { $0.hasPrefix("start:") }.map { String($0.dropFirst(6)) }) {
            lines.append(ev(t, "bgsched.complete", Self.pid + ",\"task\":\"\(id)\""))
        }
        let result = replay(lines: lines)
        #expect(result.ruleLines == expected, "\(result.findings.map(\.message))")
        for finding in result.of(.bgschedNotRegistered) {
            #expect(finding.task == .string("x"))
            #expect(finding.message.hasSuffix("'No launch handler registered for task with identifier x'"))
        }
    }

    /// LC309: per identifier and per session; a relaunch starts over.
    @Test func registeredTwice() {
        let launch = [ev(0, "process.launch", Self.pid), ev(0.1, "app.didFinishLaunching", Self.pid)]
        let twice = replay(lines: launch + [Self.reg(0.11, "a"), Self.reg(0.12, "b"), Self.reg(0.13, "a")])
        #expect(twice.ruleLines == ["LC309@5"])
        #expect(
            twice.findings.first?.message
                == "'bgsched.register' of 'a' again (registered at line 3): UIKit raises 'Launch handler for task with identifier a has already been registered'"
        )
        #expect(twice.findings.first?.task == .string("a"))
        // Integer and string identifiers never match.
        let mixed = replay(lines: launch + [Self.reg(0.11, "7"), ev(0.12, "bgsched.register", Self.pid + ",\"task\":7")])
        #expect(mixed.findings.isEmpty)
        // The next process registers afresh: same pid relaunched, and the no-pid stream.
        let relaunched = replay(
            lines: launch + [Self.reg(0.11, "a"), ev(5, "process.exit", Self.pid + ",\"reason\":\"terminate\"")]
                + [
                    ev(10, "process.launch", "\"pid\":2"), ev(10.1, "app.didFinishLaunching", "\"pid\":2"),
                    ev(10.11, "bgsched.register", "\"pid\":2,\"task\":\"a\""),
                ])
        #expect(relaunched.of(.bgschedRegisteredTwice).isEmpty)
        let stream = replay(lines: [
            ev(0, "app.didFinishLaunching"), ev(0.01, "bgsched.register", "\"task\":\"a\""),
            ev(60, "app.didFinishLaunching"), ev(60.01, "bgsched.register", "\"task\":\"a\""),
        ])
        #expect(stream.of(.bgschedRegisteredTwice).isEmpty && stream.of(.bgschedRegisteredLate).isEmpty)
    }

    /// Registrations and submissions are the app's own calls: LC101 while suspended, LC102
    /// after the process ended.
    @Test func appCallsWhileSuspendedOrAfterExit() {
        let base = [ev(0, "process.launch", Self.pid), ev(0.1, "app.didFinishLaunching", Self.pid), Self.reg(0.11, "a")]
        let suspended = replay(lines: base + [ev(1, "app.didEnterBackground", Self.pid), ev(2, "sys.suspend", Self.pid), Self.submit(3, "a")])
        #expect(suspended.rules == [.ranWhileSuspended])
        let exited = replay(lines: base + [ev(1, "sys.kill", Self.pid), Self.submit(3, "a")])
        #expect(exited.of(.eventAfterExit).count == 1)
    }

    /// A registration right after the instant `didFinishLaunching` of a prewarmed launch does
    /// not make it a background launch: the launch watchdog still runs to the activation.
    @Test func registrationsDoNotDecideTheLaunchKind() {
        let result = replay(lines: [
            ev(0, "process.launch", Self.pid + ",\"reason\":\"prewarm\""), ev(0.5, "sys.suspend", Self.pid),
            ev(600, "app.willFinishLaunching", Self.pid), ev(601, "app.didFinishLaunching", Self.pid),
            Self.reg(601.01, "a"), ev(625, "app.didBecomeActive", Self.pid),
        ])
        #expect(result.ruleLines == ["LC200@6"])
    }

    /// The identifiers a live process registered survive the symbol table's trimming.
    @Test func registrationsAreLiveSymbols() {
        let log = TestLog(
            [ev(0, "process.launch", Self.pid), ev(0.1, "app.didFinishLaunching", Self.pid), Self.reg(0.11, "com.example.refresh")]
                .joined(separator: "\n"))
        var replayer = Replayer(path: "t", configuration: ReplayConfiguration())
        log.feed(&replayer)
        #expect(replayer.liveSymbols().compactMap { log.symbols[$0] } == ["com.example.refresh"])
    }
}
