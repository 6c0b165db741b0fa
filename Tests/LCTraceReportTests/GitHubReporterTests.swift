import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReport

@Suite struct GitHubReporterTests {
    @Test(
        arguments: [
            (
                "illegal", nil,
                "::error file=traces/a b.jsonl,line=12,title=LC100 illegal-transition::'app.didBecomeActive' in 'background': expected 'app.willEnterForeground' first"
            ),
            ("abnormal", nil, "::warning file=traces/a b.jsonl,line=77,title=LC103 abnormal-exit::process '2' ended while 'active'"),
            ("unknown", nil, "::notice file=traces/a b.jsonl,line=80,title=LC402 unknown-event::unknown event 'fancy\"quote\\back'"),
            (
                "unmatched", nil,
                "::error file=logs/día 1/o\"dd\\name%2Cx%3Ay%25.jsonl,line=3,title=LC301 bgtask-unmatched-end::multi%0Aline ✓ <&> 'x' \\u0001bell"
            ),
            ("stdin", nil, "::error title=LC401 malformed-record::not a JSON object"),
            ("absolute", "/work/repo", "::warning file=logs/x.jsonl,line=1,title=LC403 truncated-log::cut at 100%25"),
            ("absolute", "/elsewhere", "::warning file=/work/repo/logs/x.jsonl,line=1,title=LC403 truncated-log::cut at 100%25"),
        ] as [(String, String?, String)])
    func annotation(name: String, workingDirectory: String?, expected: String) {
        let findings: [String: Finding] = [
            "illegal": Fixtures.illegal, "abnormal": Fixtures.abnormal, "unknown": Fixtures.unknown,
            "unmatched": Fixtures.unmatched, "stdin": Fixtures.moved(Fixtures.malformed, to: "<stdin>"),
            "absolute": Finding(rule: .truncatedLog, file: "/work/repo/logs/x.jsonl", line: 0, message: "cut at 100%"),
        ]
        let reporter = GitHubReporter(options: ReportOptions(workingDirectory: workingDirectory))
        #expect(reporter.annotation(for: findings[name]!) == expected)
    }

    @Test(arguments: [
        ("plain", "plain", "plain"),
        ("100%", "100%25", "100%25"),
        ("a\r\nb", "a%0D%0Ab", "a%0D%0Ab"),
        ("k:v,w", "k:v,w", "k%3Av%2Cw"),
        ("%0A", "%250A", "%250A"),
        ("esc\u{1B}[31m", "esc\\u001B[31m", "esc\\u001B[31m"),
        ("tab\t", "tab\\t", "tab\\t"),
    ])
    func escaping(text: String, message: String, property: String) {
        #expect(GitHubReporter.escapedMessage(text) == message)
        #expect(GitHubReporter.escapedProperty(text) == property)
    }

