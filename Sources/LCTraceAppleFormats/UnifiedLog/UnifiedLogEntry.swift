import LCTraceIngest
import LCTracePlatform

/// One record of a unified-log export (`log show --style ndjson|json`): the keys lctrace
/// reads, picked out of a strictly validated JSON object.
///
/// Values are kept as spans into the record's bytes and decoded only when a record turns
/// out to matter: most records of an export are not lifecycle events.
struct UnifiedLogEntry {
    /// Where a kept value lies in the record's bytes.
    struct Value {
        /// What the value is.
        enum Kind { case string, number, other }

        var kind: Kind
        /// For a string, the first byte after the opening quote; else the value's first byte.
        var start: Int
        /// For a string, the index of the closing quote; else the index after the value.
        var end: Int
        /// Whether a string holds a backslash escape (or a number a fraction or exponent);
        /// for `.other`, whether the value is `null`.
        var flag: Bool

        /// The value the lexer scanned: string contents without their quotes.
        init(_ span: JSONLexer.Span) {
            switch span.kind {
            case .string: self = Value(kind: .string, start: span.start + 1, end: span.end - 1, flag: span.flag)
            case .number: self = Value(kind: .number, start: span.start, end: span.end, flag: span.flag)
            default: self = Value(kind: .other, start: span.start, end: span.end, flag: span.kind == .null)
            }
        }

        /// A value at explicit positions.
        init(kind: Kind, start: Int, end: Int, flag: Bool) {
            self.kind = kind
            self.start = start
            self.end = end
            self.flag = flag
        }
    }

    var eventType: Value?
    var eventMessage: Value?
    var timestamp: Value?
    var processID: Value?
    var subsystem: Value?
    var category: Value?
    var signpostName: Value?
    var signpostType: Value?
    /// A signpost's ID: a JSON number that goes past Int64 (`14608112960288129006`), kept as text.
    var signpostID: Value?
    /// The writing process's executable path (`log show`), or its name (`process`, in some
    /// converters' output): read only for recognised UIKit messages.
    var processImagePath: Value?
    var process: Value?
    /// Whether the object has a `t` or `ev` key (then it is a native record, not an export's).
    var hasNativeKey = false
    /// The keys that make an object an export entry, present (even if `null`).
    var exportKeys: ExportKeys = []

    /// Keys that only export entries have.
    struct ExportKeys: OptionSet {
        var rawValue: UInt8
        static let eventType = ExportKeys(rawValue: 1 << 0)
        static let eventMessage = ExportKeys(rawValue: 1 << 1)
        static let signpostName = ExportKeys(rawValue: 1 << 2)
        /// The `{"count":N,"finished":1}` summary `--style ndjson` ends with.
        static let finished = ExportKeys(rawValue: 1 << 3)
    }

    /// Whether the object is evidence that a log is a `--style ndjson` export, as its first
    /// record: it has `eventType` or `eventMessage` (every entry `log show` writes has them), or
    /// it is the `finished` summary, and it is not a native record. `timestamp` alone is not
    /// enough: native logs may have one too.
    var provesExport: Bool {
        !hasNativeKey && !exportKeys.isDisjoint(with: [.eventType, .eventMessage, .finished])
    }

    /// Why the object is not an entry of an export, `nil` when it is one (a record lctrace
    /// may still ignore, such as a `stateEvent` or the `finished` summary).
    ///
    /// An entry has `eventType`, `eventMessage`, `signpostName` or `finished`, and no native key.
    var notAnExportEntry: String? {
        if hasNativeKey {
            return "a native lctrace record in a unified-log export: expected an export entry with 'eventType' or 'eventMessage' (use --input-format native)"
        }
        if exportKeys.isEmpty { return "not a unified-log export entry: expected 'eventType' or 'eventMessage'" }
        return nil
    }

    /// The ``ScanFailure/expected`` of an object followed by more text.
    static let textAfterTheObject = "expected the end of the record after the object"

