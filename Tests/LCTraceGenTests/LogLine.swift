import Foundation
import LCTraceCore

/// One line of a generated log, parsed with Foundation (deliberately not with
/// anything the generator uses).
struct LogLine {
    /// 1-based line number.
    var number: Int
    /// The raw text.
    var text: String
    /// The JSON object, when the line is a valid record (`t` and `ev` of the right types).
    var object: [String: Any]?
    /// `t` in milliseconds, when valid.
    var time: Int64?
    /// `ev`, when valid.
    var event: String?

    var pid: Int64? { (object?["pid"] as? NSNumber)?.int64Value }
    var scene: String? { object?["scene"] as? String }
    var phase: String? { object?["phase"] as? String }
    var reason: String? { object?["reason"] as? String }
    /// `task` as text: `7` or `"sync-7"` (quoted, so numbers and strings never collide).
    var task: String? {
        guard let v = object?["task"] else { return nil }
        if let s = v as? String { return "\"" + s + "\"" }
        if let n = v as? NSNumber { return n.stringValue }
        return nil
    }

    /// Splits a log into lines (the final `\n` ends the last line) and parses each.
    static func parse(_ bytes: [UInt8]) -> [LogLine] {
        var out: [LogLine] = []
        var start = 0
        var n = 0
        for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
            n += 1
            out.append(LogLine(number: n, bytes: bytes[start..<i]))
            start = i + 1
        }
        if start < bytes.count {
            n += 1
            out.append(LogLine(number: n, bytes: bytes[start...]))
        }
        return out
    }

    init(number: Int, bytes: ArraySlice<UInt8>) {
        self.number = number
        text = String(decoding: bytes, as: UTF8.self)
        // Linux Foundation accepts a trailing comma; RFC 8259 does not.
        guard !text.contains(",}"), !text.contains(",]"),
            let obj = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        else { return }
        guard let ev = obj["ev"] as? String, let t = obj["t"], let ms = Self.milliseconds(t) else { return }
        object = obj
        event = ev
        time = ms
    }

    /// A `t` value in milliseconds: a non-boolean number, or an RFC 3339 UTC string.
    static func milliseconds(_ value: Any) -> Int64? {
        if let n = value as? NSNumber {
            if String(cString: n.objCType) == "c" { return nil }
            return Int64((n.doubleValue * 1_000).rounded())
        }
        guard let s = value as? String else { return nil }
        // 2026-11-20T10:00:00.250Z
        let u = Array(s.utf8)
        guard u.count == 24, u[4] == 45, u[7] == 45, u[10] == 84, u[13] == 58, u[16] == 58, u[19] == 46,
            u[23] == 90
        else { return nil }
        func num(_ a: Int, _ b: Int) -> Int64 {
            var v: Int64 = 0
            for i in a..<b { v = v * 10 + Int64(u[i] - 48) }
            return v
        }
        let days = CivilDate.days(year: num(0, 4), month: num(5, 7), day: num(8, 10))
        let secs = days * 86_400 + num(11, 13) * 3_600 + num(14, 16) * 60 + num(17, 19)
        return secs * 1_000 + num(20, 23)
    }
}
