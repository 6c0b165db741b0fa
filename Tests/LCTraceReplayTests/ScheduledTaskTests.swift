import LCTraceCore
import Testing

@testable import LCTraceReplay

/// BGTaskScheduler tasks (SPEC §2, §4, §5): `bgsched.start`/`expire`/`complete`, the `refresh`
/// and `expiration` budgets, LC204, LC305, LC306, and LC301/LC303/LC304 reused.
@Suite struct ScheduledTaskTests {
    /// A background launch for a scheduled task of `kind`, started at t=0.5 on line 3.
    static func launched(_ kind: String = "refresh", task: String = "r") -> String {
        """
        {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
        {"t":0.2,"ev":"app.didFinishLaunching","pid":1}
        {"t":0.5,"ev":"bgsched.start","pid":1,"task":"\(task)","kind":"\(kind)"}
        """
    }

    @Test func refreshTaskCompletedInTimeIsClean() {
        let result = replay(
            Self.launched() + "\n" + #"{"t":20,"ev":"bgsched.complete","pid":1,"task":"r","reason":"success"}"# + "\n"
                + #"{"t":21,"ev":"sys.suspend","pid":1}"#)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func refreshTaskPastItsBudgetIsLC204() {
        let result = replay(
            Self.launched() + "\n" + #"{"t":45,"ev":"bgsched.complete","pid":1,"task":"r"}"# + "\n"
                + #"{"t":46,"ev":"sys.suspend","pid":1}"#)
        #expect(result.ruleLines == ["LC204@4"])
        #expect(
            result.findings.first?.message
                == "refresh task 'r' completed after 44.500 s (started at line 3): budget 'refresh' is 30 s")
        #expect(result.findings.first?.event == "bgsched.complete")
    }

    @Test func refreshIsTheDefaultKindAndTheBudgetIsOverridable() {
        let text = """
            {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
            {"t":0.2,"ev":"app.didFinishLaunching","pid":1}
            {"t":0.5,"ev":"bgsched.start","pid":1,"task":"r"}
            {"t":45,"ev":"bgsched.complete","pid":1,"task":"r"}
            """
        #expect(replay(text).ruleLines == ["LC204@4"])
        var budgets = Budgets()
        try? budgets.apply("refresh=60")
        #expect(replay(text, ReplayConfiguration(budgets: budgets)).findings.isEmpty)
    }

    @Test(arguments: ["processing", "continued"])
    func longTasksHaveNoFixedBudget(kind: String) {
        let result = replay(
            Self.launched(kind) + "\n" + #"{"t":600,"ev":"bgsched.complete","pid":1,"task":"r"}"# + "\n"
                + #"{"t":601,"ev":"sys.suspend","pid":1}"#)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func taskNotCompletedBeforeSuspensionIsLC305() {
        let result = replay(Self.launched("processing") + "\n" + #"{"t":90,"ev":"sys.suspend","pid":1}"#)
        #expect(result.ruleLines == ["LC305@4"])
        #expect(
            result.findings.first?.message == "scheduled task 'r' started at line 3 not completed before 'sys.suspend'")
    }

    @Test func expiredAndNotCompletedIsLC306() {
        let late = replay(
            Self.launched("processing") + "\n" + #"{"t":300,"ev":"bgsched.expire","pid":1,"task":"r"}"# + "\n"
                + #"{"t":309,"ev":"bgsched.complete","pid":1,"task":"r","reason":"failure"}"#)
        #expect(late.ruleLines == ["LC306@5"])
        let never = replay(
            Self.launched("processing") + "\n" + #"{"t":300,"ev":"bgsched.expire","pid":1,"task":"r"}"# + "\n"
                + #"{"t":302,"ev":"sys.suspend","pid":1}"#)
        #expect(never.ruleLines == ["LC306@5", "LC305@5"])
        let prompt = replay(
            Self.launched("processing") + "\n" + #"{"t":300,"ev":"bgsched.expire","pid":1,"task":"r"}"# + "\n"
                + #"{"t":300.5,"ev":"bgsched.complete","pid":1,"task":"r","reason":"failure"}"#)
        #expect(prompt.findings.isEmpty)
    }

    @Test func pairingRulesAreReused() {
        let unmatched = replay(
            Self.launched() + "\n" + #"{"t":2,"ev":"bgsched.complete","pid":1,"task":"r"}"# + "\n"
                + #"{"t":3,"ev":"bgsched.complete","pid":1,"task":"r"}"# + "\n"
                + #"{"t":4,"ev":"bgsched.complete","pid":1,"task":"other"}"#)
        #expect(unmatched.ruleLines == ["LC301@5", "LC301@6"])
        #expect(unmatched.findings[0].message == "'bgsched.complete' for task 'r' that already completed at line 4")
        #expect(
            unmatched.findings[1].message
                == "'bgsched.complete' for task 'other' that is not running: expected 'bgsched.start' first")
        let reused = replay(Self.launched() + "\n" + #"{"t":2,"ev":"bgsched.start","pid":1,"task":"r","kind":"refresh"}"#)
        #expect(reused.ruleLines == ["LC304@3", "LC303@4"])
        let open = replay(Self.launched("processing"))
        #expect(open.ruleLines == ["LC304@3"])
        #expect(open.findings.first?.event == "bgsched.start")
        #expect(open.findings.first?.message == "scheduled task 'r' still running when the log ended")
    }

    @Test func scheduledAndBackgroundTaskIdsAreSeparate() {
        // A bgtask.end cannot end a scheduled task of the same id, nor the other way round.
        let result = replay(
            Self.launched() + "\n" + #"{"t":1,"ev":"bgtask.begin","pid":1,"task":"r"}"# + "\n"
                + #"{"t":2,"ev":"bgtask.end","pid":1,"task":"r"}"# + "\n"
                + #"{"t":3,"ev":"bgsched.complete","pid":1,"task":"r"}"# + "\n" + #"{"t":4,"ev":"sys.suspend","pid":1}"#)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func runningScheduledTaskCoversBackgroundCode() {
        // App code 40 s into the background while a processing task runs: no LC202 (SPEC §4).
        let result = replay(
            """
            {"t":0,"ev":"process.launch","pid":1}
            {"t":1,"ev":"app.didFinishLaunching","pid":1}
            {"t":2,"ev":"app.didBecomeActive","pid":1}
            {"t":3,"ev":"app.willResignActive","pid":1}
            {"t":4,"ev":"app.didEnterBackground","pid":1}
            {"t":4.5,"ev":"bgsched.start","pid":1,"task":"p","kind":"processing"}
            {"t":40,"ev":"app.significantTimeChange","pid":1}
            {"t":44,"ev":"bgsched.complete","pid":1,"task":"p"}
            {"t":44.5,"ev":"sys.suspend","pid":1}
            """)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func scheduledTasksDoNotCountAgainstTheBgtaskAllowance() {
        let result = replay(
            """
            {"t":0,"ev":"meta","os":"17.4"}
            {"t":0,"ev":"process.launch","pid":1,"reason":"background"}
            {"t":0.2,"ev":"app.didFinishLaunching","pid":1}
            {"t":0.5,"ev":"bgsched.start","pid":1,"task":"p","kind":"processing"}
            {"t":120,"ev":"bgsched.complete","pid":1,"task":"p"}
            {"t":121,"ev":"sys.suspend","pid":1}
            """)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func systemWakesASuspendedAppForAScheduledTask() {
        let result = replay(
            """
            {"t":0,"ev":"process.launch","pid":1}
            {"t":1,"ev":"app.didFinishLaunching","pid":1}
            {"t":2,"ev":"app.didBecomeActive","pid":1}
            {"t":3,"ev":"app.willResignActive","pid":1}
            {"t":4,"ev":"app.didEnterBackground","pid":1}
            {"t":5,"ev":"sys.suspend","pid":1}
            {"t":3600,"ev":"bgsched.start","pid":1,"task":"r","kind":"refresh"}
            {"t":3610,"ev":"bgsched.complete","pid":1,"task":"r"}
            {"t":3611,"ev":"sys.suspend","pid":1}
            {"t":7200,"ev":"bgsched.start","pid":1,"task":"p","kind":"processing"}
            {"t":7500,"ev":"bgsched.expire","pid":1,"task":"p"}
            {"t":7501,"ev":"bgsched.complete","pid":1,"task":"p","reason":"failure"}
            {"t":7502,"ev":"sys.suspend","pid":1}
            """)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func completingWhileSuspendedIsLC101() {
        let result = replay(
            Self.launched("processing") + "\n" + #"{"t":5,"ev":"sys.suspend","pid":1}"# + "\n"
                + #"{"t":60,"ev":"bgsched.complete","pid":1,"task":"r"}"#)
        #expect(result.ruleLines == ["LC305@4", "LC101@5"])
    }

    @Test func scheduledTaskObservations() {
        let log = TestLog(
            Self.launched("processing") + "\n" + #"{"t":300,"ev":"bgsched.expire","pid":1,"task":"r"}"# + "\n"
                + #"{"t":301,"ev":"bgsched.complete","pid":1,"task":"r"}"#)
        var seen: [String] = []
        var replayer = Replayer(path: "t", configuration: ReplayConfiguration())
        replayer.observer = { o in
            switch o {
            case .taskBegan(_, .scheduledTask, _, _, let line, _, let kind?): seen.append("start \(kind) @\(line)")
            case .taskExpired(_, .scheduledTask, _, let line, _): seen.append("expire @\(line)")
            case .taskEnded(_, .scheduledTask, _, let began, let ended, let line, let outcome):
                seen.append("\(outcome) \(ended.nanoseconds(since: began) / 1_000_000_000) @\(line)")
            default: break
            }
        }
        log.feed(&replayer)
        _ = replayer.finish(symbols: log.symbols)
        #expect(seen == ["start processing @3", "expire @4", "ended 300 @5"])
    }
}
