import LCTraceCore
import LCTraceIngest

/// Outside evidence with a time, joined to a log's replay (docs/SYSTEM-LOGS.md): crash and
/// JetsamEvent reports, a `--system-log`'s kills (``SystemLogKills``) and MetricKit crash
/// diagnostics with a pid all arrive as ``CrashReport``s and enter the replay loop through this
/// one value, which the loop asks once per record. Each report becomes the `sys.kill` the
/// engine sees for its pid at its time, so that the exit class and LC103 come from the one
/// engine.
///
/// A report at time T for pid P matches the session of P live at T, within
/// ``SameFact/killWindow``:
/// - a `sys.kill` or `process.exit` of P within the window of T is the same kill: it takes
///   the report's reason (one fact seen twice is one record; ``sameKill(as:in:symbols:)``);
/// - otherwise, once the log has passed T plus the window (or has ended), a `sys.kill` is
///   replayed for P at T (or at P's last record, when that is later), provided P's session
///   is still live (``nextDue(before:liveClock:symbols:)``); else the report matches nothing
///   in this log.
public struct TimedEvidence {
    /// A kill that came from a report: the findings of its record say so.
    struct Mark {
        var pid: Int64
        var line: Int
        var time: Timestamp
        var report: CrashReport
        /// The kill was placed for the report (the log has no record of it), not adopted.
        var placed: Bool
    }

    /// Whether any evidence was given: without any, the loop never asks (one check per record).
    public let isActive: Bool
    /// Reports not yet placed, by time.
    private(set) var pending: [CrashReport]
    /// Kills that came from reports.
    private(set) var marks: [Mark] = []
    /// The line of the last record of the log, where a placed kill is reported.
    private var lastLine = 0

    /// The evidence given with one log, placed in time order.
    ///
    /// - Parameter reports: crash and JetsamEvent reports, system-log kills, MetricKit crashes.
    public init(_ reports: [CrashReport]) {
        isActive = !reports.isEmpty
        pending = reports.sorted { $0.time < $1.time }
    }

    /// The next report whose time plus the window is before `time` (or any, at the end: `nil`)
    /// and whose pid has a live session, as the `sys.kill` record to replay (its reason added
    /// to `symbols`), with the report. Reports whose pid has no live session are dropped.
    ///
    /// - Parameters:
    ///   - time: the time of the record about to be replayed; `nil` at the end of the log.
    ///   - liveClock: the replay clock of a pid's live session, `nil` when it has none
    ///     (`Replayer.liveClock(pid:)`).
    ///   - symbols: a copy of the reader's symbols, to which the kill's reason is appended.
    public mutating func nextDue(
        before time: Timestamp?, liveClock: (Int64) -> Timestamp?, symbols: inout SymbolTable
    ) -> (kill: Record, report: CrashReport)? {
        while let first = pending.first {
            if let time, first.time.nanoseconds.addingReportingOverflow(SameFact.killWindow).partialValue >= time.nanoseconds {
                return nil
            }
            let report = pending.removeFirst()
            guard let clock = liveClock(report.pid) else { continue }
            let kill = Record(
                line: lastLine, time: max(report.time, clock), event: .sysKill, pid: report.pid,
                reasonCode: ReasonCode(text: report.reason), reason: symbols.append(report.reason))
            mark(kill, from: report, placed: true)
            return (kill, report)
        }
        return nil
    }

    /// When `record` is a kill or exit of a pid a pending report names, within the window:
    /// that report, taken from the pending ones (the record then takes its reason:
    /// ``adopt(_:in:symbols:)``). Notes the record's line for the kills placed after it.
    public mutating func sameKill(as record: Record) -> CrashReport? {
        lastLine = record.line
        guard record.event == .sysKill || record.event == .processExit else { return nil }
        let index = pending.firstIndex { SameFact.kill(record, isReportOf: $0.pid, at: $0.time) }
        guard let index else { return nil }
        let report = pending.remove(at: index)
        mark(record, from: report, placed: false)
        return report
    }

    /// Gives `record` the reason of `report` (added to `symbols`, a copy of the reader's).
    public static func adopt(_ report: CrashReport, in record: inout Record, symbols: inout SymbolTable) {
        record.reason = symbols.append(report.reason)
        record.reasonCode = ReasonCode(text: report.reason)
    }

    /// Notes that `record` carries `report`'s kill; `placed`: the record was made for the
    /// report, the log had none.
    private mutating func mark(_ record: Record, from report: CrashReport, placed: Bool) {
        guard let pid = record.pid else { return }
        marks.append(Mark(pid: pid, line: record.line, time: record.time, report: report, placed: placed))
    }

    /// After the replay: labels the findings of the reports' kills and adds the reports to
    /// the deaths those kills caused.
    public func finish(_ result: inout FileResult) {
        label(&result.findings)
        attach(to: &result.deaths)
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
