import LCTraceIngest
/// How an iOS system-log transcript (`--input-format syslog`, docs/SYSTEM-LOGS.md) is read.
public struct SyslogOptions: Sendable, Equatable {
    /// The date of a transcript whose lines give only the time of day (Console.app copies)
    /// or no year (idevicesyslog), as `YYYY-MM-DD`; `nil` to take it from the file's own
    /// dated lines, else 1970-01-01.
    public var date: String?
    /// The app to follow, by bundle id or process name; `nil` when the transcript names
    /// exactly one app.
    public var app: String?

    /// Creates options; by default the date and the app come from the transcript.
    public init(date: String? = nil, app: String? = nil) {
        self.date = date
        self.app = app
    }

    /// The `date` as year, month and day; `nil` when unset.
    ///
    /// - Throws: a message saying what was expected when `date` is not `YYYY-MM-DD`.
    func parsedDate() throws(ScanFailure) -> (year: Int, month: Int, day: Int)? {
        guard let date else { return nil }
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), (1...31).contains(d)
        else { throw ScanFailure("'--date' must be YYYY-MM-DD, found '\(date)'") }
        return (y, m, d)
    }
}
