import LCTraceCore
import Testing

@testable import LCTraceAppleFormats

@Suite("MetricKit join: exact or absent")
struct MetricKitJoinTests {
    /// `2026-11-20T10:MM:00Z`.
    static func at(_ minute: Int) -> Timestamp {
        Timestamp(nanoseconds: (1_795_168_800 + Int64(minute) * 60) * 1_000_000_000)
    }

    static func session(_ file: String, _ n: Int, pid: Int64?, app: String? = "com.example.app", _ from: Int, _ to: Int)
        -> MetricKitSession
    {
        MetricKitSession(file: file, session: n, pid: pid, app: app, began: at(from), ended: at(to))
    }

    static func crash(pid: Int?, bundle: String? = "com.example.app", window: (Int, Int)? = nil) -> MetricKitDiagnostic {
        MetricKitDiagnostic(
            kind: .crash, index: [0], pid: pid, bundleIdentifier: bundle, signal: 6,
            windowBegin: window.map { at($0.0) }, windowEnd: window.map { at($0.1) })
    }

    /// Every way the join can go, one case each.
    @Test(
        "where a diagnostic joins",
        arguments: [
            // pid reused across files: the window picks the file whose session it covers.
            ("pid reused across files, window on the first", crash(pid: 412, window: (0, 15)), MetricKitJoin.Outcome.joined(0)),
            ("pid reused across files, window on the second", crash(pid: 412, window: (100, 200)), .joined(1)),
            // two sessions of one pid in one file, both inside the window: the one that began last.
            ("two sessions of one pid in the window", crash(pid: 7, window: (0, 300)), .joined(3)),
            ("two sessions of one pid, window on the first", crash(pid: 7, window: (0, 25)), .joined(2)),
            ("a window that covers none", crash(pid: 412, window: (500, 600)), .unjoined(.outsideWindow)),
            ("bundle ids that differ", crash(pid: 412, bundle: "com.other.app", window: (0, 300)), .unjoined(.otherApp)),
            ("no bundle id in the diagnostic", crash(pid: 412, bundle: nil, window: (100, 200)), .joined(1)),
            ("no app in the log: the pid decides", crash(pid: 9, bundle: "com.any.app"), .joined(4)),
            ("no pid", crash(pid: nil, window: (0, 300)), .unjoined(.noPid)),
            ("a pid no session has", crash(pid: 4242, window: (0, 300)), .unjoined(.noSession)),
            // a bare diagnostic (no window) joins the last session of its pid, across files.
            ("bare diagnostic, pid reused across files", crash(pid: 412), .joined(1)),
            ("bare diagnostic, two sessions of one pid", crash(pid: 7), .joined(3)),
        ])
    func outcome(name: String, diagnostic: MetricKitDiagnostic, expected: MetricKitJoin.Outcome) {
        let sessions = [
            Self.session("a.jsonl", 1, pid: 412, 10, 20),
            Self.session("b.jsonl", 1, pid: 412, 120, 130),
            Self.session("b.jsonl", 2, pid: 7, 20, 30),
            Self.session("b.jsonl", 3, pid: 7, 40, 50),
            Self.session("c.jsonl", 1, pid: 9, app: nil, 0, 5),
            Self.session("c.jsonl", 2, pid: nil, 0, 500),
        ]
        #expect(MetricKitJoin.join([diagnostic], to: sessions) == [expected], "\(name)")
    }

    @Test("pid -1 in a file is no pid, never joined to a session of pid -1 or any other")
    func pidMinusOne() throws {
        let file = try parseMetricKit(#"{"version":"1","callStackTree":{},"diagnosticMetaData":{"pid":-1,"signal":9}}"#)
        let sessions = [Self.session("a.jsonl", 1, pid: -1, 0, 10)]
        #expect(MetricKitJoin.join(file.diagnostics, to: sessions) == [.unjoined(.noPid)])
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
