import LCTraceCore
import LCTraceIngest

/// The `timestamp` of a unified-log export record.
extension Timestamp {
    /// The form bad export times are told to follow (what `log show` prints).
    static let unifiedLogExample = "2026-11-20 10:00:00.250000+0100"

    /// Parses `YYYY-MM-DD HH:MM:SS[.fraction]±HHMM`, the form `log show` prints.
    ///
    /// Also accepted: `T` instead of the space, any number of fraction digits (those below a
    /// nanosecond are truncated), and the offset as `±HH:MM`, `±HH` or `Z`. A leap second
    /// (`:60`) is second 0 of the next minute, as in native RFC 3339 times.
    ///
    /// - Throws: a message naming the expected form and, for a field out of range, which field.
    static func parseUnifiedLog(_ bytes: [UInt8]) throws(ScanFailure) -> Timestamp {
        let form = "'timestamp' must be a time like \"\(unifiedLogExample)\""
        let parsed: Result<Timestamp, ScanFailure> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .failure(ScanFailure(form)) }
            do throws(ScanFailure) {
                return .success(
                    try parseCalendarTime(base, 0, buffer.count, key: "timestamp", form: form, flexibleOffset: true))
            } catch {
                return .failure(error)
            }
        }
        return try parsed.get()
    }
}
