import LCTraceCore

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
        let end = bytes.count
        var i = 0
        func digits(_ count: Int) throws(ScanFailure) -> Int64 {
            guard i + count <= end else { throw ScanFailure(form) }
            var v: Int64 = 0
            for k in 0..<count {
                let d = bytes[i + k] &- 0x30
                guard d < 10 else { throw ScanFailure(form) }
                v = v * 10 + Int64(d)
            }
            i += count
            return v
        }
        func expect(_ c: UInt8) throws(ScanFailure) {
            guard i < end, bytes[i] == c else { throw ScanFailure(form) }
            i += 1
        }
        func range(_ field: String) -> ScanFailure { ScanFailure(form + ": \(field) is out of range") }

        let year = try digits(4)
        try expect(0x2D)
        let month = try digits(2)
        try expect(0x2D)
        let day = try digits(2)
        guard i < end, bytes[i] == 0x20 || bytes[i] == 0x54 || bytes[i] == 0x74 else { throw ScanFailure(form) }
        i += 1
        let hour = try digits(2)
        try expect(0x3A)
        let minute = try digits(2)
        try expect(0x3A)
        let second = try digits(2)
        var fraction: Int64 = 0
        if i < end, bytes[i] == 0x2E {
            i += 1
            var count = 0
            while i < end, bytes[i] &- 0x30 < 10 {
                if count < 9 { fraction = fraction * 10 + Int64(bytes[i] - 0x30) }
                count += 1
                i += 1
            }
            guard count > 0 else { throw ScanFailure(form) }
            while count < 9 {
                fraction *= 10
                count += 1
            }
        }
        var offset: Int64 = 0
        guard i < end else { throw ScanFailure(form) }
        if bytes[i] == 0x5A || bytes[i] == 0x7A {
            i += 1
        } else if bytes[i] == 0x2B || bytes[i] == 0x2D {
            let sign: Int64 = bytes[i] == 0x2D ? -1 : 1
            i += 1
            let offsetHours = try digits(2)
            var offsetMinutes: Int64 = 0
            if i < end {
                if bytes[i] == 0x3A { i += 1 }
                offsetMinutes = try digits(2)
            }
            guard offsetHours <= 23 else { throw range("offset hour") }
            guard offsetMinutes <= 59 else { throw range("offset minute") }
            offset = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            throw ScanFailure(form)
        }
        guard i == end else { throw ScanFailure(form) }
        guard month >= 1, month <= 12 else { throw range("month") }
        guard day >= 1, day <= CivilDate.daysInMonth(year: year, month: month) else { throw range("day") }
        guard hour <= 23 else { throw range("hour") }
        guard minute <= 59 else { throw range("minute") }
        guard second <= 60 else { throw range("second") }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        let (nanos, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, o2) = nanos.addingReportingOverflow(fraction)
        if o1 || o2 { throw ScanFailure("'timestamp' is out of range") }
        return Timestamp(nanoseconds: total)
    }
}
