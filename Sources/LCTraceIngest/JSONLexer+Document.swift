/// The lexer for a reader that takes a whole document at a time (a MetricKit payload, an `.ips`
/// crash report): it builds a ``JSONNode`` tree from the same primitives the record scanner
/// uses (``scanValue(_:_:_:stack:)`` for strings, numbers and literals, ``nextMember(_:_:_:first:)``
/// and ``nextElement(_:_:_:first:)`` for the punctuation of containers), so a document is
/// held to the same grammar, and fails with the same messages, as a record.
extension JSONLexer {
    /// The `expected` text of the failure for a container opened past `maximumDepth`.
    package static func nestingFailure(maximumDepth: Int) -> String {
        "nesting deeper than \(maximumDepth) levels"
    }

    /// Parses the whole of `p[0..<n]` as one JSON value (RFC 8259: any value at the top,
    /// whitespace around it, nothing else).
    ///
    /// Containers are built on a heap stack of open ones, never by recursion, and an array or
    /// object that would open deeper than `maximumDepth` levels is refused: a hostile document
    /// can neither overflow the call stack nor make a reader of the tree recurse without end.
    ///
    /// - Parameters:
    ///   - p: the document's bytes.
    ///   - n: their count (at most `Int32.max`: spans hold 32-bit offsets).
    ///   - maximumDepth: the deepest nesting accepted (1: a container of scalars).
    /// - Returns: the document's value.
    /// - Throws: ``ScanFailure`` with the offset of the first byte that breaks the grammar;
    ///   ``nestingFailure(maximumDepth:)`` at the `[` or `{` that opens too deep; `expected
    ///   the end of the document` at text after the value.
    /// - Complexity: O(`n`).
    package static func document(_ p: UnsafePointer<UInt8>, _ n: Int, maximumDepth: Int) throws(ScanFailure) -> JSONNode {
        guard n <= Int(Int32.max) else { throw ScanFailure("a document over 2 GiB: expected at most \(Int32.max) bytes") }
        /// An array or object being built.
        struct Open {
            var isObject: Bool
            var elements: [JSONNode] = []
            var members: [JSONNode.Member] = []
            var key = ""
        }
        var open: [Open] = []
        var scalars = ContainerStack()  // scanValue's, for the containers it never meets here
        var i = skipWhitespace(p, 0, n)
        var value: JSONNode
        valueExpected: while true {
            // A value starts at i.
            if i < n, p[i] == 0x7B || p[i] == 0x5B {
                guard open.count < maximumDepth else { throw ScanFailure(nestingFailure(maximumDepth: maximumDepth), at: i) }
                let isObject = p[i] == 0x7B
                i += 1
                if isObject, let key = try nextMember(p, &i, n, first: true) {
                    open.append(Open(isObject: true, key: RecordScanner.text(p, key.start, key.end)))
                    continue valueExpected
                }
                if !isObject, try nextElement(p, &i, n, first: true) {
                    open.append(Open(isObject: false))
                    continue valueExpected
                }
                value = isObject ? .object([]) : .array([])
            } else {
                let span = try scanValue(p, i, n, stack: &scalars)
                i = span.end
                switch span.kind {
                case .string: value = .string(RecordScanner.text(p, span.start, span.end))
                case .number:
                    let text = String(decoding: UnsafeBufferPointer(start: p + span.start, count: span.end - span.start), as: UTF8.self)
                    value = .number(text, integral: !span.flag)
                case .true: value = .bool(true)
                case .false: value = .bool(false)
                default: value = .null
                }
            }
            // A value ended at i: it joins the innermost open container, which either goes on
            // (the next value is expected) or closes (and is itself a value that ended).
            while !open.isEmpty {
                let top = open.count - 1
                if open[top].isObject {
                    open[top].members.append(JSONNode.Member(key: open[top].key, value: value))
                    if let key = try nextMember(p, &i, n, first: false) {
                        open[top].key = RecordScanner.text(p, key.start, key.end)
                        continue valueExpected
                    }
                    value = .object(open.removeLast().members)
                } else {
                    open[top].elements.append(value)
                    if try nextElement(p, &i, n, first: false) { continue valueExpected }
                    value = .array(open.removeLast().elements)
                }
            }
            i = skipWhitespace(p, i, n)
            guard i == n else { throw ScanFailure("expected the end of the document", at: i) }
            return value
        }
    }
}

extension JSONLexer {
    /// Parses `bytes` as one JSON document (``document(_:_:maximumDepth:)``).
    ///
    /// - Throws: ``ScanFailure`` with an offset into `bytes`.
    package static func document(_ bytes: [UInt8], maximumDepth: Int) throws(ScanFailure) -> JSONNode {
        let result: Result<JSONNode, ScanFailure> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .failure(ScanFailure("expected a value", at: 0)) }
            do throws(ScanFailure) {
                return .success(try document(base, buffer.count, maximumDepth: maximumDepth))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
