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
        var secs = nanoseconds / 1_000_000_000
        var frac = nanoseconds % 1_000_000_000
        if frac < 0 {
            frac += 1_000_000_000
            secs -= 1
        }
        var days = secs / 86_400
        var rem = secs % 86_400
        if rem < 0 {
            rem += 86_400
            days -= 1
        }
        let (y, m, d) = CivilDate.fromDays(days)
        let hh = rem / 3600, mm = (rem % 3600) / 60, ss = rem % 60
        var out = pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
        out += "T" + pad(hh, 2) + ":" + pad(mm, 2) + ":" + pad(ss, 2)
        if frac % 1_000_000 == 0 {
            out += "." + pad(frac / 1_000_000, 3)
        } else if frac % 1000 == 0 {
            out += "." + pad(frac / 1000, 6)
        } else {
            out += "." + pad(frac, 9)
        }
        return out + "Z"
    }

    private func pad(_ value: Int64, _ width: Int) -> String {
        let s = String(value)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}

/// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01).
public enum CivilDate {
    /// Days since 1970-01-01 for a civil date; months 1...12, days 1...31.
    public static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date (year, month, day) of a day number.
    public static func fromDays(_ z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// Whether `year` is a Gregorian leap year.
    public static func isLeap(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    /// The number of days in a month of a year.
    public static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
