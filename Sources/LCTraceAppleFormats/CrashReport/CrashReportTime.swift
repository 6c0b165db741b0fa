import LCTraceCore

/// The time format of crash reports: `2019-10-30 10:37:41.5986 +0800` (`Date/Time:`,
/// `captureTime`, the header's `timestamp`), also MetricKit's `timeStampBegin`/`timeStampEnd`.
public enum CrashReportTime {
    /// The time, or `nil` when `text` is not `YYYY-MM-DD HH:MM:SS[.fraction] ±HHMM`.
    public static func parse(_ text: Substring) -> Timestamp? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[0].count == 10, parts[1].count >= 8 else { return nil }
        let zone = parts[2]
        guard zone.count == 5, zone.first == "+" || zone.first == "-", zone.dropFirst().allSatisfy(\.isNumber) else {
            return nil
        }
        let offset = "\(zone.prefix(3)):\(zone.suffix(2))"
        return Timestamp(rfc3339: "\(parts[0])T\(parts[1])\(offset)")
    }

    /// The form times are told to follow.
    public static let example = "'YYYY-MM-DD HH:MM:SS.ssss +HHMM'"
}
