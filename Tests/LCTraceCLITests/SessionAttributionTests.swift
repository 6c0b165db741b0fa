import Foundation
import Testing

/// Which session a finding belongs to is the engine's word (`Finding.session`, the JSON key
/// `session`): the audit's worst sessions, the GitHub step summary and the HTML timelines
/// count every finding for that session and no other.
@Suite struct SessionAttributionTests {
    /// The boundary cases: a finding on the line that ends a session (LC103 on a kill, and
    /// on the relaunch of the stream without pids), a record after a kill (LC102), a second
    /// launch of an ended pid (LC100, on the first line of the session it begins), a task
    /// leaked by a relaunch (LC300 on the new launch's line).
    static let log = """
        {"t":1795168800.0,"ev":"process.launch","pid":1,"reason":"user"}
        {"t":1795168800.2,"ev":"app.didFinishLaunching","pid":1}
        {"t":1795168800.5,"ev":"app.didBecomeActive","pid":1}
        {"t":1795168810.0,"ev":"sys.kill","pid":1,"reason":"crash"}
        {"t":1795168811.0,"ev":"app.willResignActive","pid":1}
        {"t":1795168812.0,"ev":"process.launch","pid":1,"reason":"user"}
        {"t":1795168812.2,"ev":"app.didFinishLaunching","pid":1}
        {"t":1795168812.5,"ev":"app.didBecomeActive","pid":1}
        {"t":1795168813.0,"ev":"process.exit","pid":1,"reason":"terminate"}
        {"t":1795168820.0,"ev":"app.didFinishLaunching"}
        {"t":1795168820.5,"ev":"app.didBecomeActive"}
        {"t":1795168821.0,"ev":"bgtask.begin","task":3}
        {"t":1795168830.0,"ev":"app.didFinishLaunching"}
        {"t":1795168830.5,"ev":"app.didEnterBackground"}
        not a record

        """

    /// Errors, warnings and notes of a session.
    struct Counts: Equatable, CustomStringConvertible {
        var errors = 0, warnings = 0, notes = 0
        var description: String { "\(errors)/\(warnings)/\(notes)" }
    }

    @Test func theAuditTheStepSummaryAndTheHTMLReportCountEachFindingForTheEnginesSession() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-sessions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let log = dir + "/s.jsonl"
        try Self.log.write(toFile: log, atomically: true, encoding: .utf8)

        // The engine: every finding's `session`.
        let jsonl = try CommandLineTests.run(["replay", "--fail-on", "never", "--format", "jsonl", log])
        var engine: [Int: Counts] = [:]
        var sessionless: [String] = []
        for line in jsonl.stdout.split(separator: "\n") {
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let rule = o["rule"] as? String else { continue }
            guard let session = (o["session"] as? NSNumber)?.intValue else {
                sessionless.append(rule)
                continue
            }
            switch o["severity"] as? String {
            case "error": engine[session, default: Counts()].errors += 1
            case "warning": engine[session, default: Counts()].warnings += 1
            default: engine[session, default: Counts()].notes += 1
            }
        }
        #expect(sessionless == ["LC401"], "a malformed line is the file's")
        // The kill's LC103 and the LC102 after it are the killed session's; the second launch's
        // LC100 is the session it begins; the stream's LC103 on its relaunch line is the session
        // the relaunch ended (its task merely open then is on the death, no LC300: SPEC §5).
        #expect(engine == [1: Counts(errors: 1, warnings: 1), 2: Counts(errors: 1), 3: Counts(warnings: 1)])