    /// Parses the JSON object in `p[0..<n]` (surrounding whitespace allowed) with the strict
    /// lexer and the member loop the native scanner uses (``JSONLexer``): one set of rules for
    /// strings, escapes, numbers, nesting and repeated keys (the last one wins).
    ///
    /// - Parameters:
    ///   - stack: scratch space for nesting, kept between calls.
    /// - Throws: ``ScanFailure`` (with its byte offset) for anything RFC 8259 rejects, or a
    ///   value that is not an object.
    /// - Complexity: O(n); nesting is tracked on `stack`, never on the call stack.
    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int, stack: inout ContainerStack) throws(ScanFailure) -> UnifiedLogEntry {
        var entry = UnifiedLogEntry()
        var i = JSONLexer.skipWhitespace(p, 0, n)
        guard i < n, p[i] == 0x7B else {
            throw ScanFailure(i < n ? "expected a JSON object ('{')" : "expected a value", at: i)
        }
        i += 1
        var first = true
        while let key = try JSONLexer.nextMember(p, &i, n, first: first) {
            first = false
            let span = try JSONLexer.scanValue(p, i, n, stack: &stack)
            entry.keep(Key(p, key.start + 1, key.end - 1, escaped: key.flag), Value(span))
            i = span.end
        }
        i = JSONLexer.skipWhitespace(p, i, n)
        guard i == n else { throw ScanFailure(Self.textAfterTheObject, at: i) }
        return entry
    }

    /// The keys this parser keeps.
    private enum Key {
        case eventType, eventMessage, timestamp, processID, subsystem, category, signpostName, signpostType, signpostID
        case processImagePath, process
        case t, ev, finished, other

        init(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, escaped: Bool) {
            if escaped {
                // Keys spelled with escapes are the same keys: decode those (rare).
                let bytes = UnifiedLogEntry.decode(p, start, end)
                self = bytes.withUnsafeBufferPointer { b in
                    b.baseAddress.map { Key(plain: $0, b.count) } ?? .other
                }
            } else {
                self = Key(plain: p + start, end - start)
            }
        }

        /// Looks a key up by its bytes, without allocating.
        private init(plain p: UnsafePointer<UInt8>, _ count: Int) {
            func `is`(_ name: StaticString) -> Bool {
                count == name.utf8CodeUnitCount && memcmp(p, name.utf8Start, count) == 0
            }
            switch count {
            case 1 where `is`("t"): self = .t
            case 2 where `is`("ev"): self = .ev
            case 7 where `is`("process"): self = .process
            case 8 where `is`("category"): self = .category
            case 8 where `is`("finished"): self = .finished
            case 9 where `is`("eventType"): self = .eventType
            case 9 where `is`("processID"): self = .processID
            case 9 where `is`("subsystem"): self = .subsystem
            case 9 where `is`("timestamp"): self = .timestamp
            case 10 where `is`("signpostID"): self = .signpostID
            case 12 where `is`("eventMessage"): self = .eventMessage
            case 12 where `is`("signpostName"): self = .signpostName
            case 12 where `is`("signpostType"): self = .signpostType
            case 16 where `is`("processImagePath"): self = .processImagePath
            default: self = .other
            }
        }
    }

    /// Records a kept key's value; the last occurrence of a duplicated key wins.
    private mutating func keep(_ key: Key, _ value: Value) {
        // `null` means absent, as in native records.
        let v: Value? = value.kind == .other && value.flag ? nil : value
        switch key {
        case .eventType: eventType = v; exportKeys.insert(.eventType)
        case .eventMessage: eventMessage = v; exportKeys.insert(.eventMessage)
        case .timestamp: timestamp = v
        case .finished: exportKeys.insert(.finished)
        case .processID: processID = v
        case .subsystem: subsystem = v
        case .category: category = v
        case .signpostName: signpostName = v; exportKeys.insert(.signpostName)
        case .signpostType: signpostType = v
        case .signpostID: signpostID = v
        case .processImagePath: processImagePath = v
        case .process: process = v
        case .t, .ev: hasNativeKey = true
        case .other: break
        }
    }

    // MARK: Values

    /// The UTF-8 bytes of the (already validated) string contents `p[start..<end]`, escapes decoded.
    ///
    /// A lone surrogate escape becomes U+FFFD.
    static func decode(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8] {
        // The record scanner's decoder takes the positions of the quotes around the contents.
        RecordScanner.decode(p, start - 1, end + 1)
    }

    /// The decoded bytes of a string value.
    static func bytes(of value: Value, in p: UnsafePointer<UInt8>) -> [UInt8] {
        value.flag ? decode(p, value.start, value.end) : Array(UnsafeBufferPointer(start: p + value.start, count: value.end - value.start))
    }

    /// The decoded text of a string value (`nil` for another kind).
    static func string(of value: Value?, in p: UnsafePointer<UInt8>) -> String? {
        guard let value, value.kind == .string else { return nil }
        return String(decoding: bytes(of: value, in: p), as: UTF8.self)
    }

    /// Whether a value is the string `text` (compared after decoding escapes).
    static func value(_ value: Value?, in p: UnsafePointer<UInt8>, is text: StaticString) -> Bool {
        guard let value, value.kind == .string else { return false }
        let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        if value.flag { return decode(p, value.start, value.end).elementsEqual(expected) }
        guard value.end - value.start == expected.count else { return false }
        return UnsafeBufferPointer(start: p + value.start, count: expected.count).elementsEqual(expected)
    }
}
