import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import Testing

/// The one join of all evidence (SPEC §8, 2028 edition) over the shapes real deaths take: a
/// crash, then a relaunch within 1 s, within 5 s or later; a session split over rotated files;
/// a kill seen by a crash report and a system log, or by a crash report and MetricKit; each kind
/// of evidence (crash report, JetsamEvent report, MetricKit diagnostic, system-log kill) read
/// from its own format; in every order of the arguments. Each gives one death with every piece
/// of evidence, and the same class.
@Suite struct EvidenceJoinShapeTests {
    enum Relaunch: String, CaseIterable, Sendable { case none, within1s, within5s, after5s }
    /// What saw the death, each kind read from its own format: a text crash report (SIGSEGV),
    /// a JetsamEvent report (the app frontmost, over its limit), a bare MetricKit crash
    /// diagnostic (signal 11, no time), a system log's jetsam kill, and the pairs real deaths
    /// leave (a crash report with a system log's kill; a crash report with MetricKit's).
    enum Evidence: String, CaseIterable, Sendable {
        case crashReport, jetsamEvent, metricKit, systemLog, crashAndSystemLog, crashAndMetricKit
    }

    /// One shape: what evidence, what relaunch, rotated or not, arguments reversed or not.
    struct Shape: CustomTestStringConvertible, Sendable {
        var evidence: Evidence
        var relaunch: Relaunch
        var rotated: Bool
        var reversed: Bool
        var testDescription: String { "\(evidence) \(relaunch)\(rotated ? " rotated" : "")\(reversed ? " reversed" : "")" }
    }

    static let shapes: [Shape] = Evidence.allCases.flatMap { evidence in
        Relaunch.allCases.flatMap { relaunch in
            [false, true].flatMap { rotated in [false, true].map { Shape(evidence: evidence, relaunch: relaunch, rotated: rotated, reversed: $0) } }
        }
    }

    static func line(_ t: String, _ ev: String, pid: Int = 501, _ extra: String = "") -> String {
        #"{"t":"2026-11-20T10:\#(t)Z","ev":"\#(ev)","pid":\#(pid)\#(extra)}"#
    }

