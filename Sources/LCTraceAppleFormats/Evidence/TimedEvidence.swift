import LCTraceCore
import LCTraceIngest

/// Outside evidence joined to a log's replay (docs/SYSTEM-LOGS.md, docs/DEATHS.md): crash and
/// JetsamEvent reports, a `--system-log`'s kills (``SystemLogKills``) and MetricKit crash
/// diagnostics with a pid all arrive as ``CrashReport``s and enter the replay loop through this
/// one value, which the loop asks once per record. Each report becomes the `sys.kill` the
/// engine sees for its pid, so that the exit class and LC103 come from the one engine.
///
/// A report with a time (T, pid P) matches the session of P live at T, within
/// ``SameFact/killWindow``:
/// - a `sys.kill` or `process.exit` of P within the window of T is the same kill: it takes
///   the report's reason (one fact seen twice is one record; ``sameKill(as:liveSession:)``);
/// - otherwise, once the log has passed T plus the window (or has ended), a `sys.kill` is
///   replayed for P at T (or at P's last record, when that is later), provided P's session
///   is still live (``nextDue(before:liveClock:liveSession:symbols:)``); else the report
///   matches nothing in this log.
///
/// A report bound to a session (``CrashReport/session``: a MetricKit crash diagnostic, which
/// has no time) ends exactly that session, never by time proximity: the session's own
/// `sys.kill` or `process.exit` takes its reason; else a `sys.kill` is replayed after the
/// session's last record, before anything that would end it (a later record, a launch of
/// another pid at its last instant) or at the end of the log. When several pieces of evidence
/// saw one death, one decides its class and the others are evidence on it
/// (``deciding(_:)``).
public struct TimedEvidence {
    /// A kill that came from a report: the findings of its record say so.
    struct Mark {
        var pid: Int64
        var line: Int
        var time: Timestamp
        var report: CrashReport
        /// The kill was placed for the report (the log has no record of it), not adopted.
        var placed: Bool
        /// The report decided the kill's reason; else it is evidence of a kill another decided.
        var decides = true
        /// A bound report whose session ended normally after all (its exit after
        /// `willTerminate`): no death carries it (``finish(_:)``).
        var endedNothing = false
    }

    /// Whether any evidence was given: without any, the loop never asks (one check per record).
    public let isActive: Bool
    /// Reports with a time not yet placed, by time.
    private(set) var pending: [CrashReport]
    /// Reports bound to a session not yet placed, by the time of the session's last record.
    private(set) var bound: [CrashReport]
    /// Kills that came from reports.
    private(set) var marks: [Mark] = []
    /// The line of the last record of the log, where a placed kill is reported.
    private var lastLine = 0

    /// The evidence given with one log.
    ///
    /// - Parameter reports: crash and JetsamEvent reports, system-log kills, MetricKit crashes.
    public init(_ reports: [CrashReport]) {
        isActive = !reports.isEmpty
        pending = reports.filter { $0.session == nil }.sorted { $0.time < $1.time }
        bound = reports.filter { $0.session != nil }.sorted { $0.time < $1.time }
    }

    /// The reports that ended or saw a session of this log.
    /// (A bound report whose session ended without a death, normally, is not: ``finish(_:)``.)
    public var matched: [CrashReport] { marks.filter { !$0.endedNothing }.map(\.report) }

    /// The next kill due before `record` (`nil`: at the end of the log), as the `sys.kill`
    /// record to replay (its reason added to `symbols`), with the report that decides it:
    /// a report with a time whose time plus the window is before the record's, or a bound
    /// report whose session must end before the record (``isDue(_:before:)``). Reports whose
    /// session is no longer live are dropped (they match nothing).
    ///
    /// - Parameters:
    ///   - record: the record about to be replayed; `nil` at the end of the log.
    ///   - liveClock: the replay clock of a pid's live session, `nil` when it has none
    ///     (`Replayer.liveClock(pid:)`).
    ///   - liveSession: the number of a pid's live session, `nil` when it has none.
    ///   - symbols: a copy of the reader's symbols, to which the kill's reason is appended.
    public mutating func nextDue(
        before record: Record?, liveClock: (Int64) -> Timestamp?, liveSession: (Int64) -> Int?,
        symbols: inout SymbolTable
    ) -> (kill: Record, report: CrashReport)? {
        while let first = pending.first {
            if let record, first.time.nanoseconds.addingReportingOverflow(SameFact.killWindow).partialValue >= record.time.nanoseconds {
                break
            }
            let report = pending.removeFirst()
            guard let clock = liveClock(report.pid) else { continue }
            return place(report, clock: clock, session: liveSession(report.pid), symbols: &symbols)
        }
        while let i = bound.firstIndex(where: { Self.isDue($0, before: record) }) {
            let pid = bound[i].pid
            guard let clock = liveClock(pid), let session = liveSession(pid), session == bound[i].session else {
                bound.remove(at: i)
                continue
            }
            // A report with a time that would end this session decides it (its words are the kill's).
            let end = bound[i].time.nanoseconds.addingReportingOverflow(SameFact.killWindow).partialValue
            if let t = pending.firstIndex(where: { $0.pid == pid && $0.time.nanoseconds <= end }) {
                return place(pending.remove(at: t), clock: clock, session: session, symbols: &symbols)
            }
            let reports = takeBound(pid: pid, session: session)
            let decider = Self.deciding(reports)
            let kill = killRecord(for: reports[decider], clock: clock, symbols: &symbols)
            for (n, report) in reports.enumerated() { mark(kill, from: report, placed: true, decides: n == decider) }
            return (kill, reports[decider])
        }
        return nil
    }

