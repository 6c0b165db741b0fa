import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// What a joined MetricKit crash does to the death of the session it joined (docs/DEATHS.md):
/// it ends exactly that session, however the session ended, and every piece of evidence of one
/// death is listed on it, one of them deciding its class.
@Suite struct MetricKitDeathTests {
    static let meta = JoinFleetLog.meta

    /// Replays `lines` as the log `a` with `--metrickit` (the JSON `diagnostics`) and the
    /// given crash reports, as `replay` does: a first replay the join sees, then the replay
    /// that reports.
    static func replay(_ lines: [String], diagnostics: String, crashReports: [CrashReport] = []) throws -> (
        FileResult, MetricKitReplay
    ) {
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let file = try MetricKitFile.parse(Array(diagnostics.utf8), path: "mk.json")
        // The one join (SPEC §8): every piece bound to its session and the class decided by
        // rank, against the sessions of an indexing replay.
        var indexing = ReplayConfiguration()
        indexing.indexesSessions = true
        let spans = FileReplay.replay(try LogReader(bytes: bytes, name: "a"), configuration: indexing).sessionSpans
        let joined = MetricKitReplay.join([file], spans: spans)
        let (bound, _) = RunEvidence.bind(crashReports + joined.reports(of: "a"), to: spans)
        let result = FileReplay.replay(try LogReader(bytes: bytes, name: "a"), configuration: ReplayConfiguration(), crashReports: bound)
        return (result, joined)
    }

    static func diagnostic(pid: Int, _ metadata: String) -> String {
        #"{"version":"1.0.0","callStackTree":{},"diagnosticMetaData":{"pid":\#(pid),"bundleIdentifier":"com.example.app",\#(metadata)}}"#
    }

    static let watchdog = #""terminationReason":"Namespace SPRINGBOARD, Code 0x8badf00d""#

