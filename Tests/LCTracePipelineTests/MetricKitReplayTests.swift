import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceGen
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// The MetricKit join of a replayed run (``MetricKitReplay``): which session each diagnostic
/// joins, the crash report a joined crash diagnostic becomes, and what is counted — exact or
/// absent, in every way the join can go wrong.
@Suite struct MetricKitReplayTests {
    static func session(pid: Int, hour: Int, exits: Bool = false) -> [String] {
        JoinFleetLog.session(pid: pid, hour: hour, exits: exits)
    }

    static let meta = JoinFleetLog.meta

    /// Replays logs (name → lines) listing their sessions for the join, in order.
    static func run(_ logs: [(String, [String])]) throws -> RunReport {
        var files: [FileResult] = []
        var indexing = ReplayConfiguration()
        indexing.indexesSessions = true
        for (name, lines) in logs {
            let reader = try LogReader(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: name)
            files.append(FileReplay.replay(reader, configuration: indexing))
        }
        return RunReport(toolVersion: "test", files: files)
    }

    /// A crash diagnostic (`signal` 11) of `pid`, bare or in a payload covering `window` (hours).
    static func crash(pid: Int?, bundle: String = "com.example.app", window: (Int, Int)? = nil, kind: String = "crashDiagnostics")
        throws -> MetricKitFile
    {
        var meta = [#""signal":11"#, #""bundleIdentifier":"\#(bundle)""#]
        if let pid { meta.append(#""pid":\#(pid)"#) }
        if kind == "hangDiagnostics" { meta = [#""hangDuration":"20 secs.""#] + meta.dropFirst() }
        let diagnostic = #"{"version":"1.0.0","callStackTree":{},"diagnosticMetaData":{"# + meta.joined(separator: ",") + "}}"
        let json =
            window.map { w in
                #"{"timeStampBegin":"2026-11-20 \#(String(format: "%02d", w.0)):00:00 +0000","timeStampEnd":"2026-11-20 \#(String(format: "%02d", w.1)):00:00 +0000","\#(kind)":[\#(diagnostic)]}"#
            } ?? diagnostic
        return try MetricKitFile.parse(Array(json.utf8), path: "mk.json")
    }

    /// Where a crash diagnostic of pid 7 goes: the log and session whose crash report it
    /// becomes, or unjoined.
    @Test(
        arguments: [
            // The pid reused across files: the session that began last, whichever file holds it.
            ("pid reused across files, bare", [("a", [meta] + session(pid: 7, hour: 10)), ("b", [meta] + session(pid: 7, hour: 11))], nil, "b", 1),
            // … and within a window, the last session it overlaps.
            ("pid reused across files, window", [("a", [meta] + session(pid: 7, hour: 10)), ("b", [meta] + session(pid: 7, hour: 11))], (9, 10), "a", 1),
            // Two sessions of one pid in one log.
            ("two sessions of one pid, bare", [("a", [meta] + session(pid: 7, hour: 10, exits: true) + session(pid: 7, hour: 12))], nil, "a", 2),
            // … whose window covers the one that ended normally: never joined (SPEC §8), never the other.
            (
                "two sessions of one pid, window on the normal exit", [("a", [meta] + session(pid: 7, hour: 10, exits: true) + session(pid: 7, hour: 12))],
                (9, 11), nil, 0
            ),
            // Two logs whose sessions of pid 7 began at the same instant: a tie, unjoined in either order.
            ("a tie between logs", [("a", [meta] + session(pid: 7, hour: 10)), ("b", [meta] + session(pid: 7, hour: 10))], nil, nil, 0),
            ("a tie between logs, named the other way", [("b", [meta] + session(pid: 7, hour: 10)), ("a", [meta] + session(pid: 7, hour: 10))], nil, nil, 0),
            ("a tie between logs within a window", [("a", [meta] + session(pid: 7, hour: 10)), ("b", [meta] + session(pid: 7, hour: 10))], (9, 11), nil, 0),
            // A tie broken by a later session: no tie.
            (
                "a tie below a later session",
                [("a", [meta] + session(pid: 7, hour: 10)), ("b", [meta] + session(pid: 7, hour: 10, exits: true) + session(pid: 7, hour: 12))], nil, "b", 2
            ),
            // A window that covers none: unjoined, never the nearest.
            ("a window that covers none", [("a", [meta] + session(pid: 7, hour: 10))], (14, 16), nil, 0),
        ] as [(String, [(String, [String])], (Int, Int)?, String?, Int)])
    func aCrashDiagnosticJoinsExactlyOneSessionOrNone(
        _ name: String, _ logs: [(String, [String])], _ window: (Int, Int)?, _ log: String?, _ session: Int
    ) throws {
        let run = try Self.run(logs)
        let joined = MetricKitReplay.join([try Self.crash(pid: 7, window: window)], run: run)
        #expect(joined.summary.payloads == 1, "\(name)")
        guard let log else {
            #expect(joined.reports.isEmpty && joined.summary.joined == 0 && joined.summary.unjoined == 1, "\(name)")
            #expect(joined.joinedDiagnostics.isEmpty, "\(name)")
            return
        }
        let report = try #require(joined.reports.first, "\(name)")
        #expect(joined.reports.count == 1 && joined.summary.joined == 1 && joined.summary.unjoined == 0, "\(name)")
        #expect(report.origin == .metrickit(index: [0], log: log), "\(name)")
        #expect(report.pid == 7 && report.reason == "crash", "\(name): \(report.reason)")
        // Placed at the end of the session it joined: that session's last record.
        let target = try #require(MetricKitReplay.sessions(of: run.files.first { $0.path == log }!).first { $0.session == session })
        #expect(report.time == target.lastTime, "\(name)")
        #expect(joined.reports(of: log) == [report] && joined.reports(of: "elsewhere").isEmpty, "\(name)")
        #expect(joined.joinedDiagnostics == [MetricKitDiagnosticID(file: "mk.json", index: [0])], "\(name)")
    }

    /// A diagnostic whose bundle id differs from the session's app, or without a pid, joins
    /// nothing; one of a pid no session has neither.
    @Test(
        arguments: [
            ("bundle ids differ", 7, "com.example.other"),
            ("no pid", nil, "com.example.app"),
            ("pid of no session", 8, "com.example.app"),
        ] as [(String, Int?, String)])
    func aDiagnosticThatMatchesNothingIsUnjoined(_ name: String, _ pid: Int?, _ bundle: String) throws {
        let run = try Self.run([("a", [Self.meta] + Self.session(pid: 7, hour: 10))])
        let joined = MetricKitReplay.join([try Self.crash(pid: pid, bundle: bundle)], run: run)
        #expect(joined.reports.isEmpty && joined.summary.unjoined == 1 && joined.summary.joined == 0, "\(name)")
    }

    /// Another diagnostic of a joined pid is listed, not made a crash report.
    @Test func aHangDiagnosticIsListedNotACrash() throws {
        let run = try Self.run([("a", [Self.meta] + Self.session(pid: 7, hour: 10))])
        let joined = MetricKitReplay.join([try Self.crash(pid: 7, window: (9, 11), kind: "hangDiagnostics")], run: run)
        #expect(joined.reports.isEmpty)
        #expect(joined.summary.joined == 1)
        #expect(
            joined.summary.diagnostics == [JoinedDiagnostic(file: "mk.json", index: [0], pid: 7, log: "a", session: 1, kind: "hang", hangDuration: "20 secs.")])
    }

    /// The sessions a join sees can be narrowed to the pids diagnostics name (what `audit`
    /// keeps), and shards other than the first leave the payloads to shard 1.
    @Test func sessionsOfNamedPidsOnlyAndPayloadsCountedWhenAsked() throws {
        let run = try Self.run([("a", [Self.meta] + Self.session(pid: 7, hour: 10) + Self.session(pid: 9, hour: 10))])
        let all = MetricKitReplay.sessions(of: run.files[0])
        #expect(Set(all.compactMap(\.pid)) == [7, 9])
        let named = MetricKitReplay.sessions(of: run.files[0], pids: MetricKitReplay.pids([try Self.crash(pid: 9)]))
        #expect(named.map(\.pid) == [9] && named[0].app == "com.example.app")
        let joined = MetricKitReplay.join([try Self.crash(pid: 9)], spans: named, countPayloads: false)
        #expect(joined.summary.payloads == 0 && joined.summary.joined == 1 && joined.reports.count == 1)
        #expect(MetricKitReplay.canEndSessions([try Self.crash(pid: 9)]))
        #expect(!MetricKitReplay.canEndSessions([try Self.crash(pid: nil)]))
    }

    /// Replayed again with the joined crash report, the session ends as a crash, with the
    /// diagnostic as its evidence.
    @Test func theJoinedReportEndsItsSessionOnReplay() throws {
        let lines = [Self.meta] + Self.session(pid: 7, hour: 10)
        let joined = MetricKitReplay.join([try Self.crash(pid: 7)], run: try Self.run([("a", lines)]))
        let reader = try LogReader(bytes: Array((lines.joined(separator: "\n") + "\n").utf8), name: "a")
        let result = FileReplay.replay(reader, configuration: ReplayConfiguration(), crashReports: joined.reports(of: "a"))
        let death = try #require(result.deaths.first)
        #expect(result.deaths.count == 1 && death.exitClass == .abnormal && death.pid == 7)
        #expect(death.evidence.contains(.metrickit(file: "mk.json", index: [0])), "\(death.evidence)")
    }

    /// The first pass of `audit --metrickit` (observations, no timeline) sees the sessions a
    /// timeline shows, with the same app, on a generated log of several apps and a log with
    /// per-pid and file-wide `meta`.
    @Test func theCollectorSeesTheSessionsATimelineShows() throws {
        let log = LogGenerator(options: GeneratorOptions(seed: 7, sessions: 30, model: .mixed, apps: 3)).generateBytes().bytes
        let handMade =
            [Self.meta] + Self.session(pid: 7, hour: 10, exits: true) + Self.session(pid: 7, hour: 12)
            + [#"{"t":"2026-11-20T13:00:00.000Z","ev":"meta","pid":9,"app":"com.example.other"}"#] + Self.session(pid: 9, hour: 13)
        for bytes in [log, Array((handMade.joined(separator: "\n") + "\n").utf8)] {
            var indexing = ReplayConfiguration()
            indexing.indexesSessions = true
            let indexed = FileReplay.replay(try LogReader(bytes: bytes, name: "g"), configuration: indexing)
            // What the timeless join reads of a session: the collector gives the same.
            func seen(_ s: SessionSpan) -> String {
                "\(s.file) \(s.session) \(String(describing: s.pid)) \(s.app ?? "-") \(s.version ?? "-") \(s.os ?? "-") \(s.began) \(s.lastTime) \(s.exitClass)"
            }
            let all = MetricKitReplay.sessions(of: indexed).filter { $0.pid != nil }.sorted { $0.session < $1.session }
            #expect(all.count > 2 && Set(all.compactMap(\.app)).count > 1, "\(all.count) sessions")
            let collector = MetricKitSessionCollector(file: "g", pids: Set(all.compactMap(\.pid)))
            _ = FileReplay.replay(try LogReader(bytes: bytes, name: "g"), configuration: ReplayConfiguration(), observer: collector.observe)
            #expect(collector.sessions.map(seen) == all.map(seen))
            let one = try #require(all.last?.pid)
            let narrowed = MetricKitSessionCollector(file: "g", pids: [one])
            _ = FileReplay.replay(try LogReader(bytes: bytes, name: "g"), configuration: ReplayConfiguration(), observer: narrowed.observe)
            #expect(narrowed.sessions.map(seen) == all.filter { $0.pid == one }.map(seen))
        }
    }
}
