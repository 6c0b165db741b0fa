import Foundation
import LCTraceCore
import Testing

/// Parses JSON text with Foundation (allowed in tests: it is the independent oracle).
func parseJSON(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// A parsed object, or a test failure.
func object(_ value: Any?, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    try #require(value as? [String: Any], sourceLocation: sourceLocation)
}

/// A parsed array, or a test failure.
func array(_ value: Any?, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Any] {
    try #require(value as? [Any], sourceLocation: sourceLocation)
}

/// Whether a parsed value is JSON `null`.
func isNull(_ value: Any?) -> Bool { value is NSNull }

/// The keys of every object in `text`, in the order written, innermost objects first (for
/// key-order checks that `JSONSerialization` cannot make: it returns dictionaries).
func objectKeyLists(in text: String) -> [[String]] {
    var result: [[String]] = []
    var stack: [Character] = []
    var current: [String] = []
    var inString = false, escaped = false, token = "", expectingKey = false
    var stacks: [[String]] = []
    for ch in text {
        if inString {
            if escaped { escaped = false; token.append(ch); continue }
            if ch == "\\" { escaped = true; token.append(ch); continue }
            if ch == "\"" { inString = false; continue }
            token.append(ch)
            continue
        }
        switch ch {
        case "\"":
            inString = true
            token = ""
        case ":":
            if expectingKey, stack.last == "{" { current.append(token) }
            expectingKey = false
        case "{":
            stack.append("{")
            stacks.append(current)
            current = []
            expectingKey = true
        case "}":
            result.append(current)
            stack.removeLast()
            current = stacks.removeLast()
        case "[":
            stack.append("[")
        case "]":
            stack.removeLast()
        case ",":
            expectingKey = stack.last == "{"
        default:
            break
        }
    }
    return result
}

/// The documented key lists (SPEC §6 plus the documented additions).
enum JSONKeys {
    static let document = ["tool", "files", "findings", "deaths", "summary", "unreadable"]
    static let tool = ["name", "version"]
    static let file = ["path", "events", "sessions", "errors", "warnings", "notes", "exits"]
    static let finding = [
        "rule", "name", "severity", "file", "line", "time", "pid", "scene", "task", "owner", "state", "event", "message",
        "exit", "source", "session",
    ]
    static let summary = ["files", "events", "sessions", "errors", "warnings", "notes", "exits", "unreadable", "deaths"]
    /// `summary.deaths` of a run where nothing died (the fixtures): an empty object.
    static let noDeaths: [String] = []
    static let exits = [
        "normal", "purged", "watchdog", "bgtask-timeout", "locked-file", "memory-limit", "cpu-limit", "thermal", "abnormal",
        "open",
    ]
    static let unreadable = ["path", "reason"]
}

/// Checks one parsed finding object against the model, key for key.
func expectFinding(_ json: [String: Any], equals f: Finding, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(Set(json.keys) == Set(JSONKeys.finding), sourceLocation: sourceLocation)
    #expect(json["rule"] as? String == f.rule.id, sourceLocation: sourceLocation)
    #expect(json["name"] as? String == f.rule.name, sourceLocation: sourceLocation)
    #expect(json["severity"] as? String == f.severity.name, sourceLocation: sourceLocation)
    #expect(json["file"] as? String == f.file, sourceLocation: sourceLocation)
    #expect(json["line"] as? Int == f.line, sourceLocation: sourceLocation)
    #expect(json["message"] as? String == f.message, sourceLocation: sourceLocation)
    expectOptional(json["time"], f.time?.rfc3339, sourceLocation: sourceLocation)
    expectOptional(json["scene"], f.scene, sourceLocation: sourceLocation)
    expectOptional(json["state"], f.state, sourceLocation: sourceLocation)
    expectOptional(json["event"], f.event, sourceLocation: sourceLocation)
    expectOptional(json["exit"], f.exitClass?.name, sourceLocation: sourceLocation)
    #expect(json["source"] as? String == f.source.rawValue, sourceLocation: sourceLocation)
    if let session = f.session {
        #expect((json["session"] as? NSNumber)?.intValue == session, sourceLocation: sourceLocation)
    } else {
        #expect(isNull(json["session"]), sourceLocation: sourceLocation)
    }
    if let pid = f.pid {
        #expect((json["pid"] as? NSNumber)?.int64Value == pid, sourceLocation: sourceLocation)
    } else {
        #expect(isNull(json["pid"]), sourceLocation: sourceLocation)
    }
    switch f.task {
    case .number(let n)?:
        #expect(!(json["task"] is String), sourceLocation: sourceLocation)
        #expect((json["task"] as? NSNumber)?.int64Value == n, sourceLocation: sourceLocation)
    case .string(let s)?:
        #expect(json["task"] as? String == s, sourceLocation: sourceLocation)
    case nil:
        #expect(isNull(json["task"]), sourceLocation: sourceLocation)
    }
}

private func expectOptional(_ value: Any?, _ expected: String?, sourceLocation: SourceLocation) {
    if let expected {
        #expect(value as? String == expected, sourceLocation: sourceLocation)
    } else {
        #expect(isNull(value), sourceLocation: sourceLocation)
    }
}

/// Checks a parsed `exits` object against counts.
func expectExits(_ json: Any?, _ counts: [ExitClass: Int], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let exits = try object(json, sourceLocation: sourceLocation)
    #expect(Set(exits.keys) == Set(JSONKeys.exits), sourceLocation: sourceLocation)
    for c in ExitClass.allCases {
        #expect(exits[c.name] as? Int == counts[c] ?? 0, sourceLocation: sourceLocation)
    }
}

/// Whether two parsed JSON scalars are equal and of the same JSON type (a string `"42"`
/// is not the number `42`).
func sameJSONScalar(_ a: Any?, _ b: Any?) -> Bool {
    switch (a, b) {
    case (let x as String, let y as String): return x == y
    case (is String, _), (_, is String): return false
    case (let x as NSNumber, let y as NSNumber): return x == y
    case (let x?, let y?): return isNull(x) && isNull(y)
    default: return false
    }
}
