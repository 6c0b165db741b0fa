import Foundation
import LCTraceCore
import LCTraceReplay

/// Test-only NDJSON → `Record` decoding with Foundation's `JSONSerialization`, so tests and
/// the catalogue examples can be written as log text. Strings are interned, as the ingest
/// layer does.
struct TestLog {
    var records: [Record] = []
    /// The context of each `meta` record, by its index in `records`.
    var metas: [Int: SessionMeta] = [:]
    var symbols = SymbolTable()
    private var interned: [String: Symbol] = [:]

    /// Decodes every non-blank line; a line that does not decode is a test bug.
    init(_ text: String) {
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                fatalError("test log line \(offset + 1) is not a JSON object: \(line)")
            }
            records.append(record(object, line: offset + 1))
            if records.last!.event == .meta {
                metas[records.count - 1] = SessionMeta(
                    os: object["os"] as? String, app: object["app"] as? String, model: object["model"] as? String,
                    modes: object["modes"] as? [String], refresh: object["refresh"] as? Bool, sdk: object["sdk"] as? String)
            }
        }
    }

    private mutating func intern(_ s: String) -> Symbol {
        if let known = interned[s] { return known }
        let sym = symbols.append(s)
        interned[s] = sym
        return sym
    }

    private mutating func record(_ o: [String: Any], line: Int) -> Record {
        let seconds = (o["t"] as! NSNumber).doubleValue
        let name = o["ev"] as! String
        let event = LifecycleEvent(name: name) ?? .unknown
        var r = Record(line: line, time: Timestamp(seconds: seconds)!, event: event)
        if event == .unknown { r.unknownName = intern(name) }
        if let pid = o["pid"] as? NSNumber { r.pid = pid.int64Value }
        if let scene = o["scene"] as? String { r.scene = intern(scene) }
        if let task = o["task"] {
            if let s = task as? String { r.task = .name(intern(s)) } else { r.task = .number((task as! NSNumber).int64Value) }
        }
        switch o["phase"] as? String {
        case "begin": r.phase = .begin
        case "end": r.phase = .end
        default: r.phase = .instant
        }
        if let reason = o["reason"] as? String {
            r.reason = intern(reason)
            r.reasonCode = ReasonCode(text: reason)
        }
        if let name = o["name"] as? String { r.name = intern(name) }
        if let kind = o["kind"] as? String { r.kind = ScheduledTaskKind(text: kind) }
        r.viaNotification = o["via"] as? String == "notification"
        return r
    }

    /// Replays the whole log.
    func replay(_ configuration: ReplayConfiguration = ReplayConfiguration(), path: String = "test.jsonl") -> FileResult {
        var replayer = Replayer(path: path, configuration: configuration)
        feed(&replayer)
        return replayer.finish(symbols: symbols)
    }

    /// Replays every record (with its context, for `meta` records) into `replayer`.
    func feed(_ replayer: inout Replayer) {
        for (i, r) in records.enumerated() {
            if let meta = metas[i] {
                replayer.process(r, meta: meta, symbols: symbols)
            } else {
                replayer.process(r, symbols: symbols)
            }
        }
    }
}

/// Replays NDJSON text.
func replay(_ text: String, _ configuration: ReplayConfiguration = ReplayConfiguration()) -> FileResult {
    TestLog(text).replay(configuration)
}

/// Replays NDJSON lines joined with newlines.
func replay(lines: [String], _ configuration: ReplayConfiguration = ReplayConfiguration()) -> FileResult {
    TestLog(lines.joined(separator: "\n")).replay(configuration)
}

extension FileResult {
    /// The findings of one rule.
    func of(_ rule: Rule) -> [Finding] { findings.filter { $0.rule == rule } }

    /// The rule ids of every finding, in report order.
    var rules: [Rule] { findings.map(\.rule) }

    /// `(rule, line)` of every finding, in report order, for compact expectations.
    var ruleLines: [String] { findings.map { "\($0.rule.id)@\($0.line)" } }

    /// Findings at or above warning.
    var problems: [Finding] { findings.filter { $0.severity >= .warning } }
}

/// Builds one NDJSON line from a time, an event and extra keys (values already JSON).
func ev(_ t: Double, _ name: String, _ extra: String = "") -> String {
    let tail = extra.isEmpty ? "" : "," + extra
    return "{\"t\":\(t),\"ev\":\"\(name)\"\(tail)}"
}
