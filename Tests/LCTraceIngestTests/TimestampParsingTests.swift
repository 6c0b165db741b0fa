import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

@Suite("Timestamps")
struct TimestampParsingTests {
    /// The nanoseconds a `t` value scans to, or the malformed message.
    private func time(_ t: String) -> String {
        var scanner = RecordScanner()
        switch scanner.scan(#"{"ev":"x","t":"# + t + "}") {
        case .record(let r), .meta(let r, _): return String(r.time.nanoseconds)
        case .malformed(let message): return message
        }
    }

    @Test(
        "Epoch seconds as numbers, exactly",
        arguments: [
            ("0", "0"),
            ("-0", "0"),
            ("1", "1000000000"),
            ("1795300000", "1795300000000000000"),
            ("1795300000.25", "1795300000250000000"),
            ("1795300000.123456789", "1795300000123456789"),
            ("1795300000.1234567891", "1795300000123456789"),  // below a nanosecond: truncated
            ("1795300000.1234567899999", "1795300000123456789"),
            ("0.000000001", "1"),
            ("0.0000000009", "0"),
            ("-1.5", "-1500000000"),
            ("-0.0000000019", "-1"),  // truncated toward zero
            ("1.7953e9", "1795300000000000000"),
            ("17953e5", "1795300000000000000"),
            ("17953E+5", "1795300000000000000"),
            ("1795300000250e-3", "1795300000250000000"),
            ("1795300000250000000e-9", "1795300000250000000"),
            ("0.5e1", "5000000000"),
            ("5e-10", "0"),
            ("1e-400", "0"),
            ("0e400", "0"),
            ("0.0e999999999999", "0"),
            ("9223372036.854775807", "9223372036854775807"),
            ("-9223372036.854775807", "-9223372036854775807"),
            ("00", "expected ',' or '}' after a member at column 16"),
            ("0.", "expected a digit after '.' at column 17"),
            ("1.e5", "expected a digit after '.' at column 17"),
            ("1e", "expected a digit in the exponent at column 17"),
            ("10.5", "10500000000"),
            ("0.5", "500000000"),
            ("999999999999999999", "'t' is out of range"),
            ("9223372036", "9223372036000000000"),
            ("9223372037", "'t' is out of range"),
        ])
    func numeric(t: String, expected: String) {
        #expect(time(t) == expected)
    }

