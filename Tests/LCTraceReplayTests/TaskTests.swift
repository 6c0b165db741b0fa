import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Background-task pairing: LC300, LC301, LC303, LC304, with integer and string ids.
@Suite struct TaskTests {
    static let pid = "\"pid\":1"
    static let background = BudgetTests.background

    static func task(_ t: Double, _ event: String, _ id: String, pid: String = pid) -> String {
        ev(t, event, pid + ",\"task\":\(id)")
    }

    @Test(arguments: ["1", "\"upload\""])
    func pairedTasksAreClean(id: String) {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", id), Self.task(5, "bgtask.end", id), ev(6, "sys.suspend", Self.pid),
            ])
        #expect(result.findings.isEmpty)
    }

    @Test func leakedAtSuspension() {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", "1"), Self.task(4.5, "bgtask.begin", "\"sync\""), ev(6, "sys.suspend", Self.pid),
            ])
        let leaked = result.of(.bgtaskLeaked)
        #expect(leaked.map(\.line) == [8, 8])
        #expect(leaked.map(\.task) == [.number(1), .string("sync")])
        #expect(leaked.first?.message == "task '1' begun at line 6 not ended before 'sys.suspend'")
        #expect(leaked.first?.pid == 1)
    }

    /// SPEC §5 (2028 edition): at a kill or crash, a task merely open did not get the process
    /// killed: no LC300, the task is on the death's `open_tasks`; only a task past its allowance
    /// (or its expiration grace) is LC300.
    @Test(arguments: [
        ("process.exit", ",\"reason\":\"crash\"", 6.0, false), ("sys.kill", ",\"reason\":\"jetsam\"", 6.0, false),
        ("sys.kill", "", 6.0, false), ("sys.kill", "", 40.0, true), ("process.exit", ",\"reason\":\"crash\"", 40.0, true),
    ])
    func atAKillOnlyTheTaskPastItsAllowanceLeaks(event: String, extra: String, at time: Double, past: Bool) {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", "1"), Self.task(4.5, "bgtask.begin", "\"sync\""), ev(time, event, Self.pid + extra),
            ])
        #expect(result.of(.bgtaskLeaked).map(\.line) == (past ? [8, 8] : []))
        #expect(result.of(.bgtaskOverrun).count == (past ? 2 : 0))
        let death = result.deaths.first
        #expect(death?.openTasks.map(\.task) == [.number(1), .string("sync")])
        #expect(death?.exitClass == (past ? .bgtaskTimeout : event == "sys.kill" && extra.contains("jetsam") ? .purged : .abnormal))
    }

    @Test func leakedAtWillTerminate() {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", "1"), ev(5, "app.willTerminate", Self.pid), ev(6, "process.exit", Self.pid),
            ])
        #expect(result.ruleLines == ["LC300@7"])
        #expect(result.findings[0].message == "task '1' begun at line 6 not ended before 'app.willTerminate' completed")
    }

    @Test func leakedTaskEndedAfterResumeIsNotLC301() {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", "1"), ev(6, "sys.suspend", Self.pid), ev(60, "sys.resume", Self.pid),
                Self.task(61, "bgtask.end", "1"),
            ])
        #expect(result.ruleLines == ["LC300@7"])
    }

    @Test func unmatchedEnd() {
        let result = replay(lines: Self.background + [Self.task(4, "bgtask.end", "9")])
        #expect(result.ruleLines == ["LC301@6"])
        #expect(result.findings[0].message == "'bgtask.end' for task '9' that is not open: expected 'bgtask.begin' first")
        #expect(result.findings[0].task == .number(9))
    }

    @Test func doubleEnd() {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", "\"a\""), Self.task(5, "bgtask.end", "\"a\""), Self.task(5.5, "bgtask.end", "\"a\""),
            ])
        #expect(result.ruleLines == ["LC301@8"])
        #expect(result.findings[0].message == "'bgtask.end' for task 'a' that already ended at line 7")
    }

    @Test func integerAndStringIdsNeverMatch() {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", "1"), Self.task(5, "bgtask.end", "\"1\""), Self.task(6, "bgtask.end", "1"),
            ])
        #expect(result.ruleLines == ["LC301@7"])
        #expect(result.findings[0].task == .string("1"))
    }

    @Test func tasksArePerPid() {
        let result = replay(lines: [
            ev(0, "meta", "\"pid\":1,\"app\":\"a\""), ev(0, "meta", "\"pid\":2,\"app\":\"b\""),
            ev(0, "app.didFinishLaunching", "\"pid\":1"), ev(0, "app.didFinishLaunching", "\"pid\":2"),
            Self.task(1, "bgtask.begin", "1", pid: "\"pid\":1"), Self.task(2, "bgtask.end", "1", pid: "\"pid\":2"),
            Self.task(3, "bgtask.end", "1", pid: "\"pid\":1"),
        ])
        #expect(result.ruleLines == ["LC301@6"])
        #expect(result.findings[0].pid == 2)
    }

    @Test func idReuseWhileOpen() {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", "3"), Self.task(5, "bgtask.begin", "3"), Self.task(6, "bgtask.end", "3"),
                ev(7, "sys.suspend", Self.pid),
            ])
        #expect(result.ruleLines == ["LC303@7"])
        #expect(result.findings[0].severity == .warning)
        #expect(result.findings[0].message == "task '3' begun again while open (begun at line 6)")
    }

    @Test func idReuseAfterEndIsFine() {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", "3"), Self.task(5, "bgtask.end", "3"), Self.task(6, "bgtask.begin", "3"),
                Self.task(7, "bgtask.end", "3"),
            ])
        #expect(result.findings.isEmpty)
    }

    @Test func openAtEndOfLogIsANote() {
        let result = replay(lines: Self.background + [Self.task(4, "bgtask.begin", "\"x\"")])
        #expect(result.ruleLines == ["LC304@6"])
        #expect(result.findings[0].severity == .note)
        #expect(result.findings[0].message == "task 'x' still open when the log ended")
        #expect(result.exitClasses == [.open: 1])
    }

    @Test func notOpenAtEndAfterExit() {
        // Purged with a task open: it was running, so a death (LC103); the task merely open is
        // on the death, not LC300 (SPEC §5, 2028 edition), and not LC304.
        let result = replay(
            lines: Self.background + [Self.task(4, "bgtask.begin", "1"), ev(5, "process.exit", Self.pid + ",\"reason\":\"purge\"")])
        #expect(result.ruleLines == ["LC103@7"])
        #expect(result.deaths.map(\.exitClass) == [.purged])
        #expect(result.deaths.first?.openTasks.count == 1)
    }

    @Test func expireWhileSuspendedWakesTheApp() {
        let result = replay(
            lines: Self.background + [
                Self.task(4, "bgtask.begin", "1"), ev(5, "sys.suspend", Self.pid), Self.task(30, "bgtask.expire", "1"),
            ])
        // The task was already reported leaked at the suspension.
        #expect(result.ruleLines == ["LC300@7"])
    }

    @Test func beginWhileSuspendedIsLC101() {
        let result = replay(
            lines: Self.background + [
                ev(5, "sys.suspend", Self.pid), Self.task(30, "bgtask.begin", "1"), Self.task(31, "bgtask.end", "1"),
            ])
        #expect(result.ruleLines == ["LC101@7"])
        #expect(result.findings[0].task == .number(1))
    }
}
