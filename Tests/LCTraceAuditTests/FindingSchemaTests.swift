import Foundation
import LCTraceCore
import LCTraceIngest
import LCTraceReport
import Testing

/// The finding schema's writer and reader are each other's inverse, for every field of
/// `Finding`: a field the writer forgets or the reader drops fails here, before a merge can
/// relabel it (as `source` once was).
@Suite struct FindingSchemaTests {
    static func read(_ value: JSONValue) -> Finding? {
        let text = JSONWriter.string(value, pretty: false)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { return nil }
        return FindingSchema.finding(object, parseTime: { Timestamp(rfc3339: $0) })
    }

    /// Every field set to a value other than its default.
    static let full = Finding(
        rule: .bgtaskOverrun, severity: .warning, file: "logs/a \"b\".txt", line: 42,
        time: Timestamp(nanoseconds: 1_795_168_801_000_000_007), pid: -7, scene: "main ✓", task: .string("sync\tjob"),
        state: "background", event: "bgtask.begin", message: "multi\nline", exitClass: .bgtaskTimeout, source: .system,
        session: 3, owner: "OneSignal")

    @Test func everyFieldOfAFullFindingIsSet() {
        // A new field of Finding must be given a value here, so that the round trip covers it.
        for child in Mirror(reflecting: Self.full).children {
            if let optional = child.value as? any OptionalProtocol {
                #expect(!optional.isNone, "Finding.\(child.label ?? "?") is not set in the fixture")
            }
        }
    }

    @Test(arguments: [
        full,
        Finding(rule: .malformedRecord, file: "x", line: 1, message: "not a JSON object"),
        Finding(rule: .abnormalExit, file: "y", line: 0, pid: 1, task: .number(-9), message: "m", exitClass: .open, session: 1),
    ])
    func readingWhatWasWrittenGivesTheFindingBack(finding: Finding) throws {
        let back = try #require(Self.read(FindingSchema.object(finding)))
        #expect(back == finding)
    }

    @Test func keysLaterVersionsAddedMayBeMissingAndAKeyOfTheWrongTypeIsRefused() throws {
        guard case .object(let members) = FindingSchema.object(Self.full) else {
            Issue.record("not an object")
            return
        }
        let required: Set<String> = ["rule", "severity", "file", "line", "message"]
        for (key, _) in members {
            let without = JSONValue.object(members.filter { $0.key != key })
            let back = Self.read(without)
            if required.contains(key) {
                #expect(back == nil, "a finding without '\(key)' is refused")
            } else if key != "name" {
                #expect(back != nil, "'\(key)' may be missing (an older lctrace)")
            }
            let wrong = JSONValue.object(members.map { $0.key == key ? ($0.key, .array([])) : $0 })
            #expect(key == "name" || Self.read(wrong) == nil, "'\(key)' of the wrong type is refused")
        }
    }
}

extension FindingSchemaTests {
    /// A key that holds an integer (`line`, `pid`, `task` as a number, `session`) refuses any
    /// other JSON value: a fraction, an exponent, a boolean, an integer past Int64; in range
    /// it reads back (a pid or task negative or at Int64.max too).
    @Test(arguments: ["line", "pid", "task", "session"])
    func anIntegerKeyRefusesEveryOtherNumberAndBooleans(key: String) throws {
        let finding = Finding(
            rule: .abnormalExit, file: "y", line: 5, pid: 1, task: .number(9), message: "m", exitClass: .open, session: 1)
        let text = JSONWriter.string(FindingSchema.object(finding), pretty: false)
        let range = try #require(text.range(of: "\"\(key)\":[0-9]+", options: .regularExpression))
        func read(_ value: String) -> Finding? {
            let changed = text.replacingCharacters(in: range, with: "\"\(key)\":\(value)")
            guard let object = (try? JSONSerialization.jsonObject(with: Data(changed.utf8))) as? [String: Any] else { return nil }
            return FindingSchema.finding(object, parseTime: { Timestamp(rfc3339: $0) })
        }
        for wrong in ["7.9", "7.0", "1e3", "true", "false", "9223372036854775808", "18446744073709551615"] {
            #expect(read(wrong) == nil, "'\(key)': \(wrong) is not an integer")
        }
        #expect(read("7") != nil)
        if key == "pid" || key == "task" {
            #expect(read("9223372036854775807") != nil && read("-7") != nil)
        }
    }
}

/// Lets the test look into an optional it only has as `Any`.
protocol OptionalProtocol {
    var isNone: Bool { get }
}

extension Optional: OptionalProtocol {
    var isNone: Bool { self == nil }
}
