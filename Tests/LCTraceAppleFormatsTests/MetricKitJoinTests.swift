import LCTraceCore
import Testing

@testable import LCTraceAppleFormats

/// What a MetricKit diagnostic amounts to as evidence (its join is the engine's:
/// `MetricKitJoinOutcomeTests`).
@Suite("MetricKit diagnostics as evidence")
struct MetricKitJoinTests {
    /// `2026-11-20T10:MM:00Z`.
    static func at(_ minute: Int) -> Timestamp {
        Timestamp(nanoseconds: (1_795_168_800 + Int64(minute) * 60) * 1_000_000_000)
    }

    /// A crash diagnostic ends its session with the reason a crash report with its text would give.
    @Test(
        "the kill reason of a crash diagnostic",
        arguments: [
            ("Namespace SIGNAL, Code 0xb", 1 as Int?, 11 as Int?, "crash"),
            ("Namespace SPRINGBOARD, Code 0x8badf00d", nil, nil, "0x8badf00d"),
            (
                "<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: app<x>:1 exhausted real (wall clock) time allowance of 10.00 seconds\nProcessVisibility: Foreground",
                nil, nil, "0x8badf00d"
            ),
            ("<RBSTerminateContext| domain:15 code:0xDEAD10CC explanation:suspended with locked file", nil, nil, "0xdead10cc"),
            ("", 10, 6, "crash"),
            (nil, 10, 6, "crash"),
            (nil, nil, nil, "crash"),
        ] as [(String?, Int?, Int?, String)])
    func killReason(text: String?, exceptionType: Int?, signal: Int?, reason: String) {
        let diagnostic = MetricKitDiagnostic(
            kind: .crash, index: [0], pid: 1, terminationReason: text, exceptionType: exceptionType, signal: signal)
        #expect(diagnostic.killReason == reason)
        #expect(ReasonCode(text: reason) != .other)
    }

    @Test("diagnostics other than crashes end nothing", arguments: [MetricKitDiagnosticKind.hang, .cpuException, .diskWriteException, .appLaunch])
    func othersEndNothing(kind: MetricKitDiagnosticKind) {
        #expect(MetricKitDiagnostic(kind: kind, index: [0], pid: 1, signal: 6).killReason == nil)
    }
}
