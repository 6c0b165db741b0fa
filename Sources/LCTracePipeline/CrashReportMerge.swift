import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay

/// Crash reports given with a log, joined to its replay (docs/SYSTEM-LOGS.md): each report
/// becomes the `sys.kill` the engine sees for its pid at its time, so that the exit class and
/// LC103 come from the one engine.
///
/// A report at time T for pid P matches the session of P live at T, within ``tolerance``:
/// - a `sys.kill` or `process.exit` of P within the tolerance of T is the same kill: it takes
///   the report's reason (one fact seen twice is one record);
/// - otherwise, once the log has passed T plus the tolerance (or has ended), a `sys.kill` is
///   replayed for P at T (or at P's last record, when that is later), provided P's session
///   is still live; else the report matches nothing in this log.
struct CrashReportMerge {
    /// How far apart a report and the log's own records of the same kill may be.
    static let tolerance: Int64 = 5_000_000_000

    /// A kill that came from a report: the findings of its record say so.
    struct Mark {
        var pid: Int64
        var line: Int
        var time: Timestamp
        var report: CrashReport
        /// The kill was placed for the report (the log has no record of it), not adopted.
        var placed: Bool
    }

    /// Reports not yet placed, by time.
    private(set) var pending: [CrashReport]
    /// Kills that came from reports.
    private(set) var marks: [Mark] = []

    /// Creates a merge of reports, placed in time order.
    init(_ reports: [CrashReport]) {
        pending = reports.sorted { $0.time < $1.time }
    }

    /// The reports whose time plus the tolerance is before `time` (all of them for `nil`):
    /// they are placed now.
    mutating func due(before time: Timestamp?) -> [CrashReport] {
        var due: [CrashReport] = []
        while let first = pending.first {
            if let time, first.time.nanoseconds.addingReportingOverflow(Self.tolerance).partialValue >= time.nanoseconds {
                break
            }
            due.append(pending.removeFirst())
        }
        return due
    }

    /// When `record` is a kill or exit of a pid a pending report names, within the
    /// tolerance: that report, taken from the pending ones.
    mutating func sameKill(as record: Record) -> CrashReport? {
        guard record.event == .sysKill || record.event == .processExit, let pid = record.pid else { return nil }
        let index = pending.firstIndex {
            $0.pid == pid && abs($0.time.nanoseconds(since: record.time)) <= Self.tolerance
        }
        guard let index else { return nil }
        return pending.remove(at: index)
    }

    /// Notes that `record` carries `report`'s kill; `placed`: the record was made for the
    /// report, the log had none.
    mutating func mark(_ record: Record, from report: CrashReport, placed: Bool) {
        guard let pid = record.pid else { return }
        marks.append(Mark(pid: pid, line: record.line, time: record.time, report: report, placed: placed))
    }

    /// Adds the reports to the deaths their kills caused (SPEC §8 `evidence`): one death
    /// seen by the log and a report is one death with both pieces of evidence; a kill only
    /// the report saw has no `log` evidence. A report's watchdog words become the death's
    /// `watchdog`.
    func attach(to deaths: inout [Death]) {
        for mark in marks {
            guard let i = deaths.firstIndex(where: { $0.pid == mark.pid && $0.line == mark.line }) else { continue }
            if mark.placed { deaths[i].evidence.removeAll { $0.kind == "log" } }
            switch mark.report.origin {
            case .systemLog(let line): deaths[i].addEvidence(.systemLog(file: mark.report.path, line: line))
            case .crashReport, .jetsamEvent: deaths[i].addEvidence(.crashReport(file: mark.report.path))
            case .metrickit(let index, _): deaths[i].addEvidence(.metrickit(file: mark.report.path, index: index))
            }
            if let watchdog = mark.report.watchdog { deaths[i].watchdog = watchdog }
            deaths[i].refreshMessage()
        }
    }

    /// The `sys.kill` record of a report for a live session, with its reason added to
    /// `symbols`; `nil` when the report's pid has no live session.
    static func kill(
        for report: CrashReport, line: Int, replayer: borrowing Replayer, symbols: inout SymbolTable
    ) -> Record? {
        guard let clock = replayer.liveClock(pid: report.pid) else { return nil }
        return Record(
            line: line, time: max(report.time, clock), event: .sysKill, pid: report.pid,
            reasonCode: ReasonCode(text: report.reason), reason: symbols.append(report.reason))
    }

    /// Gives `record` the reason of `report` (added to `symbols`).
    static func adopt(_ report: CrashReport, in record: inout Record, symbols: inout SymbolTable) {
        record.reason = symbols.append(report.reason)
        record.reasonCode = ReasonCode(text: report.reason)
    }

    /// Marks the findings of the reports' kills: source `system`, and a message naming the report.
    func label(_ findings: inout [Finding]) {
        for mark in marks {
            for i in findings.indices
            where findings[i].pid == mark.pid && findings[i].line == mark.line && findings[i].time == mark.time {
                findings[i].source = .system
                findings[i].message += " (" + mark.report.origin.label(path: mark.report.path, summary: mark.report.summary) + ")"
            }
        }
    }
}
