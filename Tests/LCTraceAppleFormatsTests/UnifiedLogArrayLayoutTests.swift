import Foundation
@testable import LCTraceAppleFormats
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// The JSON-array form is split into records by `JSONLexer` (issue 23: one lexer), whatever
/// the layout: `log show`'s own (`[{` … `},{` … `}]`), `jq .`'s (records indented, closed
/// indented), tabs, one record per line, or the whole array on one line.
@Suite("Unified-log JSON arrays in every layout")
struct UnifiedLogArrayLayoutTests {
    static let t = UnifiedLogTests.t

    /// A record whose strings hold every byte the splitter must not take for structure.
    static func record(_ message: String, _ indent: String = "  ", _ inner: String = "  ") -> [String] {
        [
            "{",
            indent + inner + #""eventMessage" : "\#(message)","#,
            indent + inner + #""formatString" : "} ] { [ \" \\ \/ \u007D,{","#,
            indent + inner + #""source" : { "image" : "A}pp", "frames" : [ { "o" : 1 }, [ ] ] },"#,
            indent + inner + #""eventType" : "logEvent","#,
            indent + inner + #""timestamp" : "2026-11-20 11:00:00.250000+0100""#,
            indent + "}",
        ]
    }

    static let messages = ["app.willResignActive", "app.didEnterBackground", "sys.suspend"]
    static let expected = ["app.willResignActive \(t)", "app.didEnterBackground \(t)", "sys.suspend \(t)"]

    /// `log show --style json`: `[{`, `},{`, `}]`, members indented by two.
    static var logShow: (text: String, starts: [Int]) {
        var lines: [String] = []
        var starts: [Int] = []
        for (k, m) in messages.enumerated() {
            var r = record(m, "")
            starts.append(lines.count + 1 - (k == 0 ? 0 : 1))
            r[0] = k == 0 ? "[{" : "},{"
            if k > 0 { lines.removeLast() }
            lines += r
        }
        lines[lines.count - 1] = "}]"
        return (lines.joined(separator: "\n") + "\n", starts)
    }

    /// `jq .` (or `jq --tab .`): records indented one level, closed at that level.
    static func jq(_ unit: String) -> (text: String, starts: [Int]) {
        var lines = ["["]
        var starts: [Int] = []
        for (k, m) in messages.enumerated() {
            var r = record(m, "", unit).map { unit + $0 }
            r[0] = unit + "{"
            if k < messages.count - 1 { r[r.count - 1] += "," }
            starts.append(lines.count + 1)
            lines += r
        }
        lines.append("]")
        return (lines.joined(separator: "\n") + "\n", starts)
    }

    /// One record per line, and the whole array on one line.
    static var compact: [(text: String, starts: [Int])] {
        let one = messages.map { record($0, "", "").joined() }
        return [
            ("[\n" + one.joined(separator: ",\n") + "\n]\n", [2, 3, 4]),
            ("[" + one.joined(separator: ", ") + "]", [1, 1, 1]),
        ]
    }

    @Test("Every layout, at every chunk size: records on the line their '{' is on", arguments: chunkSizes)
    func everyLayout(chunkSize: Int) throws {
        for (text, starts) in [Self.logShow, Self.jq("  "), Self.jq("\t")] {
            let want = zip(starts, Self.expected).map { "\($0): \($1)" }
            #expect(try renderExport(text, chunkSize: chunkSize) == want, "\(text)")
            #expect(try renderExport(zstdFrame(Array(text.utf8)), chunkSize: chunkSize) == want)
        }
        let (perLine, lines) = Self.compact[0]
        #expect(try renderExport(perLine, chunkSize: chunkSize) == zip(lines, Self.expected).map { "\($0): \($1)" })
        // Three lifecycle records on one line: one record per line is lctrace's rule (LC401).
        let oneLine = try renderExport(Self.compact[1].text, chunkSize: chunkSize)
        #expect(oneLine.first == "1: \(Self.expected[0])")
        #expect(oneLine.dropFirst().allSatisfy { $0.hasPrefix("1: malformed: a second lifecycle record starts on this line") })
        #expect(oneLine.count == 3)
    }

