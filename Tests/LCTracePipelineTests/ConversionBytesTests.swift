import Foundation
import LCTraceCore
import LCTraceGen
import LCTraceIngest
import LCTracePipeline
import Testing

/// `lctrace convert` writes bytes (no `String` per line): its output is byte for byte the text
/// the `String`-building formatter it replaced wrote, kept here as the oracle.
@Suite struct ConversionBytesTests {
    /// A native line as the formatter before the byte writer built it: a `String` from
    /// ``Timestamp/rfc3339``'s old padding, the `String` form of ``JSONString`` and `String(n)`.
    static func oracle(_ line: NativeLine) -> String {
        var out = "{\"t\":\"" + oracleRFC3339(line.time) + "\",\"ev\":" + JSONString.quoted(line.event)
        for (key, value) in line.fields {
            out += "," + JSONString.quoted(key) + ":"
            switch value {
            case .string(let s): out += JSONString.quoted(s)
            case .integer(let n): out += String(n)
            case .bool(let b): out += b ? "true" : "false"
            case .strings(let list): out += "[" + list.map(JSONString.quoted).joined(separator: ",") + "]"
            }
        }
        return out + "}"
    }

    /// RFC 3339 as the `String` code wrote it before ``Timestamp/appendRFC3339(to:)``.
    static func oracleRFC3339(_ time: Timestamp) -> String {
        func pad(_ value: Int64, _ width: Int) -> String {
            let s = String(value)
            return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
        }
        let inSeconds = time.nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        let (secs, frac) = inSeconds.remainder < 0 ? (inSeconds.quotient - 1, inSeconds.remainder + 1_000_000_000) : inSeconds
        let inDays = secs.quotientAndRemainder(dividingBy: 86_400)
        let (days, rem) = inDays.remainder < 0 ? (inDays.quotient - 1, inDays.remainder + 86_400) : inDays
        let (y, m, d) = CivilDate.fromDays(days)
        var out = pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
        out += "T" + pad(rem / 3600, 2) + ":" + pad((rem % 3600) / 60, 2) + ":" + pad(rem % 60, 2)
        if frac % 1_000_000 == 0 {
            out += "." + pad(frac / 1_000_000, 3)
        } else if frac % 1000 == 0 {
            out += "." + pad(frac / 1000, 6)
        } else {
            out += "." + pad(frac, 9)
        }
        return out + "Z"
    }

    /// The oracle's text of every record `reader` reads.
    static func oracleText(_ reader: consuming LogReader) -> String {
        var reader = reader
        var text = ""
        while let item = reader.next() {
            switch item {
            case .record(let record): text += oracle(NativeLine(record, symbols: reader.symbols)) + "\n"
            case .meta(let record, let meta): text += oracle(NativeLine(record, meta: meta, symbols: reader.symbols)) + "\n"
            default: break
            }
        }
        return text
    }

    /// What `convert` writes through its byte entry, and through its `String` entry.
    static func converted(_ reader: () throws -> LogReader) throws -> (bytes: [UInt8], text: String) {
        var bytes: [UInt8] = []
        var chunks = 0
        _ = try LogConversion.convert(
            try reader(),
            writeBytes: {
                bytes.append(contentsOf: $0)
                chunks += 1
            }, problem: { _ in })
        var text = ""
        _ = try LogConversion.convert(try reader(), write: { text += $0 }, problem: { _ in })
        // Whole lines at a time, however the chunks fall.
        #expect(bytes.isEmpty || bytes.last == 0x0A)
        return (bytes, text)
    }

    @Test("Every sample log converts to the old formatter's bytes", arguments: RepositoryPaths.sampleLogs())
    func sample(file: String) throws {
        let path = RepositoryPaths.traces.appendingPathComponent(file).path
        let bytes: [UInt8]
        let text: String
        do {
            (bytes, text) = try Self.converted { try LogReader(path: path) }
        } catch is LogConversion.LostVerdicts {
            // A system log whose UIKit verdicts no native record states is refused, through
            // either entry (ConversionVerdictTests); the records that convert are the rest.
            #expect(throws: LogConversion.LostVerdicts.self) {
                _ = try LogConversion.convert(try LogReader(path: path), write: { _ in }, problem: { _ in })
            }
            return
        }
        let expected = Self.oracleText(try LogReader(path: path))
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(text == expected)
    }

    @Test("Generated logs (every shape, faults, escapes, large numbers) convert to the old formatter's bytes", arguments: GeneratedLogPropertyTests.shapes)
    func generated(shape: GeneratedLogPropertyTests.Shape) throws {
        var options = GeneratedLogPropertyTests.options(shape, seed: 5, sessions: 40, faults: [.bgtaskLeaked: 0.1, .illegalTransition: 0.05])
        options.records = 5_000
        var bytes = LogGenerator(options: options).generateBytes().bytes
        // Lines the generator does not write: escapes, non-ASCII, U+2028, control characters,
        // extreme times and integers, meta with every key.
        let extra = [
            #"{"t":-9223372036.854775808,"ev":"x.\"quoted\"\\back\u2028","pid":-9223372036854775808,"scene":"é ✓ 𝄞 \u0001"}"#,
            #"{"t":9223372036.854775807,"ev":"bgtask.begin","pid":9223372036854775807,"task":-1,"name":"a\tb"}"#,
            #"{"t":0.000001,"ev":"bgsched.start","pid":1,"task":"a long task identifier of many bytes","kind":"processing"}"#,
            #"{"t":-0.000000001,"ev":"meta","pid":2,"os":"17.4","app":"com.example.a-long-bundle-id","version":"2.1 (300)","model":"uikit-app","modes":["audio","x\"y"],"refresh":false}"#,
            #"{"t":1795168800.5,"ev":"meta","modes":[],"refresh":true}"#,
        ]
        bytes += Array((extra.joined(separator: "\n") + "\n").utf8)
        let (converted, text) = try Self.converted { try LogReader(bytes: bytes, name: "generated") }
        let expected = Self.oracleText(try LogReader(bytes: bytes, name: "generated"))
        #expect(expected.split(separator: "\n").count > 1_000)
        #expect(String(decoding: converted, as: UTF8.self) == expected)
        #expect(text == expected)
    }

    @Test(
        "Times format as the old padding did, appended after what the buffer holds",
        arguments: [Int64.min, Int64.max, -1, 0, 1, 999, 1000, 999_999_999, 1_000_000, 1_795_168_801_000_250_000, -86_400_000_000_001]
    )
    func time(nanoseconds: Int64) {
        let time = Timestamp(nanoseconds: nanoseconds)
        var bytes: [UInt8] = [0x78]
        time.appendRFC3339(to: &bytes)
        #expect(bytes == [0x78] + Array(Self.oracleRFC3339(time).utf8))
        #expect(time.rfc3339 == Self.oracleRFC3339(time))
    }
}
