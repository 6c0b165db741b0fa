import LCTraceCore
import Testing

@testable import LCTraceReplay

/// The `bgtask` allowance after a wake, a task begun into an exhausted allowance, and the
/// expiration grace of LC203 and LC204 (SPEC §4, 2028 edition), at their edges. In-app logs
/// (no `sys.*` records), as most apps record them, unless a case says otherwise.
@Suite struct AllowanceGraceTests {
    static let pid = "\"pid\":1"

    /// Launched at 0, active at 1, in background from t=3 (line 5): the allowance runs out
    /// at 33 (30 s on an unknown OS), and `expiration` is 5 s.
    static let background = [
        ev(0, "process.launch", pid), ev(0.5, "app.didFinishLaunching", pid), ev(1, "app.didBecomeActive", pid),
        ev(2, "app.willResignActive", pid), ev(3, "app.didEnterBackground", pid),
    ]

    static func begin(_ t: Double, _ task: Int) -> String { ev(t, "bgtask.begin", "\(pid),\"task\":\(task)") }
    static func end(_ t: Double, _ task: Int) -> String { ev(t, "bgtask.end", "\(pid),\"task\":\(task)") }
    static func expire(_ t: Double, _ task: Int) -> String { ev(t, "bgtask.expire", "\(pid),\"task\":\(task)") }

    static func config(_ budgets: [String] = []) -> ReplayConfiguration {
        var b = Budgets()
        for a in budgets { try! b.apply(a) }
        return ReplayConfiguration(budgets: b)
    }

    /// A task begun after the allowance ran out with no task open: iOS suspended the app and
    /// woke it since (a silent push, a fetch), and the wake granted a new allowance, which
    /// counts from this task. A task begun exactly when the allowance runs out still shares
    /// it; one millisecond later it does not.
    @Test(arguments: [
        // Exactly at the allowance's end: it has not run out yet, so the task shares it.
        ([begin(33, 7), end(34, 7)], [String](), ["LC203@7"]),
        // One millisecond after: a new allowance from the begin.
        ([begin(33.001, 7), end(34, 7)], [], []),
        ([begin(33.001, 7), end(63.001, 7)], [], []),
        ([begin(33.001, 7), end(63.002, 7)], [], ["LC203@7"]),
        // The shape: a task begun after a wake is judged, however late the wake.
        ([begin(1_000, 7), end(1_020, 7)], [], []),
        ([begin(1_000, 7), end(1_031, 7)], [], ["LC203@7"]),
        // A stricter budget gives more findings, never fewer.
        ([begin(1_000, 7), end(1_015, 7)], ["bgtask=10"], ["LC203@7"]),
        ([begin(1_000, 7), end(1_009, 7)], ["bgtask=10"], []),
        // A task that ended inside the first allowance, then a wake: the second task is
        // timed from its own begin.
        ([begin(4, 6), end(10, 6), begin(500, 7), end(520, 7)], [], []),
        ([begin(4, 6), end(10, 6), begin(500, 7), end(531, 7)], [], ["LC203@9"]),
    ])
    func aWakeGrantsANewAllowance(_ tail: [String], _ budgets: [String], _ expected: [String]) {
        let result = replay(lines: Self.background + tail, Self.config(budgets))
        #expect(result.ruleLines == expected, "\(result.findings.map(\.message))")
    }

