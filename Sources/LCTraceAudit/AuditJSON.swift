import Foundation
import LCTraceCore

/// Reads back what ``AuditReport`` writes in `jsonl` (for `lctrace merge`): the inverse of
/// `JSONReporter.finding` and ``AuditReport/file(_:)``. Each returns `nil` when a required
/// key is missing or of the wrong type.
enum AuditJSON {
    static func finding(_ o: [String: Any]) -> Finding? {
        guard let ruleID = o["rule"] as? String, let rule = Rule(rawValue: ruleID),
            let severityName = o["severity"] as? String, let severity = Severity(name: severityName),
            let file = o["file"] as? String, let line = int(o["line"]), let message = o["message"] as? String
        else { return nil }
        var time: Timestamp?
        if let text = o["time"] as? String {
            guard let t = timestamp(text) else { return nil }
            time = t
        }
        var task: TaskValue?
        if let s = o["task"] as? String {
            task = .string(s)
        } else if let n = int64(o["task"]) {
            task = .number(n)
        }
        return Finding(
            rule: rule, severity: severity, file: file, line: line, time: time, pid: int64(o["pid"]),
            scene: o["scene"] as? String, task: task, state: o["state"] as? String, event: o["event"] as? String,
            message: message, exitClass: (o["exit"] as? String).flatMap(ExitClass.init(rawValue:)))
    }

    static func fileDigest(_ o: [String: Any]) -> FileDigest? {
        guard let path = o["path"] as? String, let events = int(o["events"]), let sessions = int(o["sessions"]),
            let errors = int(o["errors"]), let warnings = int(o["warnings"]), let notes = int(o["notes"]),
            let exits = o["exits"] as? [String: Any], let rules = o["rules"] as? [String: Any],
            let worst = o["worst_sessions"] as? [Any]
        else { return nil }
        var d = FileDigest(path: path, events: events, sessions: sessions, errors: errors, warnings: warnings, notes: notes)
        for (k, v) in exits {
            guard let c = ExitClass(rawValue: k), let n = int(v) else { return nil }
            if n > 0 { d.exitClasses[c] = n }
        }
        for (k, v) in rules {
            guard let r = Rule(rawValue: k), let n = int(v) else { return nil }
            if n > 0 { d.rules[r] = n }
        }
        for item in worst {
            guard let s = item as? [String: Any], let digest = session(s) else { return nil }
            d.worstSessions.append(digest)
        }
        return d
    }

    static func session(_ o: [String: Any]) -> SessionDigest? {
        guard let file = o["file"] as? String, let ordinal = int(o["session"]), let began = o["began"] as? String,
            let ended = o["ended"] as? String, let exitName = o["exit"] as? String,
            let exitClass = ExitClass(rawValue: exitName), let errors = int(o["errors"]),
            let warnings = int(o["warnings"]), let notes = int(o["notes"])
        else { return nil }
        return SessionDigest(
            file: file, ordinal: ordinal, pid: int64(o["pid"]), began: began, ended: ended, endLine: int(o["end_line"]),
            exitClass: exitClass, errors: errors, warnings: warnings, notes: notes)
    }

    static func int(_ value: Any?) -> Int? {
        int64(value).map { Int($0) }
    }

    static func int64(_ value: Any?) -> Int64? {
        guard let n = value as? NSNumber, !(value is String) else { return nil }
        return n.int64Value
    }

    /// Parses what `Timestamp.rfc3339` writes: `YYYY-MM-DDTHH:MM:SS.fffZ`, with 3, 6 or 9
    /// fraction digits (or none).
    static func timestamp(_ text: String) -> Timestamp? {
        let b = Array(text.utf8)
        func digits(_ from: Int, _ count: Int) -> Int64? {
            guard from + count <= b.count else { return nil }
            var v: Int64 = 0
            for i in from..<(from + count) {
                guard b[i] >= 0x30 && b[i] <= 0x39 else { return nil }
                v = v * 10 + Int64(b[i] - 0x30)
            }
            return v
        }
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A, b.last == 0x5A,
            let y = digits(0, 4), let mo = digits(5, 2), let d = digits(8, 2), let h = digits(11, 2),
            let mi = digits(14, 2), let s = digits(17, 2)
        else { return nil }
        var nanos: Int64 = 0
        if b.count > 20 {
            guard b[19] == 0x2E else { return nil }
            let n = b.count - 21
            guard n >= 1, n <= 9, let frac = digits(20, n) else { return nil }
            nanos = frac
            for _ in n..<9 { nanos *= 10 }
        }
        let days = CivilDate.days(year: y, month: mo, day: d)
        return Timestamp(nanoseconds: ((days * 86_400 + h * 3600 + mi * 60 + s) * 1_000_000_000) + nanos)
    }
}
