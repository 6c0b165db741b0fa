import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Prewarmed launches (iOS 15+, SPEC §2): the system runs the process up to UIApplicationMain
/// and suspends it; the launch clock starts at the first launch callback, which resumes it.
@Suite struct PrewarmTests {
    /// Prewarmed at t=0, suspended, opened by the user three hours later.
    static let prewarmedThenOpened = """
        {"t":0,"ev":"process.launch","pid":1,"reason":"prewarm"}
        {"t":0.4,"ev":"sys.suspend","pid":1}
        {"t":10800,"ev":"app.willFinishLaunching","pid":1}
        {"t":10800.3,"ev":"app.didFinishLaunching","pid":1}
        {"t":10800.9,"ev":"app.didBecomeActive","pid":1}
        """

    @Test func prewarmThenLaunchHoursLaterIsClean() {
        let result = replay(Self.prewarmedThenOpened)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        #expect(result.exitClasses == [.open: 1])
    }

    @Test func firstLaunchCallbackResumesWithOrWithoutSysResume() {
        let withResume = replay(
            """
            {"t":0,"ev":"process.launch","pid":1,"reason":"prewarm"}
            {"t":0.4,"ev":"sys.suspend","pid":1}
            {"t":7200,"ev":"sys.resume","pid":1}
            {"t":7200.1,"ev":"app.didFinishLaunching","pid":1}
            {"t":7200.5,"ev":"app.didBecomeActive","pid":1}
            """)
        #expect(withResume.findings.isEmpty, "\(withResume.findings.map(\.message))")
        let didFinishFirst = replay(
            """
            {"t":0,"ev":"process.launch","pid":1,"reason":"prewarm"}
            {"t":0.4,"ev":"sys.suspend","pid":1}
            {"t":7200,"ev":"app.didFinishLaunching","pid":1}
            {"t":7200.5,"ev":"app.didBecomeActive","pid":1}
            """)
        #expect(didFinishFirst.findings.isEmpty, "\(didFinishFirst.findings.map(\.message))")
    }

    @Test func launchClockStartsAtTheFirstLaunchCallback() {
        // 25 s from willFinishLaunching to activation: LC200, measured from line 3, not from the prewarm.
        let result = replay(
            """
            {"t":0,"ev":"process.launch","pid":1,"reason":"prewarm"}
            {"t":0.4,"ev":"sys.suspend","pid":1}
            {"t":10800,"ev":"app.willFinishLaunching","pid":1}
            {"t":10801,"ev":"app.didFinishLaunching","pid":1}
            {"t":10825,"ev":"app.didBecomeActive","pid":1}
            """)
        #expect(result.ruleLines == ["LC200@5"])
        #expect(result.findings.first?.message == "launch took 25.000 s (began at line 3): budget 'launch' is 20 s")
    }

    @Test func prewarmedProcessPurgedIsPurged() {
        for tail in [
            #"{"t":3600,"ev":"sys.kill","pid":1,"reason":"jetsam"}"#, #"{"t":3600,"ev":"process.exit","pid":1}"#,
        ] {
            let result = replay(
                """
                {"t":0,"ev":"process.launch","pid":1,"reason":"prewarm"}
                {"t":0.4,"ev":"sys.suspend","pid":1}
                \(tail)
                """)
            #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
            #expect(result.exitClasses == [.purged: 1])
        }
        // Killed before it was even suspended: still a prewarmed process, nothing of the app ran.
        let early = replay(
            """
            {"t":0,"ev":"process.launch","pid":1,"reason":"prewarm"}
            {"t":0.2,"ev":"sys.kill","pid":1}
            """)
        #expect(early.findings.isEmpty)
        #expect(early.exitClasses == [.purged: 1])
    }

    @Test func appCallbackInAPrewarmedProcessBeforeItsLaunchIsLC101() {
        let result = replay(
            """
            {"t":0,"ev":"process.launch","pid":1,"reason":"prewarm"}
            {"t":0.4,"ev":"sys.suspend","pid":1}
            {"t":60,"ev":"app.significantTimeChange","pid":1}
            """)
        #expect(result.rules == [.ranWhileSuspended])
    }

    @Test func prewarmWithoutPidsContinuesTheSameSession() {
        let result = replay(
            """
            {"t":0,"ev":"process.launch","reason":"prewarm"}
            {"t":0.4,"ev":"sys.suspend"}
            {"t":10800,"ev":"app.willFinishLaunching"}
            {"t":10800.3,"ev":"app.didFinishLaunching"}
            {"t":10800.9,"ev":"app.didBecomeActive"}
            """)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        #expect(result.sessions == 1)
    }

    @Test func prewarmReasonIsReadInAnyCase() {
        #expect(ReasonCode(text: "Prewarm") == .prewarm)
        #expect(ReasonCode(text: "0x8BadF00d") == .watchdog)
        #expect(ReasonCode(text: "dead10cc") == .lockedFile)
        #expect(ReasonCode(text: "0xc00010ff") == .thermal)
        #expect(ReasonCode(text: "0xc51bad01") == .cpuLimit)
        #expect(ReasonCode(text: "0x12345678") == .other)
        #expect(ReasonCode(text: "0x") == .other)
    }
}
