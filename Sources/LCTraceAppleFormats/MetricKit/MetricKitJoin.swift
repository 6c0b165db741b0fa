import LCTraceCore

/// Joins MetricKit diagnostics to the replayed sessions of every log of a run (SPEC §8):
/// exactly, or not at all.
///
/// A diagnostic with a pid joins a session of that pid whose app is the diagnostic's
/// `bundleIdentifier` where both are known. Among several such sessions ("last" is the one
/// that began last; between two of one log that began together, the later in that log), one
/// that came in a payload joins the last that overlaps the payload's
/// `timeStampBegin`…`timeStampEnd`; a bare diagnostic, which has no window, joins the last. A
/// diagnostic without a pid, that matches nothing, or whose last session is a tie between
/// logs (two sessions of its pid in two logs began at the same instant: the order the logs
/// were named in would decide) is unjoined: never guessed.
public enum MetricKitJoin {
    /// Where one diagnostic went.
    public enum Outcome: Sendable, Equatable {
        /// Joined the session at this position of the sessions given.
        case joined(Int)
        /// Unjoined, and why (for notes and docs).
        case unjoined(Reason)
    }

    /// Why a diagnostic joined nothing.
    public enum Reason: String, Sendable, Equatable {
        /// No `pid` (before iOS 17), or `-1`.
        case noPid = "no pid"
        /// No session of the run has its pid.
        case noSession = "no session of its pid"
        /// Sessions of its pid exist, but of another app.
        case otherApp = "its pid's sessions are of another app"
        /// Sessions of its pid and app exist, none within the payload's window.
        case outsideWindow = "no session of its pid within the payload's window"
        /// Its last session is a tie: sessions of its pid in two logs began at the same instant.
        case tie = "sessions of its pid in two logs began at the same instant"
    }

    /// Joins each diagnostic.
    ///
    /// - Parameters:
    ///   - diagnostics: the diagnostics, in any order.
    ///   - sessions: every session of the run, in report order (file, then session).
    /// - Returns: one outcome per diagnostic, in the same order.
    public static func join(_ diagnostics: [MetricKitDiagnostic], to sessions: [MetricKitSession]) -> [Outcome] {
        var byPid: [Int64: [Int]] = [:]
        for (position, session) in sessions.enumerated() {
            if let pid = session.pid { byPid[pid, default: []].append(position) }
        }
        return diagnostics.map { diagnostic in
            guard let pid = diagnostic.pid else { return .unjoined(.noPid) }
            guard let ofPid = byPid[Int64(pid)] else { return .unjoined(.noSession) }
            let ofApp = ofPid.filter { position in
                guard let app = sessions[position].app, let bundle = diagnostic.bundleIdentifier else { return true }
                return app == bundle
            }
            guard !ofApp.isEmpty else { return .unjoined(.otherApp) }
            let begin = diagnostic.windowBegin
            let end = diagnostic.windowEnd
            if begin == nil && end == nil { return latest(ofApp, in: sessions) }
            let within = ofApp.filter { position in
                let session = sessions[position]
                if let begin, session.ended < begin { return false }
                if let end, session.began > end { return false }
                return true
            }
            guard !within.isEmpty else { return .unjoined(.outsideWindow) }
            return latest(within, in: sessions)
        }
    }

    /// The session that began last among `positions` (not empty, ascending): of several that
    /// began at that instant, the last in its log when they are all of one log (its order is
    /// the log's), else a tie, unjoined (the order of the logs on the command line would decide).
    private static func latest(_ positions: [Int], in sessions: [MetricKitSession]) -> Outcome {
        let last = positions.map { sessions[$0].began }.max()!
        let tied = positions.filter { sessions[$0].began == last }
        guard Set(tied.map { sessions[$0].file }).count == 1 else { return .unjoined(.tie) }
        return .joined(tied.max()!)
    }
}
