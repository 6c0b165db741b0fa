import LCTraceCore

extension Replayer {
    /// The clock of `pid` while its session is live (begun and not ended): what a crash
    /// report given with the log needs to end that session (docs/SYSTEM-LOGS.md); `nil` for a
    /// pid never seen, seen only in `meta`, or whose session ended.
    public func liveClock(pid: Int64) -> Timestamp? {
        guard let idx = pidIndex[pid], processes[idx].started else { return nil }
        guard !app.traits(of: processes[idx].state).contains(.ended) else { return nil }
        return processes[idx].maxTime
    }
}
