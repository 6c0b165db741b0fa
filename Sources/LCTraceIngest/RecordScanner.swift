import LCTracePlatform
import LCTraceCore

/// Turns one NDJSON line into a ``Record``: strict RFC 8259 validation of the
/// whole line and extraction of the known top-level keys, in one pass over the bytes.
///
/// This is the ingest hot path. It works on raw bytes, allocates nothing for
/// a record whose strings have been seen before, and never recurses (nested
/// values of ignored keys are skipped with a heap bit stack, at any depth).
///
/// Decisions the format leaves open:
/// - Duplicate keys: the last occurrence wins, as in most JSON parsers.
/// - Keys are matched after unescaping, so `"\u0074"` is `t`.
/// - `null` for any optional key means the key is absent; `t` and `ev` may not be `null`.
/// - Lone surrogate escapes (`"\uD800"`) are valid JSON; in kept values they become U+FFFD.
/// - Keys other than `t`, `ev`, `pid`, `scene`, `task`, `phase`, `reason`, `name`, `kind`
///   (and, in `meta` records, `os`, `app`, `model`, `modes`, `refresh`) are
///   validated and ignored, whatever their type.
public struct RecordScanner: Sendable {
    /// The result of scanning one line.
    public enum Outcome: Sendable {
        /// A valid record (any event but `meta`).
        case record(Record)
        /// A valid `meta` record and its session context.
        case meta(Record, SessionMeta)
        /// Not a valid record; the message says what was expected and where.
        case malformed(String)
    }

    /// The strings behind the symbols of the records scanned so far.
    public private(set) var symbols = SymbolTable()

    private var interner = SymbolInterner()
    private var stack = ContainerStack()
    /// The spans of the line being scanned: kept here rather than in a local so that
    /// `interpret` reads them in place (a local was taken apart into registers and put back
    /// together for the call: about 110 instructions per record).
    private var fields = Fields()
    /// The session context of the last `meta` record scanned.
    private(set) var meta = SessionMeta()
    private let events = EventTable.shared
    private var eventCache = EventCache()
    /// A blank record, copied and filled per line: cheaper than calling
    /// `Record.init` (another module's initialiser with defaulted arguments) every time.
    private let blank = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
    /// The date of the last RFC 3339 `t` the common shape read, and its day number.
    private var commonDay: Timestamp.CommonDay = (0, 0, 0)
    /// Skips the common shape's path (tests and the fuzz target compare the two paths).
    var generalPathOnly = false

    /// Creates a scanner with an empty symbol table.
    public init() {}

    /// Scans one line (without its line end).
    ///
    /// - Parameters:
    ///   - line: The bytes of the line.
    ///   - lineNumber: The 1-based line number the record carries.
    /// - Returns: The record, or why the line is malformed.
    /// - Complexity: O(n) in the line length; no allocation for known strings.
    public mutating func scan(_ line: UnsafeRawBufferPointer, lineNumber: Int) -> Outcome {
        guard let base = line.baseAddress, line.count > 0 else {
            return .malformed("expected a JSON object at column 1")
        }
        // Spans keep 32-bit indexes; the reader's lines are at most 1 MiB.
        guard line.count < Int(Int32.max) else {
            return .malformed("line longer than \(Int32.max) bytes")
        }
        do throws(ScanFailure) {
            var record = blank
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            if generalPathOnly || !scanCommonShape(bytes, line.count, lineNumber, into: &record) {
                try scanRecord(bytes, line.count, lineNumber, into: &record)
            }
            return record.event == .meta ? .meta(record, meta) : .record(record)
        } catch {
            return .malformed(error.message)
        }
    }

    /// Scans one line into `record` (the reader's hot path: no enum with payloads to build
    /// and destroy per line). A `meta` record's context is left in ``meta``.
    ///
    /// - Returns: `nil` when the line is a record, else why it is malformed.
    @inline(__always)
    mutating func scan(_ line: UnsafeRawBufferPointer, lineNumber: Int, into record: inout Record) -> ScanFailure? {
        guard let base = line.baseAddress, line.count > 0, line.count < Int(Int32.max) else {
            if case .malformed(let message) = scan(line, lineNumber: lineNumber) { return ScanFailure(message) }
            return ScanFailure("expected a JSON object at column 1")
        }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        if !generalPathOnly, scanCommonShape(bytes, line.count, lineNumber, into: &record) { return nil }
        do throws(ScanFailure) {
            try scanRecord(bytes, line.count, lineNumber, into: &record)
            return nil
        } catch {
            return Self.namingBadByte(error, base.assumingMemoryBound(to: UInt8.self), line.count)
        }
    }

    /// A failure at a byte that is not UTF-8 text (outside a string, where the lexer only saw a
    /// byte it did not expect) says so: `…, found byte 0xFF, which is not UTF-8 text`.
    @inline(never)
    private static func namingBadByte(_ failure: ScanFailure, _ p: UnsafePointer<UInt8>, _ n: Int) -> ScanFailure {
        guard let at = failure.offset, at < n, p[at] >= 0x80, StrictUTF8.sequenceLength(p, at, n) == 0,
            !failure.expected.contains("UTF-8")
        else { return failure }
        let hex = String(p[at], radix: 16, uppercase: true)
        var named = failure
        named.message += ", found byte 0x" + (hex.count < 2 ? "0" : "") + hex + ", which is not UTF-8 text"
        return named
    }

    /// Scans one line given as a string (tests, tools).
    ///
    /// - Parameters:
    ///   - line: The text of the line.
    ///   - lineNumber: The 1-based line number the record carries.
    /// - Returns: The record, or why the line is malformed.
    public mutating func scan(_ line: String, lineNumber: Int = 1) -> Outcome {
        var text = line
        return text.withUTF8 { scan(UnsafeRawBufferPointer($0), lineNumber: lineNumber) }
    }

