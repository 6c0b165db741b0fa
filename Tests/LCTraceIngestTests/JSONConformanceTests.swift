import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// The JSONTestSuite (nst/JSONTestSuite, `test_parsing/`) against the record
/// scanner and the standalone validator.
///
/// Each text is embedded as the value of an ignored key of a `meta` record,
/// `{"t":1,"ev":"meta","x":<TEXT>}`, and scanned as one line. A text holding a
/// raw `\n` cannot be one NDJSON line: it is checked with ``JSONValidator``
/// directly (and a `y_` text is also embedded with each `\n` turned into a space).
///
/// Implementation-defined (`i_`) texts: the scanner **accepts**
/// - every `i_number_*` (huge exponents, overflowing and underflowing reals,
///   integers too big for 64 bits): the grammar is what counts for ignored
///   keys; a kept key (`t`, `pid`, `task`) out of range is reported as such;
/// - lone and mismatched surrogate escapes (`i_object_key_lone_2nd_surrogate`,
///   `i_string_1st_surrogate_but_2nd_missing`, `i_string_1st_valid_surrogate_2nd_invalid`,
///   `i_string_incomplete_surrogate_and_escape_valid`, `i_string_incomplete_surrogate_pair`,
///   `i_string_incomplete_surrogates_escape_valid`, `i_string_invalid_lonely_surrogate`,
///   `i_string_invalid_surrogate`, `i_string_inverted_surrogates_U+1D11E`,
///   `i_string_lone_second_surrogate`): `\uXXXX` escapes are grammatical; kept
///   values get U+FFFD;
/// - `i_structure_500_nested_arrays`: nesting depth is unlimited.
///
/// and **rejects** every text that is not strict UTF-8 (`i_string_UTF-8_invalid_sequence`,
/// `i_string_UTF8_surrogate_U+D800`, `i_string_invalid_utf-8`, `i_string_iso_latin_1`,
/// `i_string_lone_utf8_continuation_byte`, `i_string_not_in_unicode_range`,
/// `i_string_overlong_sequence_*`, `i_string_truncated-utf-8`, the UTF-16 texts)
/// and a BOM inside a line (`i_structure_UTF-8_BOM_empty_object`; a BOM is
/// skipped only at the very start of a log).
@Suite("JSONTestSuite conformance")
struct JSONConformanceTests {
    /// The `i_` files the scanner accepts (see the type's documentation).
    static let acceptedImplementationDefined: Set<String> = [
        "i_number_double_huge_neg_exp.json",
        "i_number_huge_exp.json",
        "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json",
        "i_number_real_neg_overflow.json",
        "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json",
        "i_number_too_big_neg_int.json",
        "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json",
        "i_object_key_lone_2nd_surrogate.json",
        "i_string_1st_surrogate_but_2nd_missing.json",
        "i_string_1st_valid_surrogate_2nd_invalid.json",
        "i_string_incomplete_surrogate_and_escape_valid.json",
        "i_string_incomplete_surrogate_pair.json",
        "i_string_incomplete_surrogates_escape_valid.json",
        "i_string_invalid_lonely_surrogate.json",
        "i_string_invalid_surrogate.json",
        "i_string_inverted_surrogates_U+1D11E.json",
        "i_string_lone_second_surrogate.json",
        "i_structure_500_nested_arrays.json",
    ]

    /// Embeds a text as the value of an ignored key and scans it; nil when accepted.
    private func embedded(_ text: [UInt8]) -> String? {
        scanError(Array(#"{"t":1,"ev":"meta","x":"#.utf8) + text + [0x7D])
    }

    @Test("The suite is present")
    func suiteIsPresent() {
        #expect(
            Conformance.jsonTestSuite != nil,
            "JSONTestSuite not found: expected <repo>/../shared/conformance/JSONTestSuite/test_parsing or /work/shared/conformance/JSONTestSuite/test_parsing"
        )
        #expect(Conformance.files("y_").count > 90)
        #expect(Conformance.files("n_").count > 180)
    }

    @Test("y_ texts are accepted", arguments: Conformance.files("y_"))
    func accepts(name: String) throws {
        let text = try Conformance.bytes(name)
        #expect(JSONValidator.validate(text) == nil, "\(name)")
        if text.contains(0x0A) {
            let oneLine = text.map { $0 == 0x0A ? 0x20 : $0 }
            #expect(embedded(oneLine) == nil, "\(name) with LF as space")
        } else {
            #expect(embedded(text) == nil, "\(name)")
        }
    }

    @Test("n_ texts are rejected", arguments: Conformance.files("n_"))
    func rejects(name: String) throws {
        let text = try Conformance.bytes(name)
        #expect(JSONValidator.validate(text) != nil, "\(name)")
        if !text.contains(0x0A) {
            #expect(embedded(text) != nil, "\(name)")
        }
    }

    @Test("i_ texts do not crash, and the accepted set is the documented one", arguments: Conformance.files("i_"))
    func implementationDefined(name: String) throws {
        let text = try Conformance.bytes(name)
        let accepted = JSONValidator.validate(text) == nil
        #expect(accepted == Self.acceptedImplementationDefined.contains(name), "\(name)")
        if !text.contains(0x0A) {
            #expect((embedded(text) == nil) == accepted, "\(name) embedded")
        }
    }

    @Test("Every suite text also goes through the reader as a log line without crashing")
    func throughReader() throws {
        let prefixLines = 4000
        let prefix = Array(String(repeating: #"{"t":0,"ev":"meta"}"# + "\n", count: prefixLines).utf8)
        for name in Conformance.files("") {
            let text = try Conformance.bytes(name)
            guard !text.contains(0x0A) else { continue }
            let line = Array(#"{"t":1,"ev":"meta","x":"#.utf8) + text + Array("}\n".utf8)
            // Valid lines first, so that the sniffer's 64 KiB text check passes
            // even for texts with NUL or invalid UTF-8.
            var reader = try LogReader(bytes: prefix + line, name: name, chunkSize: 4096)
            let items = readAll(&reader)
            #expect(items.count == prefixLines + 1, "\(name)")
        }
    }
}
