/// The lexer for a reader whose value arrives in pieces: the unified-log JSON-array export,
/// whose records span many lines and many decoded chunks. It asks where the record that opens
/// at a `{` ends, with the text that has arrived so far; the answer comes from the one walk of
/// ``skipContainer(_:_:_:stack:)``, so the export's records are split by the same grammar that
/// parses them, and no second tokenizer tracks strings or nesting.
extension JSONLexer {
    /// Where a container ends in the text that has arrived so far.
    package enum ContainerEnd {
        /// It closes at this index (after its `]` or `}`).
        case closed(Int)
        /// The text ends inside it: more text may complete it.
        case open
        /// It breaks the grammar before the text ends: no more text can mend it. The failure
        /// is the first one, as a full parse of the same bytes reports it.
        case broken(ScanFailure)
    }

    /// How far the array or object that opens at `p[i]` goes in `p[i..<n]`, the text so far.
    ///
    /// A failure that the end of the text explains is ``ContainerEnd/open``: a key, a value,
    /// a `:` or a `,` expected at `n`; a string not closed before `n`; or a token that the end
    /// cuts (`fals`, `\u00`, the first bytes of a UTF-8 sequence). Every other failure is
    /// ``ContainerEnd/broken(_:)``: more text cannot mend it.
    ///
    /// Each call walks the text from `i` again. A caller that calls after every small piece
    /// would be quadratic: it should call again only when the text has doubled since the last
    /// call, or has reached a point that may end the container (the unified-log reader also
    /// asks at a line that begins with `}`).
    ///
    /// - Complexity: O(the container's length), or O(`n` − `i`) when it is open.
    package static func containerEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, stack: inout ContainerStack) -> ContainerEnd {
        do throws(ScanFailure) {
            return .closed(try skipContainer(p, i, n, stack: &stack))
        } catch {
            return endExplains(error, p, n) ? .open : .broken(error)
        }
    }

    /// Whether the end of the text at `n` explains a failure of ``skipContainer(_:_:_:stack:)``.
    private static func endExplains(_ failure: ScanFailure, _ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
        guard let at = failure.offset else { return false }
        if at >= n { return true }
        switch failure.expected {
        case "unterminated string starting", "unterminated string":
            return true  // noticed at the opening quote, or at a backslash that ends the text
        case "expected a value":
            // `t`, `fa`, `nul`: a literal the end cuts.
            let cut = UnsafeBufferPointer(start: p + at, count: n - at)
            return ["true", "false", "null"].contains { $0.utf8.count > cut.count && $0.utf8.starts(with: cut) }
        case "invalid '\\u' escape":
            // `\u` and fewer than 4 hex digits before the end.
            guard at + 6 > n else { return false }
            return (at + 2..<n).allSatisfy { hexValue(p[$0]) >= 0 }
        case "invalid UTF-8 in a string":
            return at + 4 > n  // a sequence is at most 4 bytes
        default:
            return false
        }
    }
}
