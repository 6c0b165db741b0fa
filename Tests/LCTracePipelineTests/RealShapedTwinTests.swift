import Foundation
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// Every native sample in traces/src, written as a real-shaped unified-log export (2025–2026
/// keys and key order of ../shared/realworld/oslog, `\/` escapes, the `{"count":N,"finished":1}`
/// trailer for `--style ndjson`, both banner lines for `--style json`), gives the findings of
/// its native twin: same rules on the same events, times, pids and tasks, same events, sessions
/// and exit classes.
///
/// Each native record becomes one `logEvent` whose message is the event and its keys in the
/// convention of docs/INSTRUMENTING.md (strings quoted). A record without a pid is written
/// without `processID` (a real export always has one; this keeps a pid-less `meta` the default
/// of every process, as in the native log). Samples that cannot have an export twin are left
/// out: LC401 (a line that is not JSON), LC402 (an unknown name is no lifecycle message in an
/// export, so it is ignored) and LC403 (the cut is in the compressed file).
@Suite struct RealShapedTwinTests {
    static let samples: [String] = {
        let src = RepositoryPaths.traces.appendingPathComponent("src")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: src.path)) ?? []
        let excluded: Set<String> = ["lc401-malformed-record.jsonl", "lc402-unknown-event.jsonl", "lc403-truncated-log.jsonl"]
        return names.filter { $0.hasSuffix(".jsonl") && !excluded.contains($0) }.sorted()
    }()

    /// A JSON string as `log` writes it: `/` escaped as `\/`.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/": out += "\\/"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A detail word: strings quoted (`\"`, `\\` escaped), numbers bare, lists comma-separated.
    static func detail(_ key: String, _ value: Any) -> String {
        if let list = value as? [String] { return key + "=" + list.joined(separator: ",") }
        if let number = value as? NSNumber { return key + "=" + number.stringValue }
        let text = (value as? String ?? "").replacingOccurrences(of: "\\", with: "\\\\")
        return key + "=\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// `2026-11-20T10:00:00.120Z` (or seconds since 1970) → `2026-11-20 10:00:00.120000+0000`.
    static func unifiedTime(_ t: Any) throws -> String {
        var text: String
        if let s = t as? String {
            text = s
        } else {
            let seconds = try #require(t as? NSNumber).doubleValue
            text = try #require(Timestamp(seconds: seconds)).rfc3339
        }
        #expect(text.hasSuffix("Z"))
        text = String(text.dropLast()).replacingOccurrences(of: "T", with: " ")
        if let dot = text.firstIndex(of: ".") {
            let digits = text.distance(from: dot, to: text.endIndex) - 1
            if digits < 6 { text += String(repeating: "0", count: 6 - digits) }
        } else {
            text += ".000000"
        }
        return text + "+0000"
    }

    static let image = "/private/var/containers/Bundle/Application/0F6A1B2C-3D4E-5F60-7182-93A4B5C6D7E8/Sample.app/Sample"
    static let uuid = "6C1D2A0E-3F5B-4E8A-9C41-0B7D2E9F1A53"

    /// The entry of one native record, as (key, JSON value) in the 2025–2026 order.
    static func entry(_ object: [String: Any], index: Int) throws -> [(String, String)] {
        let event = try #require(object["ev"] as? String)
        var words = [event]
        for key in object.keys.sorted() where key != "t" && key != "ev" && key != "pid" {
            words.append(detail(key, object[key]!))
        }
        let message = jsonString(words.joined(separator: " "))
        var keys: [(String, String)] = [
            ("timezoneName", "\"\""), ("messageType", "\"Default\""), ("eventType", "\"logEvent\""), ("source", "null"),
            ("formatString", "\"%{public}s\""), ("userID", "501"), ("activityIdentifier", "0"),
            ("subsystem", "\"com.example.sample\""), ("category", "\"lifecycle\""), ("threadID", String(5120 + index)),
            ("senderImageUUID", jsonString(uuid)),
            ("backtrace", "{\"frames\":[{\"imageOffset\":40960,\"imageUUID\":\(jsonString(uuid))}]}"),
            ("bootUUID", "\"F3B9D1E2-7A4C-4B6D-9E8F-1A2B3C4D5E6F\""), ("processImagePath", jsonString(image)),
            ("senderImagePath", jsonString(image)), ("timestamp", jsonString(try unifiedTime(object["t"]!))),
            ("machTimestamp", String(9_000_000_000_000 + 24_000 * index)), ("eventMessage", message),
            ("processImageUUID", jsonString(uuid)), ("traceID", String(9_007_199_254_740_993 + 4096 * index)),
        ]
        if let pid = object["pid"] as? NSNumber { keys.append(("processID", pid.stringValue)) }
        keys.append(("senderProgramCounter", "40960"))
        keys.append(("parentActivityIdentifier", "0"))
        return keys
    }

    static func entries(_ sample: String) throws -> [[(String, String)]] {
        let url = RepositoryPaths.traces.appendingPathComponent("src/" + sample)
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var out: [[(String, String)]] = []
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            out.append(try entry(object, index: index))
        }
        return out
    }

    static func ndjson(_ entries: [[(String, String)]]) -> String {
        var text = ""
        for e in entries { text += "{" + e.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n" }
        return text + "{\"count\":\(entries.count),\"finished\":1}\n"
    }

    static func pretty(_ value: String, key: String) -> String {
        guard key == "backtrace" else { return value }
        let frame = value.dropFirst("{\"frames\":[{\"imageOffset\":40960,\"imageUUID\":".count).dropLast(3)
        return "{\n    \"frames\" : [\n      {\n        \"imageOffset\" : 40960,\n        \"imageUUID\" : \(frame)\n      }\n    ]\n  }"
    }

    static func json(_ entries: [[(String, String)]]) -> String {
        var objects: [String] = []
        for e in entries {
            objects.append("{\n" + e.map { "  \"\($0.0)\" : \(pretty($0.1, key: $0.0))" }.joined(separator: ",\n") + "\n}")
        }
        return #"Filtering the log data using "subsystem == "com.example.sample"""# + "\n"
            + "Skipping info and debug messages, pass --info and/or --debug to include.\n[" + objects.joined(separator: ",")
            + "]\n"
    }

    static func replay(_ text: String, name: String) throws -> FileResult {
        FileReplay.replay(try openLog(bytes: Array(text.utf8), name: name), configuration: ReplayConfiguration())
    }

    @Test func everyNativeSampleIsTried() {
        #expect(Self.samples.count >= 20)
        #expect(Self.samples.contains("clean-multi-session.jsonl"))
    }

    @Test("A real-shaped export of each native sample gives the findings of its native twin", arguments: samples)
    func exportTwin(sample: String) throws {
        let native = try String(contentsOf: RepositoryPaths.traces.appendingPathComponent("src/" + sample), encoding: .utf8)
        let expected = try Self.replay(native, name: sample)
        let entries = try Self.entries(sample)
        for (style, text) in [("ndjson", Self.ndjson(entries)), ("json", Self.json(entries))] {
            let export = try Self.replay(text, name: sample + "." + style)
            let got = export.findings.map(UnifiedLogEquivalenceTests.signature).sorted()
            #expect(got == expected.findings.map(UnifiedLogEquivalenceTests.signature).sorted(), "\(sample) as \(style)")
            #expect(export.events == expected.events, "\(sample) as \(style)")
            #expect(export.sessions == expected.sessions, "\(sample) as \(style)")
            #expect(export.exitClasses == expected.exitClasses, "\(sample) as \(style)")
        }
    }
}
