import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReport

/// The HTML report: self-contained, escaped, its data block is JSON, and it stays bounded
/// for a log with 100,000 findings. (scripts/check-html renders it in a real browser.)
@Suite struct HTMLReporterTests {
    static let hostile = "</script><script>alert(1)</script><!-- & \"quote\" 'apos' <img src=x onerror=alert(2)>"

    static func t(_ seconds: Double) -> Timestamp { Timestamp(nanoseconds: 1_795_168_800_000_000_000 + Int64(seconds * 1e9)) }

    /// A session of pid `pid` from 0 to `end` s with one finding per `(line, time, severity)`.
    static func session(pid: Int64, end: Double, findings: [Int], states: [(String, Double)] = [("active", 0)]) -> Timeline.Session {
        var intervals: [Timeline.Interval] = []
        for (i, s) in states.enumerated() {
            let next = i + 1 < states.count ? states[i + 1].1 : end
            intervals.append(Timeline.Interval(state: s.0, start: t(s.1), end: t(next), line: i + 2))
        }
        return Timeline.Session(
            pid: pid, began: t(0), ended: t(end), firstLine: 1, lastLine: 1_000_000, exitClass: .abnormal, states: intervals,
            scenes: [Timeline.SceneTrack(scene: hostile, intervals: [Timeline.Interval(state: "foregroundActive", start: t(1), end: t(2), line: 3)])],
            handlers: [
                Timeline.HandlerSpan(event: "app.didEnterBackground", began: t(1), ended: t(3), line: 4),
                Timeline.HandlerSpan(event: "app.performFetch", scene: hostile, began: t(1.5), ended: t(2), line: 5),
            ],
            tasks: [
                Timeline.TaskSpan(
                    task: .string(hostile), name: hostile, began: t(1), ended: t(end), beginLine: 3, endLine: 9, outcome: .released, expired: t(2))
            ],
            findings: findings)
    }

    /// `failing` with a timeline on its first file, and a hostile finding.
    static var withTimeline: RunReport {
        var run = Fixtures.failing
        var file = run.files[0]
        file.findings.append(
            Finding(rule: .bgtaskLeaked, file: file.path, line: 90, time: t(4), pid: 1, scene: hostile, task: .string(hostile), message: hostile))
        file.timeline = Timeline(
            file: hostile, origin: t(0), end: t(10),
            processes: [
                Timeline.ProcessTrack(
                    pid: 1, app: hostile, os: "17.4",
                    sessions: [session(pid: 1, end: 10, findings: [0, 1, 4], states: [("notRunning", 0), ("active", 1), ("background", 5)])]),
                Timeline.ProcessTrack(pid: 2, sessions: [session(pid: 2, end: 8, findings: [2])]),
            ],
            findings: file.findings, fileFindings: [3])
        run.files[0] = file
        return run
    }

    static func render(_ run: RunReport) -> String { HTMLReporter().render(run) }

    /// The text of the JSON data block.
    static func dataBlock(_ html: String) throws -> String {
        let open = "<script type=\"application/json\" id=\"\(HTMLReporter.dataBlockID)\">"
        let start = try #require(html.range(of: open)).upperBound
        let end = try #require(html.range(of: "</script>", range: start..<html.endIndex)).lowerBound
        return String(html[start..<end])
    }