        // The audit's worst sessions.
        let audit = try CommandLineTests.run(["audit", "--fail-on", "never", "--format", "json", log])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        var audited: [Int: Counts] = [:]
        for s in try #require(files.first?["worst_sessions"] as? [[String: Any]]) {
            let number = try #require((s["session"] as? NSNumber)?.intValue)
            audited[number] = Counts(
                errors: (s["errors"] as? NSNumber)?.intValue ?? -1, warnings: (s["warnings"] as? NSNumber)?.intValue ?? -1,
                notes: (s["notes"] as? NSNumber)?.intValue ?? -1)
        }
        #expect(audited == engine, "audit worst sessions")
        var auditedExits: [Int: String] = [:]
        for s in try #require(files.first?["worst_sessions"] as? [[String: Any]]) {
            auditedExits[try #require((s["session"] as? NSNumber)?.intValue)] = s["exit"] as? String
        }
        #expect(auditedExits.values.contains("normal") && auditedExits.values.contains("abnormal"), "\(auditedExits)")

        // The GitHub step summary's worst sessions: | file | session | pid | e | w | n | exit |
        let summary = dir + "/summary.md"
        _ = try CommandLineTests.run(
            ["replay", "--fail-on", "never", "--format", "github", log], environment: ["GITHUB_STEP_SUMMARY": summary])
        let markdown = try String(contentsOfFile: summary, encoding: .utf8)
        let table = try #require(markdown.components(separatedBy: "### Worst sessions").dropFirst().first)
        var summarised: [Int: Counts] = [:]
        var summarisedExits: [Int: String] = [:]
        for row in table.split(separator: "\n") where row.hasPrefix("| ") && !row.hasPrefix("| File") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count < 8 { break }  // the next table
            guard let number = Int(cells[2]) else { continue }  // the | --- | row
            summarised[number] = Counts(errors: Int(cells[4]) ?? -1, warnings: Int(cells[5]) ?? -1, notes: Int(cells[6]) ?? -1)
            summarisedExits[number] = cells[7]
        }
        #expect(summarised == engine, "GitHub step summary")
        // Its Exit column is each session's class, as the audit shows it, whichever finding
        // the session holds (a finding about a launch carries no exit class).
        #expect(summarisedExits == auditedExits, "GitHub step summary exit column")
        do {
            let auditSummary = dir + "/audit-summary.md"
            _ = try CommandLineTests.run(
                ["audit", "--fail-on", "never", "--format", "github", log], environment: ["GITHUB_STEP_SUMMARY": auditSummary])
            let auditTable = try #require(
                try String(contentsOfFile: auditSummary, encoding: .utf8).components(separatedBy: "### Worst sessions").dropFirst().first)
            var exits: [Int: String] = [:]
            for row in auditTable.split(separator: "\n") where row.hasPrefix("| ") && !row.hasPrefix("| File") {
                let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                if cells.count < 8 { break }
                guard let number = Int(cells[2]) else { continue }
                exits[number] = cells[7]
            }
            #expect(exits == auditedExits, "audit --format github exit column")
        }

        // The HTML report's timelines: one caption per session, with its counts.
        let html = try CommandLineTests.run(["replay", "--fail-on", "never", "--format", "html", log]).stdout
        var drawn: [Int: Counts] = [:]
        for caption in html.components(separatedBy: "<figcaption>").dropFirst() {
            let text = String(caption.prefix { $0 != "\n" })
            guard let at = text.range(of: "· session ") else { continue }
            let number = try #require(Int(text[at.upperBound...].prefix { $0.isNumber }))
            func count(_ word: String) -> Int {
                guard let r = text.range(of: #"(\d+) "# + word, options: .regularExpression) else { return 0 }
                return Int(text[r].prefix { $0.isNumber }) ?? -1
            }
            let c = Counts(errors: count("error"), warnings: count("warning"), notes: count("note"))
            if c != Counts() { drawn[number] = c }
        }
        #expect(drawn == engine, "HTML timelines")
    }

    /// Two files of two sessions each, every session with one error (LC100 on an illegal
    /// background entry), the second file named first: every ranking lists tied sessions in
    /// the one order (file by path bytes, then session number), whatever order the files and
    /// the processes came in.
    @Test func tiedSessionsAreRankedAlikeByTheAuditTheStepSummaryAndTheHTMLReport() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-ties-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tie = """
            {"t":"2026-11-20T10:00:00.000Z","ev":"meta","pid":1,"app":"com.example.a"}
            {"t":"2026-11-20T10:00:00.000Z","ev":"meta","pid":2,"app":"com.example.b"}
            {"t":"2026-11-20T10:00:00.000Z","ev":"process.launch","pid":1,"reason":"user"}
            {"t":"2026-11-20T10:00:00.100Z","ev":"process.launch","pid":2,"reason":"user"}
            {"t":"2026-11-20T10:00:00.200Z","ev":"app.didEnterBackground","pid":2}
            {"t":"2026-11-20T10:00:00.300Z","ev":"app.didEnterBackground","pid":1}

            """
        for name in ["a.jsonl", "b.jsonl"] { try tie.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        let logs = [dir + "/b.jsonl", dir + "/a.jsonl"]
        let expected = ["a.jsonl 1", "a.jsonl 2", "b.jsonl 1", "b.jsonl 2"]

        let audit = try CommandLineTests.run(["audit", "--fail-on", "never", "--format", "json"] + logs)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(audit.stdout.utf8)) as? [String: Any])
        let worst = try #require((document["summary"] as? [String: Any])?["worst_sessions"] as? [[String: Any]])
        let audited = worst.map { "\(($0["file"] as? String ?? "").split(separator: "/").last ?? "") \(($0["session"] as? NSNumber)?.intValue ?? -1)" }
        #expect(audited == expected, "audit")

        let summary = dir + "/summary.md"
        _ = try CommandLineTests.run(
            ["replay", "--fail-on", "never", "--format", "github"] + logs, environment: ["GITHUB_STEP_SUMMARY": summary])
        let table = try #require(try String(contentsOfFile: summary, encoding: .utf8).components(separatedBy: "### Worst sessions").dropFirst().first)
        var summarised: [String] = []
        for row in table.split(separator: "\n") where row.hasPrefix("| ") && !row.hasPrefix("| File") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count < 8 { break }
            guard let number = Int(cells[2]) else { continue }
            summarised.append("\(cells[1].split(separator: "/").last ?? "") \(number)")
        }
        #expect(summarised == expected, "GitHub step summary")

        let html = try CommandLineTests.run(["replay", "--fail-on", "never", "--format", "html"] + logs).stdout
        var drawn: [String] = []
        for caption in html.components(separatedBy: "<figcaption>").dropFirst() {
            let text = String(caption.prefix { $0 != "\n" })
            guard let at = text.range(of: "· session ") else { continue }
            let number = try #require(Int(text[at.upperBound...].prefix { $0.isNumber }))
            let file = ["a.jsonl", "b.jsonl"].first { text.contains($0) } ?? "?"
            drawn.append("\(file) \(number)")
        }
        #expect(drawn == expected, "HTML timelines")
    }
}
