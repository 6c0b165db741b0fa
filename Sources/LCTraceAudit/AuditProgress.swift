/// Where an audit stands, for the progress bar.
public struct AuditProgress: Sendable, Equatable {
    /// Paths finished (in delivery order).
    public var done: Int
    /// Paths in all.
    public var total: Int
    /// Records replayed so far.
    public var records: Int
    /// Seconds since the start.
    public var elapsed: Double

    /// Creates the value.
    public init(done: Int, total: Int, records: Int, elapsed: Double) {
        self.done = done
        self.total = total
        self.records = records
        self.elapsed = elapsed
    }

    /// One line for a terminal, e.g.
    /// `[#######.............]  350/1,000 files  812,345 rec/s  0:12 elapsed  0:22 left`,
    /// without a line end; the caller starts it with `\r` and clears the rest of the line.
    public func line(barWidth: Int = 24) -> String {
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = min(barWidth, Int(fraction * Double(barWidth)))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled) + "]"
        let rate = elapsed > 0 ? Int(Double(records) / elapsed) : 0
        var out =
            bar + " " + AuditReport.grouped(done) + "/" + AuditReport.grouped(total) + " files  "
            + AuditReport.grouped(rate) + " rec/s  " + Self.clock(elapsed) + " elapsed"
        if done > 0 && done < total {
            out += "  " + Self.clock(elapsed / Double(done) * Double(total - done)) + " left"
        }
        return out
    }

    /// `m:ss`, or `h:mm:ss` from an hour on.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.down))
        let two = { (v: Int) in v < 10 ? "0\(v)" : "\(v)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }
}
