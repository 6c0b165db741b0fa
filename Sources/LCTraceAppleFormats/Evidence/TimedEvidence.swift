import LCTraceCore
import LCTraceIngest

/// Outside evidence entering a log's replay, once the one join (``EvidenceJoin``, SPEC §8)
/// has bound every piece to the session it speaks of (docs/DEATHS.md): crash and JetsamEvent
/// reports, a system log's kills (``SystemLogKills``) and MetricKit crash diagnostics all
/// arrive as ``CrashReport``s bound to one session (``CrashReport/session``,
/// ``CrashReport/afterLine``), and the replay loop asks this one value once per record. Each
/// session's pieces become the `sys.kill` the engine sees, so that the exit class, LC103 and
/// the death come from the one engine:
/// - the session's own `sys.kill` or `process.exit` takes the reason of the piece that decides
///   its class (``CrashReport/decides``; none when the log's own records decide);
/// - otherwise a `sys.kill` is replayed right after the process's last record, before any
///   later record (the launch that replaced it included) or at the end of the log, at the
///   piece's time or the process's clock when that is later.
///
/// Which piece decides is settled by the join by rank, never by the order of arguments; the
/// others are evidence on the same death, and what each that disagrees said is kept.
public struct TimedEvidence {
    /// A kill that carries outside evidence: the findings of its record say so.
    struct Mark {
        var pid: Int64
        var line: Int
        var time: Timestamp
        var report: CrashReport
        /// The kill was placed for the evidence (the log has no record of it), not adopted.
        var placed: Bool
    }

    /// Whether any evidence was given: without any, the loop never asks (one check per record).
    public let isActive: Bool
    /// Pieces not yet placed, in the order given (``isDue(_:before:)`` finds the next).
    private(set) var bound: [CrashReport]
    /// Kills that carry evidence.
    private(set) var marks: [Mark] = []
    /// The line of the last record of the log, where a placed kill is reported.
    private var lastLine = 0
    /// The owner catalogue whose names a death's `code` takes (SPEC §10; the configuration's).
    public var owners = OwnerCatalogue()

    /// The evidence bound to sessions of one log.
    ///
    /// - Parameter reports: pieces the join bound to this log (``CrashReport/session`` set);
    ///   a piece without a session is ignored.
    public init(_ reports: [CrashReport]) {
        bound = reports.filter { $0.session != nil }
        isActive = !bound.isEmpty
    }

    /// The pieces that ended or saw a session of this log.
    public var matched: [CrashReport] { marks.map(\.report) }

    /// The next kill due before `record` (`nil`: at the end of the log), as the `sys.kill`
    /// record to replay (its reason added to `symbols`), with the pieces it carries: every
    /// piece of a session whose process's last record is behind `record`. Pieces whose session
    /// is no longer live (it ended otherwise, normally) are dropped.
    ///
    /// - Parameters:
    ///   - record: the record about to be replayed; `nil` at the end of the log.
    ///   - liveClock: the replay clock of a pid's live session, `nil` when it has none.
    ///   - liveSession: the number of a pid's live session, `nil` when it has none.
    ///   - symbols: a copy of the reader's symbols, to which the kill's reason is appended.
    public mutating func nextDue(
        before record: Record?, liveClock: (Int64) -> Timestamp?, liveSession: (Int64) -> Int?,
        symbols: inout SymbolTable
    ) -> (kill: Record, report: CrashReport)? {
        while let i = bound.firstIndex(where: { Self.isDue($0, before: record) }) {
            let first = bound[i]
            let pieces = take(pid: first.pid, session: first.session)
            guard let clock = liveClock(first.pid), liveSession(first.pid) == first.session else { continue }
            let decider = pieces.first(where: \.decides)
            let time = max(pieces.map(\.time).max() ?? clock, clock)
            var kill = Record(line: lastLine, time: time, event: .sysKill, pid: first.pid)
            if let decider {
                kill.reason = symbols.append(decider.reason)
                kill.reasonCode = ReasonCode(text: decider.reason)
            }
            for piece in pieces { mark(kill, from: piece, placed: true) }
            return (kill, decider ?? pieces[0])
        }
        return nil
    }

