import Foundation
import Testing

@testable import LCTraceReport

@Suite struct JSONWriterTests {
    @Test(arguments: [
        ("plain", "\"plain\""),
        ("quote\"", "\"quote\\\"\""),
        ("back\\slash", "\"back\\\\slash\""),
        ("a\nb\rc\td", "\"a\\nb\\rc\\td\""),
        ("\u{08}\u{0C}", "\"\\b\\f\""),
        ("\u{0}\u{1}\u{1F}", "\"\\u0000\\u0001\\u001F\""),
        ("\u{7F}", "\"\u{7F}\""),
        ("\u{2028}\u{2029}", "\"\\u2028\\u2029\""),
        ("día ✓ 🚀", "\"día ✓ 🚀\""),
        ("/", "\"/\""),
        ("", "\"\""),
    ])
    func escapes(text: String, literal: String) throws {
        #expect(JSONWriter.quoted(text) == literal)
        #expect(try parseJSON(literal) as? String == text)
    }

    @Test func compactAndPrettyForms() {
        let value = JSONValue.object([
            ("a", .int(1)), ("b", .array([.bool(true), .null, .integer(-9_223_372_036_854_775_808)])),
            ("c", .object([])), ("d", .array([])), ("e", .string("x")),
        ])
        #expect(JSONWriter.string(value, pretty: false) == #"{"a":1,"b":[true,null,-9223372036854775808],"c":{},"d":[],"e":"x"}"#)
        #expect(
            JSONWriter.string(value, pretty: true) == """
                {
                  "a": 1,
                  "b": [
                    true,
                    null,
                    -9223372036854775808
                  ],
                  "c": {},
                  "d": [],
                  "e": "x"
                }
                """)
    }

    @Test func scalarComparisonIsStrict() throws {
        let parsed = try object(try parseJSON(#"{"n":42,"s":"42","t":"x","z":null}"#))
        #expect(sameJSONScalar(parsed["n"], 42 as NSNumber))
        #expect(!sameJSONScalar(parsed["n"], parsed["s"]))
        #expect(sameJSONScalar(parsed["t"], "x"))
        #expect(!sameJSONScalar(parsed["t"], "y"))
        #expect(!sameJSONScalar(parsed["t"], nil))
        #expect(sameJSONScalar(parsed["z"], NSNull()))
    }

    @Test func keysKeepInsertionOrder() {
        let value = JSONValue.object([("z", .null), ("a", .null), ("m", .null)])
        #expect(JSONWriter.string(value, pretty: false) == #"{"z":null,"a":null,"m":null}"#)
    }

    @Test func optionalHelpersWriteNull() {
        #expect(JSONWriter.string(.string(nil as String?), pretty: false) == "null")
        #expect(JSONWriter.string(.integer(nil as Int64?), pretty: false) == "null")
        #expect(JSONWriter.string(.integer(Int64(5) as Int64?), pretty: false) == "5")
    }

    /// The byte writer's digits are `String(n)`'s, at both ends of `Int64`.
    @Test(arguments: [Int64.min, Int64.min + 1, -1_000_000, -10, -1, 0, 1, 9, 10, 99, 100, 1_795_168_800_250_000_000, Int64.max])
    func integersAsStringWritesThem(n: Int64) {
        #expect(JSONWriter.string(.integer(n), pretty: false) == String(n))
    }

    /// A value written `depth` levels deep is the document's text of it: every line after the
    /// first indented by two spaces per level (what the audit's streamed `json` relies on).
    @Test(arguments: [0, 1, 2, 5])
    func nestedValueIsIndentedAsInTheDocument(depth: Int) {
        let value = JSONValue.object([("a", .array([.int(1), .object([("b", .string("x\ny"))])])), ("c", .array([]))])
        let alone = JSONWriter.string(value, pretty: true)
        let indent = String(repeating: "  ", count: depth)
        let expected = alone.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset == 0 ? String($0.element) : indent + $0.element }.joined(separator: "\n")
        #expect(JSONWriter.string(value, pretty: true, depth: depth) == expected)
        var bytes: [UInt8] = Array("prefix".utf8)
        JSONWriter.append(value, pretty: true, depth: depth, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "prefix" + expected)
    }
}