    /// Whether a bound report's session must end before `record` (`nil`: the end of the log):
    /// the record is later than the session's last record, or is a launch of another pid at
    /// that instant (it may end the session as one app's new process).
    static func isDue(_ report: CrashReport, before record: Record?) -> Bool {
        guard let record else { return true }
        if record.time > report.time { return true }
        let launch = record.event == .processLaunch || record.event == .willFinishLaunching || record.event == .didFinishLaunching
        return launch && record.pid != report.pid && record.time >= report.time
    }

    /// Places the kill of a report with a time, with the reports bound to the same session as
    /// its evidence.
    private mutating func place(
        _ report: CrashReport, clock: Timestamp, session: Int?, symbols: inout SymbolTable
    ) -> (kill: Record, report: CrashReport) {
        let kill = killRecord(for: report, clock: clock, symbols: &symbols)
        mark(kill, from: report, placed: true)
        if let session {
            for other in takeBound(pid: report.pid, session: session) { mark(kill, from: other, placed: true, decides: false) }
        }
        return (kill, report)
    }

    /// The `sys.kill` replayed for `report`, at its time or the pid's clock when later.
    private func killRecord(for report: CrashReport, clock: Timestamp, symbols: inout SymbolTable) -> Record {
        Record(
            line: lastLine, time: max(report.time, clock), event: .sysKill, pid: report.pid,
            reasonCode: ReasonCode(text: report.reason), reason: symbols.append(report.reason))
    }

    /// Takes the bound reports of one session, in the order given.
    private mutating func takeBound(pid: Int64, session: Int) -> [CrashReport] {
        let taken = bound.filter { $0.pid == pid && $0.session == session }
        if !taken.isEmpty { bound.removeAll { $0.pid == pid && $0.session == session } }
        return taken
    }

    /// Which of several reports of one death decides its class (docs/DEATHS.md): the first
    /// whose reason is a termination code or a named kind (`0x8badf00d`, `jetsam`, …) over a
    /// bare `crash` (an exception or signal says how the process died, a termination code why
    /// the system ended it); among equals, the first given.
    ///
    /// - Parameter reports: not empty.
    /// - Returns: the position of the deciding report.
    public static func deciding(_ reports: [CrashReport]) -> Int {
        reports.firstIndex { ReasonCode(text: $0.reason) != .crash } ?? 0
    }

    /// When `record` is a kill or exit of a pid a pending report names, within the window, or
    /// of a live session a report is bound to: the report that decides it, taken from the
    /// pending ones (the record then takes its reason: ``adopt(_:in:symbols:)``). Notes the
    /// record's line for the kills placed after it.
    ///
    /// - Parameters:
    ///   - record: the record about to be replayed.
    ///   - liveSession: the number of a pid's live session, `nil` when it has none.
    public mutating func sameKill(as record: Record, liveSession: (Int64) -> Int?) -> CrashReport? {
        lastLine = record.line
        guard record.event == .sysKill || record.event == .processExit, let pid = record.pid else { return nil }
        let session = liveSession(pid)
        if let index = pending.firstIndex(where: { SameFact.kill(record, isReportOf: $0.pid, at: $0.time) }) {
            let report = pending.remove(at: index)
            mark(record, from: report, placed: false)
            if let session {
                for other in takeBound(pid: pid, session: session) { mark(record, from: other, placed: false, decides: false) }
            }
            return report
        }
        guard let session, bound.contains(where: { $0.pid == pid && $0.session == session }) else { return nil }
        let reports = takeBound(pid: pid, session: session)
        let decider = Self.deciding(reports)
        for (n, report) in reports.enumerated() { mark(record, from: report, placed: false, decides: n == decider) }
        return reports[decider]
    }

