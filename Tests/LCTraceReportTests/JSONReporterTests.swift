import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReport

@Suite struct JSONReporterTests {
    @Test(arguments: Fixtures.names)
    func documentMatchesModel(fixture: String) throws {
        let run = Fixtures.run(fixture)
        let text = JSONReporter().render(run)
        #expect(text.hasSuffix("}\n"))
        let doc = try object(try parseJSON(text))
        #expect(Set(doc.keys) == Set(JSONKeys.document))

        let tool = try object(doc["tool"])
        #expect(tool["name"] as? String == "lctrace")
        #expect(tool["version"] as? String == Fixtures.version)
        #expect(Set(tool.keys) == Set(JSONKeys.tool))

        let files = try array(doc["files"])
        #expect(files.count == run.files.count)
        for (json, file) in zip(files, run.files) {
            let entry = try object(json)
            #expect(Set(entry.keys) == Set(JSONKeys.file))
            #expect(entry["path"] as? String == file.path)
            #expect(entry["events"] as? Int == file.events)
            #expect(entry["sessions"] as? Int == file.sessions)
            #expect(entry["errors"] as? Int == file.count(.error))
            #expect(entry["warnings"] as? Int == file.count(.warning))
            #expect(entry["notes"] as? Int == file.count(.note))
            try expectExits(entry["exits"], file.exitClasses)
        }

        let findings = try array(doc["findings"])
        let expected = Fixtures.findings(of: run)
        #expect(findings.count == expected.count)
        for (json, finding) in zip(findings, expected) {
            expectFinding(try object(json), equals: finding)
        }

        let summary = try object(doc["summary"])
        let s = run.summary
        #expect(Set(summary.keys) == Set(JSONKeys.summary))
        #expect(summary["files"] as? Int == s.files)
        #expect(summary["events"] as? Int == s.events)
        #expect(summary["sessions"] as? Int == s.sessions)
        #expect(summary["errors"] as? Int == s.errors)
        #expect(summary["warnings"] as? Int == s.warnings)
        #expect(summary["notes"] as? Int == s.notes)
        #expect(summary["unreadable"] as? Int == run.unreadable.count)
        try expectExits(summary["exits"], s.exitClasses)

        let unreadable = try array(doc["unreadable"])
        #expect(unreadable.count == run.unreadable.count)
        for (json, input) in zip(unreadable, run.unreadable) {
            let entry = try object(json)
            #expect(Set(entry.keys) == Set(JSONKeys.unreadable))
            #expect(entry["path"] as? String == input.path)
            #expect(entry["reason"] as? String == input.reason)
        }
    }

    /// Every object is written with its keys in the documented order (SPEC keys first).
    @Test(arguments: Fixtures.names)
    func keyOrderIsDocumented(fixture: String) {
        let run = Fixtures.run(fixture)
        let known = [
            JSONKeys.document, JSONKeys.tool, JSONKeys.file, JSONKeys.finding, JSONKeys.summary, JSONKeys.exits,
            JSONKeys.unreadable, JSONKeys.noDeaths,
        ]
        let lists = objectKeyLists(in: JSONReporter().render(run))
        #expect(lists.last == JSONKeys.document)
        for keys in lists {
            #expect(known.contains(keys), "unexpected key order \(keys)")
        }
    }

    /// The exact bytes for a small run: two-space indentation, `": "`, empty arrays as `[]`.
    @Test func prettyLayoutIsStable() {
        let run = RunReport(
            toolVersion: "1.0.0",
            files: [
                FileResult(
                    path: "a.jsonl", events: 3, sessions: 1, exitClasses: [.open: 1],
                    findings: [
                        Finding(rule: .bgtaskOpenAtEnd, file: "a.jsonl", line: 3, pid: 4, task: .number(9), message: "open")
                    ])
            ])
        let expected = """
            {
              "tool": {
                "name": "lctrace",
                "version": "1.0.0"
              },
              "files": [
                {
                  "path": "a.jsonl",
                  "events": 3,
                  "sessions": 1,
                  "errors": 0,
                  "warnings": 0,
                  "notes": 1,
                  "exits": {
                    "normal": 0,
                    "purged": 0,
                    "watchdog": 0,
                    "bgtask-timeout": 0,
                    "locked-file": 0,
                    "memory-limit": 0,
                    "cpu-limit": 0,
                    "thermal": 0,
                    "abnormal": 0,
                    "open": 1
                  }
                }
              ],
              "findings": [
                {
                  "rule": "LC304",
                  "name": "bgtask-open-at-end",
                  "severity": "note",
                  "file": "a.jsonl",
                  "line": 3,
                  "time": null,
                  "pid": 4,
                  "scene": null,
                  "task": 9,
                  "owner": null,
                  "state": null,
                  "event": null,
                  "message": "open",
                  "exit": null,
                  "source": "app",
                  "session": null
                }
              ],
              "deaths": [],
              "summary": {
                "files": 1,
                "events": 3,
                "sessions": 1,
                "errors": 0,
                "warnings": 0,
                "notes": 1,
                "exits": {
                  "normal": 0,
                  "purged": 0,
                  "watchdog": 0,
                  "bgtask-timeout": 0,
                  "locked-file": 0,
                  "memory-limit": 0,
                  "cpu-limit": 0,
                  "thermal": 0,
                  "abnormal": 0,
                  "open": 1
                },
                "unreadable": 0,
                "deaths": {}
              },
              "unreadable": []
            }

            """
        #expect(JSONReporter().render(run) == expected)
    }

    /// Times are RFC 3339 strings in UTC, with as many fraction digits as needed.
    @Test func timesAreRFC3339() throws {
        let findings = try array(try object(try parseJSON(JSONReporter().render(Fixtures.failing)))["findings"])
        #expect(try object(findings[0])["time"] as? String == "2026-11-20T10:00:01.500Z")
        #expect(try object(findings[2])["time"] as? String == "2026-11-20T10:00:01.000000007Z")
        #expect(isNull(try object(findings[3])["time"]))
    }

    @Test func outputIsDeterministic() {
        #expect(JSONReporter().render(Fixtures.failing) == JSONReporter().render(Fixtures.failing))
    }
}