    // MARK: - Keys

    /// The keys the scanner keeps.
    private enum Key {
        case t, ev, pid, scene, task, phase, reason, name, kind, os, app, model, modes, refresh, version
    }

    /// The spans of the kept keys of one record (the last occurrence of each).
    private struct Fields {
        var t = JSONLexer.Span.absent, ev = JSONLexer.Span.absent, pid = JSONLexer.Span.absent
        var scene = JSONLexer.Span.absent, task = JSONLexer.Span.absent, phase = JSONLexer.Span.absent
        var reason = JSONLexer.Span.absent, name = JSONLexer.Span.absent, kind = JSONLexer.Span.absent
        var os = JSONLexer.Span.absent, app = JSONLexer.Span.absent, model = JSONLexer.Span.absent
        var modes = JSONLexer.Span.absent, refresh = JSONLexer.Span.absent, version = JSONLexer.Span.absent
    }

    @inline(__always)
    private static func equals(_ p: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        memcmp(p, literal.utf8Start, literal.utf8CodeUnitCount) == 0
    }

    /// Which kept key `count` bytes at `p` name, if any.
    ///
    /// Every kept key is at most 7 bytes: the bytes (little-endian) plus the
    /// length in the top byte make one word, compared against constants.
    @inline(__always)
    private static func key(_ p: UnsafePointer<UInt8>, _ count: Int) -> Key? {
        guard count > 0, count < 8 else { return nil }
        var word: UInt64 = 0
        for k in 0..<count { word |= UInt64(p[k]) << UInt64(8 * k) }
        return key(word: word, count)
    }

    /// Which kept key a key of `count` bytes names, given its first 8 bytes as
    /// a little-endian word (bytes past the key are masked off).
    @inline(__always)
    private static func key(word bytes: UInt64, _ count: Int) -> Key? {
        guard count > 0, count < 8 else { return nil }
        let word = bytes & ((1 << UInt64(8 * count)) - 1) | UInt64(count) << 56
        switch word {
        case 0x0100_0000_0000_0074: return .t  // "t"
        case 0x0200_0000_0000_7665: return .ev  // "ev"
        case 0x0300_0000_0064_6970: return .pid  // "pid"
        case 0x0500_0065_6E65_6373: return .scene  // "scene"
        case 0x0400_0000_6B73_6174: return .task  // "task"
        case 0x0500_0065_7361_6870: return .phase  // "phase"
        case 0x0600_6E6F_7361_6572: return .reason  // "reason"
        case 0x0400_0000_656D_616E: return .name  // "name"
        case 0x0400_0000_646E_696B: return .kind  // "kind"
        case 0x0200_0000_0000_736F: return .os  // "os"
        case 0x0300_0000_0070_7061: return .app  // "app"
        case 0x0500_006C_6564_6F6D: return .model  // "model"
        case 0x0500_0073_6564_6F6D: return .modes  // "modes"
        case 0x0768_7365_7266_6572: return .refresh  // "refresh"
        case 0x076E_6F69_7372_6576: return .version  // "version"
        default: return nil
        }
    }

    // MARK: - Scanning

    /// `"t":` as a little-endian word.
    private static let tKey: UInt32 = 0x3A22_7422
    /// `,"ev":"` as the low 7 bytes of a little-endian word.
    private static let evKey: UInt64 = 0x0022_3A22_7665_222C
    /// `,"pid":` as the low 7 bytes of a little-endian word.
    private static let pidKey: UInt64 = 0x003A_2264_6970_222C
    /// `,"scene"`, `,"phase"`, `,"task":` and `,"reason` as little-endian words.
    private static let sceneKey: UInt64 = 0x2265_6E65_6373_222C
    private static let phaseKey: UInt64 = 0x2265_7361_6870_222C
    private static let taskKey: UInt64 = 0x3A22_6B73_6174_222C
    private static let reasonKey: UInt64 = 0x6E6F_7361_6572_222C

    /// The member writers put after `pid` (`scene`, `phase`, `task` or `reason`, written
    /// without whitespace), scanned without the key machinery: the same lexer functions and
    /// errors as the general loop, which resumes after it. Anything else is left to that loop
    /// (`i` unchanged).
    @inline(__always)
    private mutating func scanUsualMember(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int) throws(ScanFailure) {
        guard i + 12 < n else { return }
        let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian
        let start: Int
        let key: Key
        if word == Self.sceneKey || word == Self.phaseKey {
            guard p[i + 8] == 0x3A, p[i + 9] == 0x22 else { return }
            start = i + 9
            key = word == Self.sceneKey ? .scene : .phase
        } else if word == Self.taskKey {
            start = i + 8
            key = .task
        } else if word == Self.reasonKey {
            guard p[i + 8] == 0x22, p[i + 9] == 0x3A, p[i + 10] == 0x22 else { return }
            start = i + 10
            key = .reason
        } else {
            return
        }
        let span: JSONLexer.Span
        if p[start] == 0x22 {
            var escaped = false
            var end = JSONLexer.plainStringEnd(p, start, n)
            if end < 0 { end = try JSONLexer.scanString(p, start, n, escaped: &escaped) }
            span = JSONLexer.Span(kind: .string, start: start, end: end, flag: escaped)
        } else if key == .task, p[start] &- 0x30 < 10 {
            var fractional = false
            let end = try JSONLexer.scanNumber(p, start, n, fractional: &fractional)
            span = JSONLexer.Span(kind: .number, start: start, end: end, flag: fractional)
        } else {
            return
        }
        switch key {
        case .scene: fields.scene = span
        case .phase: fields.phase = span
        case .task: fields.task = span
        default: fields.reason = span
        }
        i = span.end
    }

