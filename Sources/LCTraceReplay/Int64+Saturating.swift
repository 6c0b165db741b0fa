extension Int64 {
    /// `self + other`, clamped to the range instead of trapping or wrapping.
    ///
    /// Times span all of `Int64` nanoseconds (about 1678–2262), so a deadline or an elapsed
    /// time between two valid times can be out of range (found by fuzzing: a launch in 1725
    /// and an activation in 2026 trapped).
    @inline(__always)
    func addingSaturating(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, clamped to the range instead of trapping or wrapping.
    @inline(__always)
    func subtractingSaturating(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }
}
