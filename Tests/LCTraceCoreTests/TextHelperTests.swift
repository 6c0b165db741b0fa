import LCTraceCore
import LCTracePlatform
import Testing

/// The one set of text helpers every module writes with: JSON strings, printable text,
/// durations and `errno` text.
@Suite struct TextHelperTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("a\"b\\c", #""a\"b\\c""#),
        ("line\nfeed\r\ttab", #""line\nfeed\r\ttab""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{01}\u{1F}", #""\u0001\u001F""#),
        ("sep\u{2028}\u{2029}", #""sep\u2028\u2029""#),
        ("é ✓ 𝄞 \u{7F}", "\"é ✓ 𝄞 \u{7F}\""),
        ("", #""""#),
        ("0123456\"89abcdef", #""0123456\"89abcdef""#),
        ("01234567\u{1F}9abcdef", #""01234567\u001F9abcdef""#),
        ("0123456789abcde\\", #""0123456789abcde\\""#),
        ("a plain string longer than fifteen bytes", #""a plain string longer than fifteen bytes""#),
        ("a long string whose quote is near its end\"", #""a long string whose quote is near its end\"""#),
        ("a long string with a line separator\u{2028} inside", #""a long string with a line separator\u2028 inside""#),
        ("a long string with a check mark ✓ (lead byte 0xE2)", "\"a long string with a check mark ✓ (lead byte 0xE2)\""),
    ])
    func jsonStringQuotesOneWay(text: String, literal: String) {
        #expect(JSONString.quoted(text) == literal)
        var bytes: [UInt8] = []
        JSONString.append(text, to: &bytes)
        #expect(bytes == Array(literal.utf8))
    }

    @Test(arguments: [
        ("no controls", "no controls"),
        ("a\nb", "a\\nb"),
        ("cr\r tab\t", "cr\\r tab\\t"),
        ("esc\u{1B}[31m", "esc\\u001B[31m"),
        ("del\u{7F} c1\u{85}", "del\\u007F c1\\u0085"),
    ])
    func printableEscapesControlsWithShortEscapesFirst(text: String, expected: String) {
        #expect(PrintableText.printable(text) == expected)
    }

    @Test func durationsInEveryStyle() {
        let ms: Int64 = 1_000_000, s: Int64 = 1_000_000_000
        #expect(DurationText.seconds(7_250 * ms) == "7.250")
        #expect(DurationText.seconds(-1_500_000) == "-0.002")
        #expect(DurationText.seconds(.min).hasPrefix("-9223372036"))
        #expect(DurationText.budget(5 * s) == "5")
        #expect(DurationText.budget(2_500 * ms) == "2.5")
        #expect(DurationText.clock(250 * ms) == "0.250s")
        #expect(DurationText.clock(185_500 * ms) == "3:05.500")
        #expect(DurationText.clock(7_385_500 * ms) == "2:03:05.500")
        #expect(DurationText.readable(450 * ms) == "450 ms")
        #expect(DurationText.readable(1_500_000) == "1.500 ms")
        #expect(DurationText.readable(12_345 * ms) == "12.345 s")
        #expect(DurationText.readable(7_500 * s) == "2 h 5 min")
        #expect(DurationText.compact(200 * s) == "3 min 20 s")
        #expect(DurationText.compact(0) == "0 ms")
        #expect(DurationText.decimal(-0.25, digits: 1) == "-0.3")
    }

    @Test func errnoTextHasItsFirstLetterLowerCased() {
        let text = SystemErrorText.reason(ENOENT)
        #expect(text == "no such file or directory")
        let raw = String(cString: strerror(ENOENT))
        #expect(text.dropFirst() == raw.dropFirst())
        #expect(SystemErrorText.reason(EACCES).first?.isLowercase == true)
    }
}
