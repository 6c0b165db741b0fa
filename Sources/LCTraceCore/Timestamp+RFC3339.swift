/// RFC 3339 text of a timestamp, written as bytes (`lctrace convert` writes one per record;
/// ``Timestamp/rfc3339`` is built from the same bytes).
extension Timestamp {
    /// Appends ``rfc3339``'s text (`2026-11-20T10:00:01.500Z`) to `out` as UTF-8 bytes, without
    /// building a `String`.
    ///
    /// Every `Int64` of nanoseconds is a year from 1677 to 2262, so each part has its fixed
    /// width: four digits of year, two of month, day, hour, minute and second, then 3, 6 or 9
    /// of fraction (the fewest that keep every digit of the value).
    public func appendRFC3339(to out: inout [UInt8]) {
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
        let fraction: (Int64, Int)
        if frac % 1_000_000 == 0 {
            fraction = (frac / 1_000_000, 3)
        } else if frac % 1000 == 0 {
            fraction = (frac / 1000, 6)
        } else {
            fraction = (frac, 9)
        }
        // Written into a small buffer on the stack and appended once: one capacity check.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var i = 0
            func digits(_ value: Int64, _ width: Int) {
                var v = value
                var k = i + width - 1
                while k >= i {
                    buffer[k] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
                    v /= 10
                    k -= 1
                }
                i += width
            }
            func byte(_ c: UInt8) {
                buffer[i] = c
                i += 1
            }
            digits(y, 4)
            byte(0x2D)
            digits(m, 2)
            byte(0x2D)
            digits(d, 2)
            byte(0x54)
            digits(rem / 3600, 2)
            byte(0x3A)
            digits((rem % 3600) / 60, 2)
            byte(0x3A)
            digits(rem % 60, 2)
            byte(0x2E)
            digits(fraction.0, fraction.1)
            byte(0x5A)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<i]))
        }
    }
}
