import Foundation
import LCTraceCore

/// The JSON shape of one ``Finding`` (SPEC §6): its one writer and its one reader, side by
/// side, so that a key added to one cannot be missed by the other.
///
/// ```
/// {"rule", "name", "severity", "file", "line", "time", "pid", "scene", "task", "owner",
///  "state", "event", "message", "exit", "source", "session"}
/// ```
///
/// The SPEC keys are public API and come first, in the SPEC's order (`owner`, SPEC §8, after
/// `task`); `exit`, `source` and `session` are additions (SPEC §6: more keys may be added, none renamed). Absent values are
/// `null`, never omitted, so every finding has the same keys. `json` and `jsonl` write
/// ``object(_:)``; SARIF writes the same keys after `message` as a result's `properties`
/// (``properties(_:)``, absent ones left out); `lctrace merge` reads shards back with
/// ``finding(_:parseTime:)``, so a merge keeps every key the audit wrote.
public enum FindingSchema {
    /// The keys that say what and where (`rule` … `line`), then the ones that give context.
    /// `message` sits between `event` and `exit`, as in SPEC §6.
    public static func object(_ finding: Finding) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("rule", .string(finding.rule.id)),
            ("name", .string(finding.rule.name)),
            ("severity", .string(finding.severity.name)),
            ("file", .string(finding.file)),
            ("line", .int(finding.line)),
        ]
        let context = self.context(finding)
        let beforeMessage = context.firstIndex { $0.key == "exit" } ?? context.endIndex
        members += context[..<beforeMessage]
        members.append(("message", .string(finding.message)))
        members += context[beforeMessage...]
        return .object(members)
    }

    /// The context keys of a finding that SARIF carries as `properties`: those ``object(_:)``
    /// writes besides rule, name, severity, file, line and message, in the same order, absent
    /// ones left out.
    public static func properties(_ finding: Finding) -> [(key: String, value: JSONValue)] {
        context(finding).filter {
            if case .null = $0.value { return false }
            return true
        }
    }

    /// Every context key, `null` when absent: the one list both writers take their keys from.
    static func context(_ finding: Finding) -> [(key: String, value: JSONValue)] {
        [
            ("time", .string(finding.time?.rfc3339)),
            ("pid", .integer(finding.pid)),
            ("scene", .string(finding.scene)),
            ("task", task(finding.task)),
            ("owner", .string(finding.owner)),
            ("state", .string(finding.state)),
            ("event", .string(finding.event)),
            ("exit", .string(finding.exitClass?.name)),
            ("source", .string(finding.source.rawValue)),
            ("session", .integer(finding.session.map(Int64.init))),
        ]
    }

    /// A task id as the log wrote it: a JSON number or a JSON string; `null` when absent.
    public static func task(_ task: TaskValue?) -> JSONValue {
        switch task {
        case .number(let n)?: return .integer(n)
        case .string(let s)?: return .string(s)
        case nil: return .null
        }
    }

    /// Reads back what ``object(_:)`` wrote (as `JSONSerialization` parses it).
    ///
    /// Keys that later versions added may be missing (an older lctrace wrote the input): they
    /// read as their absent value (`source` as `app`). A key that is present must have the
    /// type ``object(_:)`` writes.
    ///
    /// - Parameters:
    ///   - o: one parsed finding object.
    ///   - parseTime: the RFC 3339 parser for `time` (the one in LCTraceIngest).
    /// - Returns: the finding, or `nil` when a required key is missing or a key is of the
    ///   wrong type.
    public static func finding(_ o: [String: Any], parseTime: (String) -> Timestamp?) -> Finding? {
        guard let ruleID = o["rule"] as? String, let rule = Rule(rawValue: ruleID),
            let severityName = o["severity"] as? String, let severity = Severity(name: severityName),
            let file = o["file"] as? String, let line = integer(o["line"]), let message = o["message"] as? String
        else { return nil }
        func optional<T>(_ key: String, _ read: (Any) -> T?) -> T?? {
            guard let value = o[key], !(value is NSNull) else { return .some(nil) }
            guard let read = read(value) else { return nil }
            return .some(read)
        }
        guard let time = optional("time", { ($0 as? String).flatMap(parseTime) }),
            let pid = optional("pid", integer),
            let scene = optional("scene", { $0 as? String }),
            let task = optional("task", taskValue),
            let owner = optional("owner", { $0 as? String }),
            let state = optional("state", { $0 as? String }),
            let event = optional("event", { $0 as? String }),
            let exit = optional("exit", { ($0 as? String).flatMap(ExitClass.init(rawValue:)) }),
            let source = optional("source", { ($0 as? String).flatMap(FindingSource.init(rawValue:)) }),
            let session = optional("session", integer)
        else { return nil }
        return Finding(
            rule: rule, severity: severity, file: file, line: Int(line), time: time, pid: pid, scene: scene, task: task,
            state: state, event: event, message: message, exitClass: exit, source: source ?? .app,
            session: session.map { Int($0) }, owner: owner)
    }

    /// A JSON integer that fits in `Int64`, as read by `JSONSerialization`; `nil` for anything
    /// else: a string, a boolean, a number with a fraction or an exponent (`7.9`, `7.0`, `1e3`),
    /// or an integer past `Int64` (a key of the wrong type is refused, never rounded).
    public static func integer(_ value: Any?) -> Int64? {
        guard let n = value as? NSNumber, !(value is String) else { return nil }
        switch UInt8(bitPattern: n.objCType.pointee) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"), UInt8(ascii: "d"), UInt8(ascii: "f"):
            return nil  // a boolean, or a JSON number with a fraction or an exponent
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"), UInt8(ascii: "S"), UInt8(ascii: "C"):
            return n.uint64Value <= UInt64(Int64.max) ? Int64(n.uint64Value) : nil
        default:
            return n.int64Value
        }
    }

    /// A JSON object whose values are all strings (as `JSONSerialization` parses it), or
    /// `nil` for anything else: the reader of every name → name map the reports write.
    public static func stringMap(_ value: Any) -> [String: String]? {
        guard let map = value as? [String: Any] else { return nil }
        var result: [String: String] = [:]
        for (key, inner) in map {
            guard let text = inner as? String else { return nil }
            result[key] = text
        }
        return result
    }

    /// A task id: a JSON integer or a JSON string.
    static func taskValue(_ value: Any) -> TaskValue? {
        if let s = value as? String { return .string(s) }
        return integer(value).map(TaskValue.number)
    }
}