    /// Whether a bound piece's session must end before `record` (`nil`: the end of the log):
    /// `record` comes after the process's last record (``CrashReport/afterLine``). A piece bound
    /// by a join that gave no line (a MetricKit diagnostic joined by the timeline of a first
    /// replay) is due before a record later than its time (the session's last record), or a
    /// launch of another pid at that instant (it may end the session as the app's new process).
    static func isDue(_ report: CrashReport, before record: Record?) -> Bool {
        guard let record else { return true }
        if let after = report.afterLine { return record.line > after }
        if record.time > report.time { return true }
        let launch = record.event == .processLaunch || record.event == .willFinishLaunching || record.event == .didFinishLaunching
        return launch && record.pid != report.pid && record.time >= report.time
    }

    /// When `record` is a kill or exit of a live session some pieces are bound to: those
    /// pieces, and the one whose reason the record takes (`nil`: the log's own records decide,
    /// and the record stays as written). Notes the record's line for the kills placed after it.
    ///
    /// - Parameters:
    ///   - record: the record about to be replayed.
    ///   - liveSession: the number of a pid's live session, `nil` when it has none.
    /// - Returns: `nil` when no piece is bound to the record's session.
    public mutating func sameKill(as record: Record, liveSession: (Int64) -> Int?) -> (decider: CrashReport?, pieces: Int)? {
        lastLine = record.line
        guard record.event == .sysKill || record.event == .processExit, let pid = record.pid,
            let session = liveSession(pid), bound.contains(where: { $0.pid == pid && $0.session == session })
        else { return nil }
        let pieces = take(pid: pid, session: session)
        for piece in pieces { mark(record, from: piece, placed: false) }
        return (pieces.first(where: \.decides), pieces.count)
    }

    /// Gives `record` the reason of the deciding `report` (added to `symbols`, a copy of the
    /// reader's).
    public static func adopt(_ report: CrashReport, in record: inout Record, symbols: inout SymbolTable) {
        record.reason = symbols.append(report.reason)
        record.reasonCode = ReasonCode(text: report.reason)
    }

    /// Takes the bound pieces of one session, in the order given.
    private mutating func take(pid: Int64, session: Int?) -> [CrashReport] {
        let taken = bound.filter { $0.pid == pid && $0.session == session }
        bound.removeAll { $0.pid == pid && $0.session == session }
        return taken
    }

    /// Notes that `record` carries `report`; `placed`: the record was made for it.
    private mutating func mark(_ record: Record, from report: CrashReport, placed: Bool) {
        guard let pid = record.pid else { return }
        marks.append(Mark(pid: pid, line: record.line, time: record.time, report: report, placed: placed))
    }

    /// After the replay: labels the findings of the kills and adds the pieces to the deaths
    /// those kills caused (a kill may end a session without a death: a purge of a suspended
    /// process is an exit, SPEC §8).
    public mutating func finish(_ result: inout FileResult) {
        label(&result.findings)
        attach(to: &result.deaths)
        judgeLaunchFailures(&result)
        attach(toExits: &result.exits)
    }