    @Test("A record that ends after a line break with no bracket to mark it is found late and read the same", arguments: chunkSizes)
    func recordsEndingWhereNoLineSaysSo(chunkSize: Int) throws {
        // The lexer is asked at boundaries and when the held text doubles: these records end
        // mid-line, so what followed them is read again from where they ended.
        let text = """
            [{"eventMessage" : "app.willResignActive", "eventType" : "logEvent",
            "timestamp" : "2026-11-20 11:00:00.250000+0100"}, {"eventMessage" :
            "app.didEnterBackground", "eventType" : "logEvent", "timestamp" :
            "2026-11-20 11:00:00.250000+0100"}, {"eventMessage" : "sys.suspend",
             "eventType" : "logEvent", "timestamp" : "2026-11-20 11:00:00.250000+0100"} ]

            """
        #expect(try renderExport(text, chunkSize: chunkSize) == ["1: \(Self.expected[0])", "2: \(Self.expected[1])", "4: \(Self.expected[2])"])
    }

    @Test("An array on one line longer than the line limit is read record by record")
    func oneLineLongerThanTheLineLimit() throws {
        // `jq -c .` of a large export: the unit of the array form is the record, not the line.
        let filler = String(repeating: "x", count: 1000)
        let quiet = #"{"eventMessage":"Uploading \#(filler)","eventType":"logEvent","timestamp":"2026-11-20 11:00:00.250000+0100"}"#
        let count = LogReader.maximumLineLength / quiet.utf8.count + 10
        let last = #"{"eventMessage":"sys.suspend","eventType":"logEvent","timestamp":"2026-11-20 11:00:00.250000+0100"}"#
        let text = "[" + Array(repeating: quiet, count: count).joined(separator: ",") + "," + last + "]"
        #expect(text.utf8.count > LogReader.maximumLineLength)
        #expect(try renderExport(text, chunkSize: 64 * 1024) == ["1: sys.suspend \(Self.t)"])
    }

    @Test("A record that breaks the grammar is LC401 once, with the lexer's first error; the records after it are read", arguments: chunkSizes)
    func brokenRecordInEveryLayout(chunkSize: Int) throws {
        for (text, starts) in [Self.logShow, Self.jq("  ")] {
            // Break the second record: a raw line break inside its formatString.
            var lines = text.components(separatedBy: "\n")
            let at = starts[1] + 1  // its formatString line (0-based index of the next line)
            lines[at] = lines[at].replacingOccurrences(of: #"{ ["#, with: "{\n[")
            let broken = lines.joined(separator: "\n")
            let items = try renderExport(broken, chunkSize: chunkSize)
            #expect(items.count == 3, "\(items)")
            #expect(items.first == "\(starts[0]): \(Self.expected[0])")
            #expect(items[1].hasPrefix("\(starts[1]): malformed: control character U+000A in a string at line \(starts[1] + 2), column"), "\(items)")
            // The third record moved down one line with the break.
            #expect(items.last == "\(starts[2] + 1): \(Self.expected[2])")
        }
    }

    @Test("A record left open before the next starts is 'not closed'; a cut export is LC403 on the record's line", arguments: chunkSizes)
    func openRecords(chunkSize: Int) throws {
        let text = """
            [{
              "eventMessage" : "app.willResignActive",
              "eventType" : "logEvent",
            {
              "eventMessage" : "sys.suspend",
              "eventType" : "logEvent",
              "timestamp" : "2026-11-20 11:00:00.250000+0100"
            },{
              "eventMessage" : "sys.resume",
              "eventType" : "logEvent",
              "timestamp" : "2026-11-20 11:00:0
            """
        #expect(
            try renderExport(text, chunkSize: chunkSize) == [
                "1: malformed: record is not closed before line 4",
                "4: sys.suspend \(Self.t)",
                "8: truncated: last record is cut short: the export ends inside it",
            ])
    }
}
