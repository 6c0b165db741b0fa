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
        /// Sessions of its pid and app exist, none of its app version and build or OS version
        /// (a pid is reused across devices and builds: SPEC §8, 2028 edition).
        case otherBuild = "its pid's sessions are of another app version or OS"
    }

    /// Whether `diagnostic`'s app version and build and OS version agree with `session`'s
    /// `meta.version` and `meta.os` where both are known (SPEC §8, 2028 edition): compared as
    /// dotted numbers, missing parts zero (`iPhone OS 17.4 (21E219)` is 17.4, equal to
    /// `17.4.0`, not to `17.4.1`); `meta.version` `"5.2.1 (412)"` is app version 5.2.1 and
    /// build 412, the build compared only when both give one.
    public static func agrees(_ diagnostic: MetricKitDiagnostic, with session: MetricKitSession) -> Bool {
        if let written = session.version {
            let (version, build) = versionAndBuild(written)
            if let a = diagnostic.appVersion, let v = version, !sameNumbers(a, v) { return false }
            if let a = diagnostic.appBuildVersion, let b = build, a != b && !sameNumbers(a, b) { return false }
        }
        if let os = session.os, let written = diagnostic.osVersion, let numbers = firstNumbers(written), !sameNumbers(numbers, os) {
            return false
        }
        return true
    }

    /// `"5.2.1 (412)"` → (`5.2.1`, `412`); `"5.2.1"` → (`5.2.1`, nil).
    static func versionAndBuild(_ text: String) -> (String?, String?) {
        let parts = text.split(separator: "(", maxSplits: 1)
        func trimmed(_ text: Substring) -> String? {
            let t = text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
            return t.isEmpty ? nil : String(t)
        }
        let version = parts.first.flatMap(trimmed)
        let build = parts.count > 1 ? parts[1].split(separator: ")").first.flatMap(trimmed) : nil
        return (version, build)
    }

    /// The first dotted number in a text (`iPhone OS 17.4 (21E219)` → `17.4`).
    public static func firstNumbers(_ text: String) -> String? {
        let words = text.split(whereSeparator: \.isWhitespace)
        return words.first { $0.first?.isNumber == true && $0.allSatisfy { $0.isNumber || $0 == "." } }.map(String.init)
    }

    /// Whether two dotted numbers are equal, missing parts zero; texts that are not dotted
    /// numbers are compared as written.
    public static func sameNumbers(_ a: String, _ b: String) -> Bool {
        let x = a.split(separator: ".").map { Int($0) }
        let y = b.split(separator: ".").map { Int($0) }
        guard !x.contains(nil), !y.contains(nil) else { return a == b }
        let n = max(x.count, y.count)
        return (0..<n).allSatisfy { (x.indices.contains($0) ? x[$0]! : 0) == (y.indices.contains($0) ? y[$0]! : 0) }
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
            let ofApp2 = ofApp.filter { agrees(diagnostic, with: sessions[$0]) }
            guard !ofApp2.isEmpty else { return .unjoined(.otherBuild) }
            let ofBuild = ofApp2
            let begin = diagnostic.windowBegin
            let end = diagnostic.windowEnd
            if begin == nil && end == nil { return latest(ofBuild, in: sessions) }
            let within = ofBuild.filter { position in
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