    /// Scans a line into `record` by the general path (written in place, without a copy through
    /// return values; on a failure its fields are unspecified). Both entries try
    /// `scanCommonShape` first.
    private mutating func scanRecord(
        _ p: UnsafePointer<UInt8>, _ n: Int, _ lineNumber: Int, into record: inout Record
    ) throws(ScanFailure) {
        var i = JSONLexer.skipWhitespace(p, 0, n)
        guard i < n, p[i] == 0x7B else { throw ScanFailure("expected a JSON object", at: i) }
        fields = Fields()
        // The value of a numeric `t`, when scanning already computed it.
        var epochNanoseconds: Int64? = nil
        i = JSONLexer.skipWhitespace(p, i + 1, n)
        // Most writers start every record the same way: `"t":<number>,"ev":"<name>"`, often
        // then `,"pid":<digits>`. Those members are scanned here without the key
        // machinery (same functions, same errors); anything else, and every member after
        // them, goes through the general loop, which resumes after the last value read.
        var afterValue = false
        if i + 5 < n, UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self).littleEndian == Self.tKey, p[i + 4] &- 0x30 < 10 {
            var fractional = true
            let end: Int
            if let tenDigit = Timestamp.scanTenDigitEpoch(p, i + 4, n, nanoseconds: &epochNanoseconds) {
                end = tenDigit
            } else {
                fractional = false
                end = try Timestamp.scanEpochSeconds(p, i + 4, n, nanoseconds: &epochNanoseconds, fractional: &fractional)
            }
            fields.t = JSONLexer.Span(kind: .number, start: i + 4, end: end, flag: fractional)
            i = end
            afterValue = true
            if i + 8 < n, UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian & 0x00FF_FFFF_FFFF_FFFF == Self.evKey {
                let start = i + 6
                var escaped = false
                var stringEnd = JSONLexer.plainStringEnd(p, start, n)
                if stringEnd < 0 { stringEnd = try JSONLexer.scanString(p, start, n, escaped: &escaped) }
                fields.ev = JSONLexer.Span(kind: .string, start: start, end: stringEnd, flag: escaped)
                i = stringEnd
                if i + 8 < n, UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian & 0x00FF_FFFF_FFFF_FFFF == Self.pidKey,
                    p[i + 7] &- 0x30 < 10
                {
                    var pidFraction = false
                    let pidEnd = try JSONLexer.scanNumber(p, i + 7, n, fractional: &pidFraction)
                    fields.pid = JSONLexer.Span(kind: .number, start: i + 7, end: pidEnd, flag: pidFraction)
                    i = pidEnd
                    try scanUsualMember(p, &i, n)
                }
            }
        }
        // The members after those: the lexer's member loop, values scanned here.
        var first = !afterValue
        while let keySpan = try JSONLexer.nextMember(p, &i, n, first: first) {
            first = false
            let v = i
            let keyStart = keySpan.start
            let keyEnd = keySpan.end
            let key: Key?
            if keySpan.flag {
                let decoded = Self.decode(p, keyStart, keyEnd)
                key = decoded.withUnsafeBufferPointer { Self.key($0.baseAddress!, $0.count) }
            } else if keyStart + 9 <= n {
                key = Self.key(word: UnsafeRawPointer(p + keyStart + 1).loadUnaligned(as: UInt64.self).littleEndian, keyEnd - keyStart - 2)
            } else {
                key = Self.key(p + keyStart + 1, keyEnd - keyStart - 2)
            }
            // A repeated `t` replaces the value computed for an earlier one.
            if key == .t { epochNanoseconds = nil }
            // Strings and numbers are nearly every value: scan them here, inline.
            let span: JSONLexer.Span
            if v < n, p[v] == 0x22 {
                var escaped = false
                var end = JSONLexer.plainStringEnd(p, v, n)
                if end < 0 { end = try JSONLexer.scanString(p, v, n, escaped: &escaped) }
                span = JSONLexer.Span(kind: .string, start: v, end: end, flag: escaped)
            } else if v < n, p[v] &- 0x30 < 10 {
                var fractional = false
                let end: Int
                if key == .t {
                    end = try Timestamp.scanEpochSeconds(p, v, n, nanoseconds: &epochNanoseconds, fractional: &fractional)
                } else {
                    end = try JSONLexer.scanNumber(p, v, n, fractional: &fractional)
                }
                span = JSONLexer.Span(kind: .number, start: v, end: end, flag: fractional)
            } else {
                span = try JSONLexer.scanValue(p, v, n, stack: &stack)
            }
            if let key {
                switch key {
                case .t: fields.t = span
                case .ev: fields.ev = span
                case .pid: fields.pid = span
                case .scene: fields.scene = span
                case .task: fields.task = span
                case .phase: fields.phase = span
                case .reason: fields.reason = span
                case .name: fields.name = span
                case .kind: fields.kind = span
                case .os: fields.os = span
                case .app: fields.app = span
                case .model: fields.model = span
                case .modes: fields.modes = span
                case .refresh: fields.refresh = span
                case .version: fields.version = span
                }
            }
            i = span.end
        }
        i = JSONLexer.skipWhitespace(p, i, n)
        guard i == n else { throw ScanFailure(Self.textAfterTheObject, at: i) }
        try interpret(p, lineNumber, epochNanoseconds: epochNanoseconds, into: &record)
    }

    /// The failure of a line that holds a whole object and more after it.
    package static let textAfterTheObject = "expected the end of the line after the object"

    // MARK: - The common shape

    /// `,"name":` and `,"kind":` as little-endian words.
    private static let nameKey: UInt64 = 0x3A22_656D_616E_222C
    private static let kindKey: UInt64 = 0x3A22_646E_696B_222C
    /// `,"os":"` (seven bytes), `,"app":"` and `,"model"` as little-endian words.
    private static let osKey: UInt64 = 0x0022_3A22_736F_222C
    private static let appKey: UInt64 = 0x223A_2270_7061_222C
    private static let modelKey: UInt64 = 0x226C_6564_6F6D_222C

    /// The line writers emit, read in one pass without the member loop or the spans of
    /// ``interpret(_:_:epochNanoseconds:into:)``: `{"t":<time>,"ev":"<name>"`, optionally
    /// `,"pid":<digits>`, then any of `scene`, `task`, `phase`, `reason`, `name`, `kind` (and the
    /// strings `os`, `app`, `model` of `meta` records), each at most once, and members the
    /// scanner does not keep (``skipIgnoredMember(_:_:_:)``), in any order, and `}` ending the
    /// line. No whitespace, no escapes, only ASCII in keys and kept strings; `t` a ten-digit epoch
    /// time with a fraction or an RFC 3339 string in the usual form
    /// (``Timestamp/scanCommonRFC3339(_:_:_:day:nanoseconds:)``); integers of 1–18 digits
    /// without a leading zero.
    ///
    /// Returns `false` on any surprise, having interned nothing: the general path then scans
    /// the line from its start, so messages, strictness and the order of symbols are its own.
    /// Where this path returns `true`, the general path gives the same record: every check
    /// that can fail is made before the first string is interned, and strings are interned in
    /// ``interpret(_:_:epochNanoseconds:into:)``'s order.
    @inline(never)
    private mutating func scanCommonShape(
        _ p: UnsafePointer<UInt8>, _ n: Int, _ lineNumber: Int, into record: inout Record
    ) -> Bool {
        guard n >= 24, p[0] == 0x7B, UnsafeRawPointer(p + 1).loadUnaligned(as: UInt32.self).littleEndian == Self.tKey
        else { return false }
        var nanoseconds: Int64 = 0
        var i: Int
        if p[5] == 0x22 {
            guard let end = Timestamp.scanCommonRFC3339(p, 6, n, day: &commonDay, nanoseconds: &nanoseconds) else {
                return false
            }
            i = end
        } else {
            var epoch: Int64? = nil
            if let millis = Timestamp.scanCommonEpochMilliseconds(p, 5, n) {
                nanoseconds = millis
                i = 19
            } else {
                guard let end = Timestamp.scanTenDigitEpoch(p, 5, n, nanoseconds: &epoch), let epoch else { return false }
                nanoseconds = epoch
                i = end
            }
        }
        guard i + 8 < n, UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian & 0x00FF_FFFF_FFFF_FFFF == Self.evKey
        else { return false }
        let evStart = i + 6
        i = JSONLexer.plainStringEnd(p, evStart, n)
        guard i > 0 else { return false }
        let evEnd = i
        var pid: Int64? = nil
        if i + 8 < n, UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian & 0x00FF_FFFF_FFFF_FFFF == Self.pidKey {
            guard let (value, end) = Self.commonInteger(p, i + 7, n) else { return false }
            pid = value
            i = end
        }
        // Each member's value: its start (the opening quote, or the first digit) in the high
        // half and its end in the low half; 0 when absent. One word each: fewer stores to clear.
        var scene: UInt64 = 0, task: UInt64 = 0, phase: UInt64 = 0, reason: UInt64 = 0, name: UInt64 = 0, kind: UInt64 = 0
        // A `meta` record's context (ignored in other records, as the general path does).
        var os: UInt64 = 0, app: UInt64 = 0, model: UInt64 = 0
        var taskNumber: Int64? = nil
        guard i < n else { return false }
        while p[i] != 0x7D {
            guard p[i] == 0x2C else { return false }
            // The start of a kept member's value; -1: a member this path skips.
            var start = -1
            var key: UInt64 = 0
            if i + 10 <= n {
                let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian
                key = word
                switch word {
                case Self.sceneKey, Self.phaseKey, Self.modelKey:
                    if p[i + 8] == 0x3A, p[i + 9] == 0x22 { start = i + 9 }
                case Self.reasonKey:
                    if i + 11 <= n, p[i + 8] == 0x22, p[i + 9] == 0x3A, p[i + 10] == 0x22 { start = i + 10 }
                case Self.taskKey, Self.nameKey, Self.kindKey:
                    start = i + 8
                case Self.appKey:
                    start = i + 7
                default:
                    if word & 0x00FF_FFFF_FFFF_FFFF == Self.osKey {
                        key = Self.osKey
                        start = i + 6
                    }
                }
            }
            guard start >= 0 else {
                // A key the scanner does not keep (`seq`, `th`, a logger's own fields, `reasons`), or
                // a kept one in a form left to the general path (which this call declines).
                guard let after = skipIgnoredMember(p, i, n), after < n else { return false }
                i = after
                continue
            }
            let end: Int
            if p[start] == 0x22 {
                end = JSONLexer.plainStringEnd(p, start, n)
                guard end > 0 else { return false }
            } else if key == Self.taskKey, let (value, valueEnd) = Self.commonInteger(p, start, n) {
                taskNumber = value
                end = valueEnd
            } else {
                return false
            }
            let span = UInt64(truncatingIfNeeded: start) << 32 | UInt64(truncatingIfNeeded: end)
            switch key {
            case Self.sceneKey where scene == 0: scene = span
            case Self.phaseKey where phase == 0: phase = span
            case Self.reasonKey where reason == 0: reason = span
            case Self.taskKey where task == 0: task = span
            case Self.nameKey where name == 0: name = span
            case Self.kindKey where kind == 0: kind = span
            case Self.osKey where os == 0: os = span
            case Self.appKey where app == 0: app = span
            case Self.modelKey where model == 0: model = span
            default: return false  // a repeated key
            }
            i = end
            guard i < n else { return false }
        }
        guard i + 1 == n else { return false }

        // Every check that can fail, before anything is interned.
        let known = eventCache.lookup(p + evStart + 1, evEnd - evStart - 2, table: events)
        let event = known ?? .unknown
        if task == 0, event.category == .backgroundTask || event.category == .scheduledTask { return false }
        var recordPhase = Phase.instant
        if phase != 0 {
            guard let parsed = Self.commonPhase(p, Int(phase >> 32), Int(phase & 0xFFFF_FFFF)) else { return false }
            recordPhase = parsed
        }

        record = blank
        record.line = lineNumber
        record.time = Timestamp(nanoseconds: nanoseconds)
        record.event = event
        if known == nil { record.unknownName = interner.intern(p + evStart + 1, evEnd - evStart - 2, into: &symbols) }
        record.pid = pid
        if scene != 0 { record.scene = internMember(scene, p) }
        if let taskNumber {
            record.task = .number(taskNumber)
        } else if task != 0 {
            record.task = .name(internMember(task, p))
        }
        record.phase = recordPhase
        if reason != 0 {
            let symbol = internMember(reason, p)
            record.reason = symbol
            record.reasonCode = reasonCode(of: symbol, entry: interner.lastEntry)
        }
        if name != 0 { record.name = internMember(name, p) }
        if kind != 0, event == .bgschedStart || event == .bgschedSubmit {
            let (start, count) = Self.text(kind, p)
            let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
            record.kind = ScheduledTaskKind(text: text)
        }
        if event == .meta {
            meta = SessionMeta(os: Self.string(os, p), app: Self.string(app, p), model: Self.string(model, p))
        }
        return true
    }

    /// A member the scanner does not keep, `,"<key>":<value>` with its comma at `p[i]`, in the
    /// common shape: the index after its value, or `nil` for any surprise (the general path
    /// then judges the line from its start, so every message and column is its own).
    ///
    /// The key must be plain ASCII (no escapes) and none of the kept keys (those go to the
    /// general path, whatever their form: a `t` or `modes` here is not the common shape), with
    /// `:` right after it. The value may be of any type and is validated by the lexer
    /// functions the general member loop calls (strings with escapes and UTF-8, numbers,
    /// `true`/`false`/`null`, arrays and objects at any depth), so a line this accepts is one
    /// the general loop accepts with the same record: it ignores such a member, and a repeated
    /// ignored key is as harmless there as here.
    @inline(__always)
    private mutating func skipIgnoredMember(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int? {
        let keyStart = i + 1
        guard keyStart < n, p[keyStart] == 0x22 else { return nil }
        let keyEnd = JSONLexer.plainStringEnd(p, keyStart, n)
        guard keyEnd > 0, keyEnd < n, p[keyEnd] == 0x3A else { return nil }
        let count = keyEnd - keyStart - 2
        // Every kept key is shorter than 8 bytes: one word when the line has 8 bytes after the
        // key's opening quote, else byte by byte (a short member at the end of the line).
        if count < 8 {
            let kept =
                keyStart + 9 <= n
                ? Self.key(word: UnsafeRawPointer(p + keyStart + 1).loadUnaligned(as: UInt64.self).littleEndian, count)
                : Self.key(p + keyStart + 1, count)
            guard kept == nil else { return nil }
        }
        let value = keyEnd + 1
        guard value < n else { return nil }
        if p[value] == 0x22 {
            let end = JSONLexer.plainStringEnd(p, value, n)
            if end > 0 { return end }
        } else if p[value] &- 0x30 < 10 {
            var fractional = false
            do throws(ScanFailure) {
                return try JSONLexer.scanNumber(p, value, n, fractional: &fractional)
            } catch {
                return nil
            }
        }
        return skipIgnoredValue(p, value, n)
    }

    /// An ignored member's value that is not a plain string or a non-negative number (escapes,
    /// UTF-8, a negative number, a literal, an array or an object): the general loop's
    /// ``JSONLexer/scanValue(_:_:_:stack:)``, out of line; `nil` where it would fail.
    @inline(never)
    private mutating func skipIgnoredValue(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int? {
        do throws(ScanFailure) {
            return try JSONLexer.scanValue(p, i, n, stack: &stack).end
        } catch {
            return nil
        }
    }

    /// The string of a member of ``scanCommonShape(_:_:_:into:)``, `nil` when absent.
    @inline(never)
    private static func string(_ span: UInt64, _ p: UnsafePointer<UInt8>) -> String? {
        guard span != 0 else { return nil }
        let (start, count) = text(span, p)
        return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    }

    /// The text of a string member of ``scanCommonShape(_:_:_:into:)`` (its span packed in one
    /// word): where it starts, after the opening quote, and its length.
    @inline(__always)
    private static func text(_ span: UInt64, _ p: UnsafePointer<UInt8>) -> (UnsafePointer<UInt8>, Int) {
        let start = Int(span >> 32)
        return (p + start + 1, Int(span & 0xFFFF_FFFF) - start - 2)
    }

    /// The symbol of a string member of ``scanCommonShape(_:_:_:into:)``.
    @inline(__always)
    private mutating func internMember(_ span: UInt64, _ p: UnsafePointer<UInt8>) -> Symbol {
        let (start, count) = Self.text(span, p)
        return interner.intern(start, count, into: &symbols)
    }

    /// Whether the common shape's path takes `line` (it fills a scratch record; the comparison
    /// of the two paths checks with it that the fast one ran).
    mutating func takesCommonShape(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let base = line.baseAddress, line.count > 0 else { return false }
        var record = blank
        return scanCommonShape(base.assumingMemoryBound(to: UInt8.self), line.count, 1, into: &record)
    }

    /// A non-negative integer of 1–18 digits without a leading zero at `p[i]`, followed by
    /// `,` or `}`, and the index after it; `nil` for anything else.
    ///
    /// Up to seven digits (every pid) are checked and converted from one eight-byte load (near
    /// the end of the line, the line's last eight bytes shifted down: zeros fill the top).
    @inline(__always)
    private static func commonInteger(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (Int64, Int)? {
        guard i < n, n >= 8 else { return nil }
        let word =
            i + 8 <= n
            ? UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian
            : UnsafeRawPointer(p + n - 8).loadUnaligned(as: UInt64.self).littleEndian &>> UInt64(8 &* (i &+ 8 &- n))
        // Zero bytes for digits (high nibble 3, and adding 6 keeps it 3); the lowest non-zero
        // byte is the first non-digit (a carry only moves up from a non-digit).
        let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        let x = ((word & nibbles) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & nibbles) ^ threes)
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let nonDigits = (((x & lows) &+ lows) | x) & 0x8080_8080_8080_8080
        let count = nonDigits.trailingZeroBitCount >> 3
        guard count < 8 else { return commonLongInteger(p, i, n) }
        guard count > 0, count == 1 || word & 0xFF != 0x30 else { return nil }
        let after = UInt8(truncatingIfNeeded: word &>> UInt64(8 &* count))
        guard after == 0x2C || after == 0x7D else { return nil }
        // The digits in the top bytes, zeros below: eight digits to a number, as in simdjson.
        var v = (word &- threes) &<< UInt64(64 &- 8 &* count)
        v = ((v & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        return (Int64(truncatingIfNeeded: v), i + count)
    }

    /// ``commonInteger(_:_:_:)`` of eight digits or more (out of line: no pid is that long).
    @inline(never)
    private static func commonLongInteger(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (Int64, Int)? {
        guard p[i] != 0x30 else { return nil }
        var value: Int64 = 0
        var j = i
        while j < n, j - i < 18 {
            let d = p[j] &- 0x30
            guard d < 10 else { break }
            value = value &* 10 &+ Int64(d)
            j += 1
        }
        guard j < n, p[j] == 0x2C || p[j] == 0x7D else { return nil }
        return (value, j)
    }

    /// `begin` or `end` between the quotes at `start` and `end - 1`, else `nil`.
    @inline(__always)
    private static func commonPhase(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Phase? {
        switch end - start - 2 {
        case 5 where equals(p + start + 1, "begin"): return .begin
        case 3 where equals(p + start + 1, "end"): return .end
        default: return nil
        }
    }

    /// Turns the spans of a syntactically valid line into a record (types checked here,
    /// after the whole line, because keys come in any order).
    @inline(__always)
    private mutating func interpret(
        _ p: UnsafePointer<UInt8>, _ lineNumber: Int, epochNanoseconds: Int64?,
        into record: inout Record
    ) throws(ScanFailure) {
        let t = fields.t
        let ev = fields.ev
        guard t.kind != .absent else { throw ScanFailure("missing key 't'") }
        guard ev.kind != .absent else { throw ScanFailure("missing key 'ev'") }

        let time: Timestamp
        switch t.kind {
        case .number:
            if let epochNanoseconds {
                time = Timestamp(nanoseconds: epochNanoseconds)
            } else {
                time = try Timestamp.parseEpochSeconds(p, t.start, t.end)
            }
        case .string:
            if t.flag {
                let decoded = Self.decode(p, t.start, t.end)
                time = try decoded.withUnsafeBufferPointer { (buffer) throws(ScanFailure) -> Timestamp in
                    try Timestamp.parseRFC3339(buffer.baseAddress!, 0, buffer.count)
                }
            } else {
                time = try Timestamp.parseRFC3339(p, t.start + 1, t.end - 1)
            }
        default:
            throw ScanFailure("'t' must be a number or an RFC 3339 string, found \(t.kind.article)")
        }

        guard ev.kind == .string else { throw ScanFailure("'ev' must be a string, found \(ev.kind.article)") }
        var event = LifecycleEvent.unknown
        var unknownName = Symbol.none
        if ev.flag {
            let decoded = Self.decode(p, ev.start, ev.end)
            decoded.withUnsafeBufferPointer { buffer in
                let base = buffer.baseAddress!
                if let known = events.lookup(base, buffer.count) {
                    event = known
                } else {
                    unknownName = interner.intern(base, buffer.count, into: &symbols)
                }
            }
        } else if let known = eventCache.lookup(p + ev.start + 1, ev.end - ev.start - 2, table: events) {
            event = known
        } else {
            unknownName = interner.intern(p + ev.start + 1, ev.end - ev.start - 2, into: &symbols)
        }

        record = blank
        record.line = lineNumber
        record.time = time
        record.event = event
        record.unknownName = unknownName

        if fields.pid.holdsValue {
            let s = fields.pid
            if let small = Self.smallInteger(p, s) {
                record.pid = small
            } else {
                record.pid = try Self.integer(p, s, key: "pid", expected: "an integer")
            }
        }
        if fields.scene.holdsValue {
            let s = fields.scene
            record.scene = try symbol(p, s, key: "scene")
        }
        if fields.task.holdsValue {
            let s = fields.task
            if s.kind == .string {
                record.task = .name(try symbol(p, s, key: "task"))
            } else {
                record.task = .number(try Self.integer(p, s, key: "task", expected: "an integer or a string"))
            }
        } else if event == .bgschedRegister || event == .bgschedSubmit {
            // The identifier is what is registered or submitted (LC307–LC309).
            throw ScanFailure("'\(event.canonicalName)' without a task id ('task'): expected the identifier it registers or submits")
        } else if event.category == .backgroundTask || event.category == .scheduledTask {
            // Without its id a task cannot be paired with its end: not replayed, not guessed.
            throw ScanFailure("'\(event.canonicalName)' without a task id ('task'): it cannot be paired with its end")
        }
        if fields.phase.holdsValue {
            let s = fields.phase
            record.phase = try Self.phase(p, s)
        }
        if fields.reason.holdsValue {
            let s = fields.reason
            let reason = try symbol(p, s, key: "reason")
            record.reason = reason
            record.reasonCode = reasonCode(of: reason, entry: interner.lastEntry)
        }
        if fields.name.holdsValue {
            let s = fields.name
            record.name = try symbol(p, s, key: "name")
        }
        if fields.kind.holdsValue {
            let s = fields.kind
            guard s.kind == .string else { throw ScanFailure("'kind' must be a string, found \(s.kind.article)") }
            if event == .bgschedStart || event == .bgschedSubmit {
                let bytes = s.flag ? Self.decode(p, s.start, s.end) : Array(UnsafeBufferPointer(start: p + s.start + 1, count: s.end - s.start - 2))
                record.kind = ScheduledTaskKind(text: String(decoding: bytes, as: UTF8.self))
            }
        }
        if event == .meta {
            meta = try Self.meta(fields, p)
        }
    }

    // MARK: - Values

    /// The symbol of a string value.
    @inline(__always)
    private mutating func symbol(_ p: UnsafePointer<UInt8>, _ s: JSONLexer.Span, key: String) throws(ScanFailure) -> Symbol {
        guard s.kind == .string else { throw ScanFailure("'\(key)' must be a string, found \(s.kind.article)") }
        if s.flag {
            let decoded = Self.decode(p, s.start, s.end)
            return decoded.withUnsafeBufferPointer { buffer in
                interner.intern(buffer.baseAddress!, buffer.count, into: &symbols)
            }
        }
        return interner.intern(p + s.start + 1, s.end - s.start - 2, into: &symbols)
    }

    /// The reason code of a reason symbol (its interner entry caches it), computed once per
    /// distinct string.
    @inline(__always)
    private mutating func reasonCode(of symbol: Symbol, entry: Int) -> ReasonCode {
        if let code = ReasonCode(rawValue: interner.tag(ofEntry: entry)) { return code }
        let code = ReasonCode(text: symbols[symbol] ?? "")
        interner.setTag(code.rawValue, ofEntry: entry)
        return code
    }

    /// Forgets the strings of every symbol not in `live` (see ``LogReader/retainSymbols(_:)``).
    mutating func retainSymbols(_ live: Set<Symbol>) {
        interner.retainOnly(live, table: &symbols)
    }

    /// The symbol of `string` in this scanner's table, appending it the first time: how a
    /// frame worker's strings join the reader's table (``FrameRing``).
    mutating func intern(_ string: String) -> Symbol {
        var string = string
        return string.withUTF8 { bytes in
            var none: UInt8 = 0
            guard let base = bytes.baseAddress else { return interner.intern(&none, 0, into: &symbols) }
            return interner.intern(base, bytes.count, into: &symbols)
        }
    }

    /// A non-negative integer of at most 18 digits (every pid), inline; `nil` for anything
    /// else, which ``integer(_:_:key:expected:)`` then judges.
    @inline(__always)
    private static func smallInteger(_ p: UnsafePointer<UInt8>, _ s: JSONLexer.Span) -> Int64? {
        guard s.kind == .number, !s.flag, s.end - s.start <= 18, p[s.start] != 0x2D else { return nil }
        var value: Int64 = 0
        var i = s.start
        while i < s.end {
            value = value &* 10 &+ Int64(p[i] &- 0x30)
            i += 1
        }
        return value
    }

    /// An integer value (no fraction, no exponent) that fits `Int64`.
    private static func integer(_ p: UnsafePointer<UInt8>, _ s: JSONLexer.Span, key: String, expected: String) throws(ScanFailure) -> Int64 {
        guard s.kind == .number else { throw ScanFailure("'\(key)' must be \(expected), found \(s.kind.article)") }
        guard !s.flag else {
            throw ScanFailure("'\(key)' must be \(expected), found a number with a fraction or an exponent")
        }
        var i = s.start
        let negative = p[i] == 0x2D
        if negative { i += 1 }
        if s.end - i <= 18 {
            // Up to 18 digits cannot overflow: no checks per digit (pids are 1–6 digits).
            var value: Int64 = 0
            while i < s.end {
                value = value &* 10 &+ Int64(p[i] &- 0x30)
                i += 1
            }
            return negative ? 0 &- value : value
        }
        // Accumulate negatively so that Int64.min fits.
        var value: Int64 = 0
        while i < s.end {
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = times10.subtractingReportingOverflow(Int64(p[i] - 0x30))
            if o1 || o2 { throw ScanFailure("'\(key)' is out of range") }
            value = next
            i += 1
        }
        if negative { return value }
        guard value != .min else { throw ScanFailure("'\(key)' is out of range") }
        return -value
    }

    /// The `phase` value.
    private static func phase(_ p: UnsafePointer<UInt8>, _ s: JSONLexer.Span) throws(ScanFailure) -> Phase {
        let message = "'phase' must be \"begin\" or \"end\""
        guard s.kind == .string else { throw ScanFailure(message + ", found \(s.kind.article)") }
        let bytes: [UInt8]? = s.flag ? decode(p, s.start, s.end) : nil
        func matches(_ literal: StaticString) -> Bool {
            if let bytes {
                return bytes.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
            }
            return s.end - s.start - 2 == literal.utf8CodeUnitCount && equals(p + s.start + 1, literal)
        }
        if matches("begin") { return .begin }
        if matches("end") { return .end }
        throw ScanFailure(message)
    }

    /// The session context of a `meta` record (rare: allocates freely).
    private static func meta(_ f: Fields, _ p: UnsafePointer<UInt8>) throws(ScanFailure) -> SessionMeta {
        var meta = SessionMeta()
        func string(_ s: JSONLexer.Span, _ key: String) throws(ScanFailure) -> String? {
            guard s.holdsValue else { return nil }
            guard s.kind == .string else { throw ScanFailure("'\(key)' must be a string, found \(s.kind.article)") }
            return text(p, s.start, s.end)
        }
        let os = f.os
        if os.kind == .number {
            // A version written as a number (17.4) is kept as written.
            meta.os = String(decoding: UnsafeBufferPointer(start: p + os.start, count: os.end - os.start), as: UTF8.self)
        } else if os.holdsValue, os.kind != .string {
            throw ScanFailure("'os' must be a string, found \(os.kind.article)")
        } else {
            meta.os = try string(f.os, "os")
        }
        meta.app = try string(f.app, "app")
        meta.version = try string(f.version, "version")
        meta.model = try string(f.model, "model")
        if f.modes.holdsValue {
            let s = f.modes
            let message = "'modes' must be an array of strings"
            guard s.kind == .array else { throw ScanFailure(message + ", found \(s.kind.article)") }
            // Already validated: only the element types need checking.
            var modes: [String] = []
            var i = JSONLexer.skipWhitespace(p, s.start + 1, s.end)
            while p[i] != 0x5D {
                guard p[i] == 0x22 else { throw ScanFailure(message) }
                var ignored = false
                let end = try JSONLexer.scanString(p, i, s.end, escaped: &ignored)
                modes.append(text(p, i, end))
                i = JSONLexer.skipWhitespace(p, end, s.end)
                if p[i] == 0x2C { i = JSONLexer.skipWhitespace(p, i + 1, s.end) }
            }
            meta.modes = modes
        }
        if f.refresh.holdsValue {
            let s = f.refresh
            guard s.kind == .true || s.kind == .false else {
                throw ScanFailure("'refresh' must be true or false, found \(s.kind.article)")
            }
            meta.refresh = s.kind == .true
        }
        return meta
    }

    // MARK: - Unescaping (the rare path)

    /// The text of the validated string whose quotes are at `start` and `end - 1`, escapes
    /// decoded (lone surrogates become U+FFFD): the one decoding of a JSON string, for records
    /// and for documents read whole (``JSONLexer/document(_:_:maximumDepth:)``).
    package static func text(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> String {
        // Without a backslash the bytes between the quotes are the text (validated UTF-8):
        // one String, no intermediate array.
        if memchr(p + start + 1, 0x5C, end - start - 2) == nil {
            return String(decoding: UnsafeBufferPointer(start: p + start + 1, count: end - start - 2), as: UTF8.self)
        }
        let bytes = decode(p, start, end)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The UTF-8 bytes of a validated string whose quotes are at `start` and
    /// `end - 1`, escapes decoded; lone surrogates become U+FFFD.
    package static func decode(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(end - start)
        var i = start + 1
        let stop = end - 1
        func hex4(_ at: Int) -> UInt32 {
            var v: UInt32 = 0
            for k in 0..<4 { v = v << 4 | UInt32(JSONLexer.hexValue(p[at + k])) }
            return v
        }
        func append(scalar v: UInt32) {
            switch v {
            case 0..<0x80:
                out.append(UInt8(v))
            case 0x80..<0x800:
                out.append(UInt8(0xC0 | v >> 6))
                out.append(UInt8(0x80 | v & 0x3F))
            case 0x800..<0x10000:
                out.append(UInt8(0xE0 | v >> 12))
                out.append(UInt8(0x80 | (v >> 6) & 0x3F))
                out.append(UInt8(0x80 | v & 0x3F))
            default:
                out.append(UInt8(0xF0 | v >> 18))
                out.append(UInt8(0x80 | (v >> 12) & 0x3F))
                out.append(UInt8(0x80 | (v >> 6) & 0x3F))
                out.append(UInt8(0x80 | v & 0x3F))
            }
        }
        while i < stop {
            let c = p[i]
            guard c == 0x5C else {
                out.append(c)
                i += 1
                continue
            }
            let e = p[i + 1]
            i += 2
            switch e {
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var v = hex4(i)
                i += 4
                if v >= 0xD800 && v < 0xDC00 {
                    // A high surrogate counts only when a low one follows.
                    if i + 6 <= stop, p[i] == 0x5C, p[i + 1] == 0x75 {
                        let low = hex4(i + 2)
                        if low >= 0xDC00 && low < 0xE000 {
                            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                            i += 6
                        } else {
                            v = 0xFFFD
                        }
                    } else {
                        v = 0xFFFD
                    }
                } else if v >= 0xDC00 && v < 0xE000 {
                    v = 0xFFFD
                }
                append(scalar: v)
            default: out.append(e)  // " \ /
            }
        }
        return out
    }
}
