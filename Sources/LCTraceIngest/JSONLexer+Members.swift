/// The member loop of a JSON object: the one place that reads `"key" : value` pairs, their
/// `,` separators and the closing `}`. The native record scanner and the unified-log entry
/// reader both walk objects with it, so one set of rules (and one set of messages) holds for
/// every reader.
extension JSONLexer {
    /// Scans the members of an object up to and including its closing `}`, calling `member`
    /// once per member, in order.
    ///
    /// `member` gets the key as a string span (quotes included, `flag` set when the key holds
    /// a backslash escape) and the index of the value's first byte (whitespace skipped), scans
    /// the value its own way (``scanValue(_:_:_:stack:)`` when it has no faster way) and
    /// returns the index after it. A key that appears twice is passed twice: the caller
    /// decides (both readers let the last one win).
    ///
    /// - Parameters:
    ///   - i: the index after the object's `{`, or, with `afterValue`, the index after the
    ///     value of a member the caller scanned itself (a fast path over the usual first keys).
    ///   - afterValue: whether `i` is after a member's value rather than after `{`.
    /// - Returns: the index after the closing `}`.
    /// - Throws: ``ScanFailure`` with the offset of the first byte that breaks the grammar.
    @inline(__always)
    package static func scanMembers(
        _ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, afterValue: Bool = false,
        _ member: (_ key: Span, _ valueStart: Int) throws(ScanFailure) -> Int
    ) throws(ScanFailure) -> Int {
        var i = i
        var afterValue = afterValue
        if !afterValue {
            i = skipWhitespace(p, i, n)
            if i < n, p[i] == 0x7D { return i + 1 }
        }
        while true {
            if !afterValue {
                guard i < n, p[i] == 0x22 else { throw ScanFailure("expected a string key", at: i) }
                var escaped = false
                var keyEnd = plainStringEnd(p, i, n)
                if keyEnd < 0 { keyEnd = try scanString(p, i, n, escaped: &escaped) }
                var value = skipWhitespace(p, keyEnd, n)
                guard value < n, p[value] == 0x3A else { throw ScanFailure("expected ':' after a key", at: value) }
                value = skipWhitespace(p, value + 1, n)
                i = try member(Span(kind: .string, start: i, end: keyEnd, flag: escaped), value)
            }
            afterValue = false
            i = skipWhitespace(p, i, n)
            if i < n, p[i] == 0x2C {
                i = skipWhitespace(p, i + 1, n)
                continue
            }
            guard i < n, p[i] == 0x7D else { throw ScanFailure("expected ',' or '}' after a member", at: i) }
            return i + 1
        }
    }
}
