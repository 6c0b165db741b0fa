/// Every way lctrace writes a duration, in one place (no Foundation):
///
/// - ``seconds(_:)`` and ``budget(_:)``: finding messages (`7.250`, `2.5`).
/// - ``clock(_:)``: `lctrace stats` (`0.250s`, `3:05.500`, `2:03:05.500`).
/// - ``readable(_:)`` and ``compact(_:)``: the HTML report (`450 ms`, `12.345 s`, `2 h 5 min`).
public enum DurationText {
    /// Seconds with three decimals (`7.250`), rounded to the millisecond.
    public static func seconds(_ nanos: Int64) -> String {
        let negative = nanos < 0
        // The magnitude as UInt64: abs(Int64.min) and rounding near Int64.max would trap.
        let magnitude = nanos.magnitude
        let ms = magnitude / 1_000_000 + (magnitude % 1_000_000 >= 500_000 ? 1 : 0)
        return (negative ? "-" : "") + String(ms / 1000) + "." + threeDigits(ms % 1000)
    }

    /// A budget: whole seconds without decimals (`5`), else the shortest of up to three
    /// decimals (`2.5`).
    public static func budget(_ nanos: Int64) -> String {
        var text = seconds(nanos)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `0.250s`, `12.000s`, `3:05.500` (minutes from 60 s on), `2:03:05.500` from an hour on;
    /// milliseconds, rounded.
    public static func clock(_ nanos: Int64) -> String {
        let ms = (nanos + 500_000) / 1_000_000
        let fraction = threeDigits(UInt64(ms % 1000))
        let s = ms / 1000
        let two = { (v: Int64) in v < 10 ? "0\(v)" : "\(v)" }
        if s < 60 { return "\(s).\(fraction)s" }
        if s < 3600 { return "\(s / 60):\(two(s % 60)).\(fraction)" }
        return "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60)).\(fraction)"
    }

    /// `450 ms`, `12.345 ms`, `12.345 s` (under two minutes), else ``compact(_:)``.
    public static func readable(_ nanos: Int64) -> String {
        let ms = nanos / 1_000_000
        if nanos < 1_000_000_000 {
            if nanos % 1_000_000 == 0 { return "\(ms) ms" }
            return decimal(Double(nanos) / 1e6, digits: 3) + " ms"
        }
        if nanos < 120_000_000_000 { return decimal(Double(nanos) / 1e9, digits: 3) + " s" }
        return compact(nanos)
    }

    /// The two largest units: `2 h 5 min`, `3 min 20 s`, `45 s`, `250 ms`.
    public static func compact(_ nanos: Int64) -> String {
        let ms = nanos / 1_000_000
        let units: [(size: Int64, name: String)] = [
            (86_400_000, "d"), (3_600_000, "h"), (60_000, "min"), (1000, "s"), (1, "ms"),
        ]
        guard let i = units.firstIndex(where: { ms >= $0.size }) else { return "0 ms" }
        var out = "\(ms / units[i].size) \(units[i].name)"
        if i + 1 < units.count {
            let next = (ms % units[i].size) / units[i + 1].size
            if next > 0 { out += " \(next) \(units[i + 1].name)" }
        }
        return out
    }

    /// A number with `digits` decimals, rounded half away from zero.
    public static func decimal(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let n = Int64((value * scale).rounded())
        let whole = n / Int64(scale)
        var fraction = String((n % Int64(scale)).magnitude)
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        return (n < 0 && whole == 0 ? "-" : "") + String(whole) + "." + fraction
    }

    private static func threeDigits(_ value: UInt64) -> String {
        let text = String(value)
        return String(repeating: "0", count: 3 - text.count) + text
    }
}
