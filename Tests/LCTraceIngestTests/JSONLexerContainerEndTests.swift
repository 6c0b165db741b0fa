@testable import LCTraceIngest
import Testing

/// ``JSONLexer/containerEnd(_:_:_:stack:)``: where a container ends in the text that has
/// arrived so far. `open` only when the end of the text explains the failure; then every longer
/// text that completes it closes it, and every text that breaks it is broken.
@Suite("JSON lexer: where a container ends in text still arriving")
struct JSONLexerContainerEndTests {
    /// The answer for `text`, as `closed N`, `open` or `broken: message`.
    static func end(_ text: String) -> String {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { b in
            var stack = ContainerStack()
            switch JSONLexer.containerEnd(b.baseAddress!, 0, b.count, stack: &stack) {
            case .closed(let end): return "closed \(end)"
            case .open: return "open"
            case .broken(let failure): return "broken: " + failure.message
            }
        }
    }

    static let cases: [(String, String)] = [
        // Closed: the end is after the container, whatever follows.
        (#"{"a":1}"#, "closed 7"),
        (#"{"a":"}\"{[","b":[{},[]]}, {"#, "closed 25"),
        ("[1,\n2]]", "closed 6"),
        // Open: the text ends inside it, at a boundary or inside a token.
        ("{", "open"),
        ("{\n  ", "open"),
        (#"{"a""#, "open"),
        (#"{"a" :"#, "open"),
        (#"{"a":1"#, "open"),
        (#"{"a":1,"#, "open"),
        (#"{"a":"text"#, "open"),
        (#"{"a":"te\"#, "open"),
        (#"{"a":"\u00"#, "open"),
        (#"{"a":"\u"#, "open"),
        (#"{"a":"é"#, "open"),
        (#"{"a":t"#, "open"),
        (#"{"a":fals"#, "open"),
        (#"{"a":nul"#, "open"),
        (#"{"a":-"#, "open"),
        (#"{"a":1."#, "open"),
        (#"{"a":1e"#, "open"),
        (#"{"a":[1,{"b":["#, "open"),
        // Broken: more text cannot mend it, even when the failure is near the end.
        (#"{"a":1,}"#, "broken: expected a string key at column 8"),
        (#"{"a":tru}"#, "broken: expected a value at column 6"),
        (#"{"a":nulx"#, "broken: expected a value at column 6"),
        (#"{"a":"\u00G0"#, #"broken: invalid '\u' escape at column 7"#),
        (#"{"a":"\x"#, "broken: invalid escape in a string at column 7"),
        ("{\"a\":\"line\nbreak\"}", "broken: control character U+000A in a string at column 11"),
        (#"{"a" 1}"#, "broken: expected ':' after a key at column 6"),
        (#"{"a":1 "b":2}"#, "broken: expected ',' or '}' in an object at column 8"),
        ("[1 2]", "broken: expected ',' or ']' in an array at column 4"),
    ]

    @Test(arguments: cases)
    func answer(text: String, expected: String) {
        #expect(Self.end(text) == expected)
    }

    @Test("A UTF-8 sequence the end cuts is open; a byte that can start none is broken")
    func cutUTF8() {
        let lead: [UInt8] = Array(#"{"a":""#.utf8)
        for (tail, open) in [([0xE2, 0x80] as [UInt8], true), ([0xF0, 0x9F, 0x98], true), ([0xFF, 0x41, 0x41, 0x41, 0x41], false)] {
            let bytes = lead + tail
            let answer = bytes.withUnsafeBufferPointer { b -> JSONLexer.ContainerEnd in
                var stack = ContainerStack()
                return JSONLexer.containerEnd(b.baseAddress!, 0, b.count, stack: &stack)
            }
            if case .open = answer { #expect(open, "\(tail)") } else { #expect(!open, "\(tail)") }
        }
    }

    /// Every prefix of a valid container is open, and the whole is closed at its length: what
    /// the unified-log reader relies on when a record arrives a byte at a time.
    @Test("Every prefix of a container is open; the whole closes")
    func everyPrefix() {
        let text = #"{"eventMessage" : "a\"}\\ \u00e9 é", "n" : [-1.5e+3, true, false, null, {"x" : []}] }"#
        let bytes = Array(text.utf8)
        for k in 1..<bytes.count {
            let prefix = String(decoding: bytes[..<k], as: UTF8.self)
            // A prefix that cuts the 2-byte é decodes with a replacement character: skip it.
            guard Array(prefix.utf8) == Array(bytes[..<k]) else { continue }
            #expect(Self.end(prefix) == "open", "prefix of \(k) bytes")
        }
        #expect(Self.end(text) == "closed \(bytes.count)")
    }
}
