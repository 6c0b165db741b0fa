import LCTraceCore
import Testing

/// Termination texts in every form seen in the wild (SPEC §8), from the samples in
/// shared/realworld: the watchdog's words, the code, and iOS 12's assertion timeout.
@Suite struct TerminationTextTests {
    @Test(
        arguments: [
            // iOS 14+ crash report text: the context line and its following lines.
            (
                "FRONTBOARD 0x8badf00d\n<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<my.app>:12860 exhausted real (wall clock) time allowance of 10.00 seconds\nProcessVisibility: Foreground\nProcessState: Running\nWatchdogEvent: scene-update\nWatchdogVisibility: Foreground",
                UInt64(0x8BAD_F00D), WatchdogDetails(event: "scene-update", allowance: 10, clock: "wall", visibility: "foreground"), ExitClass.watchdog
            ),
            // The .ips JSON reasons, joined with spaces.
            (
                "<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-create watchdog transgression: application<com.metabolist.metatext>:416 exhausted real (wall clock) time allowance of 19.94 seconds ProcessVisibility: Foreground ProcessState: Running WatchdogEvent: scene-create WatchdogVisibility: Foreground",
                0x8BAD_F00D, WatchdogDetails(event: "scene-create", allowance: 19.94, clock: "wall", visibility: "foreground"), .watchdog
            ),
            // iOS 11–13: one Termination Description line, parts separated by ' | '.
            (
                "SPRINGBOARD, process-exit watchdog transgression: application<cn.x.mobile>:18532 exhausted real (wall clock) time allowance of 5.00 seconds | ProcessVisibility: Background | ProcessState: Running | WatchdogEvent: process-exit | WatchdogVisibility: Background | WatchdogCPUStatistics: (",
                nil, WatchdogDetails(event: "process-exit", allowance: 5, clock: "wall", visibility: "background"), .watchdog
            ),
            // A background launch: CPU time, no WatchdogEvent line.
            (
                #"explanation: "scene-create watchdog transgression: com.app.id exhausted CPU time allowance of 3.37 seconds""#,
                nil, WatchdogDetails(event: "scene-create", allowance: 3.37, clock: "cpu", visibility: nil), .watchdog
            ),
            // The older forms: a code alone.
            ("Namespace SPRINGBOARD, Code 0x8badf00d", 0x8BAD_F00D, nil, .watchdog),
            ("FRONTBOARD 0x8badf00d", 0x8BAD_F00D, nil, .watchdog),
            ("RUNNINGBOARD 0xdead10cc", 0xDEAD_10CC, nil, nil),
            // iOS 12: the words decide, whatever the code.
            (
                "Namespace ASSERTIOND, Code 0x8badf00d OurApp:24424 has active assertions beyond permitted time: <BKProcessAssertion>",
                0x8BAD_F00D, nil, .bgtaskTimeout
            ),
            // Nothing recognised.
            ("terminating for unspecified reason", nil, nil, nil),
            // A visibility without an event: ProcessVisibility stands in for WatchdogVisibility.
            ("ProcessVisibility: Background", nil, WatchdogDetails(visibility: "background"), .watchdog),
        ] as [(String, UInt64?, WatchdogDetails?, ExitClass?)])
    func readsEveryForm(_ text: String, _ code: UInt64?, _ watchdog: WatchdogDetails?, _ exitClass: ExitClass?) {
        let read = TerminationText(text)
        #expect(read.code == code)
        #expect(read.watchdog == watchdog)
        #expect(read.exitClass == exitClass)
    }

    /// Hostile numbers and words do not trap and are left out.
    @Test(arguments: [
        "time allowance of 1e400 seconds", "time allowance of 99999999999999999999999 seconds",
        "time allowance of . seconds", "0x", "0x12345678901234567890", " watchdog transgression",
    ])
    func hostileTextIsLeftOut(_ text: String) {
        let read = TerminationText(text)
        #expect(read.watchdog?.allowance == nil)
        #expect(read.code == nil)
    }
}
