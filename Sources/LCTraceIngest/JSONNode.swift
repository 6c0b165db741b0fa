/// One JSON value read whole by ``JSONLexer/document(_:_:maximumDepth:)``: a tree for the few
/// readers that take a document at a time (MetricKit payloads, `.ips` crash reports), never for
/// records on the hot path.
///
/// It keeps what a dictionary of `Any` loses: the members of an object in document order (a
/// key that appears twice is kept twice; lookups let the last one win, as every reader of
/// lctrace decides), a number's text as written and whether it is integral, and `true`,
/// `false` and `null` apart from numbers.
package enum JSONNode: Equatable, Sendable {
    /// A string, escapes decoded (a lone surrogate escape reads as U+FFFD, the lexer's rule).
    case string(String)
    /// A number: its text as written, and whether it has neither a fraction nor an exponent.
    case number(String, integral: Bool)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array's elements, in order.
    case array([JSONNode])
    /// An object's members, in document order, repeated keys included.
    case object([Member])

    /// One `"key": value` member of an object.
    package struct Member: Equatable, Sendable {
        /// The key, escapes decoded.
        package var key: String
        /// The value.
        package var value: JSONNode

        /// Creates a member.
        package init(key: String, value: JSONNode) {
            self.key = key
            self.value = value
        }
    }
}
