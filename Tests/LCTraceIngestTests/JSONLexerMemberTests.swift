import LCTraceCore
@testable import LCTraceIngest
import Testing

/// ``JSONLexer/nextMember(_:_:_:first:)``, the one member loop of a JSON object: what
/// it hands each caller, where it stops, and that the native scanner's general path reports
/// exactly its failures.
@Suite("JSON lexer member loop")
struct JSONLexerMemberTests {
    /// One member as the loop handed it: the key's text (quotes included), whether it held an
    /// escape, and the value's text.
    struct Member: Equatable, CustomStringConvertible {
        var key: String
        var escaped: Bool
        var value: String
        var description: String { "\(key)\(escaped ? "(escaped)" : ""):\(value)" }
    }

    /// Walks the object in `text` (its `{` first) with the member loop, scanning values with
    /// ``JSONLexer/scanValue(_:_:_:stack:)``.
    ///
    /// - Returns: the members in order and the index after `}`, or the failure's message.
    static func walk(_ text: String) -> Result<(members: [Member], end: Int), ScanFailure> {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { b -> Result<(members: [Member], end: Int), ScanFailure> in
            let p = b.baseAddress!
            let n = b.count
            var stack = ContainerStack()
            var members: [Member] = []
            func slice(_ start: Int, _ end: Int) -> String { String(decoding: b[start..<end], as: UTF8.self) }
            do throws(ScanFailure) {
                guard p[0] == 0x7B else { throw ScanFailure("test texts start with '{'", at: 0) }
                var i = 1
                var first = true
                while let key = try JSONLexer.nextMember(p, &i, n, first: first) {
                    first = false
                    let span = try JSONLexer.scanValue(p, i, n, stack: &stack)
                    #expect(key.kind == .string)
                    members.append(Member(key: slice(key.start, key.end), escaped: key.flag, value: slice(span.start, span.end)))
                    i = span.end
                }
                let end = i
                return .success((members, end))
            } catch {
                return .failure(error)
            }
        }
    }

    static let wellFormed: [(text: String, members: [String])] = [
        ("{}", []),
        ("{ \t\r\n}", []),
        (#"{"a":1}"#, [#""a":1"#]),
        (#"{ "a" : "x" , "b" :true,"c":null }"#, [#""a":"x""#, #""b":true"#, #""c":null"#]),
        // Nested values are one value each; their members are not the object's.
        (#"{"a":{"b":[1,{"c":2}]},"d":[]}"#, [#""a":{"b":[1,{"c":2}]}"#, #""d":[]"#]),
        // A repeated key is handed over each time: the caller decides which one counts.
        (#"{"k":1,"k":2}"#, [#""k":1"#, #""k":2"#]),
        // Keys with escapes are flagged, not decoded.
        (#"{"\u0074":1,"e\"v":"x"}"#, [#""\u0074"(escaped):1"#, #""e\"v"(escaped):"x""#]),
        (#"{"é":-0.5e+3}"#, [#""é":-0.5e+3"#]),
    ]

    @Test("Members are handed over in order with their key and value", arguments: wellFormed)
    func members(text: String, members expected: [String]) throws {
        let (members, end) = try Self.walk(text).get()
        #expect(members.map(\.description) == expected)
        #expect(end == text.utf8.count, "stops right after the closing '}'")
    }

    @Test func stopsAfterTheClosingBraceAndLeavesTheRest() throws {
        let (members, end) = try Self.walk(#"{"a":1} ,{"b":2}"#).get()
        #expect(members.map(\.description) == [#""a":1"#])
        #expect(end == 7)
    }

    /// Malformed objects and the failure the loop reports (1-based columns).
    static let malformed: [(text: String, message: String)] = [
        ("{", "expected a string key at column 2"),
        ("{a:1}", "expected a string key at column 2"),
        (#"{"a":1,}"#, "expected a string key at column 8"),
        ("{,}", "expected a string key at column 2"),
        (#"{"a" 1}"#, "expected ':' after a key at column 6"),
        (#"{"a"}"#, "expected ':' after a key at column 5"),
        (#"{"a":1 "b":2}"#, "expected ',' or '}' after a member at column 8"),
        (#"{"a":1"#, "expected ',' or '}' after a member at column 7"),
        (#"{"a":1]"#, "expected ',' or '}' after a member at column 7"),
        (#"{"a":}"#, "expected a value at column 6"),
        (#"{"a":01}"#, "expected ',' or '}' after a member at column 7"),
        (#"{"a\x":1}"#, "invalid escape in a string at column 4"),
        (#"{"a":"\u12"}"#, "invalid '\\u' escape at column 7"),
        (#"{"a":[1,}"#, "expected a value at column 9"),
        (#"{"a":tru}"#, "expected a value at column 6"),
        ("{\"a\":\"x\ty\"}", "control character U+0009 in a string at column 8"),
        (#"{"a":1e}"#, "expected a digit in the exponent at column 8"),
    ]

    @Test("A malformed object fails where it breaks, with the loop's message", arguments: malformed)
    func failure(text: String, message: String) {
        switch Self.walk(text) {
        case .success(let walked): Issue.record("accepted \(text): \(walked.members)")
        case .failure(let failure): #expect(failure.message == message)
        }
    }

    @Test("The native scanner's general path fails as the member loop does", arguments: malformed)
    func nativeScannerAgrees(text: String, message: String) {
        // A record's own keys first, so the failure is in the members the loop reads.
        let line = #"{"t":1,"ev":"meta","#.utf8.count
        let record = #"{"t":1,"ev":"meta","# + text.dropFirst()
        var scanner = RecordScanner()
        scanner.generalPathOnly = true
        guard case .malformed(let got) = scanner.scan(String(record)) else {
            Issue.record("accepted \(record)")
            return
        }
        // The same failure, shifted by the prefix.
        guard case .failure(let expected) = Self.walk(text), let offset = expected.offset else {
            Issue.record("the loop accepted \(text)")
            return
        }
        #expect(got == expected.expected + " at column \(offset + line)")
    }

    @Test func anEmptyObjectHasNoMembers() throws {
        let text = Array("{ }".utf8)
        var i = 1
        let key = try text.withUnsafeBufferPointer { b throws(ScanFailure) in try JSONLexer.nextMember(b.baseAddress!, &i, b.count, first: true) }
        #expect(key == nil)
        #expect(i == 3)
    }

    @Test func resumesAfterAValueTheCallerScanned() throws {
        // A caller that read `"a":1` itself resumes at the `,` after it.
        let text = Array(#"{"a":1 , "b":2}"#.utf8)
        var keys: [String] = []
        let end = try text.withUnsafeBufferPointer { b throws(ScanFailure) -> Int in
            var stack = ContainerStack()
            var i = 6
            var first = false
            while let key = try JSONLexer.nextMember(b.baseAddress!, &i, b.count, first: first) {
                first = false
                keys.append(String(decoding: b[key.start..<key.end], as: UTF8.self))
                i = try JSONLexer.scanValue(b.baseAddress!, i, b.count, stack: &stack).end
            }
            return i
        }
        #expect(keys == [#""b""#])
        #expect(end == text.count)
    }
}
