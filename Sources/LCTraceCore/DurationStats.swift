/// A distribution of durations: count, p50, p95 and max.
///
/// Percentiles use the **nearest-rank** method: with the n values sorted ascending, the
/// p-th percentile is the value at 1-based rank ⌈p·n/100⌉. It is always one of the
/// observed values (no interpolation), so a p95 of a handler's durations is a duration
/// that handler really took. For n = 1 every percentile is that value.
public struct DurationStats: Sendable, Equatable {
    /// How many durations.
    public var count: Int
    /// Nanoseconds; `nil` when `count` is 0.
    public var p50: Int64?
    /// The 95th percentile, nanoseconds; `nil` when `count` is 0.
    public var p95: Int64?
    /// The largest duration, nanoseconds; `nil` when `count` is 0.
    public var max: Int64?

    /// Creates the value from its figures.
    public init(count: Int, p50: Int64?, p95: Int64?, max: Int64?) {
        self.count = count
        self.p50 = p50
        self.p95 = p95
        self.max = max
    }

    /// The statistics of `values` (nanoseconds, any order).
    public init(_ values: [Int64]) {
        let sorted = values.sorted()
        count = sorted.count
        p50 = Self.percentile(50, of: sorted)
        p95 = Self.percentile(95, of: sorted)
        max = sorted.last
    }

    /// The nearest-rank percentile `p` (1…100) of ascending `sorted`; `nil` when empty.
    public static func percentile(_ p: Int, of sorted: [Int64]) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        let rank = (p * sorted.count + 99) / 100
        return sorted[Swift.max(1, Swift.min(rank, sorted.count)) - 1]
    }
}
