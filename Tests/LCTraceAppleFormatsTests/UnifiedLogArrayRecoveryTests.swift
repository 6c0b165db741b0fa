import Foundation
@testable import LCTraceAppleFormats
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// How the `--style json` reader recovers from records that break the grammar, are left open,
/// are cut by NUL padding or by a corrupt stretch: the same items at every read size, because
/// a held record is walked at the end of each of its lines (found by a review of the first
/// version, which walked it only now and then).
@Suite("Unified-log JSON arrays: recovery at every read size")
struct UnifiedLogArrayRecoveryTests {
    static let t = UnifiedLogTests.t
    static let tail = #""eventType":"logEvent","timestamp":"2026-11-20 11:00:00.250000+0100""#

    /// One compact record per line, indented by one blank; the first breaks the grammar late in
    /// its line (`tru`).
    static let indentedPerLine = """
        [
         {"eventMessage":"app.willResignActive",\(tail),"x":tru},
         {"eventMessage":"app.didEnterBackground",\(tail)},
         {"eventMessage":"sys.suspend",\(tail)}
        ]

        """

    /// `jq .`-like layout whose first record has a long first line and a broken member.
    static let longFirstLine = """
        [
          {"eventMessage": "app.willResignActive", "eventType": "logEvent", "timestamp": "2026-11-20 11:00:00.250000+0100",
            "x": tru
          },
          {
            "eventMessage": "app.didEnterBackground",
            "eventType": "logEvent",
            "timestamp": "2026-11-20 11:00:00.250000+0100"
          },
          {
            "eventMessage": "sys.suspend",
            "eventType": "logEvent",
            "timestamp": "2026-11-20 11:00:00.250000+0100"
          }
        ]

        """

    @Test("A record that breaks the grammar late in its line does not swallow the next, at any read size", arguments: chunkSizes)
    func brokenRecordFoundLate(chunkSize: Int) throws {
        let cases: [(String, [String])] = [
            (
                Self.indentedPerLine,
                ["2: malformed: expected a value at column 114", "3: app.didEnterBackground \(Self.t)", "4: sys.suspend \(Self.t)"]
            ),
            (
                Self.longFirstLine,
                ["2: malformed: expected a value at line 3, column 10", "5: app.didEnterBackground \(Self.t)", "10: sys.suspend \(Self.t)"]
            ),
        ]
        for (text, want) in cases {
            #expect(try renderExport(text, chunkSize: chunkSize) == want)
        }
    }

    @Test("In jq's layout a record left open before the next starts is 'not closed', as in log show's", arguments: chunkSizes)
    func openRecordInJqLayout(chunkSize: Int) throws {
        let text = """
            [
              {
                "eventMessage": "app.willResignActive",
                "eventType": "logEvent",
                "timestamp": "2026-11-20 11:00:00.250000+0100"
              {
                "eventMessage": "app.didEnterBackground",
                "eventType": "logEvent",
                "timestamp": "2026-11-20 11:00:00.250000+0100"
              },
              {
                "eventMessage": "sys.suspend",
                "eventType": "logEvent",
                "timestamp": "2026-11-20 11:00:00.250000+0100"
              }
            ]

            """
        let got = try renderExport(text, chunkSize: chunkSize)
        #expect(got == ["2: malformed: record is not closed before line 6", "6: app.didEnterBackground \(Self.t)", "11: sys.suspend \(Self.t)"])
    }

    @Test("A JSON-array export cut inside a record and padded with NULs is LC403 naming the padding", arguments: chunkSizes)
    func nulPaddingInsideARecord(chunkSize: Int) throws {
        let text = """
            [{
              "eventMessage" : "app.willResignActive",
              "eventType" : "logEvent",
              "timestamp" : "2026-11-20 11:00:00.250000+0100"
            },{
              "eventMessage" : "sys.suspend",

            """
        let bytes = Array(text.utf8) + [UInt8](repeating: 0, count: 64)
        let got = try renderExport(bytes, chunkSize: chunkSize)
        #expect(got.first == "1: app.willResignActive \(Self.t)")
        #expect(got.count == 2, "\(got)")
        #expect(got.last == "5: truncated: last record is cut short: NUL padding from line 7, column 1 on (left by a writer killed mid-write)")
    }

