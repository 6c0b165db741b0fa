import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Sessions, exit classes (LC103), event-after-exit (LC102), pid streams, and the file-level
/// rules LC400–LC403.
@Suite struct SessionTests {
    /// A foreground session of pid 1 that ends in background at t=4.
    static let toBackground = """
        {"t":0,"ev":"process.launch","pid":1}
        {"t":1,"ev":"app.didFinishLaunching","pid":1}
        {"t":2,"ev":"app.didBecomeActive","pid":1}
        {"t":3,"ev":"app.willResignActive","pid":1}
        {"t":4,"ev":"app.didEnterBackground","pid":1}
        """

    struct ExitCase: CustomTestStringConvertible, Sendable {
        var label: String
        var tail: String
        var exitClass: ExitClass
        var lc103: Bool
        var testDescription: String { label }
    }

    static let exitCases: [ExitCase] = [
        ExitCase(
            label: "willTerminate then exit", tail: #"{"t":5,"ev":"app.willTerminate","pid":1}"# + "\n" + #"{"t":6,"ev":"process.exit","pid":1}"#,
            exitClass: .normal, lc103: false),
        ExitCase(
            label: "willTerminate span then exit",
            tail: #"{"t":5,"ev":"app.willTerminate","pid":1,"phase":"begin"}"# + "\n" + #"{"t":6,"ev":"app.willTerminate","pid":1,"phase":"end"}"# + "\n"
                + #"{"t":7,"ev":"process.exit","pid":1,"reason":"terminate"}"#,
            exitClass: .normal, lc103: false),
        ExitCase(
            label: "exit terminate without willTerminate", tail: #"{"t":5,"ev":"process.exit","pid":1,"reason":"terminate"}"#,
            exitClass: .normal, lc103: false),
        ExitCase(
            label: "purged while suspended",
            tail: #"{"t":5,"ev":"sys.suspend","pid":1}"# + "\n" + #"{"t":60,"ev":"process.exit","pid":1,"reason":"purge"}"#,
            exitClass: .purged, lc103: false),
        ExitCase(
            label: "killed while suspended",
            tail: #"{"t":5,"ev":"sys.suspend","pid":1}"# + "\n" + #"{"t":60,"ev":"sys.kill","pid":1,"reason":"jetsam"}"#,
            exitClass: .purged, lc103: false),
        ExitCase(
            label: "crash in background", tail: #"{"t":5,"ev":"process.exit","pid":1,"reason":"crash"}"#, exitClass: .abnormal,
            lc103: true),
        // SPEC §5 (2028 edition): memory pressure is `purged` in the background — an exit of a
        // process idle there, a death (LC103) of one busy with a task — and `memory-limit` in
        // the foreground.
        ExitCase(
            label: "jetsam in background", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"jetsam"}"#, exitClass: .purged,
            lc103: false),
        ExitCase(
            label: "vm-pageshortage in background with a task open",
            tail: #"{"t":4.5,"ev":"bgtask.begin","pid":1,"task":1}"# + "\n" + #"{"t":5,"ev":"sys.kill","pid":1,"reason":"vm-pageshortage"}"#,
            exitClass: .purged, lc103: true),
        ExitCase(
            label: "jetsam in the foreground",
            tail: #"{"t":5,"ev":"app.willEnterForeground","pid":1}"# + "\n" + #"{"t":5.1,"ev":"app.didBecomeActive","pid":1}"# + "\n"
                + #"{"t":6,"ev":"sys.kill","pid":1,"reason":"jetsam"}"#,
            exitClass: .memoryLimit, lc103: true),
        ExitCase(
            label: "per-process-limit in background", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"per-process-limit"}"#,
            exitClass: .memoryLimit, lc103: true),
        // An overrun the process lived through is history, never the class of a later end.
        ExitCase(
            label: "crash long after a survived handler overrun",
            tail: #"{"t":5,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"begin"}"# + "\n"
                + #"{"t":11.4,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"end"}"# + "\n"
                + #"{"t":3600,"ev":"process.exit","pid":1,"reason":"crash"}"#,
            exitClass: .abnormal, lc103: true),
        ExitCase(
            label: "crash in the foreground after a task overran in the background",
            tail: #"{"t":5,"ev":"bgtask.begin","pid":1,"task":1,"name":"sync"}"# + "\n"
                + #"{"t":40,"ev":"app.willEnterForeground","pid":1}"# + "\n" + #"{"t":40.2,"ev":"app.didBecomeActive","pid":1}"# + "\n"
                + #"{"t":640,"ev":"process.exit","pid":1,"reason":"crash"}"#,
            exitClass: .abnormal, lc103: true),
        ExitCase(label: "kill without reason", tail: #"{"t":5,"ev":"sys.kill","pid":1}"#, exitClass: .abnormal, lc103: true),
        ExitCase(
            label: "watchdog reason", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"watchdog"}"#, exitClass: .watchdog,
            lc103: true),
        ExitCase(
            label: "bgtask-timeout reason", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"bgtask-timeout"}"#,
            exitClass: .bgtaskTimeout, lc103: true),
        ExitCase(
            label: "handler overrun then kill",
            tail: #"{"t":5,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"begin"}"# + "\n" + #"{"t":11,"ev":"sys.kill","pid":1}"#,
            exitClass: .watchdog, lc103: true),
        ExitCase(
            label: "task past allowance then kill",
            tail: #"{"t":5,"ev":"bgtask.begin","pid":1,"task":1}"# + "\n" + #"{"t":40,"ev":"sys.kill","pid":1}"#,
            exitClass: .bgtaskTimeout, lc103: true),
        // Exit classes after MetricKit, from reason words and termination codes (any case, with
        // or without `0x`), SPEC §5.
        ExitCase(
            label: "0x8badf00d is watchdog", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"0x8badf00d"}"#,
            exitClass: .watchdog, lc103: true),
        ExitCase(
            label: "8BADF00D without 0x is watchdog", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"8BADF00D"}"#,
            exitClass: .watchdog, lc103: true),
        // A termination text written whole as the reason is free text: abnormal (docs/MODEL.md).
        ExitCase(
            label: "a crash report's termination line as the reason is free text",
            tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"Namespace SPRINGBOARD, Code 0x8badf00d"}"#,
            exitClass: .abnormal, lc103: true),
        ExitCase(
            label: "0XDEAD10CC while suspended is locked-file",
            tail: #"{"t":5,"ev":"sys.suspend","pid":1}"# + "\n" + #"{"t":60,"ev":"sys.kill","pid":1,"reason":"0XDEAD10CC"}"#,
            exitClass: .lockedFile, lc103: false),
        ExitCase(
            label: "locked-file word", tail: #"{"t":5,"ev":"sys.suspend","pid":1}"# + "\n" + #"{"t":60,"ev":"sys.kill","pid":1,"reason":"Locked-File"}"#,
            exitClass: .lockedFile, lc103: false),
        ExitCase(
            label: "memory-limit while running", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"memory-limit"}"#,
            exitClass: .memoryLimit, lc103: true),
        ExitCase(
            label: "per-process-limit while running", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"per-process-limit"}"#,
            exitClass: .memoryLimit, lc103: true),
        ExitCase(
            label: "memory-limit while suspended is purged",
            tail: #"{"t":5,"ev":"sys.suspend","pid":1}"# + "\n" + #"{"t":60,"ev":"sys.kill","pid":1,"reason":"memory-limit"}"#,
            exitClass: .purged, lc103: false),
        ExitCase(
            label: "cpu-limit", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"cpu-limit"}"#, exitClass: .cpuLimit, lc103: true),
        ExitCase(
            label: "thermal word", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"thermal"}"#, exitClass: .thermal, lc103: true),
        ExitCase(
            label: "0xc00010ff is thermal, even while suspended",
            tail: #"{"t":5,"ev":"sys.suspend","pid":1}"# + "\n" + #"{"t":60,"ev":"sys.kill","pid":1,"reason":"0xc00010ff"}"#,
            exitClass: .thermal, lc103: false),
        ExitCase(
            label: "0x2182bad2 is bgtask-timeout", tail: #"{"t":5,"ev":"sys.kill","pid":1,"reason":"0x2182bad2"}"#,
            exitClass: .bgtaskTimeout, lc103: true),
        ExitCase(
            label: "crash after an overrun is watchdog",
            tail: #"{"t":5,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"begin"}"# + "\n" + #"{"t":11,"ev":"process.exit","pid":1,"reason":"crash"}"#,
            exitClass: .watchdog, lc103: true),
        ExitCase(
            label: "refresh task past its budget then kill",
            tail: #"{"t":5,"ev":"bgsched.start","pid":1,"task":"r","kind":"refresh"}"# + "\n" + #"{"t":40,"ev":"sys.kill","pid":1}"#,
            exitClass: .bgtaskTimeout, lc103: true),
        ExitCase(label: "log ends", tail: "", exitClass: .open, lc103: false),
        ExitCase(label: "log ends while suspended", tail: #"{"t":5,"ev":"sys.suspend","pid":1}"#, exitClass: .open, lc103: false),
        ExitCase(label: "log ends after willTerminate", tail: #"{"t":5,"ev":"app.willTerminate","pid":1}"#, exitClass: .normal, lc103: false),
    ]

    @Test(arguments: exitCases)
    func exitClass(_ c: ExitCase) {
        let result = replay(Self.toBackground + "\n" + c.tail)
        #expect(result.sessions == 1)
        #expect(result.exitClasses == [c.exitClass: 1])
        let lc103 = result.of(.abnormalExit)
        #expect(lc103.count == (c.lc103 ? 1 : 0), "\(result.findings.map(\.message))")
        if let f = lc103.first {
            #expect(f.exitClass == c.exitClass)
            #expect(f.pid == 1)
            let state = c.tail.contains("didBecomeActive") ? "active" : "background"
            #expect(f.state == state)
            #expect(f.message.hasPrefix("process ended while '\(state)' without 'app.willTerminate' (exit class '\(c.exitClass.name)'"))
        }
    }

    @Test func lc103MessageNamesClassAndReason() {
        let result = replay(Self.toBackground + "\n" + #"{"t":5,"ev":"process.exit","pid":1,"reason":"crash"}"#)
        #expect(
            result.of(.abnormalExit).map(\.message)
                == ["process ended while 'background' without 'app.willTerminate' (exit class 'abnormal', reason 'crash')"])
        #expect(result.of(.abnormalExit).first?.line == 6)
    }

    @Test func crashInForeground() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":3}
            {"t":1,"ev":"app.didBecomeActive","pid":3}
            {"t":2,"ev":"sys.kill","pid":3,"reason":"crash"}
            """)
        #expect(result.ruleLines == ["LC103@3"])
        #expect(result.findings[0].state == "active")
    }

    @Test func eventsAfterExitAreLC102() {
        let result = replay(
            Self.toBackground + "\n"
                + """
                {"t":5,"ev":"app.willTerminate","pid":1}
                {"t":5.5,"ev":"app.didReceiveMemoryWarning","pid":1}
                {"t":6,"ev":"process.exit","pid":1}
                {"t":7,"ev":"bgtask.begin","pid":1,"task":1}
                {"t":8,"ev":"sys.resume","pid":1}
                """)
        #expect(result.ruleLines == ["LC102@7", "LC102@9"])
        #expect(result.findings[0].message == "'app.didReceiveMemoryWarning' after 'app.willTerminate' completed at line 6")
        #expect(result.findings[1].message == "'bgtask.begin' after the process ended at line 8")
        #expect(result.exitClasses == [.normal: 1])
    }

    @Test func eventAfterKill() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"sys.kill","pid":1,"reason":"jetsam"}
            {"t":2,"ev":"app.didBecomeActive","pid":1}
            """)
        #expect(result.ruleLines == ["LC103@2", "LC102@3"])
    }

    @Test func secondLaunchOfSamePid() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"app.didBecomeActive","pid":1}
            {"t":2,"ev":"app.didFinishLaunching","pid":1}
            """)
        #expect(result.ruleLines == ["LC100@3"])
        #expect(result.findings[0].message == "'app.didFinishLaunching' in 'active': expected no second launch of pid 1 (launched at line 1)")
        #expect(result.sessions == 1)
    }

    @Test func relaunchOfExitedPidIsLC100AndANewSession() {
        let result = replay(
            Self.toBackground + "\n"
                + """
                {"t":5,"ev":"process.exit","pid":1,"reason":"terminate"}
                {"t":6,"ev":"process.launch","pid":1}
                {"t":7,"ev":"app.didFinishLaunching","pid":1}
                """)
        #expect(result.ruleLines == ["LC100@7"])
        #expect(result.sessions == 2)
        #expect(result.exitClasses == [.normal: 1, .open: 1])
    }

    // MARK: no-pid stream

    @Test func noPidStreamRelaunchWhileActiveIsLC103() {
        let result = replay(
            """
            {"t":0,"ev":"app.willFinishLaunching"}
            {"t":1,"ev":"app.didFinishLaunching"}
            {"t":2,"ev":"app.didBecomeActive"}
            {"t":10,"ev":"app.willFinishLaunching"}
            {"t":11,"ev":"app.didFinishLaunching"}
            {"t":12,"ev":"app.didBecomeActive"}
            """)
        #expect(result.ruleLines == ["LC103@4"])
        #expect(result.findings[0].pid == nil)
        #expect(result.findings[0].state == "active")
        #expect(result.findings[0].message.contains("ended by a new launch"))
        #expect(result.sessions == 2)
        #expect(result.exitClasses == [.abnormal: 1, .open: 1])
    }

    @Test func noPidStreamSeveralLaunches() {
        var lines: [String] = []
        var t = 0.0
        for _ in 0..<5 {
            for e in ["app.didFinishLaunching", "app.didBecomeActive", "app.willResignActive", "app.didEnterBackground"] {
                lines.append(ev(t, e))
                t += 1
            }
            t += 100
        }
        let result = replay(lines: lines)
        // In-app logs cannot show the suspension: a background process replaced by a new launch
        // was purged.
        #expect(result.findings.isEmpty)
        #expect(result.sessions == 5)
        #expect(result.exitClasses == [.purged: 4, .open: 1])
    }

    @Test func noPidStreamWithObserverRelaunchFromBackgroundIsLC103() {
        let result = replay(
            """
            {"t":0,"ev":"process.launch"}
            {"t":1,"ev":"app.didFinishLaunching"}
            {"t":2,"ev":"app.didBecomeActive"}
            {"t":3,"ev":"app.willResignActive"}
            {"t":4,"ev":"app.didEnterBackground"}
            {"t":100,"ev":"process.launch"}
            {"t":101,"ev":"app.didFinishLaunching"}
            """)
        #expect(result.ruleLines == ["LC103@6"])
        #expect(result.sessions == 2)
    }

    @Test func noPidStreamRelaunchAfterSuspendIsPurged() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching"}
            {"t":1,"ev":"app.didEnterBackground"}
            {"t":2,"ev":"sys.suspend"}
            {"t":100,"ev":"app.didFinishLaunching"}
            """)
        #expect(result.findings.isEmpty)
        #expect(result.exitClasses == [.purged: 1, .open: 1])
    }

    @Test func noPidStreamLaunchSequenceIsOneSession() {
        let result = replay(
            """
            {"t":0,"ev":"process.launch"}
            {"t":0.1,"ev":"app.willFinishLaunching","phase":"begin"}
            {"t":0.2,"ev":"app.willFinishLaunching","phase":"end"}
            {"t":0.3,"ev":"app.didFinishLaunching","phase":"begin"}
            {"t":0.4,"ev":"app.didFinishLaunching","phase":"end"}
            {"t":0.5,"ev":"app.didBecomeActive"}
            """)
        #expect(result.findings.isEmpty)
        #expect(result.sessions == 1)
    }

    @Test func noPidStreamRelaunchAfterExitNeedsNoLC103() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching"}
            {"t":1,"ev":"app.didBecomeActive"}
            {"t":2,"ev":"process.exit","reason":"crash"}
            {"t":3,"ev":"app.didBecomeActive"}
            {"t":10,"ev":"app.didFinishLaunching"}
            """)
        #expect(result.ruleLines == ["LC103@3", "LC102@4"])
        #expect(result.sessions == 2)
    }

    // MARK: one app, one process

    @Test func newPidOfSameAppEndsTheEarlierOne() {
        let result = replay(
            """
            {"t":0,"ev":"process.launch","pid":10}
            {"t":1,"ev":"app.didFinishLaunching","pid":10}
            {"t":2,"ev":"app.didBecomeActive","pid":10}
            {"t":50,"ev":"process.launch","pid":11}
            {"t":51,"ev":"app.didFinishLaunching","pid":11}
            {"t":52,"ev":"app.didBecomeActive","pid":11}
            {"t":53,"ev":"app.willResignActive","pid":10}
            """)
        #expect(result.ruleLines == ["LC103@4", "LC102@7"])
        let f = result.findings[0]
        #expect(f.pid == 10)
        #expect(f.state == "active")
        #expect(f.exitClass == .abnormal)
        #expect(f.message.contains("ended by the launch of pid 11"))
        #expect(result.sessions == 2)
    }

    @Test func newPidOfOtherAppLeavesTheEarlierOneAlone() {
        let result = replay(
            """
            {"t":0,"ev":"meta","pid":10,"app":"com.example.a"}
            {"t":0,"ev":"meta","pid":11,"app":"com.example.b"}
            {"t":0,"ev":"app.didFinishLaunching","pid":10}
            {"t":1,"ev":"app.didBecomeActive","pid":10}
            {"t":2,"ev":"app.didFinishLaunching","pid":11}
            {"t":3,"ev":"app.didBecomeActive","pid":11}
            """)
        #expect(result.findings.isEmpty)
        #expect(result.exitClasses == [.open: 2])
        #expect(result.events == 6)
    }

    @Test func appNamedOnOnlyOneSideIsAnotherApp() {
        let result = replay(
            """
            {"t":0,"ev":"meta","pid":10,"app":"com.example.a"}
            {"t":0,"ev":"app.didFinishLaunching","pid":10}
            {"t":2,"ev":"app.didFinishLaunching","pid":11}
            """)
        #expect(result.findings.isEmpty)
    }

    @Test func newPidReplacesSuspendedOneAsPurged() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":10}
            {"t":1,"ev":"app.didEnterBackground","pid":10}
            {"t":2,"ev":"sys.suspend","pid":10}
            {"t":50,"ev":"app.didFinishLaunching","pid":11}
            """)
        #expect(result.findings.isEmpty)
        #expect(result.exitClasses == [.purged: 1, .open: 1])
    }

    // MARK: mid-log pids

    @Test(arguments: [
        ("app.willResignActive", "inactive"), ("app.didBecomeActive", "active"), ("app.didEnterBackground", "background"),
        ("app.willEnterForeground", "inactive"), ("app.willTerminate", "notRunning"), ("sys.suspend", "suspended"),
        ("sys.resume", "background"), ("app.didReceiveMemoryWarning", "unknown"), ("bgtask.begin", "unknown"),
    ])
    func firstEventImpliesState(event: String, state: String) {
        let result = replay(
            ev(100, event, "\"pid\":7,\"task\":1") + "\n" + ev(101, "app.performFetch", "\"pid\":7"))
        #expect(result.of(.illegalTransition).isEmpty)
        #expect(result.of(.ranWhileSuspended).count == (state == "suspended" ? 1 : 0))
        #expect(result.sessions == 1)
        // The state shows in a finding forced on the next record: a clock regression.
        let probe = replay(ev(100, event, "\"pid\":7,\"task\":1") + "\n" + ev(99, "bgtask.expire", "\"pid\":7,\"task\":2"))
        #expect(probe.of(.clockRegression).first?.state == state)
    }

    @Test func midLogPidEndOfUnknownTaskIsNotLC301() {
        let result = replay(
            """
            {"t":100,"ev":"app.didEnterBackground","pid":7}
            {"t":101,"ev":"bgtask.end","pid":7,"task":3}
            {"t":102,"ev":"bgtask.begin","pid":7,"task":4}
            {"t":103,"ev":"bgtask.end","pid":7,"task":4}
            {"t":104,"ev":"bgtask.end","pid":7,"task":4}
            """)
        #expect(result.ruleLines == ["LC301@5"])
    }

    @Test func midLogPidUnknownStateKilled() {
        let result = replay(
            """
            {"t":100,"ev":"app.didReceiveMemoryWarning","pid":7}
            {"t":101,"ev":"sys.kill","pid":7,"reason":"jetsam"}
            """)
        // SPEC §5 (2028 edition): memory pressure in a state the log does not show is `purged`;
        // nothing shows the process was running when it came, so it is no death and no LC103.
        #expect(result.ruleLines == [])
        #expect(result.exitClasses == [.purged: 1])
        #expect(result.deaths.isEmpty)
    }

    @Test func midLogPidKilledAsItsFirstRecordIsNoLC103() {
        // Found in review: nothing shows the process was running (it may have been suspended).
        let result = replay(
            """
            {"t":100,"ev":"sys.kill","pid":7,"reason":"jetsam"}
            """)
        #expect(result.findings.isEmpty)
        // SPEC §5 (2028 edition): a kill is never `open`; memory pressure in a state the log
        // does not show is `purged`, and no death (it may have been suspended).
        #expect(result.exitClasses == [.purged: 1])
        #expect(result.deaths.isEmpty)
    }

    @Test func midLogPidReplacedInAnInAppLogIsPresumedPurged() {
        // No observer records: like a process left in background, one never placed is presumed
        // suspended and purged when a new launch of the app replaces it.
        let result = replay(
            """
            {"t":100,"ev":"app.didReceiveMemoryWarning","pid":1}
            {"t":200,"ev":"app.didFinishLaunching","pid":2}
            {"t":201,"ev":"app.didBecomeActive","pid":2}
            """)
        #expect(result.findings.isEmpty)
        #expect(result.exitClasses == [.purged: 1, .open: 1])
    }

    @Test func launchNeverActivatedReplacedInAnInAppLogIsPresumedPurged() {
        // Found in review: a background launch (a task, no activation) relaunched much later in
        // the no-pid stream was LC103 'inactive'.
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching"}
            {"t":1,"ev":"bgtask.begin","task":1}
            {"t":2,"ev":"bgtask.end","task":1}
            {"t":500,"ev":"app.didFinishLaunching"}
            {"t":501,"ev":"app.didBecomeActive"}
            """)
        #expect(result.findings.isEmpty)
        #expect(result.exitClasses == [.purged: 1, .open: 1])
    }

    @Test(arguments: ["watchdog", "bgtask-timeout", "jetsam"])
    func killedWhileSuspendedIsNoLC103(reason: String) {
        // SPEC §5: LC103 is for a process that ended while running, not suspended.
        let result = replay(
            """
            {"t":0,"ev":"process.launch","pid":3}
            {"t":1,"ev":"app.didFinishLaunching","pid":3}
            {"t":2,"ev":"app.didBecomeActive","pid":3}
            {"t":3,"ev":"app.willResignActive","pid":3}
            {"t":4,"ev":"app.didEnterBackground","pid":3}
            {"t":5,"ev":"sys.suspend","pid":3}
            {"t":9,"ev":"sys.kill","pid":3,"reason":"\(reason)"}
            """)
        #expect(result.findings.isEmpty)
        #expect(result.sessions == 1)
    }

    @Test func launchAfterUnknownStateIsSecondLaunch() {
        let result = replay(
            """
            {"t":100,"ev":"app.didReceiveMemoryWarning","pid":7}
            {"t":101,"ev":"app.didFinishLaunching","pid":7}
            """)
        #expect(result.ruleLines == ["LC100@2"])
        #expect(result.findings[0].message == "'app.didFinishLaunching' in 'unknown': expected no second launch of pid 7 (running since the log began)")
    }

    // MARK: counts

    @Test func countsEventsAndSessions() {
        let result = replay(
            """
            {"t":0,"ev":"meta","os":"17.4"}
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"app.didReceiveMemoryWarning","pid":2}
            {"t":2,"ev":"app.whatever","pid":2}
            {"t":3,"ev":"app.didFinishLaunching"}
            """)
        #expect(result.events == 5)
        #expect(result.sessions == 3)
        #expect(result.exitClasses == [.open: 3])
        #expect(result.ruleLines == ["LC402@4"])
    }

    // MARK: LC400–LC403

    @Test func clockRegressionOncePerRegression() {
        let result = replay(
            """
            {"t":10,"ev":"app.didFinishLaunching","pid":1}
            {"t":20,"ev":"app.didBecomeActive","pid":1}
            {"t":15,"ev":"app.willResignActive","pid":1}
            {"t":16,"ev":"app.didBecomeActive","pid":1}
            {"t":25,"ev":"app.willResignActive","pid":1}
            {"t":12,"ev":"app.didBecomeActive","pid":1}
            """)
        #expect(result.ruleLines == ["LC400@3", "LC400@6"])
        #expect(
            result.findings[0].message
                == "time went back 5.000 s: '1970-01-01T00:00:15.000Z' after '1970-01-01T00:00:20.000Z' at line 2")
        #expect(result.findings[0].severity == .warning)
    }

    @Test func clockIsPerPid() {
        let result = replay(
            """
            {"t":0,"ev":"meta","pid":1,"app":"a"}
            {"t":0,"ev":"meta","pid":2,"app":"b"}
            {"t":10,"ev":"app.didFinishLaunching","pid":1}
            {"t":5,"ev":"app.didFinishLaunching","pid":2}
            {"t":11,"ev":"app.didBecomeActive","pid":1}
            {"t":6,"ev":"app.didBecomeActive","pid":2}
            """)
        #expect(result.findings.isEmpty)
    }

    @Test func replayGoesOnWithTheLaterTime() {
        // The handler began at 10; a record stamped 2 does not shorten it: the clock stays at
        // 10, and the end at 16 is 6 s after the begin.
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":10,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"begin"}
            {"t":2,"ev":"app.significantTimeChange","pid":1}
            {"t":16,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"end"}
            """)
        #expect(result.ruleLines == ["LC400@3", "LC201@4"])
    }

    @Test func malformedAndTruncated() {
        var replayer = Replayer(path: "x.jsonl.zst", configuration: ReplayConfiguration())
        let log = TestLog(#"{"t":0,"ev":"app.didFinishLaunching","pid":1}"#)
        replayer.process(log.records[0], symbols: log.symbols)
        replayer.malformed(line: 2, message: "expected ':' after key at column 7")
        replayer.truncated(line: 3, message: "truncated zstd frame")
        let result = replayer.finish(symbols: log.symbols)
        #expect(result.ruleLines == ["LC401@2", "LC403@3"])
        #expect(result.findings[0].message == "expected ':' after key at column 7")
        #expect(result.findings[0].severity == .error)
        #expect(result.findings[0].pid == nil && result.findings[0].time == nil)
        #expect(result.findings[1].severity == .warning)
        #expect(result.findings.allSatisfy { $0.file == "x.jsonl.zst" })
        #expect(result.events == 1)
    }

    @Test func unknownEventsOncePerName() {
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"app.fooBar","pid":1}
            {"t":2,"ev":"app.fooBar","pid":2}
            {"t":3,"ev":"app.bazQux"}
            {"t":4,"ev":"app.didBecomeActive","pid":1}
            """)
        #expect(result.ruleLines == ["LC402@2", "LC402@4"])
        #expect(result.findings[0].message == "unknown event 'app.fooBar' ignored")
        #expect(result.findings[0].severity == .note)
        #expect(result.findings[0].event == "app.fooBar")
    }

    @Test func unknownModelInMetaIsMalformed() {
        let result = replay(#"{"t":0,"ev":"meta","model":"uikit-swiftui"}"#)
        #expect(result.ruleLines == ["LC401@1"])
        #expect(result.findings[0].message == "unknown model 'uikit-swiftui' in 'meta': expected 'uikit-app' or 'uikit-scene'")
    }

    @Test(
        "meta.model names a model exactly as ModelChoice(rawValue:) does, auto and unknown names excepted",
        arguments: ModelChoice.allCases.map(\.rawValue) + ["", "uikit-ap", "uikit-apps", "UIKIT-APP", "uikit-scene ", "uikit-swiftui"])
    func explicitModelMatchesRawValues(_ text: String) {
        let expected = ModelChoice(rawValue: text).flatMap { $0 == .auto ? nil : $0 }
        #expect(Replayer.explicitModel(text) == expected)
        let result = replay(#"{"t":0,"ev":"meta","model":"\#(text)"}"#)
        #expect(result.ruleLines == (expected == nil ? ["LC401@1"] : []))
    }

    @Test("Every exit class has its own count slot, its position in ExitClass.allCases")
    func exitSlotsArePositions() {
        #expect(ExitClass.allCases.map(Replayer.exitSlot) == Array(ExitClass.allCases.indices))
    }

    @Test func findingsAreSortedByLine() {
        // LC202 is found at the suspension but names an earlier line.
        let result = replay(
            """
            {"t":0,"ev":"app.didFinishLaunching","pid":1}
            {"t":1,"ev":"app.didEnterBackground","pid":1}
            {"t":7,"ev":"app.significantTimeChange","pid":1}
            {"t":8,"ev":"app.fooBar","pid":1}
            {"t":9,"ev":"sys.suspend","pid":1}
            """)
        #expect(result.ruleLines == ["LC202@3", "LC402@4"])
    }

    /// A record whose time went back and that begins a session (a relaunch of an ended pid, a
    /// relaunch of the stream without pids): its LC400 belongs to the session it begins, as the
    /// record does; a record behind the clock inside a session stays in that session.
    static let clockCases: [(label: String, log: String, sessions: [String])] = [
        (
            "second launch of an ended pid",
            """
            {"t":100,"ev":"process.launch","pid":7,"reason":"user"}
            {"t":101,"ev":"app.didFinishLaunching","pid":7}
            {"t":110,"ev":"sys.kill","pid":7}
            {"t":50,"ev":"process.launch","pid":7,"reason":"user"}
            {"t":51,"ev":"app.didFinishLaunching","pid":7}
            """,
            ["LC100@4 session 2", "LC103@3 session 1", "LC400@4 session 2"]
        ),
        (
            "relaunch of the stream without pids",
            """
            {"t":100,"ev":"app.didFinishLaunching"}
            {"t":101,"ev":"app.didBecomeActive"}
            {"t":50,"ev":"app.didFinishLaunching"}
            {"t":51,"ev":"app.didBecomeActive"}
            """,
            ["LC103@3 session 1", "LC400@3 session 2"]
        ),
        (
            "a record behind the clock within a session",
            """
            {"t":100,"ev":"app.didFinishLaunching","pid":1}
            {"t":101,"ev":"app.didBecomeActive","pid":1}
            {"t":50,"ev":"app.willResignActive","pid":1}
            """,
            ["LC400@3 session 1"]
        ),
    ]

    @Test(arguments: clockCases.indices)
    func clockRegressionBelongsToTheSessionOfItsRecord(_ index: Int) {
        let c = Self.clockCases[index]
        let result = replay(c.log)
        let stamped = result.findings.map { "\($0.rule.id)@\($0.line) session \($0.session.map(String.init) ?? "-")" }.sorted()
        #expect(stamped == c.sessions, "\(c.label): \(result.findings.map(\.message))")
    }
}
