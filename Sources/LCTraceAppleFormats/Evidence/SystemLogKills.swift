import LCTraceCore
import LCTraceIngest

/// The terminations a system log recorded (`sys.kill` from RunningBoard's or FrontBoard's
/// messages), as reports that end the matching session of an instrumented log replayed with
/// it (`lctrace replay LOG --system-log S`, docs/SYSTEM-LOGS.md). They go through the same
/// join as crash reports (``TimedEvidence``): a kill the instrumented log also has within
/// 5 s is one kill, and a kill only the system saw ends the app's session at its time.
public enum SystemLogKills {
    /// The kills of one system log, in line order; none when it cannot be read (its own
    /// replay says why).
    public static func read(
        path: String, displayName: String, reading: ReadOptions
    ) -> [CrashReport] {
        guard
            var reader = try? LogOpener.open(path, options: reading)
        else {
            return []
        }
        var kills: [CrashReport] = []
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        while true {
            let step = reader.read(into: &record)
            if step == .end { break }
            guard step == .record, record.event == .sysKill, let pid = record.pid else { continue }
            let reason = reader.symbols[record.reason] ?? ""
            kills.append(
                CrashReport(
                    path: displayName, pid: pid, time: record.time, reason: reason,
                    summary: reason.isEmpty ? "sys.kill" : reason, origin: .systemLog(line: record.line)))
        }
        return kills
    }
}