    static let meta = #"{"t":"2026-11-20T10:00:00.000Z","ev":"meta","os":"17.4","app":"com.example.shop"}"#
    /// Pid 501 launched and in use until 10:00:30 (a foreground app logs nothing while used).
    static let first = [
        meta, line("00:00.000", "process.launch", #","reason":"user""#), line("00:00.200", "app.didFinishLaunching"),
        line("00:00.400", "app.didBecomeActive"),
    ]
    /// The rest of its records (a rotated file starts here: a resignation implies it was active).
    static let second = [
        meta, line("00:20.000", "app.willResignActive"), line("00:21.000", "app.didBecomeActive"),
        line("00:30.000", "app.didReceiveMemoryWarning"),
    ]
    /// The crash: 10:00:40.000, the report written half a second later.
    static let crashTime = Timestamp(rfc3339: "2026-11-20T10:00:40.500Z")!

    static func relaunchLines(_ relaunch: Relaunch) -> [String] {
        let at: String
        switch relaunch {
        case .none: return []
        case .within1s: at = "00:41.000"
        case .within5s: at = "00:44.000"
        case .after5s: at = "01:40.000"
        }
        return [line(at, "process.launch", pid: 502, #","reason":"user""#), line(at, "app.didFinishLaunching", pid: 502)]
    }

    static let crashText = """
        Incident Identifier: 1B2C3D4E-0000-4000-8000-000000000501
        Process:               Shop [501]
        Identifier:            com.example.shop
        Version:               5.2.1 (412)
        Date/Time:             2026-11-20 10:00:40.500 +0000
        OS Version:            iPhone OS 17.4 (21E219)
        Exception Type:  EXC_BAD_ACCESS (SIGSEGV)
        Termination Reason: Namespace SIGNAL, Code 0xb

        """

    static let jetsamText =
        #"{"bug_type":"298","timestamp":"2026-11-20 11:00:40.50 +0100","os_version":"iPhone OS 17.4 (21E219)","incident_id":"0F3E2A11-0000-4000-8000-000000000501"}"#
        + "\n"
        + #"{"date":"2026-11-20 11:00:40.50 +0100","processes":[{"states":["frontmost"],"reason":"per-process-limit","pid":501,"name":"Shop"},{"states":["daemon","idle"],"name":"maild","reason":"vm-pageshortage","pid":8866}]}"#

    static let metricKitText =
        #"{"version":"1.0.0","callStackTree":{"callStacks":[]},"diagnosticMetaData":{"pid":501,"bundleIdentifier":"com.example.shop","signal":11,"exceptionType":1,"osVersion":"iPhone OS 17.4 (21E219)"}}"#

    /// The crash reports, JetsamEvent entries and system-log kills of a kind, as read.
    static func pieces(_ evidence: Evidence) throws -> [CrashReport] {
        let crash = try CrashReport.parseAll(crashText, path: "Shop-2026-11-20-100040.crash")
        let jetsam = try CrashReport.parseAll(jetsamText, path: "JetsamEvent-2026-11-20-110040.ips")
        let kill = CrashReport(
            path: "console.txt", pid: 501, time: Timestamp(rfc3339: "2026-11-20T10:00:40.100Z")!, reason: "jetsam", summary: "jetsam",
            origin: .systemLog(line: 3))
        switch evidence {
        case .crashReport, .crashAndMetricKit: return crash
        case .jetsamEvent: return jetsam
        case .metricKit: return []
        case .systemLog: return [kill]
        case .crashAndSystemLog: return crash + [kill]
        }
    }

    /// The MetricKit files of a kind, as read (`nil`: no `--metrickit`).
    static func metricKit(_ evidence: Evidence) throws -> [MetricKitFile]? {
        guard evidence == .metricKit || evidence == .crashAndMetricKit else { return nil }
        return [try MetricKitFile.parse(Array(metricKitText.utf8), path: "mk.json")]
    }

    /// Every piece of evidence the death must list.
    static func expectedEvidence(_ evidence: Evidence) throws -> [DeathEvidence] {
        var all = try pieces(evidence).filter { $0.pid == 501 }.map(\.evidence)
        if try metricKit(evidence) != nil { all.append(.metrickit(file: "mk.json", index: [0])) }
        return all
    }

    /// The class of the death: the operating system's record ranks above a system-log line; a
    /// JetsamEvent of a frontmost app over its limit is `memory-limit`, as is a foreground
    /// jetsam kill.
    static func expectedClass(_ evidence: Evidence) -> ExitClass {
        switch evidence {
        case .jetsamEvent, .systemLog: return .memoryLimit
        case .crashReport, .metricKit, .crashAndSystemLog, .crashAndMetricKit: return .abnormal
        }
    }

    @Test(arguments: shapes)
    func oneDeathWithEveryPieceAndOneClass(_ shape: Shape) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-join-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        func write(_ name: String, _ lines: [String]) throws {
            let path = dir.appendingPathComponent(name).path
            try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
        }
        let tail = Self.relaunchLines(shape.relaunch)
        if shape.rotated {
            try write("shop.0.jsonl", Self.first)
            try write("shop.1.jsonl", Self.second + tail)
        } else {
            try write("shop.jsonl", Self.first + Array(Self.second.dropFirst()) + tail)
        }
        if shape.reversed { files.reverse() }
        var pieces = try Self.pieces(shape.evidence)
        if shape.reversed { pieces.reverse() }
        var unjoined: [CrashReport] = []
        let run = RunReport.replaying(
            files, configuration: ReplayConfiguration(), crashReports: pieces, metricKit: try Self.metricKit(shape.evidence),
            onUnmatched: { unjoined.append($0) })
        // The daemon of a JetsamEvent report is not the app's: it alone joins nothing.
        #expect(unjoined.allSatisfy { $0.pid == 8866 }, "\(unjoined.map { $0.unjoinedReason ?? "" })")
        #expect(run.unjoined.allSatisfy { $0.pid == 8866 }, "\(run.unjoined)")
        if try Self.metricKit(shape.evidence) != nil {
            #expect(run.metrickit?.joined == 1 && run.metrickit?.unjoined == 0, "\(String(describing: run.metrickit))")
        }
        let deaths = run.files.flatMap(\.deaths)
        #expect(deaths.count == 1, "\(deaths.map(\.message))")
        let death = try #require(deaths.first)
        #expect(death.pid == 501)
        // Rotated: joined once, in the file that holds the session's end.
        #expect(death.file.hasSuffix(shape.rotated ? "shop.1.jsonl" : "shop.jsonl"))
        // One class in every order.
        #expect(death.exitClass == Self.expectedClass(shape.evidence))
        let expected = try Self.expectedEvidence(shape.evidence)
        for piece in expected { #expect(death.evidence.contains(piece), "\(piece)") }
        #expect(death.evidence.filter { $0.kind != "log" }.count == expected.count, "\(death.evidence)")
        // A crash report and a system log's jetsam disagree, and the disagreement is kept; a
        // crash report and MetricKit's signal agree.
        #expect(death.disagreements.count == (shape.evidence == .crashAndSystemLog ? 1 : 0), "\(death.disagreements)")
        // The relaunch is the next session, never hidden, never a second death.
        let relaunched = run.files.flatMap(\.findings).filter { $0.pid == 502 }
        #expect(relaunched.isEmpty, "\(relaunched.map(\.message))")
    }

    /// A piece joins nothing, with its reason, when no session of its pid was alive at its time
    /// (it ended more than 5 s before), or when the session ended normally.
    @Test func aPieceThatJoinsNothingSaysWhy() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-join-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.jsonl").path
        let lines =
            Self.first + [
                Self.line("00:10.000", "sys.kill", #","reason":"crash""#),
                Self.line("00:20.000", "process.launch", pid: 503, #","reason":"user""#),
                Self.line("00:21.000", "app.willTerminate", pid: 503), Self.line("00:21.100", "process.exit", pid: 503),
            ]
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let late = CrashReport(path: "late.ips", pid: 501, time: Self.crashTime, reason: "crash", summary: "SIGSEGV")
        let normal = CrashReport(path: "normal.ips", pid: 503, time: Timestamp(rfc3339: "2026-11-20T10:00:22Z")!, reason: "crash", summary: "x")
        let missing = CrashReport(path: "other.ips", pid: 999, time: Self.crashTime, reason: "crash", summary: "x")
        var unjoined: [CrashReport] = []
        _ = RunReport.replaying([path], configuration: ReplayConfiguration(), crashReports: [late, normal, missing], onUnmatched: { unjoined.append($0) })
        let reasons = Dictionary(uniqueKeysWithValues: unjoined.map { ($0.path, $0.unjoinedReason ?? "") })
        #expect(reasons["late.ips"] == "no session of pid 501 was alive at 2026-11-20T10:00:40.500Z")
        #expect(reasons["normal.ips"]?.hasPrefix("pid 503 ended normally at line 8") == true, "\(reasons)")
        #expect(reasons["other.ips"] == "no session of pid 999 in the logs")
    }
}