    @Test(
        "The last 't' wins, whatever the kinds",
        arguments: [
            (#"{"t":1,"t":"2026-11-20T10:00:00Z","ev":"x"}"#, "1795168800000000000"),
            (#"{"t":"2026-11-20T10:00:00Z","t":2,"ev":"x"}"#, "2000000000"),
            (#"{"t":1,"t":2e0,"ev":"x"}"#, "2000000000"),
            (#"{"t":1.5,"t":-2.5,"ev":"x"}"#, "-2500000000"),
            (#"{"t":1,"t":99999999999999999999,"ev":"x"}"#, "'t' is out of range"),
            (#"{"t":1,"t":null,"ev":"x"}"#, "'t' must be a number or an RFC 3339 string, found null"),
            (#"{"t":1,"t":{},"ev":"x"}"#, "'t' must be a number or an RFC 3339 string, found an object"),
        ])
    func duplicates(line: String, expected: String) {
        var scanner = RecordScanner()
        switch scanner.scan(line) {
        case .record(let r), .meta(let r, _): #expect(String(r.time.nanoseconds) == expected)
        case .malformed(let message): #expect(message == expected)
        }
    }

    @Test("The one-pass scan agrees with the general parser")
    func fastPathAgrees() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        for _ in 0..<20_000 {
            let intDigits = Int(next() % 20) + 1
            var text = String(next() % 9 + 1)
            for _ in 1..<intDigits { text += String(next() % 10) }
            if next() % 3 != 0 {
                text += "."
                for _ in 0..<Int(next() % 14) + 1 { text += String(next() % 10) }
            }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let p = buffer.baseAddress!
                var fast: Int64? = nil
                var fractional = false
                let end = try? Timestamp.scanEpochSeconds(p, 0, bytes.count, nanoseconds: &fast, fractional: &fractional)
                #expect(end == bytes.count, "\(text)")
                let general = try? Timestamp.parseEpochSeconds(p, 0, bytes.count)
                if let fast {
                    #expect(fast == general?.nanoseconds, "\(text)")
                } else {
                    // Only what the one pass leaves out: long integers or out of range.
                    #expect(intDigits > 18 || general == nil, "\(text)")
                }
            }
        }
    }

    @Test(
        "The one-pass scan agrees with the general parser when bytes follow the number (milliseconds in one load)",
        arguments: [",", "}", " ", "e2", "E+1", "0", "7", ".5", "x"])
    func fastPathAgreesBeforeFollowingBytes(suffix: String) {
        for fraction in ["1", "12", "123", "1234", "000", "999", "0001"] {
            let text = "1795168800." + fraction + suffix + "}}}}"
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let p = buffer.baseAddress!
                var fast: Int64? = nil
                var fractional = false
                let end = try? Timestamp.scanEpochSeconds(p, 0, bytes.count, nanoseconds: &fast, fractional: &fractional)
                var ignored = false
                let lexed = try? JSONLexer.scanNumber(p, 0, bytes.count, fractional: &ignored)
                #expect(end == lexed, "\(text)")
                guard let lexed else { return }
                let general = try? Timestamp.parseEpochSeconds(p, 0, lexed)
                if let fast { #expect(fast == general?.nanoseconds, "\(text)") }
                if fraction.count == 3 && [",", "}", " "].contains(suffix) {
                    #expect(fast == 1_795_168_800_000_000_000 + Int64(fraction)! * 1_000_000, "\(text)")
                }
            }
        }
    }

    @Test("Numbers out of range", arguments: ["9223372036.854775808", "1e10", "1e400", "-1e19", "99999999999999999999", "1.7953e999999999999"])
    func numericOutOfRange(t: String) {
        #expect(time(t) == "'t' is out of range")
    }

    @Test(
        "RFC 3339 strings",
        arguments: [
            ("2026-11-20T10:00:00.250Z", "1795168800250000000"),
            ("2026-11-20T10:00:00Z", "1795168800000000000"),
            ("2026-11-20t10:00:00z", "1795168800000000000"),
            ("2026-11-20 10:00:00Z", "1795168800000000000"),
            ("2026-11-20T11:00:00+01:00", "1795168800000000000"),
            ("2026-11-20T04:30:00-05:30", "1795168800000000000"),
            ("2026-11-20T10:00:00.250+00:00", "1795168800250000000"),
            ("2026-11-20T10:00:00-00:00", "1795168800000000000"),
            ("2026-11-20T10:00:00.1Z", "1795168800100000000"),
            ("2026-11-20T10:00:00.123456789Z", "1795168800123456789"),
            ("2026-11-20T10:00:00.1234567899Z", "1795168800123456789"),
            ("1970-01-01T00:00:00Z", "0"),
            ("1969-12-31T23:59:59.5Z", "-500000000"),
            ("2024-02-29T00:00:00Z", "1709164800000000000"),
            ("2000-02-29T00:00:00Z", "951782400000000000"),
            // A leap second is the next minute's :00.
            ("2016-12-31T23:59:60Z", "1483228800000000000"),
            ("2016-12-31T23:59:60.5Z", "1483228800500000000"),
            ("2017-01-01T00:00:00Z", "1483228800000000000"),
            ("2026-11-20T23:59:00+23:59", "1795132800000000000"),
        ])
    func rfc3339(t: String, expected: String) {
        #expect(time("\"" + t + "\"") == expected)
    }

    @Test("RFC 3339 written with escapes")
    func rfc3339Escaped() {
        #expect(time(#""2026-11-20\u005410:00:00Z""#) == "1795168800000000000")
    }

    @Test(
        "Invalid RFC 3339 strings name the expected form",
        arguments: [
            ("", ""),
            ("2026-11-20", ""),
            ("2026-11-20T10:00Z", ""),
            ("2026-11-20T10:00:00", " (this one has no time zone: add 'Z' or an offset such as '+01:00')"),
            ("2026-11-20T10:00:00.Z", ""),
            ("2026-11-20T10:00:00+0100", ""),
            ("2026-11-20T10:00:00+01", ""),
            ("2026-11-20T10:00:00 Z", ""),
            ("2026-11-20T10:00:00ZZ", ""),
            ("26-11-20T10:00:00Z", ""),
            ("2026/11/20T10:00:00Z", ""),
            ("2026-11-20X10:00:00Z", ""),
            ("2026-1-20T10:00:00Z", ""),
            ("+2026-11-20T10:00:00Z", ""),
            ("２026-11-20T10:00:00Z", ""),
            ("1795300000", ""),
            ("2026-13-01T00:00:00Z", ": month is out of range"),
            ("2026-00-01T00:00:00Z", ": month is out of range"),
            ("2026-11-31T00:00:00Z", ": day is out of range"),
            ("2026-11-00T00:00:00Z", ": day is out of range"),
            ("2025-02-29T00:00:00Z", ": day is out of range"),
            ("1900-02-29T00:00:00Z", ": day is out of range"),
            ("2026-11-20T24:00:00Z", ": hour is out of range"),
            ("2026-11-20T10:60:00Z", ": minute is out of range"),
            ("2026-11-20T10:00:61Z", ": second is out of range"),
            ("2026-11-20T10:00:00+24:00", ": offset hour is out of range"),
            ("2026-11-20T10:00:00+01:60", ": offset minute is out of range"),
        ])
    func rfc3339Invalid(t: String, detail: String) {
        #expect(time("\"" + t + "\"") == #"'t' must be an RFC 3339 time like "2026-11-20T10:00:00.250Z""# + detail)
    }

    @Test(
        "RFC 3339 outside the Int64 nanosecond range",
        arguments: ["1600-01-01T00:00:00Z", "2300-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z"])
    func rfc3339OutOfRange(t: String) {
        #expect(time("\"" + t + "\"") == "'t' is out of range")
    }

    @Test("RFC 3339 round-trips through Timestamp.rfc3339")
    func roundTrip() {
        for nanos: Int64 in [0, 1, 1_795_644_000_250_000_000, -1_000_000_001, 951_782_400_123_456_000] {
            let text = Timestamp(nanoseconds: nanos).rfc3339
            #expect(time("\"" + text + "\"") == String(nanos))
        }
    }

    /// The one RFC 3339 parser, also for times read back from audit reports.
    @Test(
        "An RFC 3339 string parses as the 't' key does",
        arguments: [
            ("2026-11-20T10:00:01.500Z", Int64(1_795_168_801_500_000_000)),
            ("2026-11-20T10:00:01.000000007Z", 1_795_168_801_000_000_007),
            ("2026-11-20T12:00:01+02:00", 1_795_168_801_000_000_000),
        ])
    func rfc3339Initializer(text: String, nanoseconds: Int64) {
        #expect(Timestamp(rfc3339: text)?.nanoseconds == nanoseconds)
        #expect(time("\"" + text + "\"") == String(nanoseconds))
    }

    @Test("A string that is not RFC 3339 is no time", arguments: ["", "2026-11-20", "yesterday", "2026-13-01T00:00:00Z"])
    func rfc3339InitializerRejects(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    /// A converted line quotes strings as reports do (``JSONString``): `\b`, and U+2028
    /// escaped for JavaScript; before, the converter wrote `\u0008` and U+2028 raw.
    @Test("Converted lines quote strings as reports do")
    func nativeLineQuotesWithTheOneQuoter() {
        let line = NativeLine(
            time: Timestamp(nanoseconds: 0), event: "app.didBecomeActive",
            fields: [("name", .string("a\u{08}b\u{2028}c\"d"))])
        #expect(line.json == #"{"t":"1970-01-01T00:00:00.000Z","ev":"app.didBecomeActive","name":"a\bb\u2028c\"d"}"#)
    }
}
