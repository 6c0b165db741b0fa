#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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
        /// Whether a string holds a backslash escape (or a number a fraction or exponent).
        var flag: Bool
    }

    /// A record that is not strict JSON, or not an object.
    struct SyntaxError: Error {
        /// What was expected, e.g. `expected ',' or '}' after a member`.
        var expected: String
        /// The byte index in the record where it was noticed.
        var offset: Int
    }

    var eventType: Value?
    var eventMessage: Value?
    var timestamp: Value?
    var processID: Value?
    var subsystem: Value?
    var category: Value?
    var signpostName: Value?
    var signpostType: Value?
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

    /// Parses the JSON object in `p[0..<n]` (surrounding whitespace allowed).
    ///
    /// - Parameters:
    ///   - stack: scratch space for nesting (true: object), kept between calls.
    /// - Throws: ``SyntaxError`` for anything RFC 8259 rejects, or a value that is not an object.
    /// - Complexity: O(n); nesting is tracked on `stack`, never on the call stack.
    static func parse(_ p: UnsafePointer<UInt8>, _ n: Int, stack: inout [Bool]) throws(SyntaxError) -> UnifiedLogEntry {
        var entry = UnifiedLogEntry()
        var i = skipWhitespace(p, 0, n)
        guard i < n, p[i] == 0x7B else {
            throw SyntaxError(expected: i < n ? "expected a JSON object ('{')" : "expected a value", offset: i)
        }
        i = skipWhitespace(p, i + 1, n)
        if i < n, p[i] == 0x7D {
            i += 1
        } else {
            while true {
                guard i < n, p[i] == 0x22 else { throw SyntaxError(expected: "expected a string key", offset: i) }
                var escaped = false
                let keyEnd = try scanString(p, i, n, escaped: &escaped)
                let key = Key(p, i + 1, keyEnd - 1, escaped: escaped)
                i = skipWhitespace(p, keyEnd, n)
                guard i < n, p[i] == 0x3A else { throw SyntaxError(expected: "expected ':' after a key", offset: i) }
                i = skipWhitespace(p, i + 1, n)
                let value = try scanValue(p, i, n, stack: &stack)
                entry.keep(key, value)
                i = skipWhitespace(p, value.kind == .string ? value.end + 1 : value.end, n)
                guard i < n else { throw SyntaxError(expected: "expected ',' or '}' after a member", offset: i) }
                if p[i] == 0x2C {
                    i = skipWhitespace(p, i + 1, n)
                    continue
                }
                guard p[i] == 0x7D else { throw SyntaxError(expected: "expected ',' or '}' after a member", offset: i) }
                i += 1
                break
            }
        }
        i = skipWhitespace(p, i, n)
        guard i == n else { throw SyntaxError(expected: "expected the end of the record after the object", offset: i) }
        return entry
    }

    /// The keys this parser keeps.
    private enum Key {
        case eventType, eventMessage, timestamp, processID, subsystem, category, signpostName, signpostType
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
            case 8 where `is`("category"): self = .category
            case 8 where `is`("finished"): self = .finished
            case 9 where `is`("eventType"): self = .eventType
            case 9 where `is`("processID"): self = .processID
            case 9 where `is`("subsystem"): self = .subsystem
            case 9 where `is`("timestamp"): self = .timestamp
            case 12 where `is`("eventMessage"): self = .eventMessage
            case 12 where `is`("signpostName"): self = .signpostName
            case 12 where `is`("signpostType"): self = .signpostType
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
        case .t, .ev: hasNativeKey = true
        case .other: break
        }
    }

    // MARK: Strict JSON

    @inline(__always)
    static func skipWhitespace(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        var i = i
        while i < n, p[i] == 0x20 || p[i] == 0x0A || p[i] == 0x0D || p[i] == 0x09 { i += 1 }
        return i
    }

    /// Scans the string whose opening quote is at `p[i]`; returns the index after its closing quote.
    static func scanString(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, escaped: inout Bool) throws(SyntaxError) -> Int {
        var j = i + 1
        while j < n {
            let c = p[j]
            if c == 0x22 { return j + 1 }
            if c == 0x5C {
                escaped = true
                guard j + 1 < n else { break }
                switch p[j + 1] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:
                    j += 2
                case 0x75:
                    guard j + 6 <= n, (2..<6).allSatisfy({ hexValue(p[j + $0]) >= 0 }) else {
                        throw SyntaxError(expected: "invalid '\\u' escape", offset: j)
                    }
                    j += 6
                default:
                    throw SyntaxError(expected: "invalid escape in a string", offset: j)
                }
            } else if c < 0x20 {
                throw SyntaxError(expected: "control character in a string", offset: j)
            } else if c >= 0x80 {
                let length = StrictUTF8.sequenceLength(p, j, n)
                guard length > 0 else { throw SyntaxError(expected: "invalid UTF-8 in a string", offset: j) }
                j += length
            } else {
                j += 1
            }
        }
        throw SyntaxError(expected: "unterminated string starting", offset: i)
    }

    /// The value of a hex digit, or -1.
    static func hexValue(_ c: UInt8) -> Int {
        switch c {
        case 0x30...0x39: return Int(c - 0x30)
        case 0x41...0x46: return Int(c - 0x41 + 10)
        case 0x61...0x66: return Int(c - 0x61 + 10)
        default: return -1
        }
    }

    /// Scans a number with the strict grammar `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func scanNumber(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, fractional: inout Bool) throws(SyntaxError) -> Int {
        func digit(_ k: Int) -> Bool { k < n && p[k] &- 0x30 < 10 }
        var j = i
        if p[j] == 0x2D { j += 1 }
        guard digit(j) else { throw SyntaxError(expected: "expected a digit", offset: j) }
        if p[j] == 0x30 { j += 1 } else { while digit(j) { j += 1 } }
        if j < n, p[j] == 0x2E {
            fractional = true
            j += 1
            guard digit(j) else { throw SyntaxError(expected: "expected a digit after '.'", offset: j) }
            while digit(j) { j += 1 }
        }
        if j < n, p[j] | 0x20 == 0x65 {
            fractional = true
            j += 1
            if j < n, p[j] == 0x2B || p[j] == 0x2D { j += 1 }
            guard digit(j) else { throw SyntaxError(expected: "expected a digit in the exponent", offset: j) }
            while digit(j) { j += 1 }
        }
        return j
    }

    /// Scans one value at `p[i]`; containers are walked iteratively with `stack`.
    ///
    /// A `null` is returned as kind `.other` with `flag` set.
    static func scanValue(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, stack: inout [Bool]) throws(SyntaxError) -> Value {
        guard i < n else { throw SyntaxError(expected: "expected a value", offset: i) }
        var flag = false
        switch p[i] {
        case 0x22:
            let end = try scanString(p, i, n, escaped: &flag)
            return Value(kind: .string, start: i + 1, end: end - 1, flag: flag)
        case 0x2D, 0x30...0x39:
            let end = try scanNumber(p, i, n, fractional: &flag)
            return Value(kind: .number, start: i, end: end, flag: flag)
        case 0x5B, 0x7B:
            let end = try skipContainer(p, i, n, stack: &stack)
            return Value(kind: .other, start: i, end: end, flag: false)
        default:
            let end = try scanLiteral(p, i, n)
            return Value(kind: .other, start: i, end: end, flag: p[i] == 0x6E)
        }
    }

    /// Scans `true`, `false` or `null`.
    private static func scanLiteral(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) throws(SyntaxError) -> Int {
        for word: StaticString in ["true", "false", "null"] {
            let count = word.utf8CodeUnitCount
            if i + count <= n, memcmp(p + i, word.utf8Start, count) == 0 { return i + count }
        }
        throw SyntaxError(expected: "expected a value", offset: i)
    }

    /// Skips the array or object that opens at `p[i]`, validating everything inside.
    private static func skipContainer(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, stack: inout [Bool]) throws(SyntaxError) -> Int {
        stack.removeAll(keepingCapacity: true)
        var j = i
        var ignored = false
        valueExpected: while true {
            guard j < n else { throw SyntaxError(expected: "expected a value", offset: j) }
            let c = p[j]
            if c == 0x5B || c == 0x7B {
                let object = c == 0x7B
                stack.append(object)
                j = skipWhitespace(p, j + 1, n)
                if j < n, p[j] == (object ? 0x7D : 0x5D) {
                    stack.removeLast()
                    j += 1
                } else {
                    if object { j = try scanKey(p, j, n) }
                    continue valueExpected
                }
            } else if c == 0x22 {
                j = try scanString(p, j, n, escaped: &ignored)
            } else if c == 0x2D || c &- 0x30 < 10 {
                j = try scanNumber(p, j, n, fractional: &ignored)
            } else {
                j = try scanLiteral(p, j, n)
            }
            while let object = stack.last {
                j = skipWhitespace(p, j, n)
                let expected = object ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array"
                guard j < n else { throw SyntaxError(expected: expected, offset: j) }
                if p[j] == 0x2C {
                    j = skipWhitespace(p, j + 1, n)
                    if object { j = try scanKey(p, j, n) }
                    continue valueExpected
                }
                guard p[j] == (object ? 0x7D : 0x5D) else { throw SyntaxError(expected: expected, offset: j) }
                stack.removeLast()
                j += 1
            }
            return j
        }
    }

    /// Scans `"key" :` and the whitespace after it; returns the start of the value.
    private static func scanKey(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) throws(SyntaxError) -> Int {
        guard i < n, p[i] == 0x22 else { throw SyntaxError(expected: "expected a string key", offset: i) }
        var ignored = false
        var j = skipWhitespace(p, try scanString(p, i, n, escaped: &ignored), n)
        guard j < n, p[j] == 0x3A else { throw SyntaxError(expected: "expected ':' after a key", offset: j) }
        j = skipWhitespace(p, j + 1, n)
        return j
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
