import LCTraceCore

/// Hand-built runs shared by the reporter tests.
enum Fixtures {
    static let version = "9.8.7"

    /// 2026-11-20T10:00:01.500Z
    static let t1 = Timestamp(nanoseconds: 1_795_168_801_500_000_000)
    /// 2026-11-20T10:00:01.000000007Z
    static let t2 = Timestamp(nanoseconds: 1_795_168_801_000_000_007)

    static let pathA = "traces/a b.jsonl"
    /// Needs escaping in every format: quote, backslash, comma, colon, percent, non-ASCII.
    static let pathB = "logs/día 1/o\"dd\\name,x:y%.jsonl"
    static let pathC = "traces/clean.jsonl"

    static let illegal = Finding(
        rule: .illegalTransition, file: pathA, line: 12, time: t1, pid: 1, state: "background",
        event: "app.didBecomeActive",
        message: "'app.didBecomeActive' in 'background': expected 'app.willEnterForeground' first", session: 1)
    static let leaked = Finding(
        rule: .bgtaskLeaked, file: pathA, line: 40, time: t1, pid: 1, task: .number(42), state: "suspended",
        event: "sys.suspend", message: "task '42' was never ended", session: 1)
    static let abnormal = Finding(
        rule: .abnormalExit, file: pathA, line: 77, time: t2, pid: 2, state: "active", event: "sys.kill",
        message: "process '2' ended while 'active'", exitClass: .abnormal, session: 2)
    static let unknown = Finding(
        rule: .unknownEvent, file: pathA, line: 80, message: "unknown event 'fancy\"quote\\back'")
    static let unmatched = Finding(
        rule: .bgtaskUnmatchedEnd, file: pathB, line: 3, pid: -7, scene: "main ✓", task: .string("sync\tjob"),
        event: "bgtask.end", message: "multi\nline ✓ <&> 'x' \u{1}bell", session: 1)
    static let malformed = Finding(rule: .malformedRecord, file: pathB, line: 1, message: "not a JSON object")

    static let fileA = FileResult(
        path: pathA, events: 1234, sessions: 10,
        exitClasses: [.normal: 5, .watchdog: 2, .abnormal: 1, .open: 2],
        findings: [illegal, leaked, abnormal, unknown])
    static let fileB = FileResult(
        path: pathB, events: 56, sessions: 1, exitClasses: [.purged: 1], findings: [malformed, unmatched])
    static let fileC = FileResult(path: pathC, events: 7, sessions: 1, exitClasses: [.normal: 1])

    /// One file, no findings.
    static let clean = RunReport(toolVersion: version, files: [fileC])
    /// Every severity, nulls and non-nulls, both task kinds, escaping everywhere, three files.
    static let failing = RunReport(toolVersion: version, files: [fileA, fileB, fileC])
    /// `failing` plus an input that could not be read.
    static let withUnreadable = RunReport(
        toolVersion: version, files: [fileA, fileB, fileC],
        unreadable: [UnreadableInput(path: "missing \"x\".jsonl", reason: "no such file or directory")])
    /// No files at all.
    static let empty = RunReport(toolVersion: version, files: [])
    /// Only warnings and notes.
    static let warningsOnly = RunReport(
        toolVersion: version,
        files: [
            FileResult(
                path: pathC, events: 3, sessions: 1, exitClasses: [.abnormal: 1],
                findings: [moved(abnormal, to: pathC), moved(unknown, to: pathC)])
        ])

    static func moved(_ finding: Finding, to path: String) -> Finding {
        var copy = finding
        copy.file = path
        return copy
    }

    static let all: [(name: String, run: RunReport)] = [
        ("clean", clean), ("failing", failing), ("withUnreadable", withUnreadable), ("empty", empty),
        ("warningsOnly", warningsOnly),
    ]

    /// The fixture names, for readable parameterised test output.
    static var names: [String] { all.map(\.name) }

    /// A fixture by name.
    static func run(_ name: String) -> RunReport { all.first { $0.name == name }!.run }

    /// Every finding of a run, in run order.
    static func findings(of run: RunReport) -> [Finding] { run.files.flatMap(\.findings) }
}
