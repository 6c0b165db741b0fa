/// A walk over the raw bytes of a MetricKit file before it is parsed: it caps the nesting
/// (so that no parser ever recurses deeper than ``MetricKitFile/maximumDepth``) and keeps the
/// order of the keys that give diagnostics their index, which a parsed dictionary loses.
///
/// It needs no validation of its own: the bytes are parsed as JSON afterwards, and on bytes
/// that are not JSON the walk still ends (one pass, no recursion).
struct MetricKitStructure {
    /// For a top-level object, its keys in order (one list); for a top-level array, the keys
    /// of each element in order (one list per element, empty for an element that is not an
    /// object).
    var keyOrder: [[String]] = []
    /// Whether the document is an array.
    var isArray = false

    /// Walks `bytes`.
    ///
    /// - Throws: a message and the byte offset where nesting passes `maximumDepth`.
    static func walk(_ bytes: [UInt8], maximumDepth: Int) throws(MetricKitError) -> MetricKitStructure {
        var result = MetricKitStructure()
        var depth = 0
        var i = 0
        var sawTop = false
        let n = bytes.count
        while i < n {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if !sawTop {
                    sawTop = true
                    result.isArray = c == UInt8(ascii: "[")
                    if !result.isArray { result.keyOrder = [[]] }
                }
                depth += 1
                if depth > maximumDepth {
                    throw MetricKitError(
                        path: "", message: "nesting deeper than \(maximumDepth) levels at byte \(i): expected a MetricKit payload")
                }
                if result.isArray && depth == 2 { result.keyOrder.append([]) }
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                i += 1
            case UInt8(ascii: "\""):
                let start = i + 1
                var j = start
                while j < n, bytes[j] != UInt8(ascii: "\"") { j += bytes[j] == UInt8(ascii: "\\") ? 2 : 1 }
                let end = min(j, n)
                i = end + 1
                let keyDepth = result.isArray ? 2 : 1
                guard depth == keyDepth, !result.keyOrder.isEmpty else { continue }
                var k = i
                while k < n, bytes[k] == 0x20 || bytes[k] == 0x09 || bytes[k] == 0x0A || bytes[k] == 0x0D { k += 1 }
                if k < n, bytes[k] == UInt8(ascii: ":") {
                    result.keyOrder[result.keyOrder.count - 1].append(String(decoding: bytes[start..<end], as: UTF8.self))
                }
            default:
                i += 1
            }
        }
        return result
    }
}
