/// A standalone strict RFC 8259 validator: the same code the record scanner uses
/// for the values of ignored keys, exposed for tests and fuzzers.
///
/// A JSON text is one value of any kind with optional whitespace (space, tab,
/// CR, LF) around it. Strings must be strict UTF-8 without raw control
/// characters; lone surrogate escapes such as `"\uD800"` are grammatical and
/// accepted. Nesting depth is unlimited (no recursion).
public enum JSONValidator {
    /// Checks that `bytes` is exactly one JSON value.
    ///
    /// - Parameter bytes: The JSON text.
    /// - Returns: `nil` when it is valid, else why not, with a 1-based byte column.
    /// - Complexity: O(n) time; memory of one bit per nesting level.
    public static func validate(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let base = bytes.baseAddress else { return "expected a value at column 1" }
        let p = base.assumingMemoryBound(to: UInt8.self)
        let n = bytes.count
        var stack = ContainerStack()
        do throws(ScanFailure) {
            let start = JSONLexer.skipWhitespace(p, 0, n)
            let span = try JSONLexer.scanValue(p, start, n, stack: &stack)
            let end = JSONLexer.skipWhitespace(p, span.end, n)
            if end != n { throw ScanFailure("expected the end of the text after the value", at: end) }
            return nil
        } catch {
            return error.message
        }
    }

    /// Checks that `bytes` is exactly one JSON value.
    ///
    /// - Parameter bytes: The JSON text.
    /// - Returns: `nil` when it is valid, else why not.
    public static func validate(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { validate($0) }
    }
}
