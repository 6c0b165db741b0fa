/// Where a failure is in a document of many lines, for the readers that take a whole file at
/// a time (MetricKit payloads, `.ips` crash reports): a byte offset alone is hard to find in an
/// editor, a line and a column alone are hard to find in a hex dump.
extension ScanFailure {
    /// `expected ':' after a key at line 3, column 9 (byte 41)`: lines and columns 1-based
    /// (columns count bytes), the byte offset 0-based, all in `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - start: where in `bytes` the scanned text began (the failure's offset counts from it).
    /// - Returns: the message with its position, or ``message`` when the failure has no offset.
    package func located(in bytes: some Collection<UInt8>, from start: Int = 0) -> String {
        guard let offset else { return message }
        let at = start + offset
        var line = 1
        var lineStart = 0
        for (index, byte) in bytes.prefix(at).enumerated() where byte == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return expected + " at line \(line), column \(at - lineStart + 1) (byte \(at))"
    }
}
