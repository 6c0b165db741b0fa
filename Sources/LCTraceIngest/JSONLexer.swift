/// Strict RFC 8259 scanning primitives on raw bytes.
///
/// Every function takes the bytes `p`, a position `i` and the end `n`, and
/// returns the position after what it scanned. Nothing allocates on success;
/// a ``ScanFailure`` (with a 1-based column) is built only when the input is wrong.
package enum JSONLexer {
    /// The kind of a scanned value.
    package enum Kind: UInt8 {
        case string, number, `true`, `false`, null, array, object
        /// Not a value: a key that was not in the record.
        case absent

        /// How messages name a value of this kind: `found a string`.
        var article: String {
            switch self {
            case .string: return "a string"
            case .number: return "a number"
            case .true: return "true"
            case .false: return "false"
            case .null: return "null"
            case .array: return "an array"
            case .object: return "an object"
            case .absent: return "nothing"
            }
        }
    }

    /// Where a scanned value lies and what it is; enough to interpret it later.
    ///
    /// Kept small (12 bytes): a record holds one per kept key.
    package struct Span {
        /// What the value is.
        package var kind: Kind
        /// For a string: whether it contains a backslash escape. For a number:
        /// whether it has a fraction or an exponent.
        package var flag: Bool
        private var startIndex: Int32
        private var endIndex: Int32

        /// Creates a span; lines are at most a few MiB, so indexes fit 32 bits.
        @inline(__always)
        package init(kind: Kind, start: Int, end: Int, flag: Bool) {
            self.kind = kind
            self.flag = flag
            self.startIndex = Int32(truncatingIfNeeded: start)
            self.endIndex = Int32(truncatingIfNeeded: end)
        }

        /// No value: the key was not in the record.
        package static let absent = Span(kind: .absent, start: 0, end: 0, flag: false)

        /// Whether the key was present with a value other than `null` (which means absent).
        @inline(__always) package var holdsValue: Bool { kind != .absent && kind != .null }

        /// The index of its first byte (the opening quote of a string).
        @inline(__always) package var start: Int { Int(startIndex) }
        /// The index after its last byte.
        @inline(__always) package var end: Int { Int(endIndex) }
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Skips JSON whitespace: space, tab, CR, LF.
    @inline(__always)
    package static func skipWhitespace(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        var i = i
        while i < n {
            let c = p[i]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
            i += 1
        }
        return i
    }

    /// The high bit of each of 8 bytes that needs a closer look inside a
    /// string: `"`, `\`, a control character (< 0x20) or a non-ASCII byte.
    ///
    /// The lowest flagged byte is always a real one (borrows only travel
    /// upward), so its index is `trailingZeroBitCount / 8`.
    @inline(__always)
    private static func attentionMask(_ v: UInt64) -> UInt64 {
        let quote = v ^ (ones &* 0x22)
        let backslash = v ^ (ones &* 0x5C)
        let control = (v &- ones &* 0x20) & ~v
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | v) & highs
    }

    /// The end (after the closing quote) of a plain string (ASCII without
    /// escapes or control characters) whose opening quote is at `p[i]`, or -1
    /// when the string needs ``scanString(_:_:_:escaped:)``.
    ///
    /// Small enough to inline at every key and value: most strings in a log
    /// are short plain ASCII, so this avoids a call per string.
    @inline(__always)
    package static func plainStringEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        var j = i + 1
        let raw = UnsafeRawPointer(p)
        while j + 8 <= n {
            let mask = attentionMask(raw.loadUnaligned(fromByteOffset: j, as: UInt64.self).littleEndian)
            if mask != 0 {
                let k = j + mask.trailingZeroBitCount >> 3
                return p[k] == 0x22 ? k + 1 : -1
            }
            j += 8
        }
        // The last few bytes of the line (a record's last value ends here).
        while j < n {
            let c = p[j]
            if c == 0x22 { return j + 1 }
            if c == 0x5C || c < 0x20 || c >= 0x80 { return -1 }
            j += 1
        }
        return -1
    }

    /// Scans a string whose opening quote is at `p[i]`; returns the index after the closing quote.
    ///
    /// Validates escapes and strict UTF-8, rejects raw control characters, and
    /// sets `escaped` when the string holds a backslash escape (the caller then
    /// decodes it on the rare slow path).
    @inline(__always)
    package static func scanString(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, escaped: inout Bool) throws(ScanFailure) -> Int {
        var j = i + 1
        let raw = UnsafeRawPointer(p)
        while true {
            // Plain ASCII is the common case: test 8 bytes at a time and jump
            // straight to the first byte that matters.
            if j + 8 <= n {
                let mask = attentionMask(raw.loadUnaligned(fromByteOffset: j, as: UInt64.self).littleEndian)
                if mask == 0 {
                    j += 8
                    continue
                }
                j += mask.trailingZeroBitCount >> 3
            } else if j >= n {
                throw ScanFailure("unterminated string starting", at: i)
            }
            let c = p[j]
            if c == 0x22 { return j + 1 }
            if c == 0x5C {
                escaped = true
                j = try scanEscape(p, j, n)
            } else if c < 0x20 {
                throw ScanFailure("control character \(hexCodePoint(c)) in a string", at: j)
            } else if c >= 0x80 {
                let length = StrictUTF8.sequenceLength(p, j, n)
                guard length > 0 else { throw ScanFailure("invalid UTF-8 in a string", at: j) }
                j += length
            } else {
                j += 1
            }
        }
    }

    /// Scans the escape whose backslash is at `p[j]`.
    private static func scanEscape(_ p: UnsafePointer<UInt8>, _ j: Int, _ n: Int) throws(ScanFailure) -> Int {
        guard j + 1 < n else { throw ScanFailure("unterminated string", at: j) }
        switch p[j + 1] {
        case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ / b f n r t
            return j + 2
        case 0x75:  // u
            guard j + 6 <= n else { throw ScanFailure("invalid '\\u' escape", at: j) }
            for k in 2..<6 where hexValue(p[j + k]) < 0 {
                throw ScanFailure("invalid '\\u' escape", at: j)
            }
            return j + 6
        default:
            throw ScanFailure("invalid escape in a string", at: j)
        }
    }

    /// The value of a hex digit, or -1.
    @inline(__always)
    package static func hexValue(_ c: UInt8) -> Int {
        switch c {
        case 0x30...0x39: return Int(c - 0x30)
        case 0x41...0x46: return Int(c - 0x41 + 10)
        case 0x61...0x66: return Int(c - 0x61 + 10)
        default: return -1
        }
    }

    /// `U+001F`
    private static func hexCodePoint(_ c: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "U+00" + String([digits[Int(c >> 4)], digits[Int(c & 15)]])
    }

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    /// Scans a number starting at `p[i]` (`-` or a digit) with the strict grammar
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    ///
    /// `fractional` is set when it has a fraction or an exponent.
    @inline(__always)
    package static func scanNumber(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, fractional: inout Bool) throws(ScanFailure) -> Int {
        var j = i
        if p[j] == 0x2D { j += 1 }
        guard j < n, isDigit(p[j]) else { throw ScanFailure("expected a digit", at: j) }
        if p[j] == 0x30 {
            j += 1
        } else {
            while j < n, isDigit(p[j]) { j += 1 }
        }
        if j < n, p[j] == 0x2E {
            j += 1
            fractional = true
            guard j < n, isDigit(p[j]) else { throw ScanFailure("expected a digit after '.'", at: j) }
            while j < n, isDigit(p[j]) { j += 1 }
        }
        if j < n, p[j] | 0x20 == 0x65 {
            j += 1
            fractional = true
            if j < n, p[j] == 0x2B || p[j] == 0x2D { j += 1 }
            guard j < n, isDigit(p[j]) else { throw ScanFailure("expected a digit in the exponent", at: j) }
            while j < n, isDigit(p[j]) { j += 1 }
        }
        return j
    }

    /// Scans `true`, `false` or `null` at `p[i]`.
    @inline(__always)
    private static func scanLiteral(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) throws(ScanFailure) -> (Kind, Int) {
        switch p[i] {
        case 0x74 where i + 4 <= n && p[i + 1] == 0x72 && p[i + 2] == 0x75 && p[i + 3] == 0x65:
            return (.true, i + 4)
        case 0x66 where i + 5 <= n && p[i + 1] == 0x61 && p[i + 2] == 0x6C && p[i + 3] == 0x73 && p[i + 4] == 0x65:
            return (.false, i + 5)
        case 0x6E where i + 4 <= n && p[i + 1] == 0x75 && p[i + 2] == 0x6C && p[i + 3] == 0x6C:
            return (.null, i + 4)
        default:
            throw ScanFailure("expected a value", at: i)
        }
    }

    /// Scans one value of any kind starting at `p[i]` (no leading whitespace).
    ///
    /// Arrays and objects are walked iteratively with `stack`, so any depth is fine.
    @inline(__always)
    package static func scanValue(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, stack: inout ContainerStack) throws(ScanFailure) -> Span {
        guard i < n else { throw ScanFailure("expected a value", at: i) }
        var flag = false
        switch p[i] {
        case 0x22:
            let end = try scanString(p, i, n, escaped: &flag)
            return Span(kind: .string, start: i, end: end, flag: flag)
        case 0x2D, 0x30...0x39:
            let end = try scanNumber(p, i, n, fractional: &flag)
            return Span(kind: .number, start: i, end: end, flag: flag)
        case 0x5B, 0x7B:
            let end = try skipContainer(p, i, n, stack: &stack)
            return Span(kind: p[i] == 0x5B ? .array : .object, start: i, end: end, flag: false)
        default:
            let (kind, end) = try scanLiteral(p, i, n)
            return Span(kind: kind, start: i, end: end, flag: false)
        }
    }

    /// Skips the array or object that opens at `p[i]`, validating everything inside.
    package static func skipContainer(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, stack: inout ContainerStack) throws(ScanFailure) -> Int {
        stack.reset()
        var j = i
        var expect = Expect.value
        // With `final`, the walk never stops short: it closes or throws.
        return try walk(p, &j, n, expect: &expect, stack: &stack, final: true) ?? n
    }

    /// What the walk of a container expects next (``walk(_:_:_:expect:stack:final:)``).
    package enum Expect: UInt8 {
        /// A value: after `:`, after `,` in an array, or the container itself at the start.
        case value
        /// A value or `]`, after `[`.
        case valueOrClose
        /// A key, after `,` in an object.
        case key
        /// A key or `}`, after `{`.
        case keyOrClose
        /// The `:` after a key.
        case colon
        /// `,` or the close of the innermost container, after a value.
        case afterValue
    }

    /// The one walk of arrays and objects: from `j`, expecting `expect`, with the open
    /// containers in `stack`, to the close of the outermost; returns the index after it.
    /// Containers are pushed on `stack`, never on the call stack, so any depth is fine.
    ///
    /// - Parameter final: the text ends at `n` for good, so running out is a failure
    ///   (``skipContainer(_:_:_:stack:)``). Otherwise, running out at `n`, or a token that the
    ///   end of the text may have cut (``endExplains(_:_:_:)``), returns `nil` with `j` and
    ///   `expect` where the walk goes on when more text has arrived: a token boundary, so what
    ///   was walked is not walked again (``ContainerWalk``).
    /// - Throws: ``ScanFailure`` at the first byte that breaks the grammar.
    @inline(__always)
    package static func walk(
        _ p: UnsafePointer<UInt8>, _ j: inout Int, _ n: Int, expect: inout Expect, stack: inout ContainerStack, final: Bool
    ) throws(ScanFailure) -> Int? {
        var i = j
        var ignored = false
        while true {
            switch expect {
            case .value, .valueOrClose:
                i = skipWhitespace(p, i, n)
                guard i < n else {
                    if final { throw ScanFailure("expected a value", at: i) }
                    j = i
                    return nil
                }
                let c = p[i]
                if c == 0x5B || c == 0x7B {
                    stack.push(object: c == 0x7B)
                    i += 1
                    expect = c == 0x7B ? .keyOrClose : .valueOrClose
                    continue
                }
                if expect == .valueOrClose, c == 0x5D {
                    stack.pop()
                    i += 1
                } else {
                    let start = i
                    do throws(ScanFailure) {
                        if c == 0x22 {
                            i = try scanString(p, i, n, escaped: &ignored)
                        } else if c == 0x2D || isDigit(c) {
                            i = try scanNumber(p, i, n, fractional: &ignored)
                            if !final, i == n {
                                // More digits may follow.
                                j = start
                                return nil
                            }
                        } else {
                            i = try scanLiteral(p, i, n).1
                        }
                    } catch {
                        if !final, endExplains(error, p, n) {
                            j = start
                            return nil
                        }
                        throw error
                    }
                }
            case .key, .keyOrClose:
                i = skipWhitespace(p, i, n)
                guard i < n else {
                    if final { throw ScanFailure("expected a string key", at: i) }
                    j = i
                    return nil
                }
                if expect == .keyOrClose, p[i] == 0x7D {
                    stack.pop()
                    i += 1
                } else {
                    guard p[i] == 0x22 else { throw ScanFailure("expected a string key", at: i) }
                    let start = i
                    do throws(ScanFailure) {
                        i = try scanString(p, i, n, escaped: &ignored)
                    } catch {
                        if !final, endExplains(error, p, n) {
                            j = start
                            return nil
                        }
                        throw error
                    }
                    expect = .colon
                    continue
                }
            case .colon:
                i = skipWhitespace(p, i, n)
                guard i < n else {
                    if final { throw ScanFailure("expected ':' after a key", at: i) }
                    j = i
                    return nil
                }
                guard p[i] == 0x3A else { throw ScanFailure("expected ':' after a key", at: i) }
                i += 1
                expect = .value
                continue
            case .afterValue:
                i = skipWhitespace(p, i, n)
                let object = stack.topIsObject
                guard i < n else {
                    if final { throw ScanFailure(object ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array", at: i) }
                    j = i
                    return nil
                }
                let c = p[i]
                if c == 0x2C {
                    i += 1
                    expect = object ? .key : .value
                    continue
                }
                guard c == (object ? 0x7D : 0x5D) else {
                    throw ScanFailure(object ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array", at: i)
                }
                stack.pop()
                i += 1
            }
            // A value (or a container) ended at i.
            if stack.depth == 0 { return i }
            expect = .afterValue
        }
    }
}
