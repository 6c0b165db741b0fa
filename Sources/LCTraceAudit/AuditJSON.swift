import Foundation
import LCTraceCore
import LCTraceIngest
import LCTraceReport

/// Reads back what ``AuditReport`` writes in `jsonl` (for `lctrace merge`): the inverse of
/// ``AuditReport/file(_:)``, and of ``FindingSchema/object(_:)`` through the schema's own
/// reader. Each returns `nil` when a required key is missing or of the wrong type.
enum AuditJSON {
    /// A finding line: ``FindingSchema/finding(_:parseTime:)``.
    static func finding(_ o: [String: Any]) -> Finding? {
        FindingSchema.finding(o, parseTime: timestamp)
    }

    static func fileDigest(_ o: [String: Any]) -> FileDigest? {
        guard let path = o["path"] as? String, let events = int(o["events"]), let sessions = int(o["sessions"]),
            let errors = int(o["errors"]), let warnings = int(o["warnings"]), let notes = int(o["notes"]),
            let exits = o["exits"] as? [String: Any], let rules = o["rules"] as? [String: Any],
            let worst = o["worst_sessions"] as? [Any]
        else { return nil }
        var d = FileDigest(path: path, events: events, sessions: sessions, errors: errors, warnings: warnings, notes: notes)
        for (k, v) in exits {
            guard let c = ExitClass(rawValue: k), let n = int(v) else { return nil }
            if n > 0 { d.exitClasses[c] = n }
        }
        for (k, v) in rules {
            guard let r = Rule(rawValue: k), let n = int(v) else { return nil }
            if n > 0 { d.rules[r] = n }
        }
        for item in worst {
            guard let s = item as? [String: Any], let digest = session(s) else { return nil }
            d.worstSessions.append(digest)
        }
        // Shards written before normal exits had a visibility count them all foreground.
        if let normal = o["normal_exits"] {
            guard let split = normal as? [String: Any], let background = int(split["background"]), background >= 0 else { return nil }
            d.normalExitsInBackground = background
        }
        // Shards written before deaths were counted have none.
        if let deaths = o["deaths"] {
            guard let counts = DeathSchema.counts(from: deaths) else { return nil }
            d.deaths = counts
        }
        if let omitted = o["deaths_omitted"] {
            guard let n = int(omitted), n >= 0 else { return nil }
            d.deathsOmitted = n
        }
        // Shards written before owners were counted have none.
        if let owners = o["owners"] {
            guard let list = owners as? [Any] else { return nil }
            for item in list {
                guard let t = item as? [String: Any], let tally = ownerTally(t) else { return nil }
                d.owners.append(tally)
            }
        }
        return d
    }

    /// An `owners` entry: the inverse of ``AuditReport/owners(_:)``.
    static func ownerTally(_ o: [String: Any]) -> OwnerTally? {
        guard let deaths = int(o["deaths"]), let sessions = int(o["sessions"]),
            let findings = o["findings"] as? [String: Any]
        else { return nil }
        let owner: String?
        if let name = o["owner"] as? String {
            owner = name
        } else if o["owner"] is NSNull {
            owner = nil
        } else {
            return nil
        }
        // `open_at_deaths` (2028 edition) is absent from older reports: none counted then.
        var tally = OwnerTally(owner: owner, deaths: deaths, openAtDeaths: int(o["open_at_deaths"]) ?? 0, sessions: sessions)
        for (k, v) in findings {
            guard let rule = Rule(rawValue: k), let n = int(v) else { return nil }
            tally.findings[rule] = n
        }
        return tally
    }

    static func session(_ o: [String: Any]) -> SessionDigest? {
        guard let file = o["file"] as? String, let ordinal = int(o["session"]), let began = o["began"] as? String,
            let ended = o["ended"] as? String, let exitName = o["exit"] as? String,
            let exitClass = ExitClass(rawValue: exitName), let errors = int(o["errors"]),
            let warnings = int(o["warnings"]), let notes = int(o["notes"])
        else { return nil }
        return SessionDigest(
            file: file, ordinal: ordinal, pid: int64(o["pid"]), began: began, ended: ended, endLine: int(o["end_line"]),
            exitClass: exitClass, errors: errors, warnings: warnings, notes: notes)
    }

    static func int(_ value: Any?) -> Int? {
        int64(value).map { Int($0) }
    }

    static func int64(_ value: Any?) -> Int64? { FindingSchema.integer(value) }

    /// Parses what `Timestamp.rfc3339` writes (the one RFC 3339 parser, in Ingest).
    static func timestamp(_ text: String) -> Timestamp? { Timestamp(rfc3339: text) }
}