    /// A task begun while the allowance has run out with another task still open shares that
    /// exhausted allowance: LC203 at its own begin, whatever comes after.
    @Test(arguments: [
        // The first task never ends: a wake finds it still open. Both are past the allowance
        // at the second begin (line 7).
        ([begin(4, 6), begin(1_000, 7), end(1_001, 7)], ["LC304@6", "LC203@7", "LC203@7"]),
        // One millisecond after the end, the first task still open (its grace runs to 38).
        ([begin(4, 6), begin(33.001, 7), end(33.5, 7), end(34, 6)], ["LC203@7", "LC203@9"]),
        // Exactly at the end, beside the open task: both share the allowance that runs out.
        ([begin(4, 6), begin(33, 7), end(33.5, 7), end(34, 6)], ["LC203@8", "LC203@9"]),
        // The first task was reported and ended before the wake: a new allowance.
        ([begin(4, 6), end(40, 6), begin(1_000, 7), end(1_010, 7)], ["LC203@7"]),
    ])
    func aTaskBegunIntoAnExhaustedAllowanceIsPastIt(_ tail: [String], _ expected: [String]) {
        let result = replay(lines: Self.background + tail)
        #expect(result.ruleLines == expected, "\(result.findings.map(\.message))")
    }

    @Test func theSharedAllowanceIsNamedInTheMessage() {
        let result = replay(lines: Self.background + [Self.begin(4, 6), Self.begin(1_000, 7)])
        let shared = result.of(.bgtaskOverrun).filter { $0.task == .number(7) }
        #expect(
            shared.map(\.message) == [
                "task '7' begun 997.000 s into the background allowance, which ran out with task '6' (begun at line 6) still open (allowance started at line 5): budget 'bgtask' is 30 s"
            ])
    }

    /// The expiration grace: a task still open when the allowance runs out (at 33) is not
    /// LC203 when its own `bgtask.expire` came no later than 33 + `expiration` (38) and it
    /// was ended within `expiration` after it.
    @Test(arguments: [
        // Expired before the allowance's end, ended from the handler 0.2 s later, before it.
        ([expire(30, 6), end(30.2, 6)], []),
        // Expired a little before our estimate of the end, ended just after it.
        ([expire(32, 6), end(34, 6)], []),
        // At the end.
        ([expire(33, 6), end(33.2, 6)], []),
        // At the end + expiration: still in time.
        ([expire(38, 6), end(38.2, 6)], []),
        ([expire(38, 6), end(43, 6)], []),
        // One millisecond later: too late, LC203 at the expire itself.
        ([expire(38.001, 6), end(38.2, 6)], ["LC203@7"]),
        // Expired in time, but not ended within expiration of it: LC302 and LC203.
        ([expire(32, 6), end(37.001, 6)], ["LC302@8", "LC203@8"]),
        // Never expired: ended after the allowance, LC203 at its end.
        ([end(34, 6)], ["LC203@7"]),
        // Never expired nor ended: LC203 at the first record past the end + expiration.
        ([ev(37, "app.didReceiveMemoryWarning", pid), ev(38.5, "app.didReceiveMemoryWarning", pid)], ["LC304@6", "LC203@8"]),
        // Suspended inside the grace: never ended, so no grace.
        ([expire(34, 6), ev(35, "sys.suspend", pid)], ["LC203@8", "LC302@8", "LC300@8"]),
        // Killed inside the grace.
        ([ev(34, "sys.kill", pid + ",\"reason\":\"bgtask-timeout\"")], ["LC203@7", "LC300@7", "LC103@7"]),
        // Back in the foreground inside the grace, then ended from the handler: spared.
        ([ev(34, "app.willEnterForeground", pid), expire(35, 6), end(35.5, 6), ev(36, "app.didBecomeActive", pid)], []),
    ])
    func anEndFromTheExpirationHandlerIsInTime(_ tail: [String], _ expected: [String]) {
        let result = replay(lines: Self.background + [Self.begin(4, 6)] + tail)
        #expect(result.ruleLines == expected, "\(result.findings.map(\.message))")
    }

    @Test func aLateExpirationIsNamedInTheMessage() {
        let result = replay(lines: Self.background + [Self.begin(4, 6), Self.expire(32, 6), Self.end(37.5, 6)])
        #expect(
            result.of(.bgtaskOverrun).map(\.message) == [
                "task '6' ended 34.500 s into the background allowance (allowance started at line 5): budget 'bgtask' is 30 s (not ended within 'expiration', 5 s, of 'bgtask.expire' at line 7)"
            ])
    }

    /// A log that ends inside the grace proves nothing: the task is open at the end (LC304).
    @Test func aLogEndingInsideTheGraceProvesNothing() {
        let result = replay(lines: Self.background + [Self.begin(4, 6), Self.expire(33.5, 6)])
        #expect(result.ruleLines == ["LC304@6"])
    }

    /// The same grace for a refresh task (LC204): budget `refresh` (30 s) from its start at 1
    /// runs out at 31; `bgsched.expire` up to 36 and the completion within 5 s of it spare it.
    @Test(arguments: [
        ([schedExpire(30), complete(30.5)], [String]()),
        ([schedExpire(31.5), complete(33)], []),
        ([schedExpire(31), complete(31.2)], []),
        ([schedExpire(36), complete(36.2)], []),
        ([schedExpire(36.001), complete(36.2)], ["LC204@5"]),
        ([complete(32)], ["LC204@5"]),
        ([schedExpire(31.5), complete(37)], ["LC306@6", "LC204@6"]),
        ([schedExpire(31.5), ev(32, "sys.suspend", pid)], ["LC204@6", "LC306@6", "LC305@6"]),
    ])
    func aRefreshTaskCompletedFromItsExpirationHandlerIsInTime(_ tail: [String], _ expected: [String]) {
        let head = [
            ev(0, "process.launch", Self.pid + ",\"reason\":\"background\""), ev(0.5, "app.didFinishLaunching", Self.pid),
            ev(0.8, "app.didEnterBackground", Self.pid),
            ev(1, "bgsched.start", Self.pid + ",\"task\":\"com.example.refresh\",\"kind\":\"refresh\""),
        ]
        let result = replay(lines: head + tail)
        #expect(result.ruleLines == expected, "\(result.findings.map(\.message))")
    }

    static func schedExpire(_ t: Double) -> String { ev(t, "bgsched.expire", "\(pid),\"task\":\"com.example.refresh\"") }
    static func complete(_ t: Double) -> String {
        ev(t, "bgsched.complete", "\(pid),\"task\":\"com.example.refresh\",\"reason\":\"success\"")
    }
}

