/// Formats durations for finding messages without Foundation.
enum DurationText {
    /// Seconds with three decimals (`7.250`), rounded to the millisecond.
    static func seconds(_ nanos: Int64) -> String {
        let negative = nanos < 0
        // The magnitude as UInt64: abs(Int64.min) and rounding near Int64.max would trap.
        let magnitude = nanos.magnitude
        let ms = magnitude / 1_000_000 + (magnitude % 1_000_000 >= 500_000 ? 1 : 0)
        let frac = String(ms % 1000)
        return (negative ? "-" : "") + String(ms / 1000) + "." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    /// A budget: whole seconds without decimals (`5`), else the shortest of up to three
    /// decimals (`2.5`).
    static func budget(_ nanos: Int64) -> String {
        var text = seconds(nanos)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
