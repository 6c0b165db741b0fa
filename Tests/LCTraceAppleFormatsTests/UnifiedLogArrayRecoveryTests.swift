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

    @Test("Text or NUL padding after the array's ']' is LC401 where it is, and the array is not called unclosed", arguments: chunkSizes)
    func textAfterTheArray(chunkSize: Int) throws {
        let text = "[{" + #""eventMessage" : "sys.suspend", \#(Self.tail)"# + "}]\n"
        for tail: [UInt8] in [[0, 0, 0, 0], Array("x\n".utf8)] {
            let got = try renderExport(Array(text.utf8) + tail, chunkSize: chunkSize)
            #expect(got.first == "1: sys.suspend \(Self.t)")
            #expect(got.count == 2, "\(got)")
            #expect(got.last?.hasPrefix("2: malformed: expected nothing after the JSON array's ']' at column 1") == true, "\(got)")
        }
        // Another array appended and left open is still cut short.
        let open = try renderExport(text + "[{" + #""eventMessage" : "sys.resume", \#(Self.tail)"# + "},\n", chunkSize: chunkSize)
        #expect(open.last == "2: truncated: the export is cut short: its JSON array is not closed with ']'")
    }
}