extension AllowanceGraceTests {
    /// A task waiting in its expiration grace when a relaunch replaces its process (a new pid of
    /// the same app, or a launch in a log without pids) can no longer be ended: the relaunch
    /// settles it, so the death is `bgtask-timeout` with LC203, as a kill record would make it.
    /// The allowance runs out at 33; the expiration handler at 32 leaves until 37 to end it; the
    /// process's last record is at 34, while it still waits.
    @Test(arguments: [true, false])
    func aRelaunchSettlesATaskWaitingInItsGrace(_ withPids: Bool) {
        let own = withPids ? [Self.pid] : []
        func line(_ t: Double, _ event: String, _ extra: String...) -> String { ev(t, event, (own + extra).joined(separator: ",")) }
        let lines = [
            ev(0, "meta", "\"app\":\"com.example.app\""), line(0, "process.launch"), line(0.5, "app.didFinishLaunching"),
            line(1, "app.didBecomeActive"), line(2, "app.willResignActive"), line(3, "app.didEnterBackground"),
            line(4, "bgtask.begin", "\"task\":7"), line(32, "bgtask.expire", "\"task\":7"), line(34, "app.didReceiveMemoryWarning"),
            withPids ? ev(90, "process.launch", "\"pid\":2,\"reason\":\"user\"") : line(90, "process.launch", "\"reason\":\"user\""),
        ]
        let result = replay(lines: lines)
        #expect(result.ruleLines.contains("LC203@10"), "\(result.ruleLines) \(result.findings.map(\.message))")
        #expect(result.deaths.map(\.exitClass) == [.bgtaskTimeout], "\(result.deaths.map(\.message))")
    }
}