    /// Pid 7's session (last record 10:01:00.000), then what ends it.
    @Test(
        arguments: [
            ("relaunched 1 s later", [#"{"t":"2026-11-20T10:01:01.000Z","ev":"process.launch","pid":8,"reason":"user"}"#]),
            ("relaunched at the same instant", [#"{"t":"2026-11-20T10:01:00.000Z","ev":"process.launch","pid":8,"reason":"user"}"#]),
            ("relaunched an hour later", [#"{"t":"2026-11-20T11:01:00.000Z","ev":"process.launch","pid":8,"reason":"user"}"#]),
            ("its own kill 1 s later", [#"{"t":"2026-11-20T10:01:01.000Z","ev":"sys.kill","pid":7,"reason":"jetsam"}"#]),
            ("its own kill an hour later", [#"{"t":"2026-11-20T11:01:00.000Z","ev":"sys.kill","pid":7}"#]),
            ("its own exit a minute later", [#"{"t":"2026-11-20T10:02:00.000Z","ev":"process.exit","pid":7}"#]),
            ("still open at the end", []),
        ] as [(String, [String])])
    func aJoinedCrashEndsExactlyItsSession(_ name: String, _ after: [String]) throws {
        let lines = [Self.meta] + JoinFleetLog.session(pid: 7, hour: 10) + after
        let (result, joined) = try Self.replay(lines, diagnostics: Self.diagnostic(pid: 7, Self.watchdog))
        #expect(joined.summary.joined == 1, "\(name)")
        let deaths = result.deaths.filter { $0.pid == 7 }
        #expect(deaths.count == 1, "\(name): \(result.deaths)")
        #expect(deaths.first?.exitClass == .watchdog, "\(name)")
        #expect(deaths.first?.evidence.contains(.metrickit(file: "mk.json", index: [0])) == true, "\(name)")
        #expect(!result.deaths.contains { $0.pid != 7 }, "\(name): only pid 7 died")
    }

    /// Two crash diagnostics of one session: one death with both, the termination code
    /// deciding over the bare signal whatever their order, the other said to disagree.
    @Test(arguments: [false, true])
    func twoDiagnosticsOfOneSessionAreOneDeath(signalFirst: Bool) throws {
        var pair = [Self.diagnostic(pid: 7, #""signal":11,"exceptionType":1"#), Self.diagnostic(pid: 7, Self.watchdog)]
        if !signalFirst { pair.reverse() }
        let lines = [Self.meta] + JoinFleetLog.session(pid: 7, hour: 10)
        let (result, joined) = try Self.replay(lines, diagnostics: "[" + pair.joined(separator: ",") + "]")
        #expect(joined.summary.joined == 2)
        let death = try #require(result.deaths.first)
        #expect(result.deaths.count == 1 && death.exitClass == .watchdog)
        #expect(Set(death.evidence) == [.metrickit(file: "mk.json", index: [0, 0]), .metrickit(file: "mk.json", index: [1, 0])])
        #expect(death.disagreements.count == 1 && death.disagreements[0].contains("exception type 1, signal 11"), "\(death.disagreements)")
    }

    /// The operating system's own record ranks above the app log's (SPEC §8, 2028 edition): a
    /// crash diagnostic's signal decides over the log's own kill reason, which is said to
    /// disagree; a kill the log wrote without a reason says nothing, and disagrees with nothing.
    /// The log's record is shown as written.
    @Test(
        arguments: [
            (#"{"t":"2026-11-20T10:02:00.000Z","ev":"sys.kill","pid":7,"reason":"bgtask-timeout"}"#, true),
            (#"{"t":"2026-11-20T10:02:00.000Z","ev":"sys.kill","pid":7,"reason":"0x8badf00d"}"#, true),
            (#"{"t":"2026-11-20T10:02:00.000Z","ev":"sys.kill","pid":7}"#, false),
        ] as [(String, Bool)])
    func theSystemsRecordDecidesOverTheLogsOwnKill(_ kill: String, _ disagrees: Bool) throws {
        let lines = [Self.meta] + JoinFleetLog.session(pid: 7, hour: 10) + [kill]
        let (result, _) = try Self.replay(lines, diagnostics: Self.diagnostic(pid: 7, #""signal":11,"exceptionType":1"#))
        let death = try #require(result.deaths.first)
        #expect(result.deaths.count == 1 && death.exitClass == .abnormal, "\(kill): \(death.exitClass)")
        #expect(death.evidence.contains(.metrickit(file: "mk.json", index: [0])), "\(kill)")
        #expect(death.disagreements.count == (disagrees ? 1 : 0), "\(death.disagreements)")
        #expect(death.disagreements.allSatisfy { $0.hasPrefix("its own log (line") })
    }

    /// A crash report and a diagnostic of the same death (iOS 12's assertion text, 1.1 s
    /// after the log's own kill): one death with both. Both are the system's own record and
    /// both name a reason, so SPEC §8's order of classes breaks the tie (watchdog first),
    /// whatever their order; the report and the log's own kill are said to disagree.
    @Test func aCrashReportAndADiagnosticOfOneDeathAreOneDeath() throws {
        let lines =
            [Self.meta] + JoinFleetLog.backgroundTask(name: "upload") + [
                #"{"t":"2026-11-20T10:03:25.000Z","ev":"bgtask.expire","pid":7,"task":1}"#,
                #"{"t":"2026-11-20T10:03:31.000Z","ev":"sys.kill","pid":7,"reason":"bgtask-timeout"}"#,
            ]
        for logged in [true, false] {
            let log = logged ? lines : Array(lines.dropLast())
            let report = CrashReport(
                path: "cr.ips", pid: 7, time: try #require(Timestamp(rfc3339: "2026-11-20T10:03:32.100Z")),
                reason: "bgtask-timeout", summary: "has active assertions beyond permitted time")
            let (result, _) = try Self.replay(log, diagnostics: Self.diagnostic(pid: 7, Self.watchdog), crashReports: [report])
            let death = try #require(result.deaths.first)
            #expect(result.deaths.count == 1 && death.exitClass == .watchdog, "logged: \(logged)")
            #expect(death.evidence.contains(.crashReport(file: "cr.ips")), "logged: \(logged)")
            #expect(death.evidence.contains(.metrickit(file: "mk.json", index: [0])), "logged: \(logged)")
            #expect(death.disagreements.count == (logged ? 2 : 1), "logged: \(logged): \(death.disagreements)")
            #expect(death.disagreements.contains { $0.contains("crash report 'cr.ips'") && $0.contains("'bgtask-timeout'") })
            #expect(death.said[.crashReport(file: "cr.ips")] == EvidenceSaid(exitClass: .bgtaskTimeout, reason: "bgtask-timeout"))
        }
    }

    /// A joined crash whose session the log shows ending normally (`willTerminate`, then its
    /// exit) ends no death: it is not reported as matched, so the command says why.
    @Test func aJoinedCrashOfANormalEndIsNotCountedAsPlaced() throws {
        let lines =
            [Self.meta] + JoinFleetLog.session(pid: 7, hour: 10) + [
                #"{"t":"2026-11-20T10:01:00.300Z","ev":"app.didEnterBackground","pid":7}"#,
                #"{"t":"2026-11-20T10:01:00.400Z","ev":"app.willTerminate","pid":7}"#,
                #"{"t":"2026-11-20T10:01:00.500Z","ev":"process.exit","pid":7}"#,
            ]
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var indexing = ReplayConfiguration()
        indexing.indexesSessions = true
        let spans = FileReplay.replay(try LogReader(bytes: bytes, name: "a"), configuration: indexing).sessionSpans
        let file = try MetricKitFile.parse(Array(Self.diagnostic(pid: 7, Self.watchdog).utf8), path: "mk.json")
        // A crash never joins a session that ended normally (SPEC §8): unjoined, with the reason.
        let joined = MetricKitReplay.join([file], spans: spans)
        #expect(joined.reports.isEmpty && joined.summary.unjoined == 1)
        #expect(joined.unjoined.first?.reason.contains("ended normally at line") == true, "\(joined.unjoined)")
        var matched: [CrashReport] = []
        let result = FileReplay.replay(
            try LogReader(bytes: bytes, name: "a"), configuration: ReplayConfiguration(), crashReports: joined.reports,
            onMatch: { matched.append($0) })
        #expect(result.deaths.isEmpty)
        #expect(matched.isEmpty)
    }
}

extension MetricKitDeathTests {
    /// A pid is reused across devices and builds (SPEC §8, 2028 edition): a diagnostic whose
    /// app version and build or OS version differ from the session's `meta.version`/`meta.os`
    /// joins nothing; equal ones, compared as dotted numbers with missing parts zero, join.
    @Test(arguments: [
        (#""appVersion":"5.2.1","appBuildVersion":"412","osVersion":"iPhone OS 17.4 (21E219)""#, true),
        (#""appVersion":"5.2.1","osVersion":"iPhone OS 17.4.0 (21E219)""#, true),
        (#""appVersion":"5.2.2","appBuildVersion":"412""#, false),
        (#""appVersion":"5.2.1","appBuildVersion":"413""#, false),
        (#""osVersion":"iPhone OS 17.4.1 (21E236)""#, false),
    ])
    func aDiagnosticOfAnotherBuildJoinsNothing(_ metadata: String, _ joins: Bool) throws {
        let meta = #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.app","version":"5.2.1 (412)"}"#
        let lines = [meta] + JoinFleetLog.session(pid: 7, hour: 10)
        let (_, joined) = try Self.replay(lines, diagnostics: Self.diagnostic(pid: 7, Self.watchdog + "," + metadata))
        #expect(joined.summary.joined == (joins ? 1 : 0))
        #expect(joined.summary.unjoined == (joins ? 0 : 1))
    }

}