    @Test("After a corrupt stretch in a jq-layout export the records after it are read", arguments: [1, 500, 256 * 1024])
    func corruptStretchInJqLayout(chunkSize: Int) throws {
        let records = ["app.willResignActive", "app.didEnterBackground", "sys.suspend", "sys.resume"].map {
            "  {\n    \"eventMessage\": \"\($0)\",\n    \"eventType\": \"logEvent\",\n    \"timestamp\": \"2026-11-20 11:00:00.250000+0100\"\n  }"
        }
        let text = Array(("[\n" + records.joined(separator: ",\n") + "\n]\n").utf8)
        let cut = 50  // inside the first record's eventMessage line
        let corrupt: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x08, 0x00, 0x01, 0x00, 0x00]
        let bytes = zstdFrame(Array(text[..<cut])) + corrupt + zstdFrame(Array(text[(cut + 5)...]))
        let got = try renderExport(bytes, chunkSize: chunkSize)
        #expect(got.count >= 1 && got[0].contains("truncated"), "\(got)")
        // The resync waits for a bracket no deeper than the cut record's own line.
        #expect(got.count == 4, "\(got)")
        #expect(got.dropFirst().map { $0.split(separator: " ")[1] } == ["app.didEnterBackground", "sys.suspend", "sys.resume"])
    }

    @Test("containerEnd: an invalid UTF-8 byte that more bytes follow is broken, not open")
    func invalidUTF8NearTheEnd() {
        for tail in [[0xFF, 0x22, 0x7D], [0xC3, 0x22, 0x7D], [0xFF, 0x0A]] as [[UInt8]] {
            let bytes = Array(#"{"a":""#.utf8) + tail
            let answer = bytes.withUnsafeBufferPointer { b -> JSONLexer.ContainerEnd in
                var stack = ContainerStack()
                return JSONLexer.containerEnd(b.baseAddress!, 0, b.count, stack: &stack)
            }
            if case .broken = answer {} else { Issue.record("\(tail): \(answer)") }
        }
    }

    @Test("Text after the array's ']' is LC401 where it is, NUL padding LC403, and the array is not called unclosed", arguments: chunkSizes)
    func textAfterTheArray(chunkSize: Int) throws {
        let text = "[{" + #""eventMessage" : "sys.suspend", \#(Self.tail)"# + "}]\n"
        for (tail, last): ([UInt8], String) in [
            (Array("x\n".utf8), "2: malformed: expected nothing after the JSON array's ']' at column 1"),
            ([0, 0, 0, 0], "2: truncated: the export ends in NUL padding from line 2, column 1 on (left by a writer killed mid-write)"),
        ] {
            let got = try renderExport(Array(text.utf8) + tail, chunkSize: chunkSize)
            #expect(got == ["1: sys.suspend \(Self.t)", last])
        }
        // Another array appended and left open is still cut short.
        let open = try renderExport(text + "[{" + #""eventMessage" : "sys.resume", \#(Self.tail)"# + "},\n", chunkSize: chunkSize)
        #expect(open.last == "2: truncated: the export is cut short: its JSON array is not closed with ']'")
    }

    // MARK: Found by the second review

    static let first =
        "[{\n  \"eventMessage\" : \"app.willResignActive\",\n  \"eventType\" : \"logEvent\",\n  \"timestamp\" : \"2026-11-20 11:00:00.250000+0100\"\n"

    @Test("NUL padding that cuts a token, or follows a whole record, is one LC403 naming the padding", arguments: chunkSizes)
    func nulPaddingAfterACutTokenOrARecord(chunkSize: Int) throws {
        let cutToken = Array((Self.first + #"},{"eventMessage" : "app.didEnterBackground", "x" : tr"#).utf8) + [UInt8](repeating: 0, count: 20)
        let got = try renderExport(cutToken, chunkSize: chunkSize)
        #expect(
            got == [
                "1: app.willResignActive \(Self.t)",
                "5: truncated: last record is cut short: NUL padding from line 5, column 55 on (left by a writer killed mid-write)",
            ])
        let afterRecord = Array((Self.first + "}").utf8) + [UInt8](repeating: 0, count: 20)
        #expect(
            try renderExport(afterRecord, chunkSize: chunkSize) == [
                "1: app.willResignActive \(Self.t)",
                "5: truncated: the export is cut short: NUL padding from line 5, column 2 on (left by a writer killed mid-write)",
            ])
        // NULs that text follows were no padding: LC401 where they begin.
        let stray = Array((Self.first + "}").utf8) + [0, 0] + Array(",{}]\n".utf8)
        let items = try renderExport(stray, chunkSize: chunkSize)
        #expect(items.contains("5: malformed: expected ',' or ']' after a record at column 2"), "\(items)")
        #expect(!items.contains { $0.contains("truncated") }, "\(items)")
    }

    @Test("NUL padding past the limit inside a record is the same LC403, at any read size", arguments: [1000, 64 * 1024, 1 << 20])
    func longNULPaddingInsideARecord(chunkSize: Int) throws {
        let bytes = Array((Self.first + "},{\n  \"eventMessage\" : \"ab").utf8) + [UInt8](repeating: 0, count: 2 << 20)
        #expect(
            try renderExport(bytes, chunkSize: chunkSize) == [
                "1: app.willResignActive \(Self.t)",
                "5: truncated: last record is cut short: NUL padding from line 6, column 23 on (left by a writer killed mid-write)",
            ])
    }

    /// A record of `total` bytes on its own line.
    static func record(_ total: Int) -> String {
        let head = #"{"eventMessage":"app.willResignActive","eventType":"logEvent","timestamp":"2026-11-20 11:00:00.250000+0100","pad":""#
        return head + String(repeating: "x", count: total - head.utf8.count - 2) + "\"}"
    }

    @Test("The record limit is the line limit, and a record over it is LC401 however the array goes on")
    func recordLimit() throws {
        let limit = LogReader.maximumLineLength
        #expect(try renderExport("[\n" + Self.record(limit) + "\n]\n", chunkSize: 64 * 1024) == ["2: app.willResignActive \(Self.t)"])
        for total in [limit + 1, limit + 2] {
            #expect(
                try renderExport("[\n" + Self.record(total) + "\n]\n", chunkSize: 64 * 1024) == ["2: malformed: record longer than \(limit) bytes"],
                "\(total) bytes")
        }
    }

    @Test("A record that ends inside the held text is read even when the closing line would take it past the limit", arguments: [1000, 64 * 1024, 1 << 20])
    func closedBeforeTheLimit(chunkSize: Int) throws {
        let ts = #""timestamp" : "2026-11-20 11:00:00.250000+0100""#
        let head =
            "[{\n  \"eventMessage\" : \"app.willResignActive\",\n  \"eventType\" : \"logEvent\",\n  " + ts + ",\n  \"pad\" : \""
            + String(repeating: "x", count: 700_000) + "\"\n  }, {\n  \"eventMessage\" : \"app.didEnterBackground\",\n  \"eventType\" : \"logEvent\",\n  " + ts
            + ",\n"
        let fill = LogReader.maximumLineLength + 1 - (head.utf8.count - 1) - #"  "pad2" : ""#.utf8.count - 2
        let text = head + #"  "pad2" : ""# + String(repeating: "y", count: fill) + "\"\n}]\n"
        #expect(try renderExport(text, chunkSize: chunkSize) == ["1: app.willResignActive \(Self.t)", "6: app.didEnterBackground \(Self.t)"])
    }

    @Test("Records found late are read before a corrupt stretch drops the held text", arguments: [1, 500, 256 * 1024])
    func lateRecordsBeforeACut(chunkSize: Int) throws {
        let ts = #""timestamp" : "2026-11-20 11:00:00.250000+0100""#
        let before =
            "[\n{\n  \"eventMessage\" : \"app.willResignActive\", \"pad\" : \"" + String(repeating: "x", count: 300)
            + "\",\n  \"eventType\" : \"logEvent\",\n  "
            + ts + "\n  }, {\n  \"eventMessage\" : \"app.didEnterBackground\",\n  \"eventType\" : \"logEvent\",\n  " + ts
            + "\n  }, {\n  \"eventMessage\" : \"sys."
        let after = "suspend\",\n  \"x\" : 1\n},{\n  \"eventMessage\" : \"app.willEnterForeground\",\n  \"eventType\" : \"logEvent\",\n  " + ts + "\n}]\n"
        let bytes = zstdFrame(Array(before.utf8)) + [0x28, 0xB5, 0x2F, 0xFD, 0x08, 0x00, 0x01, 0x00, 0x00] + zstdFrame(Array(after.utf8))
        let got = try renderExport(bytes, chunkSize: chunkSize)
        #expect(got.first == "2: app.willResignActive \(Self.t)", "\(got)")
        #expect(got.dropFirst().first == "6: app.didEnterBackground \(Self.t)", "\(got)")
        #expect(got.contains { $0.contains("truncated") }, "\(got)")
        #expect(got.last?.hasSuffix("app.willEnterForeground \(Self.t)") == true, "\(got)")
    }

    @Test("A nested object read as a record after an error does not change the layout the records are read by", arguments: chunkSizes)
    func nestedObjectAfterAnErrorKeepsTheLayout(chunkSize: Int) throws {
        // A line break inside the first record's string puts a `}` in column 1: the record
        // ends there, its rest is read between records, and its nested `backtrace` object is
        // taken for a record (indented by two). The records after it are still `log show`'s.
        let ts = #""timestamp" : "2026-11-20 11:00:00.250000+0100""#
        func record(_ message: String) -> String {
            "  \"eventMessage\" : \"\(message)\",\n  \"eventType\" : \"logEvent\",\n  \"backtrace\" : {\n    \"frames\" : [\n      {\n"
                + "        \"imageOffset\" : 40960\n      }\n    ]\n  },\n  " + ts + "\n"
        }
        let text =
            "[{\n  \"subsystem\" : \"com.e\n}xample\",\n" + record("app.willResignActive") + "},{\n" + record("app.didEnterBackground")
            + "},{\n" + record("sys.suspend") + "}]\n"
        let got = try renderExport(text, chunkSize: chunkSize)
        #expect(got.filter { !$0.contains("malformed") } == ["14: app.didEnterBackground \(Self.t)", "25: sys.suspend \(Self.t)"], "\(got)")
    }
}
