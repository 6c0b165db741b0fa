import LCTraceIngest
import Testing

/// Issue 23, one JSON lexer: `JSONLexer.document` reads a whole file (a MetricKit payload, an
/// `.ips` report) into a `JSONNode` tree with the record scanner's grammar and messages.
@Suite struct JSONDocumentTests {
    static func parse(_ text: String, maximumDepth: Int = 64) throws(ScanFailure) -> JSONNode {
        try JSONLexer.document(Array(text.utf8), maximumDepth: maximumDepth)
    }

    static func number(_ text: String, integral: Bool) -> JSONNode { .number(text, integral: integral) }

    /// Documents that parse, and the tree each gives.
    static let accepted: [(name: String, text: String, tree: JSONNode)] = [
        (
            "members keep document order", #"{"b":1,"a":2,"c":3}"#,
            .object([
                .init(key: "b", value: number("1", integral: true)), .init(key: "a", value: number("2", integral: true)),
                .init(key: "c", value: number("3", integral: true)),
            ])
        ),
        (
            "a repeated key is kept twice", #"{"a":"x","a":"y"}"#,
            .object([.init(key: "a", value: .string("x")), .init(key: "a", value: .string("y"))])
        ),
        (
            "nested and empty arrays", "[[1,[true]],[],{}]",
            .array([.array([number("1", integral: true), .array([.bool(true)])]), .array([]), .object([])])
        ),
        ("whitespace around and inside", " \r\n\t{ \"k\" : [ null , false ] }\n ", .object([.init(key: "k", value: .array([.null, .bool(false)]))])),
        ("every escape", #""\"\\\/\b\f\n\r\tA\u00e9\u0041""#, .string("\"\\/\u{8}\u{C}\n\r\tA\u{E9}A")),
        ("an escaped key is decoded", #"{"crash\u0044iagnostics":0}"#, .object([.init(key: "crashDiagnostics", value: number("0", integral: true))])),
        ("a surrogate pair", #""\uD834\uDD1E""#, .string("\u{1D11E}")),
        ("a lone high surrogate reads as U+FFFD (the lexer's rule)", #""a\uD800b""#, .string("a\u{FFFD}b")),
        ("a lone low surrogate reads as U+FFFD", #""\uDC00""#, .string("\u{FFFD}")),
        ("inverted surrogates read as two U+FFFD", #""\uDD1E\uD834""#, .string("\u{FFFD}\u{FFFD}")),
        ("raw UTF-8 is kept", "\"é𝄞\"", .string("é𝄞")),
        ("an integer", "-0", number("-0", integral: true)),
        ("a fraction", "1.0", number("1.0", integral: false)),
        ("an exponent", "1E-2", number("1E-2", integral: false)),
        ("an integer with an exponent is not integral", "1e3", number("1e3", integral: false)),
        ("a big integer keeps its text", "123456789012345678901234567890", number("123456789012345678901234567890", integral: true)),
        ("a scalar at the top", #""text""#, .string("text")),
    ]

    @Test(arguments: accepted.indices)
    func documentsParseToTheirTree(_ index: Int) throws {
        let c = Self.accepted[index]
        #expect(try Self.parse(c.text) == c.tree, "\(c.name)")
    }

    /// Documents that fail: what was expected, and the byte where.
    static let refused: [(name: String, bytes: [UInt8], expected: String, offset: Int)] = [
        ("empty input", [], "expected a value", 0),
        ("only whitespace", Array(" \n ".utf8), "expected a value", 3),
        ("text after the document", Array("{} x".utf8), "expected the end of the document", 3),
        ("a second document", Array("{}{}".utf8), "expected the end of the document", 2),
        ("an extra closing bracket", Array("[1]]".utf8), "expected the end of the document", 3),
        ("a trailing comma in an object", Array(#"{"a":1,}"#.utf8), "expected a string key", 7),
        ("a trailing comma in an array", Array("[1,]".utf8), "expected a value", 3),
        ("a missing colon", Array("{\"a\"\n 1}".utf8), "expected ':' after a key", 6),
        ("a missing comma in an object", Array(#"{"a":1 "b":2}"#.utf8), "expected ',' or '}' after a member", 7),
        ("a missing comma in an array", Array("[1 2]".utf8), "expected ',' or ']' after an element", 3),
        ("an unclosed array", Array("[1".utf8), "expected ',' or ']' after an element", 2),
        ("an unclosed object", Array(#"{"a":1"#.utf8), "expected ',' or '}' after a member", 6),
        ("an unterminated string", Array(#"["abc"#.utf8), "unterminated string starting", 1),
        ("a bad escape", Array(#"["a\x"]"#.utf8), "invalid escape in a string", 3),
        ("a short \\u escape", Array(#"["\u12"]"#.utf8), "invalid '\\u' escape", 2),
        ("a raw control character", [0x22, 0x61, 0x0A, 0x22], "control character U+000A in a string", 2),
        ("invalid UTF-8 in a string", [0x5B, 0x22, 0x61, 0xFF, 0x62, 0x22, 0x5D], "invalid UTF-8 in a string", 3),
        ("an encoded surrogate (invalid UTF-8)", [0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8 in a string", 1),
        ("a byte that is not UTF-8 outside a string", [0xFF], "expected a value", 0),
        ("a leading zero", Array("[01]".utf8), "expected ',' or ']' after an element", 2),
        ("a bare fraction", Array("[1.]".utf8), "expected a digit after '.'", 3),
        ("a misspelt literal", Array("[tru]".utf8), "expected a value", 1),
        ("a single quote", Array("{'a':1}".utf8), "expected a string key", 1),
    ]

    @Test(arguments: refused.indices)
    func documentsThatAreNotJSONFailAtTheirByte(_ index: Int) {
        let c = Self.refused[index]
        do {
            let tree = try JSONLexer.document(c.bytes, maximumDepth: 64)
            Issue.record("\(c.name): accepted as \(tree)")
        } catch {
            #expect(error.expected == c.expected, "\(c.name)")
            #expect(error.offset == c.offset, "\(c.name)")
        }
    }

    @Test("nesting at exactly the cap is read; one level more fails at its bracket", arguments: ["[", "{\"k\":"])
    func depthCap(opener: String) throws {
        let closer = opener == "[" ? "]" : "}"
        func nested(_ depth: Int) -> String { String(repeating: opener, count: depth) + "0" + String(repeating: closer, count: depth) }
        var tree = try Self.parse(nested(40), maximumDepth: 40)
        var levels = 0
        while true {
            if let inner = tree.elements?.first ?? tree.members?.first?.value {
                tree = inner
                levels += 1
            } else {
                break
            }
        }
        #expect(levels == 40)
        #expect(tree == .number("0", integral: true))
        do {
            _ = try Self.parse(nested(41), maximumDepth: 40)
            Issue.record("accepted 41 levels")
        } catch {
            #expect(error.expected == JSONLexer.nestingFailure(maximumDepth: 40))
            #expect(error.offset == 40 * opener.utf8.count)
        }
    }

    @Test("hostile depth fails at the cap without recursion")
    func hostileDepth() {
        let text = String(repeating: "[", count: 1_000_000)
        #expect(throws: ScanFailure.self) { try Self.parse(text, maximumDepth: 512) }
    }

    @Test("a repeated key: the last one wins on lookup; typed reads")
    func lookups() throws {
        let tree = try Self.parse(#"{"a":1,"b":null,"a":"two","n":-12,"f":2.5,"big":99999999999999999999}"#)
        #expect(tree["a"] == .string("two"))
        #expect(tree["b"]?.isNull == true)
        #expect(tree["missing"] == nil)
        #expect(tree["a"]?["x"] == nil)
        #expect(tree["n"]?.integer == -12)
        #expect(tree["f"]?.integer == nil && tree["f"]?.double == 2.5)
        #expect(tree["big"]?.integer == nil)
        #expect(tree["big"]?.described == "a number (99999999999999999999)")
        #expect(tree.members?.map(\.key) == ["a", "b", "a", "n", "f", "big"])
    }

    /// Where a failure is, for a file of many lines.
    @Test(
        arguments: [
            ("{\"a\" 1}", 0, "expected ':' after a key at line 1, column 6 (byte 5)"),
            ("{\n  \"a\":1,\n  \"b\" 2}", 0, "expected ':' after a key at line 3, column 7 (byte 17)"),
            ("\u{FEFF}{\"a\" 1}", 3, "expected ':' after a key at line 1, column 9 (byte 8)"),
        ])
    func failuresAreLocatedByLineColumnAndByte(text: String, start: Int, message: String) {
        let bytes = Array(text.utf8)
        do {
            _ = try JSONLexer.document(Array(bytes[start...]), maximumDepth: 8)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.located(in: bytes, from: start) == message)
        }
    }

    /// JSONTestSuite, every text: the document reader and the validator are one grammar. Each
    /// accepts what the other accepts and fails at the same byte; every `y_` text parses and
    /// every `n_` text fails.
    @Test(arguments: Conformance.files("y_") + Conformance.files("n_") + Conformance.files("i_"))
    func jsonTestSuite(name: String) throws {
        let bytes = try Conformance.bytes(name)
        let validator = JSONValidator.validate(bytes)
        do {
            _ = try JSONLexer.document(bytes, maximumDepth: 1 << 20)
            #expect(validator == nil, "\(name): the validator says \(validator ?? "")")
            #expect(!name.hasPrefix("n_"), "\(name) accepted")
        } catch {
            #expect(!name.hasPrefix("y_"), "\(name): \(error.message)")
            let column = error.offset.map { " at column \($0 + 1)" } ?? "no offset"
            #expect(validator?.hasSuffix(column) == true, "\(name): \(error.message), the validator: \(validator ?? "accepted")")
        }
    }
}
