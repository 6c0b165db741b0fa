/// The member loop of a JSON object: the one place that reads `"key" : value` pairs, their
/// `,` separators and the closing `}`. The native record scanner and the unified-log entry
/// reader both walk objects with it, so one set of rules (and one set of messages) holds for
/// every reader.
extension JSONLexer {
    /// Steps to the next member of an object: past the `,` before it (unless it is the first),
    /// its key and the `:` after the key. Returns the key, with `i` at the value's first byte;
    /// or `nil` after the closing `}`, with `i` after it.
    ///
    /// The caller scans each value its own way (``scanValue(_:_:_:stack:)`` when it has no
    /// faster way) and sets `i` to the index after it before the next call:
    ///
    /// ```swift
    /// var first = true  // i is after the '{'
    /// while let key = try JSONLexer.nextMember(p, &i, n, first: first) {
    ///     first = false
    ///     i = try JSONLexer.scanValue(p, i, n, stack: &stack).end
    /// }
    /// ```
    ///
    /// A key that appears twice is returned twice: the caller decides (both readers let the
    /// last one win).
    ///
    /// A step the caller loops on, not a callback, and `@_transparent` rather than
    /// `@inline(__always)`: the native scanner's general path is too large for the optimizer
    /// to inline it otherwise, and a call (or a closure) per member made that path 2.5–3.8 %
    /// slower in instructions per record (docs/PERFORMANCE.md, "One member loop").
    ///
    /// - Parameters:
    ///   - i: the index after the object's `{` (`first`), or after a member's value.
    ///   - first: whether no member has been read yet (`i` is after `{`).
    /// - Returns: the key as a string span (quotes included; `flag` set when it holds a
    ///   backslash escape), or `nil` at the end of the object.
    /// - Throws: ``ScanFailure`` with the offset of the first byte that breaks the grammar.
    @_transparent
    package static func nextMember(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int, first: Bool) throws(ScanFailure) -> Span? {
        var j = skipWhitespace(p, i, n)
        if first {
            if j < n, p[j] == 0x7D {
                i = j + 1
                return nil
            }
        } else if j < n, p[j] == 0x2C {
            j = skipWhitespace(p, j + 1, n)
        } else {
            guard j < n, p[j] == 0x7D else { throw ScanFailure("expected ',' or '}' after a member", at: j) }
            i = j + 1
            return nil
        }
        guard j < n, p[j] == 0x22 else { throw ScanFailure("expected a string key", at: j) }
        var escaped = false
        var keyEnd = plainStringEnd(p, j, n)
        if keyEnd < 0 { keyEnd = try scanString(p, j, n, escaped: &escaped) }
        var value = skipWhitespace(p, keyEnd, n)
        guard value < n, p[value] == 0x3A else { throw ScanFailure("expected ':' after a key", at: value) }
        value = skipWhitespace(p, value + 1, n)
        i = value
        return Span(kind: .string, start: j, end: keyEnd, flag: escaped)
    }

    /// Steps to the next element of an array: past the `,` before it (unless it is the first)
    /// and the whitespace around it. Returns `true` with `i` at the element's first byte, or
    /// `false` after the closing `]`, with `i` after it.
    ///
    /// The array's counterpart of ``nextMember(_:_:_:first:)``, looped on the same way by a
    /// reader that builds each element itself (``document(_:_:maximumDepth:)``).
    ///
    /// - Parameters:
    ///   - i: the index after the array's `[` (`first`), or after an element.
    ///   - first: whether no element has been read yet (`i` is after `[`).
    /// - Throws: ``ScanFailure`` at a byte that is neither `,` nor `]` after an element.
    @inline(__always)
    package static func nextElement(_ p: UnsafePointer<UInt8>, _ i: inout Int, _ n: Int, first: Bool) throws(ScanFailure) -> Bool {
        var j = skipWhitespace(p, i, n)
        if j < n, p[j] == 0x5D, first {
            i = j + 1
            return false
        }
        if !first {
            guard j < n, p[j] == 0x2C || p[j] == 0x5D else { throw ScanFailure("expected ',' or ']' after an element", at: j) }
            if p[j] == 0x5D {
                i = j + 1
                return false
            }
            j = skipWhitespace(p, j + 1, n)
        }
        i = j
        return true
    }
}
