import LCTraceCore

/// The one join of outside evidence to the sessions of a run (SPEC §8 "One join of all
/// evidence", docs/DEATHS.md): every crash report, JetsamEvent entry, system-log kill and
/// MetricKit crash diagnostic goes through it, so that one process end is one death whatever
/// saw it, and the class never depends on the order of arguments or file names.
///
/// A piece that names a pid and a time T belongs to the session of that pid (in a log without
/// pids: the one session of the same app alive at T, when there is exactly one) that was alive
/// at T: begun at or before T, and not ended before T − ``window`` (a report is written after
/// the death). A launch of a new process at or after T never hides it. Among the logs of a
/// run, the session is the one that began last before T, so a session split over rotated
/// files is joined once, in the file that holds its end. A piece never joins a session that
/// ended `normal`. A piece with no time (a MetricKit diagnostic) joins by the rules of
/// `EvidenceJoin+Timeless.swift`.
public enum EvidenceJoin {
    /// How long before a report's time its process may have ended (5 s).
    public static let window: Int64 = 5_000_000_000

    /// Where one piece went.
    public enum Outcome: Sendable, Equatable {
        /// Joined the session at this position of the spans given.
        case joined(Int)
        /// Joined nothing, and why (`no session of pid 504 was alive at 10:00:39.500`).
        case unjoined(String)
    }

    /// Joins each piece to the session it speaks of.
    ///
    /// - Parameters:
    ///   - pieces: the evidence, in any order.
    ///   - spans: every session of every log of the run (``SessionSpan``), in any order.
    /// - Returns: one outcome per piece, in the same order.
    /// - Complexity: O(p · s) for p pieces and s sessions of their pids.
    public static func join(_ pieces: [EvidencePiece], to spans: [SessionSpan]) -> [Outcome] {
        var byPid: [Int64: [Int]] = [:]
        var withoutPid: [Int] = []
        for (position, span) in spans.enumerated() {
            if let pid = span.pid { byPid[pid, default: []].append(position) } else { withoutPid.append(position) }
        }
        return pieces.map { piece in
            guard let pid = piece.pid, pid >= 0 else { return .unjoined("pid missing") }
            guard let time = piece.time else {
                // No time of death (a MetricKit diagnostic): its own rules, below.
                guard let ofPid = byPid[pid] else { return .unjoined("no session of pid \(pid) in the logs") }
                return joinTimeless(piece, pid: pid, candidates: ofPid, in: spans)
            }
            var candidates = byPid[pid] ?? []
            var streamOnly = false
            if candidates.isEmpty {
                // A log without pids: the one session of the piece's app alive at its time.
                candidates = withoutPid.filter { spans[$0].app == nil || piece.app == nil || spans[$0].app == piece.app }
                streamOnly = true
                if candidates.isEmpty { return .unjoined("no session of pid \(pid) in the logs") }
            }
            if let app = piece.app {
                let ofApp = candidates.filter { spans[$0].app == nil || spans[$0].app == app }
                if ofApp.isEmpty, let other = candidates.compactMap({ spans[$0].app }).first {
                    return .unjoined("bundle id \(app) differs from \(other)")
                }
                candidates = ofApp
            }
            let alive = candidates.filter { isAlive(spans[$0], at: time) }
            guard !alive.isEmpty else {
                return .unjoined("no session of pid \(pid) was alive at \(time.rfc3339)")
            }
            if streamOnly && alive.count > 1 {
                return .unjoined("\(alive.count) sessions of the stream without pids were alive at \(time.rfc3339)")
            }
            // The one that began last; between logs, the latest records decide; a true tie is
            // never settled by the order of the files.
            let latest = alive.max { a, b in (spans[a].began, spans[a].lastTime) < (spans[b].began, spans[b].lastTime) }!
            let tied = alive.filter { spans[$0].began == spans[latest].began && spans[$0].lastTime == spans[latest].lastTime }
            if Set(tied.map { spans[$0].file }).count > 1 {
                return .unjoined("sessions of pid \(pid) in \(tied.count) logs cover \(time.rfc3339) alike")
            }
            let span = spans[latest]
            if span.exitClass == .normal {
                return .unjoined("pid \(pid) ended normally at line \(span.endLine) of \(PrintableText.quoted(span.file))")
            }
            return .joined(latest)
        }
    }

