import LCTraceAppleFormats
import LCTraceCore
import LCTraceReplay
import Testing

/// Where a MetricKit diagnostic goes in the one join (``EvidenceJoin``, SPEC §8 "MetricKit"):
/// exactly one session, or none with the reason; never guessed.
@Suite("MetricKit join: exact or absent")
struct MetricKitJoinOutcomeTests {
    /// `2026-11-20T10:MM:00Z`.
    static func at(_ minute: Int) -> Timestamp {
        Timestamp(nanoseconds: (1_795_168_800 + Int64(minute) * 60) * 1_000_000_000)
    }

    static func session(
        _ file: String, _ n: Int, pid: Int64?, app: String? = "com.example.app", _ from: Int, _ to: Int, exit: ExitClass = .abnormal
    ) -> SessionSpan {
        SessionSpan(
            file: file, session: n, pid: pid, app: app, began: at(from), lastLine: n * 10, lastTime: at(to), endLine: n * 10 + 1,
            exitClass: exit)
    }

    static func crash(pid: Int?, bundle: String? = "com.example.app", window: (Int, Int)? = nil) -> MetricKitDiagnostic {
        MetricKitDiagnostic(
            kind: .crash, index: [0], pid: pid, bundleIdentifier: bundle, signal: 6,
            windowBegin: window.map { at($0.0) }, windowEnd: window.map { at($0.1) })
    }

    static let sessions = [
        session("a.jsonl", 1, pid: 412, 10, 20),
        session("b.jsonl", 1, pid: 412, 120, 130),
        session("b.jsonl", 2, pid: 7, 20, 30),
        session("b.jsonl", 3, pid: 7, 40, 50),
        session("c.jsonl", 1, pid: 9, app: nil, 0, 5),
        session("c.jsonl", 2, pid: nil, 0, 500),
        session("d.jsonl", 1, pid: 33, 0, 5, exit: .normal),
    ]

    /// Every way the join can go, one case each: the position joined, or words of the reason.
    @Test(
        "where a diagnostic joins",
        arguments: [
            // pid reused across files: the window picks the file whose session it covers.
            ("pid reused across files, window on the first", crash(pid: 412, window: (0, 15)), "0"),
            ("pid reused across files, window on the second", crash(pid: 412, window: (100, 200)), "1"),
            // two sessions of one pid in one file, both inside the window: the one that began last.
            ("two sessions of one pid in the window", crash(pid: 7, window: (0, 300)), "3"),
            ("two sessions of one pid, window on the first", crash(pid: 7, window: (0, 25)), "2"),
            ("a window that covers none", crash(pid: 412, window: (500, 600)), "within the payload's window"),
            ("bundle ids that differ", crash(pid: 412, bundle: "com.other.app", window: (0, 300)), "bundle id com.other.app differs"),
            ("no bundle id in the diagnostic", crash(pid: 412, bundle: nil, window: (100, 200)), "1"),
            ("no app in the log: the pid decides", crash(pid: 9, bundle: "com.any.app"), "4"),
            ("no pid", crash(pid: nil, window: (0, 300)), "pid missing"),
            ("pid -1", crash(pid: -1), "pid missing"),
            ("a pid no session has", crash(pid: 4242, window: (0, 300)), "no session of pid 4242 in the logs"),
            // a bare diagnostic (no window) joins the last session of its pid, across files.
            ("bare diagnostic, pid reused across files", crash(pid: 412), "1"),
            ("bare diagnostic, two sessions of one pid", crash(pid: 7), "3"),
            // a crash never joins a session that ended normally (SPEC §8).
            ("a crash of a session that ended normally", crash(pid: 33), "pid 33 ended normally at line 11 of 'd.jsonl'"),
        ])
    func outcome(name: String, diagnostic: MetricKitDiagnostic, expected: String) {
        let outcome = EvidenceJoin.join([diagnostic.piece], to: Self.sessions)
        if let position = Int(expected) {
            #expect(outcome == [.joined(position)], "\(name)")
        } else if case .unjoined(let reason) = outcome[0] {
            #expect(reason.contains(expected), "\(name): \(reason)")
        } else {
            Issue.record("\(name): joined \(outcome)")
        }
    }

    /// A hang speaks of no process end: it joins a session that ended normally.
    @Test func aHangJoinsASessionThatEndedNormally() {
        let hang = MetricKitDiagnostic(kind: .hang, index: [0], pid: 33, bundleIdentifier: "com.example.app")
        #expect(EvidenceJoin.join([hang.piece], to: Self.sessions) == [.joined(6)])
    }

    /// Two logs whose sessions of one pid began at the same instant: a tie, unjoined whichever
    /// order the logs come in.
    @Test func aTieBetweenLogsIsUnjoinedInEitherOrder() {
        let a = Self.session("a.jsonl", 1, pid: 5, 10, 20)
        let b = Self.session("b.jsonl", 1, pid: 5, 10, 30)
        for spans in [[a, b], [b, a]] {
            guard case .unjoined(let reason) = EvidenceJoin.join([Self.crash(pid: 5).piece], to: spans)[0] else {
                Issue.record("joined")
                continue
            }
            #expect(reason.contains("2 logs began at the same instant"), "\(reason)")
        }
    }

    @Test func dottedNumbersCompareWithMissingPartsZero() {
        #expect(EvidenceJoin.sameNumbers("17.4", "17.4.0"))
        #expect(!EvidenceJoin.sameNumbers("17.4", "17.4.1"))
        #expect(EvidenceJoin.firstNumbers("iPhone OS 17.4 (21E219)") == "17.4")
    }
}
