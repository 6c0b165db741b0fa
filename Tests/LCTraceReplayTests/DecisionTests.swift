import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Behaviour where SPEC is silent, as documented in the report and docs.
@Suite struct DecisionTests {
    static let p = "\"pid\":1"

    @Test func relaunchDoesNotJudgeTheOldSessionsClocks() {
        // The in-app stream cannot tell when the old process died, so its open handler is not
        // an overrun; its task was merely open (no LC300 at a replacement: SPEC §5, 2028
        // edition) and is on the death; the old session ended abnormally.
        let result = replay(lines: [
            ev(0, "app.didFinishLaunching"), ev(1, "app.didBecomeActive"), ev(2, "app.willResignActive"),
            ev(3, "app.didEnterBackground", "\"phase\":\"begin\""), ev(3.5, "bgtask.begin", "\"task\":1"),
            ev(60, "app.didFinishLaunching"),
        ])
        #expect(result.ruleLines == ["LC103@6"])
        #expect(result.deaths.first?.openTasks.map(\.line) == [5])
    }

    @Test func backgroundLaunchThenForegroundIsTimedAsAResume() {
        let result = replay(lines: [
            ev(0, "process.launch", Self.p + ",\"reason\":\"background\""), ev(1, "app.didFinishLaunching", Self.p),
            ev(1.1, "app.didEnterBackground", Self.p), ev(100, "app.willEnterForeground", Self.p),
            ev(111, "app.didBecomeActive", Self.p),
        ])
        #expect(result.ruleLines == ["LC201@5"])
        #expect(result.findings[0].message.hasPrefix("resume took 11.000 s"))
    }

    @Test func spanEndWithoutBeginIsAnInstant() {
        let result = replay(lines: [
            ev(100, "app.didEnterBackground", Self.p + ",\"phase\":\"end\""), ev(101, "app.didEnterBackground", Self.p + ",\"phase\":\"end\""),
        ])
        #expect(result.ruleLines == ["LC100@2"])
    }

    @Test func reusedIdKeepsTheFirstBeginAndOneEndClosesIt() {
        let result = replay(
            lines: BudgetTests.background + [
                ev(4, "bgtask.begin", Self.p + ",\"task\":1"), ev(20, "bgtask.begin", Self.p + ",\"task\":1"),
                ev(36, "bgtask.end", Self.p + ",\"task\":1"), ev(37, "sys.suspend", Self.p),
            ])
        // The allowance (from line 5, t=3) ran out at t=33 with the task of line 6 open.
        #expect(result.ruleLines == ["LC303@7", "LC203@8"])
    }

    @Test func configurationModelAppMakesSceneEventsMixed() {
        let result = replay(
            lines: [ev(0, "app.didFinishLaunching", Self.p), ev(1, "scene.willConnect", Self.p + ",\"scene\":\"a\"")],
            ReplayConfiguration(model: .uikitApp))
        #expect(result.ruleLines == ["LC104@2"])
    }

    @Test func metaWithPidAppliesToThatPidOnly() {
        func lines(_ pid: Int) -> [String] {
            let q = "\"pid\":\(pid)"
            return [
                ev(0, "app.didFinishLaunching", q), ev(1, "app.didEnterBackground", q), ev(2, "bgtask.begin", q + ",\"task\":1"),
                ev(100, "bgtask.end", q + ",\"task\":1"),
            ]
        }
        let result = replay(
            lines: [
                ev(0, "meta", "\"pid\":1,\"os\":\"12.4\",\"app\":\"a\""), ev(0, "meta", "\"pid\":2,\"app\":\"b\""),
            ] + lines(1) + lines(2))
        #expect(result.ruleLines == ["LC203@10"])
        #expect(result.findings[0].pid == 2)
    }

    @Test func metaAppliesToRecordsAfterIt() {
        let result = replay(
            lines: BudgetTests.background + [
                ev(4, "bgtask.begin", Self.p + ",\"task\":1"), ev(5, "meta", "\"os\":\"6.0\""),
                ev(100, "bgtask.end", Self.p + ",\"task\":1"),
            ])
        // The allowance is judged with the OS known when the late record arrives.
        #expect(result.findings.isEmpty)
    }

    @Test func purgeReasonFromBackgroundIsTrusted() {
        let result = replay(
            lines: BudgetTests.background + [ev(50, "process.exit", Self.p + ",\"reason\":\"purge\"")])
        #expect(result.findings.isEmpty)
        #expect(result.exitClasses == [.purged: 1])
    }

    @Test func terminateReasonWithoutWillTerminateIsNormal() {
        let result = replay(lines: [
            ev(0, "app.didFinishLaunching", Self.p), ev(1, "app.didBecomeActive", Self.p),
            ev(2, "process.exit", Self.p + ",\"reason\":\"terminate\""),
        ])
        #expect(result.findings.isEmpty)
        #expect(result.exitClasses == [.normal: 1])
    }

    @Test func explicitReasonBeatsInferredOverruns() {
        let result = replay(lines: [
            ev(0, "app.didFinishLaunching", Self.p), ev(30, "app.didBecomeActive", Self.p),
            ev(31, "sys.kill", Self.p + ",\"reason\":\"jetsam\""),
        ])
        #expect(result.ruleLines == ["LC200@2", "LC103@3"])
        // SPEC §5: jetsam while running is memory-limit, and the reason beats the overrun.
        #expect(result.exitClasses == [.memoryLimit: 1])
        let inferred = replay(lines: [
            ev(0, "app.didFinishLaunching", Self.p), ev(30, "app.didBecomeActive", Self.p), ev(31, "sys.kill", Self.p),
        ])
        // The launch overran but reached its activation: history, never the class of a later
        // end (SPEC §5, 2028 edition).
        #expect(inferred.exitClasses == [.abnormal: 1])
    }
}