    /// iOS 27's launch failure (SPEC §11) in a report that joined a session: the death is the
    /// one a report alone gives (``CrashReport/isLaunchFailure``; `EvidenceAlone`): class
    /// `abnormal`, cause LC105, state `notRunning` (it died launching), no `code` (the trap is
    /// UIKit's own), and one LC105 where the kill's LC103 was (one death, one LC105: a
    /// session's LC105 already raised for the process is the cause, and no other is added).
    /// A death another piece gave another class is left as decided.
    func judgeLaunchFailures(_ result: inout FileResult) {
        for mark in marks where mark.report.isLaunchFailure {
            guard let i = result.deaths.firstIndex(where: { $0.pid == mark.pid && $0.line == mark.line }),
                result.deaths[i].exitClass == .abnormal, result.deaths[i].cause?.rule != .sceneLifecycleRequired
            else { continue }
            let session = result.deaths[i].session
            result.findings.removeAll {
                $0.rule == .abnormalExit && $0.pid == mark.pid && $0.line == mark.line && $0.time == mark.time
            }
            var line = mark.line
            if let raised = result.findings.first(where: {
                $0.rule == .sceneLifecycleRequired && $0.pid == mark.pid && $0.session == session
            }) {
                line = raised.line
            } else {
                let finding = Finding(
                    rule: .sceneLifecycleRequired, file: result.path, line: mark.line, time: mark.time, pid: mark.pid,
                    state: "notRunning", message: mark.report.launchFailureMessage(namingFile: true), exitClass: .abnormal,
                    source: .system, session: session)
                let at = result.findings.firstIndex { $0.line > finding.line } ?? result.findings.endIndex
                result.findings.insert(finding, at: at)
            }
            result.deaths[i].cause = DeathCause(rule: .sceneLifecycleRequired, line: line)
            result.deaths[i].state = "notRunning"
            result.deaths[i].code = nil
            result.deaths[i].refreshMessage()
        }
    }

    /// Adds the pieces to the listed exits their kills ended without a death (a test runner's
    /// `Terminate`, SPEC §12: `why` says whose end it was), with the deciding piece's words.
    func attach(toExits exits: inout [Death]) {
        for mark in marks {
            guard let i = exits.firstIndex(where: { $0.pid == mark.pid && $0.line == mark.line }) else { continue }
            if mark.placed { exits[i].evidence.removeAll { $0.kind == "log" } }
            exits[i].addEvidence(mark.report.evidence)
            if mark.report.decides { exits[i].reasonText = mark.report.summary }
        }
    }

    /// Adds the pieces to the deaths their kills caused (SPEC §8 `evidence`): one death seen
    /// by the log and outside evidence is one death with every piece; a kill only outside
    /// evidence saw has no `log` evidence. The deciding piece's watchdog words become the
    /// death's `watchdog` (else the first piece's that has any); what each disagreeing piece
    /// said is kept.
    func attach(to deaths: inout [Death]) {
        for mark in marks {
            guard let i = deaths.firstIndex(where: { $0.pid == mark.pid && $0.line == mark.line }) else { continue }
            if mark.placed { deaths[i].evidence.removeAll { $0.kind == "log" } }
            let piece = mark.report.evidence
            deaths[i].addEvidence(piece)
            if let said = mark.report.said { deaths[i].said[piece] = said }
            if mark.report.decides { deaths[i].reasonText = mark.report.summary }
            if mark.report.decides, let watchdog = mark.report.watchdog {
                deaths[i].watchdog = watchdog
            } else if deaths[i].watchdog == nil {
                deaths[i].watchdog = mark.report.watchdog
            }
            // Whose code (SPEC §10): the deciding piece's threads, else the first piece's with any.
            if mark.report.decides || deaths[i].code == nil, let code = mark.report.code(owners: owners) {
                deaths[i].code = code
            }
            for text in mark.report.disagreements where !deaths[i].disagreements.contains(text) {
                deaths[i].disagreements.append(text)
            }
            deaths[i].refreshMessage()
        }
    }

    /// Marks the findings of the kills outside evidence decided or placed: source `system`, and
    /// a message naming the piece. A placed kill shares its line and time with the log's last record: only the findings
    /// of the kill itself (its event) are the evidence's, never the app's own on that record.
    func label(_ findings: inout [Finding]) {
        let kill = LifecycleEvent.sysKill.canonicalName
        // Each kill once: by the piece that decided it, else (a kill placed for pieces that say
        // nothing of the cause) by the first piece it was placed for.
        let labelling = marks.enumerated().filter { i, mark in
            mark.report.decides
                || (mark.placed
                    && !marks.contains { $0.report.decides && $0.pid == mark.pid && $0.line == mark.line && $0.time == mark.time }
                    && marks.firstIndex { $0.pid == mark.pid && $0.line == mark.line && $0.time == mark.time } == i)
        }.map(\.element)
        for mark in labelling {
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
