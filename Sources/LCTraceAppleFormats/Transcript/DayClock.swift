import LCTraceCore
import LCTraceIngest

/// Places transcript times on the time line: full dates as given; times of day on the base
/// date, a day later each time the clock goes back by more than twelve hours (midnight);
/// month-and-day lines in the base date's year, in UTC (the layout has no offset).
struct DayClock {
    private let year: Int
    private var days: Int64
    private var lastSecondOfDay: Int64?

    /// A clock whose time-of-day lines start on this date.
    init(year: Int, month: Int, day: Int) {
        self.year = year
        days = Self.daysFromCivil(year, month, day)
    }

    /// The timestamp of a line.
    mutating func place(_ when: SyslogLine.When) -> Timestamp {
        switch when {
        case .full(let y, let m, let d, let seconds, let nanos, let offset):
            return Self.stamp(days: Self.daysFromCivil(y, m, d), seconds: seconds - offset, nanos: nanos)
        case .timeOfDay(let seconds, let nanos, let offset):
            if let last = lastSecondOfDay, seconds < last - 12 * 3600 { days += 1 }
            lastSecondOfDay = seconds
            return Self.stamp(days: days, seconds: seconds - offset, nanos: nanos)
        case .monthDay(let month, let day, let seconds):
            return Self.stamp(days: Self.daysFromCivil(year, month, day), seconds: seconds, nanos: 0)
        }
    }

    private static func stamp(days: Int64, seconds: Int64, nanos: Int64) -> Timestamp {
        Timestamp(nanoseconds: (days * 86_400 + seconds) * 1_000_000_000 + nanos)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