    @Test func failingRunPrintsRankedAnnotationsThenSummary() {
        let lines = GitHubReporter().render(Fixtures.failing).split(separator: "\n").map(String.init)
        #expect(
            lines.map { $0.prefix(while: { $0 != "," }) } == [
                "::error file=traces/a b.jsonl",  // LC100
                "::error file=traces/a b.jsonl",  // LC300
                "::error file=logs/día 1/o\"dd\\name%2Cx%3Ay%25.jsonl",  // LC301
                "::error file=logs/día 1/o\"dd\\name%2Cx%3Ay%25.jsonl",  // LC401
                "::warning file=traces/a b.jsonl",
                "::notice file=traces/a b.jsonl",
                "lctrace: 3 files",
            ])
        let titles = lines.dropLast().map { $0.split(separator: "title=").last?.prefix(5) ?? "" }
        #expect(titles == ["LC100", "LC300", "LC301", "LC401", "LC103", "LC402"])
        #expect(lines.last == "lctrace: 3 files, 1,297 events, 12 sessions: 4 errors, 1 warning, 1 note")
        #expect(!lines.contains { $0.contains("not annotated") })
    }

    /// 25 errors + 12 warnings + 3 notes: 10 + 10 + 3 annotations, then the left-out line.
    @Test func capsAnnotationsPerType() throws {
        let rules: [Rule] = [.bgtaskLeaked, .illegalTransition, .launchWatchdog]  // LC300, LC100, LC200
        var a: [Finding] = [], b: [Finding] = []
        for i in 0..<25 {
            let rule = rules[i % 3]
            let line = 100 - i
            if i % 2 == 0 {
                a.append(Finding(rule: rule, file: "b.jsonl", line: line, message: "e\(i)"))
            } else {
                b.append(Finding(rule: rule, file: "a.jsonl", line: line, message: "e\(i)"))
            }
        }
        for i in 0..<12 { b.append(Finding(rule: i % 2 == 0 ? .clockRegression : .abnormalExit, file: "a.jsonl", line: i + 1, message: "w\(i)")) }
        for i in 0..<3 { a.append(Finding(rule: .unknownEvent, file: "b.jsonl", line: i + 1, message: "n\(i)")) }
        // File order in the run: "b.jsonl" first, then "a.jsonl" (run order, not name order).
        let run = RunReport(
            toolVersion: "1",
            files: [
                FileResult(path: "b.jsonl", findings: a.sorted { $0.line < $1.line }),
                FileResult(path: "a.jsonl", findings: b.sorted { $0.line < $1.line }),
            ])
        let lines = GitHubReporter().render(run).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 3)
        #expect(lines.count == 25)
        #expect(lines[23] == "lctrace: 15 more errors, 2 more warnings not annotated (GitHub shows 10 per type per step); see the full report")
        #expect(lines[24] == "lctrace: 2 files, 0 events, 0 sessions: 25 errors, 12 warnings, 3 notes")

        // Errors in rank order: rule id, then file in run order, then line.
        let all = run.files.flatMap(\.findings)
        let expectedErrors = all.filter { $0.severity == .error }.sorted { x, y in
            if x.rule != y.rule { return x.rule < y.rule }
            if x.file != y.file { return x.file == "b.jsonl" }
            return x.line < y.line
        }.prefix(10)
        let printed = lines.prefix(10)
        #expect(printed.count == expectedErrors.count)
        for (line, finding) in zip(printed, expectedErrors) {
            #expect(line == GitHubReporter().annotation(for: finding))
        }
        #expect(lines.prefix(10).filter { $0.contains("title=LC100") }.count == 8)
        #expect(lines[8].contains("title=LC200"))
        // Warnings: LC103 before LC400; notes follow warnings.
        #expect(lines[10].contains("title=LC103") && lines[19].contains("title=LC400"))
        #expect(lines[20...22].allSatisfy { $0.hasPrefix("::notice file=b.jsonl") })
    }

    @Test(arguments: [
        (11, 0, 0, "lctrace: 1 more error not annotated (GitHub shows 10 per type per step); see the full report"),
        (0, 0, 12, "lctrace: 2 more notes not annotated (GitHub shows 10 per type per step); see the full report"),
        (
            1_010, 11, 11,
            "lctrace: 1,000 more errors, 1 more warning, 1 more note not annotated (GitHub shows 10 per type per step); see the full report"
        ),
    ])
    func leftOutLine(errors: Int, warnings: Int, notes: Int, expected: String) {
        var findings: [Finding] = []
        for i in 0..<errors { findings.append(Finding(rule: .illegalTransition, file: "f", line: i + 1, message: "m")) }
        for i in 0..<warnings { findings.append(Finding(rule: .abnormalExit, file: "f", line: i + 1, message: "m")) }
        for i in 0..<notes { findings.append(Finding(rule: .unknownEvent, file: "f", line: i + 1, message: "m")) }
        let lines = GitHubReporter().render(RunReport(toolVersion: "1", files: [FileResult(path: "f", findings: findings)]))
            .split(separator: "\n").map(String.init)
        #expect(lines.dropLast().last == expected)
    }

    // MARK: step summary

    private static func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-summary-\(UUID().uuidString).md").path
    }

    @Test func stepSummaryIsAppended() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# earlier step\n".write(toFile: path, atomically: true, encoding: .utf8)
        let reporter = GitHubReporter(options: ReportOptions(githubStepSummaryPath: path))
        let output = reporter.render(Fixtures.withUnreadable)
        #expect(!output.contains("::warning title=lctrace"))
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == "# earlier step\n" + reporter.stepSummary(for: Fixtures.withUnreadable))
        _ = reporter.render(Fixtures.clean)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix(written))
    }

    /// A configuration's severity override (applied to the findings) is the severity the
    /// summary's table shows and orders by, not the rule's own.
    @Test func stepSummaryShowsTheFindingsSeverity() {
        var run = Fixtures.withUnreadable
        let settings = RuleSettings(severities: [.unknownEvent: .error, .illegalTransition: .note])
        for i in run.files.indices { settings.apply(to: &run.files[i].findings) }
        let md = GitHubReporter(options: ReportOptions(workingDirectory: "/work")).stepSummary(for: run)
        let rows = md.split(separator: "\n").filter { $0.hasPrefix("| [LC") }
        let unknown = rows.firstIndex { $0.contains("| unknown-event | error |") }
        let abnormal = rows.firstIndex { $0.contains("| abnormal-exit | warning |") }
        #expect(unknown != nil && abnormal != nil && unknown! < abnormal!, "errors first: \(rows)")
        #expect(rows.last?.contains("| illegal-transition | note |") ?? false, "\(rows)")
    }

    @Test func stepSummaryContents() {
        let md = GitHubReporter(options: ReportOptions(workingDirectory: "/work")).stepSummary(for: Fixtures.withUnreadable)
        let expected = #"""
            ## lctrace

            | Files | Events | Sessions | Errors | Warnings | Notes | Unreadable |
            | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
            | 3 | 1,297 | 12 | 4 | 1 | 1 | 1 |

            ### Findings by rule

            | Rule | Name | Severity | Findings | Files |
            | --- | --- | --- | ---: | ---: |
            | [LC100](https://github.com/lctrace/lctrace/blob/main/docs/RULES.md#lc100-illegal-transition) | illegal-transition | error | 1 | 1 |
            | [LC300](https://github.com/lctrace/lctrace/blob/main/docs/RULES.md#lc300-bgtask-leaked) | bgtask-leaked | error | 1 | 1 |
            | [LC301](https://github.com/lctrace/lctrace/blob/main/docs/RULES.md#lc301-bgtask-unmatched-end) | bgtask-unmatched-end | error | 1 | 1 |
            | [LC401](https://github.com/lctrace/lctrace/blob/main/docs/RULES.md#lc401-malformed-record) | malformed-record | error | 1 | 1 |
            | [LC103](https://github.com/lctrace/lctrace/blob/main/docs/RULES.md#lc103-abnormal-exit) | abnormal-exit | warning | 1 | 1 |
            | [LC402](https://github.com/lctrace/lctrace/blob/main/docs/RULES.md#lc402-unknown-event) | unknown-event | note | 1 | 1 |

            ### Findings by file

            | File | Errors | Warnings | Notes | Events | Sessions |
            | --- | ---: | ---: | ---: | ---: | ---: |
            | traces/a b.jsonl | 2 | 1 | 1 | 1,234 | 10 |
            | logs/día 1/o"dd\\name,x:y%.jsonl | 2 | 0 | 0 | 56 | 1 |

            1 file without findings.

            ### Worst files

            | File | Errors | Warnings | Notes | First worst finding |
            | --- | ---: | ---: | ---: | --- |
            | traces/a b.jsonl | 2 | 1 | 1 | line 12: LC100 illegal-transition: 'app.didBecomeActive' in 'background': expected 'app.willEnterForeground' first |
            | logs/día 1/o"dd\\name,x:y%.jsonl | 2 | 0 | 0 | line 1: LC401 malformed-record: not a JSON object |

            ### Worst sessions

            | File | Session | PID | Errors | Warnings | Notes | Exit |
            | --- | ---: | ---: | ---: | ---: | ---: | --- |
            | traces/a b.jsonl | 1 | 1 | 2 | 0 | 0 |  |
            | logs/día 1/o"dd\\name,x:y%.jsonl | 1 | -7 | 1 | 0 | 0 |  |
            | traces/a b.jsonl | 2 | 2 | 0 | 1 | 0 | abnormal |

            ### Unreadable inputs

            - Unable to read 'missing "x".jsonl': no such file or directory.

            ### Sessions by exit class

            | Exit class | Sessions |
            | --- | ---: |
            | normal | 6 |
            | purged | 1 |
            | watchdog | 2 |
            | bgtask-timeout | 0 |
            | locked-file | 0 |
            | memory-limit | 0 |
            | cpu-limit | 0 |
            | thermal | 0 |
            | abnormal | 1 |
            | open | 2 |

            """#
        #expect(md == expected)
    }

    @Test func cleanStepSummarySaysNoFindings() {
        let md = GitHubReporter().stepSummary(for: Fixtures.clean)
        #expect(md.contains("| 1 | 7 | 1 | 0 | 0 | 0 | 0 |\n\nNo findings.\n"))
        #expect(!md.contains("### Findings by rule"))
    }

    @Test(arguments: [
        ("a|b", "a\\|b"), ("*x* _y_ `z` [l](u) ~s~", "\\*x\\* \\_y\\_ \\`z\\` \\[l\\](u) \\~s\\~"),
        ("<script>&", "&lt;script&gt;&amp;"), ("back\\slash", "back\\\\slash"), ("nl\nx", "nl\\\\nx"),
    ])
    func markdownEscaping(text: String, escaped: String) {
        #expect(GitHubReporter.markdown(text) == escaped)
    }

    @Test func unwritableStepSummaryBecomesAWarning() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)/summary.md").path
        let output = GitHubReporter(options: ReportOptions(githubStepSummaryPath: path)).render(Fixtures.clean)
        #expect(output.hasSuffix("::warning title=lctrace::Unable to write '\(path.replacingAll("%", "%25"))': no such file or directory.\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
