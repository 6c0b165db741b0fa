import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReport

@Suite struct JUnitReporterTests {
    @Test(arguments: Fixtures.names)
    func parsesWithTheRightCounts(fixture: String) throws {
        let run = Fixtures.run(fixture)
        let text = JUnitReporter().render(run)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "))
        let root = try parseXML(text)
        #expect(root.name == "testsuites")

        let failing = run.files.filter { $0.count(.error) > 0 }
        let tests = String(run.files.count + run.unreadable.count)
        for element in [root] + root.children(named: "testsuite") {
            #expect(element.attributes["name"] == "lctrace")
            #expect(element.attributes["tests"] == tests)
            #expect(element.attributes["failures"] == String(failing.count))
            #expect(element.attributes["errors"] == String(run.unreadable.count))
        }
        let suites = root.children(named: "testsuite")
        #expect(suites.count == 1)
        let cases = try #require(suites.first).children(named: "testcase")
        #expect(cases.count == run.files.count + run.unreadable.count)

        for (element, file) in zip(cases, run.files) {
            #expect(element.attributes["classname"] == "lctrace")
            #expect(element.attributes["name"] == file.path)
            let lines = file.findings.map { TextReporter.line(for: $0) }.joined(separator: "\n")
            let errors = file.count(.error)
            if errors > 0 {
                let failure = try #require(element.children(named: "failure").first)
                #expect(element.children.count == 1)
                #expect(failure.attributes["message"] == (errors == 1 ? "1 error" : "\(errors) errors"))
                #expect(failure.attributes["type"] == "lctrace")
                #expect(failure.text == lines)
            } else if !file.findings.isEmpty {
                #expect(element.children.map(\.name) == ["system-out"])
                #expect(element.children.first?.text == lines)
            } else {
                #expect(element.children.isEmpty)
            }
        }
        for (element, input) in zip(cases.dropFirst(run.files.count), run.unreadable) {
            #expect(element.attributes["name"] == input.path)
            let error = try #require(element.children(named: "error").first)
            #expect(error.attributes["message"] == input.message)
            #expect(error.attributes["type"] == "unreadable")
        }
    }

    @Test func singleErrorIsSingular() throws {
        let run = RunReport(toolVersion: "1", files: [FileResult(path: "a", findings: [Fixtures.moved(Fixtures.illegal, to: "a")])])
        let root = try parseXML(JUnitReporter().render(run))
        let failure = root.children.first?.children.first?.children.first
        #expect(failure?.name == "failure")
        #expect(failure?.attributes["message"] == "1 error")
    }

    @Test(arguments: [
        ("a & b", false, "a &amp; b"),
        ("<x y=\"1\">'z'</x>", false, "&lt;x y=&quot;1&quot;&gt;&apos;z&apos;&lt;/x&gt;"),
        ("tab\tnl\ncr\r", false, "tab\tnl\ncr&#13;"),
        ("tab\tnl\ncr\r", true, "tab&#9;nl&#10;cr&#13;"),
        ("nul\u{0}bell\u{7}vt\u{B}esc\u{1B}", false, "nulbellvtesc"),
        ("\u{FFFE}\u{FFFF}ok\u{FFFD}", true, "ok\u{FFFD}"),
        ("día ✓ 🚀", true, "día ✓ 🚀"),
    ])
    func escaping(text: String, attribute: Bool, escaped: String) {
        #expect(JUnitReporter.escaped(text, attribute: attribute) == escaped)
    }

    /// Characters XML 1.0 cannot carry in a path are dropped, and the document still parses.
    @Test func forbiddenCharactersInPathsAreDropped() throws {
        let path = "bad\u{1}\u{FFFF}\n\"name\".jsonl"
        let finding = Finding(rule: .malformedRecord, file: path, line: 2, message: "x\u{0}y")
        let run = RunReport(toolVersion: "1", files: [FileResult(path: path, findings: [finding])])
        let root = try parseXML(JUnitReporter().render(run))
        let testcase = try #require(root.children.first?.children.first)
        #expect(testcase.attributes["name"] == "bad\n\"name\".jsonl")
        #expect(
            testcase.children.first?.text
                == "bad\\u0001\u{FFFF}\\n\"name\".jsonl:2: error: [LC401 malformed-record] x\\u0000y"
                .replacingAll("\u{FFFF}", ""))
    }
}
