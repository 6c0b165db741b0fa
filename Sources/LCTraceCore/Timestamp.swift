/// A point in time, as nanoseconds since the Unix epoch (UTC).
///
/// Integer nanoseconds keep budget arithmetic exact: `10.250 - 10.000` is
/// exactly 250 ms, which matters for "just under / just over" budget checks.
public struct Timestamp: Hashable, Comparable, Sendable {
    /// Nanoseconds since 1970-01-01T00:00:00Z.
    public var nanoseconds: Int64

    /// Creates a timestamp from nanoseconds since the Unix epoch.
    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// Creates a timestamp from (possibly fractional) seconds since the epoch.
    ///
    /// - Returns: `nil` when `seconds` is not finite or is outside the range
    ///   representable as `Int64` nanoseconds (about years 1678 to 2262).
    public init?(seconds: Double) {
        guard seconds.isFinite, abs(seconds) < 9.2e9 else { return nil }
        self.nanoseconds = Int64((seconds * 1e9).rounded())
    }

    /// Seconds since the epoch, as a floating-point number.
    public var seconds: Double { Double(nanoseconds) / 1e9 }

    /// Orders timestamps by time.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.nanoseconds < rhs.nanoseconds
    }

    /// The elapsed time from `other` to `self`, in nanoseconds, clamped to the range of
    /// `Int64` (two valid times can be further apart than it holds).
    public func nanoseconds(since other: Timestamp) -> Int64 {
        let (difference, overflow) = nanoseconds.subtractingReportingOverflow(other.nanoseconds)
        return overflow ? (other.nanoseconds < 0 ? .max : .min) : difference
    }

    /// RFC 3339 in UTC with a `Z` suffix, e.g. `2026-11-20T10:00:01.500Z`.
    ///
    /// Fractions are printed with 3 digits, or 6 or 9 when the value needs
    /// them, so that no precision from the log is lost.
    public var rfc3339: String {
        var out: [UInt8] = []
        out.reserveCapacity(30)
        appendRFC3339(to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