    /// Whether `span` was alive at `time`: begun at or before it and not ended (the record
    /// that ended it: its kill, or the launch that replaced it) before `time` − ``window``.
    static func isAlive(_ span: SessionSpan, at time: Timestamp) -> Bool {
        guard span.began <= time else { return false }
        if span.isOpen { return true }
        return span.endTime.nanoseconds.addingReportingOverflow(window).partialValue >= time.nanoseconds
    }

    /// What decides the class of one death seen by several pieces (SPEC §8): the
    /// highest-ranked piece that gives a class (the log's own records rank 2, as a test
    /// runner's `Terminate` does); within one rank a record of the end itself (a piece, or the
    /// log's own kill or exit record) over what the log's records only imply when it has none
    /// (a presumed purge, an overrun still under way when the process vanished), then a
    /// termination code or named reason over a bare exception or signal; between pieces that
    /// tie, the first class in SPEC §5's order (`normal`, which only a test runner's piece
    /// gives, after all of them). The order the pieces are given in never decides.
    ///
    /// - Parameters:
    ///   - pieces: the pieces joined to the session.
    ///   - span: the session, as its own log ended it.
    /// - Returns: the deciding piece's position in `pieces` (`nil`: the log's own records
    ///   decide, or nothing gives a class) and the class decided (`nil`: nothing gives one).
    public static func decide(_ pieces: [EvidencePiece], for span: SessionSpan) -> (decider: Int?, exitClass: ExitClass?) {
        var candidates: [Candidate] = []
        if let own = Candidate(
            rank: .log, says: span.says, exitClass: span.exitClass, decider: nil, recordsEnd: span.endedByOwnRecord)
        {
            candidates.append(own)
        }
        for (i, piece) in pieces.enumerated() {
            if let c = Candidate(
                rank: piece.rank, says: piece.says, exitClass: piece.exitClass(foreground: span.foreground), decider: i,
                recordsEnd: true)
            {
                candidates.append(c)
            }
        }
        guard let best = candidates.min(by: { $0.isStronger(than: $1) }) else { return (nil, nil) }
        return (best.decider, best.exitClass)
    }

    /// A piece (or the log's own records) that gives a class, as ``decide(_:for:)`` weighs it.
    struct Candidate {
        var rank: EvidencePiece.Rank
        var says: SessionSpan.Says
        var exitClass: ExitClass
        var decider: Int?
        /// It is a record of the end itself, not what the log's records imply of a process
        /// that vanished.
        var recordsEnd: Bool

        /// `nil` when it gives no class: it says nothing, or nothing but `open`, or `normal`
        /// from the log's own records (evidence never joins a session that ended normally;
        /// only a piece, a test runner's `Terminate`, says `normal`).
        init?(rank: EvidencePiece.Rank, says: SessionSpan.Says, exitClass: ExitClass?, decider: Int?, recordsEnd: Bool) {
            guard says != .nothing, let exitClass, exitClass != .open, exitClass != .normal || decider != nil else { return nil }
            self.rank = rank
            self.says = says
            self.exitClass = exitClass
            self.decider = decider
            self.recordsEnd = recordsEnd
        }

        /// Rank first, then a record of the end over an implication, then a named reason over
        /// a bare one, then SPEC §8's order of classes.
        func isStronger(than other: Candidate) -> Bool {
            if rank != other.rank { return rank < other.rank }
            if recordsEnd != other.recordsEnd { return recordsEnd }
            if says != other.says { return says > other.says }
            let a = EvidenceJoin.order.firstIndex(of: exitClass) ?? EvidenceJoin.order.count
            let b = EvidenceJoin.order.firstIndex(of: other.exitClass) ?? EvidenceJoin.order.count
            return a < b
        }
    }

    /// SPEC §8's order between pieces that tie.
    static let order: [ExitClass] = [.watchdog, .bgtaskTimeout, .lockedFile, .cpuLimit, .thermal, .purged, .memoryLimit, .abnormal]
}