    static func data(_ html: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(dataBlock(html).utf8)) as? [String: Any])
    }

    static func occurrences(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test(arguments: Fixtures.names)
    func dataBlockIsJSONWithEveryFinding(name: String) throws {
        let run = Fixtures.run(name)
        let data = try Self.data(Self.render(run))
        #expect(data["pageSize"] as? Int == HTMLReporter.pageSize)
        let rows = try #require(data["findings"] as? [[Any]])
        let findings = Fixtures.findings(of: run)
        #expect(rows.count == findings.count)
        let files = try #require(data["files"] as? [String])
        #expect(files == run.files.map(\.path))
        for (row, f) in zip(rows, findings) {
            #expect(row[0] as? String == f.rule.id && row[1] as? String == f.severity.name)
            #expect(files[row[2] as! Int] == f.file && row[3] as? Int == f.line)
            #expect(row[10] as? String == f.message, "the message survives escaping exactly")
        }
        let rules = try #require(data["rules"] as? [[String]])
        #expect(rules.map { $0[0] } == Set(findings.map(\.rule)).sorted().map(\.id))
    }

    @Test func pageSizeAndSessionLimitAreWhatTheDocsSay() {
        #expect(HTMLReporter.pageSize == 500)
        #expect(HTMLReporter.maxSessions == 40)
        #expect(HTMLReporter.javascript.contains("data.pageSize"), "the script pages by the data block's size")
    }

    @Test func hostileTextIsEscapedEverywhere() throws {
        let html = Self.render(Self.withTimeline)
        #expect(Self.occurrences("</script", in: html) == 2, "only the data block and the script close")
        #expect(Self.occurrences("<script", in: html) == 2)
        #expect(!html.contains("<img"))
        #expect(!html.contains("alert(1)</"))
        let block = try Self.dataBlock(html)
        #expect(!block.contains("<") && !block.contains(">") && !block.contains("&"))
        #expect(block.contains("\\u003C/script\\u003E"))
        let rows = try #require(try Self.data(html)["findings"] as? [[Any]])
        #expect(rows.contains { $0[10] as? String == Self.hostile && $0[6] as? String == Self.hostile })
        // Control characters never reach the markup.
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
    }

    @Test func selfContained() {
        for run in [Self.withTimeline] + Fixtures.all.map(\.run) {
            let html = Self.render(run)
            #expect(!html.contains("http://") && !html.contains("https://"))
            #expect(!html.contains("<link") && !html.contains("@import") && !html.contains("url("))
            #expect(!html.contains(" src=\""), "no external scripts or images")
            #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
            #expect(html.hasPrefix("<!DOCTYPE html>\n") && html.hasSuffix("</html>\n"))
        }
    }

    @Test func everySVGIsWellFormedXMLWithTitles() throws {
        let html = Self.render(Self.withTimeline)
        var svgs: [String] = []
        var rest = html[...]
        while let start = rest.range(of: "<svg "), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
            svgs.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        #expect(svgs.count == 2, "one per session")
        for svg in svgs {
            let root = try parseXML(svg)
            #expect(root.name == "svg")
            func walk(_ e: XMLElement, _ visit: (XMLElement) -> Void) {
                visit(e)
                for c in e.children { walk(c, visit) }
            }
            walk(root) { e in
                if e.name == "rect" || (e.name == "g" && e.attributes["class"]?.hasPrefix("mk") == true) {
                    #expect(!e.children(named: "title").isEmpty, "\(e.name) without <title>")
                }
            }
        }
        // The worst session first: pid 1 has two errors and a warning... and the hostile finding.
        let first = try #require(svgs.first)
        #expect(first.contains("line 12: error LC100 illegal-transition"), "the finding's line and message on hover")
        #expect(first.contains("data-f=\"0\""))
    }

    @Test func sessionsAreLimitedWorstFirstWithANote() throws {
        var findings: [Finding] = []
        var sessions: [Timeline.Session] = []
        for s in 0..<100 {
            var indexes: [Int] = []
            for _ in 0..<(s % 7) {
                indexes.append(findings.count)
                findings.append(Finding(rule: .illegalTransition, file: "f", line: s * 10 + 1, time: Self.t(Double(s)), pid: Int64(s), message: "m"))
            }
            var session = Self.session(pid: Int64(s), end: 5, findings: indexes)
            session.firstLine = s * 10
            session.lastLine = s * 10 + 9
            sessions.append(session)
        }
        var file = FileResult(path: "f", events: 1000, sessions: 100, findings: findings)
        file.timeline = Timeline(
            file: "f", origin: Self.t(0), end: Self.t(200),
            processes: sessions.map { Timeline.ProcessTrack(pid: $0.pid, sessions: [$0]) }, findings: findings)
        let html = Self.render(RunReport(toolVersion: "1", files: [file]))
        #expect(Self.occurrences("<figure class=\"session\">", in: html) == HTMLReporter.maxSessions)
        #expect(html.contains("Showing 40 of 100 sessions"))
        let firstCaption = try #require(html.range(of: "<figcaption>")).upperBound
        #expect(html[firstCaption...].hasPrefix("<b>app (pid 6)</b>"), "six errors, the most")
    }

    @Test func aHundredThousandFindingsStayBounded() throws {
        let n = 100_000
        var findings: [Finding] = []
        findings.reserveCapacity(n)
        for i in 0..<n {
            let rule: Rule = [.illegalTransition, .bgtaskLeaked, .abnormalExit, .unknownEvent][i % 4]
            findings.append(Finding(rule: rule, file: "big.jsonl.zst", line: i + 2, time: Self.t(Double(i) / 100), pid: 1, message: "finding \(i)"))
        }
        var file = FileResult(path: "big.jsonl.zst", events: n * 3, sessions: 1, findings: findings)
        let states = (0..<50_000).map { (["active", "inactive", "background"][$0 % 3], Double($0) / 50) }
        file.timeline = Timeline(
            file: "big.jsonl.zst", origin: Self.t(0), end: Self.t(1000),
            processes: [Timeline.ProcessTrack(pid: 1, sessions: [Self.session(pid: 1, end: 1000, findings: Array(0..<n), states: states)])],
            findings: findings)
        let html = Self.render(RunReport(toolVersion: "1", files: [file]))
        let rows = try #require(try Self.data(html)["findings"] as? [[Any]])
        #expect(rows.count == n, "every finding is in the data block")
        let markers = Self.occurrences("<g class=\"mk ", in: html)
        #expect(markers > 0 && markers <= Int(HTMLReporter.Geometry.plot / HTMLReporter.Geometry.markerBucket) + 1)
        #expect(Self.occurrences("<rect class=\"st ", in: html) < 2_000, "tiny states are merged")
        #expect(html.contains("100000 findings\n") || html.contains("findings\nline"), "merged markers say how many")
        #expect(!html.contains("<tr data-index"), "table rows are built by the script, a page at a time")
    }

    @Test func withoutTimelinesThePageSaysSo() {
        let html = Self.render(Fixtures.failing)
        #expect(html.contains("No timelines"))
        #expect(!html.contains("<svg"))
    }

    @Test func deterministic() {
        #expect(Self.render(Self.withTimeline) == Self.render(Self.withTimeline))
    }

    @Test(arguments: [
        (Int64(450_000_000), "450 ms"), (1_500_000_000, "1.500 s"), (119_999_000_000, "119.999 s"),
        (125_000_000_000, "2 min 5 s"), (7_200_000_000_000, "2 h"), (1_234, "0.001 ms"),
    ])
    func durations(ns: Int64, text: String) {
        #expect(HTMLReporter.duration(ns) == text)
    }

    @Test func escapingHelpers() {
        #expect(HTMLReporter.text("<a & b>") == "&lt;a &amp; b&gt;")
        #expect(HTMLReporter.attribute("\"x' <") == "&quot;x&#39; &lt;")
        #expect(HTMLReporter.scriptSafe("\"</script>&\"") == "\"\\u003C/script\\u003E\\u0026\"")
        #expect(HTMLReporter.num(12.34) == "12.3" && HTMLReporter.num(5) == "5")
    }
}