    /// Gives `record` the reason of `report` (added to `symbols`, a copy of the reader's),
    /// except where the report says less than the log: a bare signal (`crash`) leaves a kill
    /// the log gave a reason of its own (`bgtask-timeout`, `0x8badf00d`, …) as written, the
    /// report being evidence of that death (docs/METRICKIT.md).
    public static func adopt(_ report: CrashReport, in record: inout Record, symbols: inout SymbolTable) {
        if ReasonCode(text: report.reason) == .crash, record.event == .sysKill, record.reason != .none,
            record.reasonCode != .crash
        {
            return
        }
        record.reason = symbols.append(report.reason)
        record.reasonCode = ReasonCode(text: report.reason)
    }

    /// Notes that `record` carries `report`'s kill; `placed`: the record was made for the
    /// report, the log had none.
    private mutating func mark(_ record: Record, from report: CrashReport, placed: Bool, decides: Bool = true) {
        guard let pid = record.pid else { return }
        marks.append(Mark(pid: pid, line: record.line, time: record.time, report: report, placed: placed, decides: decides))
    }

    /// After the replay: labels the findings of the reports' kills and adds the reports to
    /// the deaths those kills caused.
    public mutating func finish(_ result: inout FileResult) {
        label(&result.findings)
        attach(to: &result.deaths)
        // A bound report ended its session; with every death listed, one that no death
        // carries ended a session the engine classed `normal` (said by the caller).
        guard result.deathsOmitted == 0 else { return }
        for i in marks.indices where marks[i].report.session != nil {
            let mark = marks[i]
            marks[i].endedNothing = !result.deaths.contains { $0.pid == mark.pid && $0.line == mark.line }
        }
    }

    /// Adds the reports to the deaths their kills caused (SPEC §8 `evidence`): one death
    /// seen by the log and a report is one death with both pieces of evidence; a kill only
    /// the report saw has no `log` evidence. A report's watchdog words become the death's
    /// `watchdog`.
    func attach(to deaths: inout [Death]) {
        for mark in marks {
            guard let i = deaths.firstIndex(where: { $0.pid == mark.pid && $0.line == mark.line }) else { continue }
            if mark.placed && mark.decides { deaths[i].evidence.removeAll { $0.kind == "log" } }
            switch mark.report.origin {
            case .systemLog(let line): deaths[i].addEvidence(.systemLog(file: mark.report.path, line: line))
            case .crashReport, .jetsamEvent: deaths[i].addEvidence(.crashReport(file: mark.report.path))
            case .metrickit(let index, _): deaths[i].addEvidence(.metrickit(file: mark.report.path, index: index))
            }
            if mark.decides {
                if let watchdog = mark.report.watchdog { deaths[i].watchdog = watchdog }
            } else {
                if deaths[i].watchdog == nil { deaths[i].watchdog = mark.report.watchdog }
                let decider = marks.first { $0.decides && $0.pid == mark.pid && $0.line == mark.line }
                if let decider, ReasonCode(text: decider.report.reason) != ReasonCode(text: mark.report.reason) {
                    deaths[i].disagreements.append(
                        mark.report.origin.label(path: mark.report.path, summary: mark.report.summary)
                            + " (the class follows "
                            + decider.report.origin.label(path: decider.report.path, summary: decider.report.summary) + ")")
                }
            }
            deaths[i].refreshMessage()
        }
    }

    /// Marks the findings of the reports' kills: source `system`, and a message naming the report.
    /// A placed kill shares its line and time with the log's last record: only the findings of
    /// the kill itself (its event) are the report's, never the app's own on that record.
    func label(_ findings: inout [Finding]) {
        let kill = LifecycleEvent.sysKill.canonicalName
        for mark in marks where mark.decides {
            for i in findings.indices
            where findings[i].pid == mark.pid && findings[i].line == mark.line && findings[i].time == mark.time
                && (!mark.placed || findings[i].event == kill)
            {
                findings[i].source = .system
                findings[i].message += " (" + mark.report.origin.label(path: mark.report.path, summary: mark.report.summary) + ")"
            }
        }
    }
}
