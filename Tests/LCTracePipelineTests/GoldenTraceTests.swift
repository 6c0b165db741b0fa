import Foundation
import LCTracePipeline
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import LCTraceReport
import Testing

/// Every sample in traces/ gives exactly its golden findings (compared after parsing), and
/// the rules each sample is meant to show — written down here by hand, not recorded.
@Suite struct GoldenTraceTests {
    /// The rules each sample must report: exactly these, no others.
    static let expectedRules: [String: Set<String>] = [
        "clean-multi-session": [],
        "clean-scenes": [],
        "clean-prewarm-scheduled": [],
        "killed-in-background": ["LC103", "LC203", "LC300", "LC302"],
        "lc100-illegal-transition": ["LC100"],
        "lc101-ran-while-suspended": ["LC101"],
        "lc102-event-after-exit": ["LC102"],
        "lc103-abnormal-exit": ["LC103"],
        "lc104-mixed-lifecycle": ["LC104"],
        "lc200-launch-watchdog": ["LC200"],
        "lc201-handler-overrun": ["LC201"],
        "lc202-background-overrun": ["LC202"],
        "lc203-bgtask-overrun": ["LC203"],
        "lc204-bgsched-overrun": ["LC204"],
        "lc300-bgtask-leaked": ["LC300"],
        "lc301-bgtask-unmatched-end": ["LC301"],
        "lc302-bgtask-expired-not-ended": ["LC302"],
        "lc303-bgtask-id-reused": ["LC303"],
        "lc304-bgtask-open-at-end": ["LC304"],
        "lc305-bgsched-not-completed": ["LC305"],
        "lc306-bgsched-expired-not-completed": ["LC306"],
        "lc307-bgsched-registered-late": ["LC307"],
        "lc308-bgsched-not-registered": ["LC308"],
        "lc309-bgsched-registered-twice": ["LC309"],
        // 2028 edition: LC105/LC106 through meta.sdk; LC311 with the Info.plist beside it.
        "lc105-scene-lifecycle-required": ["LC105"],
        "lc106-scene-lifecycle-soon": ["LC106"],
        "lc310-bgsched-continued-background": ["LC310"],
        "lc311-bgsched-not-permitted": ["LC311"],
        "lc400-clock-regression": ["LC400"],
        "lc401-malformed-record": ["LC401"],
        "lc402-unknown-event": ["LC402"],
        "lc403-truncated-log": ["LC403"],
        // A unified-log export whose lossEvent opens a gap: LC404 alone (SPEC §5).
        "lc404-records-lost": ["LC404"],
        // Unified-log exports of killed-in-background's events: the same findings.
        "oslog-killed-in-background": ["LC103", "LC203", "LC300", "LC302"],
        "oslog-json-killed-in-background": ["LC103", "LC203", "LC300", "LC302"],
        // A Console.app transcript of iOS's own messages (SystemLogStoryTests).
        "syslog-suspended-and-killed": ["LC203", "LC300", "LC302"],
    ]

    @Test func everySampleHasAnExpectation() {
        let names = Set(RepositoryPaths.sampleLogs().map(RepositoryPaths.sampleName))
        #expect(!names.isEmpty)
        #expect(names == Set(Self.expectedRules.keys))
    }

    @Test func everyRuleHasASample() {
        let covered = Self.expectedRules.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        #expect(covered == Set(Rule.allCases.map(\.id)))
    }

    /// Replays a sample of traces/ as the suite names it (`traces/FILE`).
    static func replaySample(_ file: String, inputFormat: LogInputFormat = .auto) throws -> FileResult {
        let path = RepositoryPaths.traces.appendingPathComponent(file).path
        var filter = UnifiedLogFilter()
        // Console.app transcripts give only times of day.
        if file.hasPrefix("syslog-") { filter.syslog.date = "2026-11-20" }
        // A sample with an Info.plist beside it (`NAME.Info.plist`) is replayed with it (SPEC §11).
        var configuration = ReplayConfiguration()
        let plist = RepositoryPaths.traces.appendingPathComponent(RepositoryPaths.sampleName(file) + ".Info.plist").path
        // Named as the sample is (`traces/…`): the golden holds no machine's absolute path.
        if FileManager.default.fileExists(atPath: plist) {
            configuration.declarations = [
                try InfoPlistFile.read(path: plist, displayName: "traces/" + RepositoryPaths.sampleName(file) + ".Info.plist")
            ]
        }
        return try FileReplay.run(
            path: path, displayName: "traces/" + file, configuration: configuration,
            reading: ReadOptions(inputFormat: inputFormat, filter: filter)
        ).get()
    }

