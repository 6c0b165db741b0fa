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
        event = Self.eventName(of: record, symbols: symbols)
        var fields: [(key: String, value: Value)] = []
        Self.forEachField(of: record, meta: meta, symbols: symbols) { fields.append(($0, $1)) }
        self.fields = fields
    }

    /// Appends the JSON text of `record` in native form to `out` as UTF-8 bytes: the bytes of
    /// `NativeLine(record, meta: meta, symbols: symbols).json`, without building the line or
    /// its `String` (`lctrace convert` writes one per record).
    ///
    /// - Parameters:
    ///   - record: a record from ``LogReader``.
    ///   - meta: the context of a `meta` record.
    ///   - symbols: the reader's symbol table.
    ///   - out: the bytes to append to (no line end is added).
    public static func appendJSON(
        of record: Record, meta: SessionMeta? = nil, symbols: borrowing SymbolTable, to out: inout [UInt8]
    ) {
        appendHead(time: record.time, event: eventName(of: record, symbols: symbols), to: &out)
        forEachField(of: record, meta: meta, symbols: symbols) { appendMember($0, $1, to: &out) }
        out.append(0x7D)
    }

    /// The `ev` of a record: its canonical name, or the name an unknown event was written with.
    @inline(__always)
    private static func eventName(of record: Record, symbols: borrowing SymbolTable) -> String {
        record.event == .unknown ? symbols[record.unknownName] ?? "unknown" : record.event.canonicalName
    }

    /// The keys of a record other than `t` and `ev`, in the native order, with their values.
    @inline(__always)
    private static func forEachField(
        of record: Record, meta: SessionMeta?, symbols: borrowing SymbolTable, _ body: (String, Value) -> Void
    ) {
        if let pid = record.pid { body("pid", .integer(pid)) }
        if let scene = symbols[record.scene] { body("scene", .string(scene)) }
        switch record.task {
        case .number(let n)?: body("task", .integer(n))
        case .name(let s)?: body("task", .string(symbols[s] ?? ""))
        case nil: break
        }
        switch record.phase {
        case .begin: body("phase", .string("begin"))
        case .end: body("phase", .string("end"))
        case .instant: break
        }
        if let reason = symbols[record.reason] { body("reason", .string(reason)) }
        if let name = symbols[record.name] { body("name", .string(name)) }
        // A scheduled task's kind decides its budget; an absent one stays absent (a start without
        // `kind` takes the kind of the last submit of its identifier: SPEC §5).
        if let kind = record.kind { body("kind", .string(kind.name)) }
        if record.viaNotification { body("via", .string("notification")) }
        if let meta {
            if let os = meta.os { body("os", .string(os)) }
            if let app = meta.app { body("app", .string(app)) }
            if let version = meta.version { body("version", .string(version)) }
            if let model = meta.model { body("model", .string(model)) }
            if let modes = meta.modes { body("modes", .strings(modes)) }
            if let refresh = meta.refresh { body("refresh", .bool(refresh)) }
            if let sdk = meta.sdk { body("sdk", .string(sdk)) }
        }
    }

    /// The JSON text, e.g. `{"t":"2026-11-20T10:00:00.250Z","ev":"bgtask.begin","pid":7,"task":1}`.
    public var json: String {
        var out: [UInt8] = []
        appendJSON(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``json``'s text to `out` as UTF-8 bytes.
    public func appendJSON(to out: inout [UInt8]) {
        Self.appendHead(time: time, event: event, to: &out)
        for (key, value) in fields { Self.appendMember(key, value, to: &out) }
        out.append(0x7D)
    }

    /// `{"t":"<RFC 3339>","ev":<event>`.
    @inline(__always)
    private static func appendHead(time: Timestamp, event: String, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"t":""#.utf8)
        time.appendRFC3339(to: &out)
        out.append(contentsOf: #"","ev":"#.utf8)
        JSONString.append(event, to: &out)
    }

    /// `,<key>:<value>`.
    @inline(__always)
    private static func appendMember(_ key: String, _ value: Value, to out: inout [UInt8]) {
        out.append(0x2C)
        JSONString.append(key, to: &out)
        out.append(0x3A)
        switch value {
        case .string(let s): JSONString.append(s, to: &out)
        case .integer(let n): appendInteger(n, to: &out)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .strings(let list):
            out.append(0x5B)
            for (k, s) in list.enumerated() {
                if k > 0 { out.append(0x2C) }
                JSONString.append(s, to: &out)
            }
            out.append(0x5D)
        }
    }

    /// The decimal text of `n` (`String(n)`'s), without a `String`.
    @inline(__always)
    private static func appendInteger(_ n: Int64, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var v = n.magnitude
            var i = 20
            repeat {
                i -= 1
                buffer[i] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
                v /= 10
            } while v > 0
            if n < 0 {
                i -= 1
                buffer[i] = 0x2D
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<20]))
        }
    }
}
