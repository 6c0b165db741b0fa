import LCTraceCore
import LCTraceAppleFormats
import Testing

/// A crash report's termination text, in every form (SPEC §8 "Termination texts"), gives the
/// report's `watchdog` and, for iOS 12's assertion timeout, the reason `bgtask-timeout`.
@Suite struct CrashReportTerminationTextTests {
    @Test(
        arguments: [
            // The .ips JSON termination object (metabolist/metatext#170's shape).
            (
                CrashReportFixtures.json(termination: CrashReportFixtures.frontboardWatchdog), "0x8badf00d",
                WatchdogDetails(event: "scene-create", allowance: 19.94, clock: "wall", visibility: "foreground")
            ),
            // Text: the RBSTerminateContext line and the lines after it.
            (
                CrashReportFixtures.text(
                    CrashReportFixtures.sigkill + """

                        Termination Reason: FRONTBOARD 0x8badf00d
                        <RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<com.example.uploader>:432 exhausted real (wall clock) time allowance of 10.00 seconds
                        ProcessVisibility: Background
                        ProcessState: Running
                        WatchdogEvent: scene-update
                        WatchdogVisibility: Background
                        """), "0x8badf00d",
                WatchdogDetails(event: "scene-update", allowance: 10, clock: "wall", visibility: "background")
            ),
            // Text, iOS 11–13: one Termination Description line, parts separated by ' | '.
            (
                CrashReportFixtures.text(
                    CrashReportFixtures.sigkill + """

                        Termination Reason: Namespace SPRINGBOARD, Code 0x8badf00d
                        Termination Description: SPRINGBOARD, process-exit watchdog transgression: application<x>:18532 exhausted real (wall clock) time allowance of 5.00 seconds | ProcessVisibility: Background | ProcessState: Running | WatchdogEvent: process-exit | WatchdogVisibility: Background
                        """), "0x8badf00d",
                WatchdogDetails(event: "process-exit", allowance: 5, clock: "wall", visibility: "background")
            ),
            // iOS 12: the words decide, whatever the code.
            (
                CrashReportFixtures.text(
                    CrashReportFixtures.sigkill + """

                        Termination Reason: Namespace ASSERTIOND, Code 0x8badf00d
                        Termination Description: SPRINGBOARD, Uploader:432 has active assertions beyond permitted time: <BKProcessAssertion: 0x1; "Shared Background Assertion 446" (finishTask:180s)>
                        """), "bgtask-timeout", nil
            ),
            // The older form: a code only.
            (CrashReportFixtures.text(CrashReportFixtures.sigkill + "\nTermination Reason: FRONTBOARD 0x8badf00d"), "0x8badf00d", nil),
        ] as [(String, String, WatchdogDetails?)])
    func theTerminationTextGivesReasonAndWatchdog(_ text: String, _ reason: String, _ watchdog: WatchdogDetails?) throws {
        let report = try CrashReport.parse(text, path: "r.ips")
        #expect(report.reason == reason)
        #expect(report.watchdog == watchdog)
    }
}
