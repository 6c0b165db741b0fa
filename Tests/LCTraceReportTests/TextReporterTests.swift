import LCTraceCore
import Testing

@testable import LCTraceReport

@Suite struct TextReporterTests {
    static let failingLines = [
        "traces/a b.jsonl:12: error: [LC100 illegal-transition] 'app.didBecomeActive' in 'background': expected 'app.willEnterForeground' first",
        "traces/a b.jsonl:40: error: [LC300 bgtask-leaked] task '42' was never ended",
        "traces/a b.jsonl:77: warning: [LC103 abnormal-exit] process '2' ended while 'active'",
        "traces/a b.jsonl:80: note: [LC402 unknown-event] unknown event 'fancy\"quote\\back'",
        "logs/día 1/o\"dd\\name,x:y%.jsonl:1: error: [LC401 malformed-record] not a JSON object",
        "logs/día 1/o\"dd\\name,x:y%.jsonl:3: error: [LC301 bgtask-unmatched-end] multi\\nline ✓ <&> 'x' \\u0001bell",
    ]

    @Test(
        arguments: [
            ("clean", ["lctrace: 1 file, 7 events, 1 session: 0 errors, 0 warnings, 0 notes"]),
            ("empty", ["lctrace: 0 files, 0 events, 0 sessions: 0 errors, 0 warnings, 0 notes"]),
            (
                "failing",
                failingLines + ["lctrace: 3 files, 1,297 events, 12 sessions: 4 errors, 1 warning, 1 note"]
            ),
            (
                "withUnreadable",
                failingLines + ["lctrace: 3 files, 1,297 events, 12 sessions: 4 errors, 1 warning, 1 note, 1 unreadable"]
            ),
            (
                "warningsOnly",
                [
                    "traces/clean.jsonl:77: warning: [LC103 abnormal-exit] process '2' ended while 'active'",
                    "traces/clean.jsonl:80: note: [LC402 unknown-event] unknown event 'fancy\"quote\\back'",
                    "lctrace: 1 file, 3 events, 1 session: 0 errors, 1 warning, 1 note",
                ]
            ),
        ] as [(String, [String])])
    func plainOutput(fixture: String, lines: [String]) {
        let run = Fixtures.run(fixture)
        let text = TextReporter(options: ReportOptions(colour: false)).render(run)
        #expect(text == lines.joined(separator: "\n") + "\n")
        #expect(!text.contains("\u{1B}"))
    }

    @Test(arguments: [
        ("illegal", "\u{1B}[1mtraces/a b.jsonl:12:\u{1B}[0m \u{1B}[31merror\u{1B}[0m: [LC100 illegal-transition] "),
        ("abnormal", "\u{1B}[1mtraces/a b.jsonl:77:\u{1B}[0m \u{1B}[33mwarning\u{1B}[0m: [LC103 abnormal-exit] "),
        ("unknown", "\u{1B}[1mtraces/a b.jsonl:80:\u{1B}[0m \u{1B}[36mnote\u{1B}[0m: [LC402 unknown-event] "),
    ])
    func colourLine(name: String, prefix: String) {
        let finding = [("illegal", Fixtures.illegal), ("abnormal", Fixtures.abnormal), ("unknown", Fixtures.unknown)]
            .first { $0.0 == name }!.1
        let line = TextReporter.line(for: finding, colour: true)
        #expect(line == prefix + ReportText.printable(finding.message))
    }

    @Test func colourRunKeepsSummaryPlain() {
        let text = TextReporter(options: ReportOptions(colour: true)).render(Fixtures.failing)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 8)
        #expect(lines[6] == "lctrace: 3 files, 1,297 events, 12 sessions: 4 errors, 1 warning, 1 note")
        #expect(lines[7] == "")
        // Removing the SGR sequences gives back the plain report.
        let stripped = text.replacingAll("\u{1B}[0m", "").replacingAll("\u{1B}[1m", "")
            .replacingAll("\u{1B}[31m", "").replacingAll("\u{1B}[33m", "").replacingAll("\u{1B}[36m", "")
        #expect(stripped == TextReporter().render(Fixtures.failing))
    }

    @Test func logCannotInjectTerminalEscapes() {
        let hostile = Finding(rule: .unknownEvent, file: "a\u{1B}[2Jb.jsonl", line: 1, message: "x\u{1B}]0;pwned\u{07}\u{9B}y\r")
        let line = TextReporter.line(for: hostile, colour: false)
        #expect(line == "a\\u001B[2Jb.jsonl:1: note: [LC402 unknown-event] x\\u001B]0;pwned\\u0007\\u009By\\r")
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (1234, "1,234"), (123_456, "123,456"),
        (1_234_567, "1,234,567"), (-1234, "-1,234"),
    ])
    func groupsThousands(value: Int, text: String) {
        #expect(ReportText.grouped(value) == text)
    }

    @Test(arguments: [(0, "0 errors"), (1, "1 error"), (2, "2 errors"), (1001, "1,001 errors")])
    func pluralises(value: Int, text: String) {
        #expect(ReportText.count(value, "error") == text)
    }
}

extension String {
    /// Literal replacement without Foundation.
    func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
