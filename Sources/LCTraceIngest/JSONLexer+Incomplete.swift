/// The lexer for a reader whose value arrives in pieces: the unified-log JSON-array export,
/// whose records span many lines and many decoded chunks. It walks the record that opens at a
/// `{` as its text arrives, with the one walk of containers (``walk(_:_:_:expect:stack:final:)``,
/// which ``skipContainer(_:_:_:stack:)`` is too), so the export's records are split by the same
/// grammar that parses them, and no second tokenizer tracks strings or nesting.
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

    /// A walk of one container over text that only grows: each ``advance(_:_:)`` goes on from
    /// the token boundary where the last one stopped, so walking a container that arrives a
    /// line at a time costs its length once, plus any token the end of the text cut (walked
    /// again from its start).
    package struct ContainerWalk {
        private var stack = ContainerStack()
        private var position = 0
        private var expect = Expect.value

        /// A walk of a container whose `{` or `[` is the first byte of the text.
        package init() {}

        /// Starts over, for a container whose `{` or `[` is the first byte of the text.
        package mutating func reset() {
            stack.reset()
            position = 0
            expect = .value
        }

        /// Walks on over `p[0..<n]`, the text so far: the same bytes as before, and more.
        ///
        /// Once `.closed` or `.broken`, the walk is over: call ``reset()`` for the next.
        package mutating func advance(_ p: UnsafePointer<UInt8>, _ n: Int) -> ContainerEnd {
            do throws(ScanFailure) {
                guard let end = try JSONLexer.walk(p, &position, n, expect: &expect, stack: &stack, final: false) else { return .open }
                return .closed(end)
            } catch {
                return .broken(error)
            }
        }
    }

    /// How far the array or object that opens at `p[i]` goes in `p[i..<n]`, the text so far
    /// (a fresh ``ContainerWalk``).
    ///
    /// A failure that the end of the text explains is ``ContainerEnd/open``: a key, a value,
    /// a `:` or a `,` expected at `n`; a string not closed before `n`; a number that more
    /// digits may follow; or a token that the end cuts (`fals`, `\u00`, the first bytes of a
    /// UTF-8 sequence). Every other failure is ``ContainerEnd/broken(_:)``: more text cannot
    /// mend it.
    package static func containerEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, stack: inout ContainerStack) -> ContainerEnd {
        stack.reset()
        var j = i
        var expect = Expect.value
        do throws(ScanFailure) {
            guard let end = try walk(p, &j, n, expect: &expect, stack: &stack, final: false) else { return .open }
            return .closed(end)
        } catch {
            return .broken(error)
        }
    }

    /// Whether the end of the text at `n` explains a token's failure: the token may go on.
    static func endExplains(_ failure: ScanFailure, _ p: UnsafePointer<UInt8>, _ n: Int) -> Bool {
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
            return StrictUTF8.sequenceLength(p, at, n) == -1  // valid so far, cut by the end
        default:
            return false
        }
    }
}