    /// The golden JSON report of a sample, by its name (`traces/NAME.golden.json`).
    static func goldenURL(_ name: String) -> URL {
        RepositoryPaths.traces.appendingPathComponent(name + ".golden.json")
    }

    static func jsonReport(_ result: FileResult) -> String {
        var text = ""
        makeReporter(.json, options: ReportOptions()).write(
            RunReport(toolVersion: LCTraceVersion.current, files: [result]), to: &text)
        return text
    }

    /// The parsed report without the tool version, which changes with every release.
    static func comparable(_ text: String) throws -> NSDictionary {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        guard var dict = object as? [String: Any] else { throw GoldenError.notAnObject }
        dict["tool"] = nil
        return dict as NSDictionary
    }

    enum GoldenError: Error { case notAnObject }

    @Test(arguments: RepositoryPaths.sampleLogs())
    func sampleMatchesItsGolden(file: String) throws {
        let result = try Self.replaySample(file)
        let name = RepositoryPaths.sampleName(file)
        let expected = try #require(Self.expectedRules[name], "no expectation for \(name)")
        #expect(Set(result.findings.map(\.rule.id)) == expected, "\(name)")

        let report = Self.jsonReport(result)
        let golden = Self.goldenURL(name)
        if RepositoryPaths.recording {
            try report.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("re-recorded \(golden.lastPathComponent); run again without LCTRACE_RECORD")
            return
        }
        let goldenText = try String(contentsOf: golden, encoding: .utf8)
        #expect(try Self.comparable(report) == Self.comparable(goldenText), "\(name) differs from its golden")
    }

    @Test func cleanSamplesHaveSessionsAndNoFindings() throws {
        for file in ["clean-multi-session.jsonl.zst", "clean-scenes.jsonl.zst"] {
            let result = try Self.replaySample(file)
            #expect(result.findings.isEmpty)
            #expect(result.sessions >= 1)
            #expect(result.events > 10)
        }
        let day = try Self.replaySample("clean-multi-session.jsonl.zst")
        #expect(day.sessions == 3)
        #expect(day.exitClasses[.purged] == 1)
        #expect(day.exitClasses[.normal] == 1)
        #expect(day.exitClasses[.open] == 1)
    }

    @Test func killedInBackgroundIsABackgroundTaskTimeout() throws {
        let result = try Self.replaySample("killed-in-background.jsonl.zst")
        let exit = try #require(result.findings.first { $0.rule == .abnormalExit })
        #expect(exit.exitClass == .bgtaskTimeout)
        #expect(exit.pid == 201)
        #expect(result.exitClasses[.bgtaskTimeout] == 1)
        // Everything the kill revealed is reported on the kill's line.
        let killLine = 11
        #expect(result.findings.allSatisfy { $0.line == killLine })
    }

    @Test func compressedSamplesDecompressToTheirSources() throws {
        // The readable sources in traces/src are what the .zst files hold (scripts/make-traces).
        // Transcripts hold other messages too: SystemLogStoryTests checks their records.
        for file in RepositoryPaths.sampleLogs() where file != "lc403-truncated-log.jsonl.zst" && !file.hasPrefix("syslog-") {
            if let twin = RepositoryPaths.nativeTwin(of: file) {
                // An export holds other records too: it has its native twin's events.
                #expect(try Self.replaySample(file).events == Self.replaySample(twin).events, "\(file)")
                continue
            }
            if file.hasSuffix(".ndjson.zst") {
                // An export of its own: one event per `logEvent` of its source.
                let source = RepositoryPaths.traces.appendingPathComponent("src/" + String(file.dropLast(".zst".count)))
                let logEvents = try String(contentsOf: source, encoding: .utf8).components(separatedBy: "\"eventType\":\"logEvent\"")
                #expect(try Self.replaySample(file).events == logEvents.count - 1, "\(file)")
                continue
            }
            let name = RepositoryPaths.sampleName(file)
            let source = RepositoryPaths.traces.appendingPathComponent("src/\(name).jsonl")
            let sourceLines = try String(contentsOf: source, encoding: .utf8).split(separator: "\n").count
            let result = try Self.replaySample(file)
            let malformed = result.findings.filter { $0.rule == .malformedRecord }.count
            #expect(result.events + malformed == sourceLines, "\(name)")
        }
    }
}
