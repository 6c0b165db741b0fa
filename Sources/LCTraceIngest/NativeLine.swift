import LCTraceCore

/// One record in lctrace's native format, written as a JSON line (without the line end).
///
/// The unified-log translator builds these from export records, and `lctrace convert`
/// from the records it reads; keys come in a fixed order, `t` as RFC 3339 in UTC.
public struct NativeLine: Sendable, Equatable {
    /// A value of a key other than `t` and `ev`.
    public enum Value: Sendable, Equatable {
        case string(String)
        case integer(Int64)
        case bool(Bool)
        case strings([String])
    }

    /// The `t` value.
    public var time: Timestamp
    /// The `ev` value, as written (canonical names are used by lctrace).
    public var event: String
    /// The other keys, in order.
    public var fields: [(key: String, value: Value)]

    /// Creates a line.
    public init(time: Timestamp, event: String, fields: [(key: String, value: Value)] = []) {
        self.time = time
        self.event = event
        self.fields = fields
    }

    /// Whether two lines have the same time, event and fields, in the same order.
    public static func == (lhs: NativeLine, rhs: NativeLine) -> Bool {
        lhs.time == rhs.time && lhs.event == rhs.event && lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// A record read from a log, in native form; strings come from `symbols`.
    ///
    /// - Parameters:
    ///   - record: a record from ``LogReader``.
    ///   - meta: the context of a `meta` record.
    ///   - symbols: the reader's symbol table.
    public init(_ record: Record, meta: SessionMeta? = nil, symbols: SymbolTable) {
        time = record.time
        event = record.event == .unknown ? symbols[record.unknownName] ?? "unknown" : record.event.canonicalName
        fields = []
        if let pid = record.pid { fields.append(("pid", .integer(pid))) }
        if let scene = symbols[record.scene] { fields.append(("scene", .string(scene))) }
        switch record.task {
        case .number(let n)?: fields.append(("task", .integer(n)))
        case .name(let s)?: fields.append(("task", .string(symbols[s] ?? "")))
        case nil: break
        }
        switch record.phase {
        case .begin: fields.append(("phase", .string("begin")))
        case .end: fields.append(("phase", .string("end")))
        case .instant: break
        }
        if let reason = symbols[record.reason] { fields.append(("reason", .string(reason))) }
        if let name = symbols[record.name] { fields.append(("name", .string(name))) }
        // A scheduled task's kind decides its budget: `refresh`, the default, goes without saying.
        if record.kind != .refresh { fields.append(("kind", .string(record.kind.name))) }
        if let meta {
            if let os = meta.os { fields.append(("os", .string(os))) }
            if let app = meta.app { fields.append(("app", .string(app))) }
            if let version = meta.version { fields.append(("version", .string(version))) }
            if let model = meta.model { fields.append(("model", .string(model))) }
            if let modes = meta.modes { fields.append(("modes", .strings(modes))) }
            if let refresh = meta.refresh { fields.append(("refresh", .bool(refresh))) }
        }
    }

    /// The JSON text, e.g. `{"t":"2026-11-20T10:00:00.250Z","ev":"bgtask.begin","pid":7,"task":1}`.
    public var json: String {
        var out = "{\"t\":\"" + time.rfc3339 + "\",\"ev\":"
        JSONString.append(event, to: &out)
        for (key, value) in fields {
            out += ","
            JSONString.append(key, to: &out)
            out += ":"
            switch value {
            case .string(let s): JSONString.append(s, to: &out)
            case .integer(let n): out += String(n)
            case .bool(let b): out += b ? "true" : "false"
            case .strings(let list):
                out += "["
                for (k, s) in list.enumerated() {
                    if k > 0 { out += "," }
                    JSONString.append(s, to: &out)
                }
                out += "]"
            }
        }
        return out + "}"
    }
}
