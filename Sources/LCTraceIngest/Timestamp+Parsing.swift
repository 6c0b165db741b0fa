import LCTraceCore

/// Parsing of the `t` key: JSON numbers (epoch seconds) and RFC 3339 strings.
extension Timestamp {
    /// Parses an RFC 3339 time as a log's `t` key is read (the one RFC 3339 parser: logs,
    /// and the times of `lctrace audit` JSON reports read back for merging).
    ///
    /// - Parameter text: the time, for example `"2024-05-01T12:00:00.250Z"`.
    /// - Returns: the time, or `nil` when `text` is not an RFC 3339 time.
    public init?(rfc3339 text: String) {
        var bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return nil }
        let parsed: Timestamp? = bytes.withUnsafeMutableBufferPointer { buffer in
            try? Timestamp.parseRFC3339(UnsafePointer(buffer.baseAddress!), 0, buffer.count)
        }
        guard let parsed else { return nil }
        self = parsed
    }

    /// The form bad time strings are told to follow.
    static let rfc3339Example = "2026-11-20T10:00:00.250Z"

    /// Parses a JSON number (already validated by the scanner) as epoch seconds,
    /// exactly, into nanoseconds.
    ///
    /// Digits below one nanosecond are truncated toward zero (`1.0000000019` is
    /// `1_000_000_001` ns). Exponents shift the decimal point, so `1.7953e9`
    /// and `17953e5` are the same second.
    ///
    /// - Throws: `'t' is out of range` when the value does not fit `Int64` nanoseconds.
    static func parseEpochSeconds(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(ScanFailure) -> Timestamp {
        // The common case, `1795300000.123456`, in one pass: no exponent and at
        // most 18 integer digits, which cannot overflow before the final product.
        var i = start
        let negative = p[i] == 0x2D
        if negative { i += 1 }
        let intStart = i
        var seconds: Int64 = 0
        while i < end, p[i] &- 0x30 < 10 {
            seconds = seconds &* 10 &+ Int64(p[i] &- 0x30)
            i += 1
        }
        let intCount = i - intStart
        var fraction: Int64 = 0
        var fractionDigits = 0
        if i < end, p[i] == 0x2E {
            i += 1
            while i < end, p[i] &- 0x30 < 10 {
                if fractionDigits < 9 {
                    fraction = fraction &* 10 &+ Int64(p[i] &- 0x30)
                    fractionDigits += 1
                }
                i += 1
            }
        }
        if i == end, intCount <= 18 {
            while fractionDigits < 9 {
                fraction &*= 10
                fractionDigits += 1
            }
            let (nanos, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            let (total, overflow2) = nanos.addingReportingOverflow(fraction)
            if overflow || overflow2 { throw epochRangeFailure(integerDigits: intCount) }
            return Timestamp(nanoseconds: negative ? -total : total)
        }
        return try parseEpochSecondsGeneral(p, start, end)
    }

    /// `'t' is out of range`, with a hint when the number of integer digits is that of
    /// epoch milliseconds, microseconds or nanoseconds of a recent date (13, 16, 19).
    static func epochRangeFailure(integerDigits: Int) -> ScanFailure {
        let unit: String?
        switch integerDigits {
        case 13: unit = "milliseconds"
        case 16: unit = "microseconds"
        case 19: unit = "nanoseconds"
        default: unit = nil
        }
        guard let unit else { return ScanFailure("'t' is out of range") }
        return ScanFailure("'t' is out of range: it looks like epoch \(unit), and 't' is in seconds")
    }

    /// The general case: exponents and long digit strings, exactly.
    private static func parseEpochSecondsGeneral(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(ScanFailure) -> Timestamp {
        var i = start
        let negative = p[i] == 0x2D
        if negative { i += 1 }
        // The digits, without the point: integer part [i, intEnd), fraction [fracStart, fracEnd).
        let intStart = i
        while i < end, p[i] &- 0x30 < 10 { i += 1 }
        let intEnd = i
        var fracStart = i, fracEnd = i
        if i < end, p[i] == 0x2E {
            fracStart = i + 1
            i += 1
            while i < end, p[i] &- 0x30 < 10 { i += 1 }
            fracEnd = i
        }
        var exponent = 0
        if i < end, p[i] | 0x20 == 0x65 {
            i += 1
            var expNegative = false
            if p[i] == 0x2D || p[i] == 0x2B {
                expNegative = p[i] == 0x2D
                i += 1
            }
            while i < end {
                // Saturate: anything this large is out of range or zero anyway.
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(p[i] - 0x30) }
                i += 1
            }
            if expNegative { exponent = -exponent }
        }
        let intCount = intEnd - intStart
        let digitCount = intCount + fracEnd - fracStart
        // The decimal point sits after `intCount + exponent` digits; nanoseconds
        // take 9 more. Digits past that are below a nanosecond and dropped.
        let keep = intCount + exponent + 9
        var value: Int64 = 0
        var k = 0
        while k < min(digitCount, keep) {
            let digit = Int64(k < intCount ? p[intStart + k] - 0x30 : p[fracStart + k - intCount] - 0x30)
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(digit)
            if o1 || o2 { throw exponent == 0 ? epochRangeFailure(integerDigits: intCount) : ScanFailure("'t' is out of range") }
            value = sum
            k += 1
        }
        if value != 0 {
            var zeros = keep - digitCount
            while zeros > 0 {
                let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
                if overflow { throw exponent == 0 ? epochRangeFailure(integerDigits: intCount) : ScanFailure("'t' is out of range") }
                value = times10
                zeros -= 1
            }
        }
        return Timestamp(nanoseconds: negative ? -value : value)
    }

    /// Scans the JSON number at `p[i]` (a digit) for the `t` key and, when it has
    /// the common form (`1795300000.123456`: no exponent, at most 18 integer
    /// digits, in range), its value: one pass instead of scanning and parsing.
    ///
    /// Any other number is scanned by ``JSONLexer/scanNumber(_:_:_:fractional:)``
    /// (same grammar, same errors) and `nanoseconds` is `nil`: the caller then
    /// parses it with ``parseEpochSeconds(_:_:_:)``.
    @inline(__always)
    static func scanEpochSeconds(
        _ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, nanoseconds: inout Int64?, fractional: inout Bool
    ) throws(ScanFailure) -> Int {
        if let end = scanTenDigitEpoch(p, i, n, nanoseconds: &nanoseconds) {
            fractional = true
            return end
        }
        var j = i
        var seconds: Int64 = 0
        if p[j] == 0x30 {
            j += 1
        } else {
            while j < n, p[j] &- 0x30 < 10 {
                seconds = seconds &* 10 &+ Int64(p[j] &- 0x30)
                j += 1
            }
        }
        var fraction: Int64 = 0
        var fractionDigits = 0
        var common = j - i <= 18
        if j < n, p[j] == 0x2E {
            j += 1
            fractional = true
            let fractionStart = j
            while j < n, p[j] &- 0x30 < 10 {
                if fractionDigits < 9 {
                    fraction = fraction &* 10 &+ Int64(p[j] &- 0x30)
                    fractionDigits += 1
                }
                j += 1
            }
            if j == fractionStart { common = false }
        }
        if j < n, p[j] | 0x20 == 0x65 || p[j] &- 0x30 < 10 { common = false }
        if common {
            while fractionDigits < 9 {
                fraction &*= 10
                fractionDigits += 1
            }
            let (nanos, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
            let (total, overflow2) = nanos.addingReportingOverflow(fraction)
            if !overflow && !overflow2 {
                nanoseconds = total
                return j
            }
        }
        nanoseconds = nil
        fractional = false
        return try JSONLexer.scanNumber(p, i, n, fractional: &fractional)
    }

    /// The shape nearly every log writes, `DDDDDDDDDD.F…` (ten digits of seconds, the years
    /// 2001–2286, and one to nine fraction digits), with the first eight digits checked and
    /// converted a word at a time; `nil` for anything else, which the general path then scans.
    @inline(__always)
    static func scanTenDigitEpoch(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, nanoseconds: inout Int64?) -> Int? {
        guard i + 12 <= n, p[i] != 0x30, p[i + 10] == 0x2E else { return nil }
        let word = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self).littleEndian
        // Every byte 0x30...0x39: high nibble 3, and adding 6 does not carry out of the low nibble.
        guard word & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030,
            (word &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030
        else { return nil }
        let d8 = p[i + 8] &- 0x30
        let d9 = p[i + 9] &- 0x30
        guard d8 < 10, d9 < 10 else { return nil }
        // Eight digits to a number (first digit most significant), as in simdjson.
        var v = ((word & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) >> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
        let seconds = Int64(v) &* 100 &+ Int64(d8 &* 10 &+ d9)
        guard seconds < 9_000_000_000 else { return nil }
        // Milliseconds, the usual fraction: three digits and a byte that ends the number, in one load.
        if i + 15 <= n {
            let w = UnsafeRawPointer(p + i + 11).loadUnaligned(as: UInt32.self).littleEndian
            let f0 = UInt8(truncatingIfNeeded: w) &- 0x30
            let f1 = UInt8(truncatingIfNeeded: w >> 8) &- 0x30
            let f2 = UInt8(truncatingIfNeeded: w >> 16) &- 0x30
            let after = UInt8(truncatingIfNeeded: w >> 24)
            if f0 < 10, f1 < 10, f2 < 10, after &- 0x30 >= 10, after | 0x20 != 0x65 {
                let millis = Int64(f0) &* 100 &+ Int64(f1 &* 10 &+ f2)
                nanoseconds = seconds &* 1_000_000_000 &+ millis &* 1_000_000
                return i + 14
            }
        }
        return scanEpochFraction(p, i, n, seconds: seconds, nanoseconds: &nanoseconds)
    }

    /// The epoch time writers emit, `DDDDDDDDDD.FFF` followed by `,` (ten digits of seconds
    /// not starting with 0, below 9,000,000,000, and milliseconds) at `p[i]`, from two
    /// eight-byte loads: its nanoseconds, the value ``scanTenDigitEpoch(_:_:_:nanoseconds:)``
    /// gives; `nil` for anything else (the number then ends at `i + 14`).
    @inline(__always)
    static func scanCommonEpochMilliseconds(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int64? {
        guard i + 16 <= n else { return nil }
        let raw = UnsafeRawPointer(p + i)
        let high = raw.loadUnaligned(as: UInt64.self).littleEndian
        // `DD.FFF,` and one more byte: the point and the comma in place, five digits.
        let low = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self).littleEndian
        let separators: UInt64 = 0xFFFF_0000_00FF_0000
        guard low & 0x00FF_0000_00FF_0000 == 0x002C_0000_002E_0000 else { return nil }
        let digitsLow = (low & ~separators) | 0x3030_0000_0030_0000
        let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let threes: UInt64 = 0x3030_3030_3030_3030
        let sixes: UInt64 = 0x0606_0606_0606_0606
        guard high & nibbles == threes, (high &+ sixes) & nibbles == threes, digitsLow & nibbles == threes,
            (digitsLow &+ sixes) & nibbles == threes, high & 0xFF != 0x30
        else { return nil }
        var v = ((high & 0x0F0F_0F0F_0F0F_0F0F) &* 2561) &>> 8
        v = ((v & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
        v = ((v & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
        let d = digitsLow &- threes
        let seconds =
            Int64(truncatingIfNeeded: v) &* 100 &+ Int64(truncatingIfNeeded: d & 0xFF) &* 10
            &+ Int64(truncatingIfNeeded: (d &>> 8) & 0xFF)
        guard seconds < 9_000_000_000 else { return nil }
        let millis =
            Int64(truncatingIfNeeded: (d &>> 24) & 0xFF) &* 100 &+ Int64(truncatingIfNeeded: (d &>> 32) & 0xFF) &* 10
            &+ Int64(truncatingIfNeeded: (d &>> 40) & 0xFF)
        return seconds &* 1_000_000_000 &+ millis &* 1_000_000
    }

    /// The fraction of ``scanTenDigitEpoch(_:_:_:nanoseconds:)`` other than milliseconds
    /// (out of line, so that the usual case stays small enough to be inlined).
    @inline(never)
    static func scanEpochFraction(
        _ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, seconds: Int64, nanoseconds: inout Int64?
    ) -> Int? {
        var j = i + 11
        var fraction: Int64 = 0
        // Up to ten digits: a tenth says there are more than nine.
        while j < n, j < i + 21 {
            let d = p[j] &- 0x30
            guard d < 10 else { break }
            fraction = fraction &* 10 &+ Int64(d)
            j += 1
        }
        // No fraction digit, more than nine, or an exponent: the general path decides.
        guard j > i + 11, j < i + 21 else { return nil }
        if j < n, p[j] | 0x20 == 0x65 || p[j] &- 0x30 < 10 { return nil }
        let scale: Int64
        switch j - (i + 11) {
        case 1: scale = 100_000_000
        case 2: scale = 10_000_000
        case 3: scale = 1_000_000
        case 4: scale = 100_000
        case 5: scale = 10_000
        case 6: scale = 1_000
        case 7: scale = 100
        case 8: scale = 10
        default: scale = 1
        }
        nanoseconds = seconds &* 1_000_000_000 &+ fraction &* scale
        return j
    }

    /// The date of the last ``scanCommonRFC3339(_:_:_:day:nanoseconds:)`` call: the bytes of
    /// `YYYY-MM-DD` (the first two, then the next eight, as loaded) and its day number.
    typealias CommonDay = (century: UInt16, rest: UInt64, days: Int64)

    /// The RFC 3339 time writers emit, `"YYYY-MM-DDTHH:MM:SS[.F…](Z|±HH:MM)"` (upper-case `T`
    /// and `Z`, one to nine fraction digits, the years 1970–2200, no leap second), whose first
    /// digit is at `p[q]`: the index after its closing quote, and its time in `nanoseconds`.
    ///
    /// `nil` for anything else (nothing is thrown): ``parseRFC3339(_:_:_:)`` then judges the
    /// string. Where both accept, both give the same time. The clock is checked and converted a
    /// word at a time; the date is checked and converted once per day (`day` holds the last one).
    @inline(__always)
    static func scanCommonRFC3339(
        _ p: UnsafePointer<UInt8>, _ q: Int, _ n: Int, day: inout CommonDay, nanoseconds: inout Int64
    ) -> Int? {
        // `YYYY-MM-DDTHH:MM:SSZ"` is the shortest: 21 bytes.
        guard q + 21 <= n else { return nil }
        let raw = UnsafeRawPointer(p + q)
        let century = raw.loadUnaligned(as: UInt16.self)
        let rest = raw.loadUnaligned(fromByteOffset: 2, as: UInt64.self)
        var days = day.days
        if century != day.century || rest != day.rest {
            guard let fresh = commonDays(p, q) else { return nil }
            day = (century, rest, fresh)
            days = fresh
        }
        // `THH:MM:S`: the separators in place, the five digits checked together.
        let clock = raw.loadUnaligned(fromByteOffset: 10, as: UInt64.self).littleEndian
        let separators: UInt64 = 0x00FF_0000_FF00_00FF
        guard clock & separators == 0x003A_0000_3A00_0054 else { return nil }
        let digits = (clock & ~separators) | 0x0030_0000_3000_0030
        guard digits & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030,
            (digits &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030
        else { return nil }
        let v = digits &- 0x3030_3030_3030_3030
        let hour = Int64(truncatingIfNeeded: (v >> 8) & 0xFF) &* 10 &+ Int64(truncatingIfNeeded: (v >> 16) & 0xFF)
        let minute = Int64(truncatingIfNeeded: (v >> 32) & 0xFF) &* 10 &+ Int64(truncatingIfNeeded: (v >> 40) & 0xFF)
        let lastDigit = p[q + 18] &- 0x30
        guard lastDigit < 10 else { return nil }
        let second = Int64(truncatingIfNeeded: v >> 56) &* 10 &+ Int64(lastDigit)
        guard hour <= 23, minute <= 59, second <= 59 else { return nil }
        var j = q + 19
        var fraction: Int64 = 0
        if p[j] == 0x2E {
            j += 1
            let first = j
            while j < n, j - first < 9 {
                let d = p[j] &- 0x30
                guard d < 10 else { break }
                fraction = fraction &* 10 &+ Int64(d)
                j += 1
            }
            // No digit, or more than nine: the general parser decides.
            guard j > first, j < n, p[j] &- 0x30 >= 10 else { return nil }
            fraction = fraction &* fractionScale(digits: j - first)
        }
        guard j + 1 < n else { return nil }
        var offset: Int64 = 0
        let zone = p[j]
        if zone == 0x5A {
            j += 1
        } else if zone == 0x2B || zone == 0x2D {
            guard let minutes = commonOffsetMinutes(p, j + 1, n) else { return nil }
            offset = zone == 0x2D ? -minutes &* 60 : minutes &* 60
            j += 6
        } else {
            return nil
        }
        guard j < n, p[j] == 0x22 else { return nil }
        // Years 1970–2200 and offsets under a day cannot overflow.
        let seconds = days &* 86_400 &+ hour &* 3600 &+ minute &* 60 &+ second &- offset
        nanoseconds = seconds &* 1_000_000_000 &+ fraction
        return j + 1
    }

    /// `10^(9 - digits)`: what a fraction of `digits` digits (1–9) is multiplied by to give nanoseconds.
    @inline(__always)
    static func fractionScale(digits: Int) -> Int64 {
        switch digits {
        case 3: return 1_000_000
        case 1: return 100_000_000
        case 2: return 10_000_000
        case 4: return 100_000
        case 5: return 10_000
        case 6: return 1_000
        case 7: return 100
        case 8: return 10
        default: return 1
        }
    }

    /// The minutes of an offset `HH:MM` at `p[i]` (hours at most 23, minutes at most 59), or `nil`.
    @inline(never)
    static func commonOffsetMinutes(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int64? {
        guard i + 5 <= n, p[i + 2] == 0x3A else { return nil }
        let h1 = p[i] &- 0x30, h2 = p[i + 1] &- 0x30, m1 = p[i + 3] &- 0x30, m2 = p[i + 4] &- 0x30
        guard h1 < 10, h2 < 10, m1 < 10, m2 < 10 else { return nil }
        let hours = Int64(h1) * 10 + Int64(h2)
        let minutes = Int64(m1) * 10 + Int64(m2)
        guard hours <= 23, minutes <= 59 else { return nil }
        return hours * 60 + minutes
    }

    /// The day number of the date `YYYY-MM-DD` at `p[q]` (the years 1970–2200, a valid month
    /// and day), or `nil` (once per day of log time: out of line).
    @inline(never)
    static func commonDays(_ p: UnsafePointer<UInt8>, _ q: Int) -> Int64? {
        guard p[q + 4] == 0x2D, p[q + 7] == 0x2D else { return nil }
        func number(_ start: Int, _ count: Int) -> Int64? {
            var value: Int64 = 0
            for k in start..<start + count {
                let d = p[q + k] &- 0x30
                guard d < 10 else { return nil }
                value = value * 10 + Int64(d)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let dayOfMonth = number(8, 2) else { return nil }
        guard year >= 1970, year <= 2200, month >= 1, month <= 12 else { return nil }
        guard dayOfMonth >= 1, dayOfMonth <= CivilDate.daysInMonth(year: year, month: month) else { return nil }
        return CivilDate.days(year: year, month: month, day: dayOfMonth)
    }

    /// Parses an RFC 3339 date-time: `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
    ///
    /// Also accepted, as RFC 3339 §5.6 allows: lower-case `t` and `z`, and a
    /// space instead of `T`. Fraction digits below a nanosecond are truncated.
    /// A leap second (`:60`) has no place in Unix time: it is read as second 0
    /// of the next minute (`23:59:60Z` is `00:00:00Z` of the next day).
    ///
    /// - Throws: a message naming the expected form and, for a field out of
    ///   range, which field.
    static func parseRFC3339(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int) throws(ScanFailure) -> Timestamp {
        try parseCalendarTime(
            p, start, end, key: "t", form: "'t' must be an RFC 3339 time like \"\(rfc3339Example)\"",
            flexibleOffset: false)
    }

    /// Parses `YYYY-MM-DD(T|t| )HH:MM:SS[.fraction](Z|z|±HH:MM)` in `p[start..<end]`: RFC 3339
    /// times, and with `flexibleOffset` also the offsets `±HHMM` and `±HH` that `log show`
    /// prints (unified-log exports).
    ///
    /// Fraction digits below a nanosecond are truncated; a leap second (`:60`) is second 0
    /// of the next minute.
    ///
    /// - Parameters:
    ///   - key: the key named when the time is out of range.
    ///   - form: the message for a time not in the form, naming the form.
    ///   - flexibleOffset: whether `±HHMM` and `±HH` offsets are accepted.
    /// - Throws: `form`, with which field is out of range where one is.
    package static func parseCalendarTime(
        _ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, key: String, form: String, flexibleOffset: Bool
    ) throws(ScanFailure) -> Timestamp {
        var i = start
        func digits(_ count: Int) throws(ScanFailure) -> Int64 {
            guard i + count <= end else { throw ScanFailure(form) }
            var v: Int64 = 0
            for k in 0..<count {
                let d = p[i + k] &- 0x30
                guard d < 10 else { throw ScanFailure(form) }
                v = v * 10 + Int64(d)
            }
            i += count
            return v
        }
        func expect(_ c: UInt8) throws(ScanFailure) {
            guard i < end, p[i] == c else { throw ScanFailure(form) }
            i += 1
        }
        func range(_ field: String) -> ScanFailure { ScanFailure(form + ": \(field) is out of range") }

        let year = try digits(4)
        try expect(0x2D)
        let month = try digits(2)
        try expect(0x2D)
        let day = try digits(2)
        guard i < end, p[i] == 0x54 || p[i] == 0x74 || p[i] == 0x20 else { throw ScanFailure(form) }
        i += 1
        let hour = try digits(2)
        try expect(0x3A)
        let minute = try digits(2)
        try expect(0x3A)
        let second = try digits(2)
        var fraction: Int64 = 0
        if i < end, p[i] == 0x2E {
            i += 1
            var count = 0
            while i < end, p[i] &- 0x30 < 10 {
                if count < 9 { fraction = fraction * 10 + Int64(p[i] - 0x30) }
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
        guard i < end else {
            throw ScanFailure(
                form
                    + (flexibleOffset
                        ? " (this one has no time zone: add an offset such as '+0100')" : " (this one has no time zone: add 'Z' or an offset such as '+01:00')")
            )
        }
        if p[i] == 0x5A || p[i] == 0x7A {
            i += 1
        } else if p[i] == 0x2B || p[i] == 0x2D {
            let sign: Int64 = p[i] == 0x2D ? -1 : 1
            i += 1
            let offsetHours = try digits(2)
            var offsetMinutes: Int64 = 0
            if !flexibleOffset {
                try expect(0x3A)
                offsetMinutes = try digits(2)
            } else if i < end {
                if p[i] == 0x3A { i += 1 }
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
        // Seconds fit easily (years 0...9999); only the nanosecond product can overflow.
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        let (nanos, o1) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, o2) = nanos.addingReportingOverflow(fraction)
        if o1 || o2 { throw ScanFailure("'\(key)' is out of range") }
        return Timestamp(nanoseconds: total)
    }
}
