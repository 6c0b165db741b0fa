import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// `convert` never drops a verdict in silence: replaying the converted log gives the findings
/// of the input (rules, pids and tasks; lines are renumbered), or the conversion is refused,
/// naming the verdicts of the system log that no native record could carry.
@Suite struct ConversionVerdictTests {
    typealias F = SystemExportFixtures

    /// What a finding says, without its line or wording: the converted log has its own lines,
    /// and a transcript's findings say "(system log)".
    static func facts(_ findings: [Finding]) -> [String] {
        // Lines that could not be read are convert's problems (standard error, exit 1), not records.
        let problems: Set<Rule> = [.malformedRecord, .truncatedLog, .recordsLost]
        return findings.filter { !problems.contains($0.rule) }
            .map { "\($0.rule.id) pid \($0.pid.map(String.init) ?? "-") task \($0.task.map { "\($0)" } ?? "-")" }.sorted()
    }

    /// Converts `path`, then replays both the input and the converted log.
    static func roundTrip(_ path: String, filter: UnifiedLogFilter) throws -> (
        input: FileResult, converted: FileResult?, refused: LogConversion.LostVerdicts?
    ) {
        let input = try FileReplay.run(path: path, configuration: ReplayConfiguration(), reading: ReadOptions(filter: filter)).get()
        var text = ""
        do {
            let summary = try LogConversion.convert(
                try openLog(path: path, filter: filter), write: { text += $0 }, problem: { _ in })
            // A gap (LC404) has no native record: convert says so (a problem, exit 1), and the
            // converted log's replay cannot know what the gap hid.
            if input.findings.contains(where: { $0.rule == .recordsLost }) {
                #expect(summary.problems > 0)
                return (input, nil, nil)
            }
        } catch let lost as LogConversion.LostVerdicts {
            return (input, nil, lost)
        }
        let reader = try openLog(bytes: Array(text.utf8), name: "converted.jsonl")
        return (input, FileReplay.replay(reader, configuration: ReplayConfiguration()), nil)
    }

    static func filter(for file: String) -> UnifiedLogFilter {
        var filter = UnifiedLogFilter()
        // Console.app transcripts give only times of day.
        if file.hasPrefix("syslog-") || file.hasSuffix(".txt") { filter.syslog.date = "2026-11-20" }
        return filter
    }

    @Test(arguments: RepositoryPaths.sampleLogs())
    func aConvertedSampleGivesItsFindingsOrIsRefused(file: String) throws {
        let path = RepositoryPaths.traces.appendingPathComponent(file).path
        let (input, converted, refused) = try Self.roundTrip(path, filter: Self.filter(for: file))
        if let converted {
            #expect(Self.facts(converted.findings) == Self.facts(input.findings), "\(file)")
        } else if let lost = refused {
            // Refused only for verdicts of the system's, each one the input's replay reports.
            #expect(!lost.verdicts.isEmpty)
            #expect(lost.verdicts.allSatisfy { $0.source == .system }, "\(lost)")
            #expect(Set(Self.facts(lost.verdicts)).isSubset(of: Set(Self.facts(input.findings))), "\(lost)")
        } else {
            #expect(input.findings.contains { $0.rule == .recordsLost }, "\(file): neither converted nor refused")
        }
    }

    /// The sample transcript: UIKit's LC203 (a task past 30 s) has no native record; its LC302
    /// is given again by the `bgtask.expire` and `sys.suspend` records convert writes.
    @Test func aTranscriptWhoseVerdictNoRecordCarriesIsRefusedNamingIt() throws {
        let path = RepositoryPaths.traces.appendingPathComponent("syslog-suspended-and-killed.txt.zst").path
        let (_, converted, refused) = try Self.roundTrip(path, filter: Self.filter(for: "syslog-"))
        #expect(converted == nil)
        let lost = try #require(refused)
        #expect(lost.verdicts.map(\.rule) == [.bgtaskOverrun])
        #expect(lost.description.hasPrefix("Unable to convert '\(path)': line 6: LC203 bgtask-overrun 'UIKit reported task '1'"))
        #expect(lost.description.contains("replay the system log itself"))
    }

    /// Without the 30-second message, every verdict of the transcript comes back: it converts.
    @Test func aTranscriptWhoseVerdictsTheRecordsGiveAgainConverts() throws {
        let text = try SystemExportTests.transcript().split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("was created over 30 seconds ago") }.joined(separator: "\n")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("syslog.txt").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let (input, converted, refused) = try Self.roundTrip(path, filter: Self.filter(for: "syslog.txt"))
        #expect(refused == nil, "\(String(describing: refused))")
        #expect(input.findings.contains { $0.rule == .bgtaskExpiredNotEnded })
        #expect(Self.facts(try #require(converted).findings) == Self.facts(input.findings))
    }

    /// An export that tells the story in iOS's own messages: the same rule, in both forms.
    @Test(arguments: [true, false])
    func anExportOfSystemMessagesGivesItsFindingsOrIsRefused(ndjson: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(ndjson ? "story.ndjson" : "story.json").path
        try F.export(F.story, ndjson: ndjson).write(toFile: path, atomically: true, encoding: .utf8)
        let (input, converted, refused) = try Self.roundTrip(path, filter: UnifiedLogFilter())
        #expect(input.findings.contains { $0.source == .system })
        if let converted {
            #expect(Self.facts(converted.findings) == Self.facts(input.findings))
        } else {
            let lost = try #require(refused)
            #expect(lost.verdicts.allSatisfy { $0.source == .system } && !lost.verdicts.isEmpty)
            #expect(Set(Self.facts(lost.verdicts)).isSubset(of: Set(Self.facts(input.findings))))
        }
    }

    /// An export refused for a lost verdict, converted to an output written in place
    /// (standard output, a FIFO): held until the check, nothing is written; to a regular file
    /// (replaced only when complete) its lines stream as they come.
    @Test(arguments: [true, false])
    func anExportWrittenInPlaceIsHeldUntilTheVerdictsCheck(ndjson: Bool) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(ndjson ? "story.ndjson" : "story.json").path
        try F.export(F.story, ndjson: ndjson).write(toFile: path, atomically: true, encoding: .utf8)
        for hold in [true, false] {
            var written = 0
            var refused = false
            do {
                _ = try LogConversion.convert(
                    try openLog(path: path, filter: UnifiedLogFilter()), write: { _ in written += 1 }, problem: { _ in },
                    holdUntilChecked: hold)
            } catch is LogConversion.LostVerdicts {
                refused = true
            }
            #expect(refused, "the story's UIKit verdicts have no native record")
            #expect(hold ? written == 0 : written > 0, "hold \(hold): \(written) lines written before the refusal")
        }
    }

    /// UIKit numbers tasks per process: two runs of the app (pids 201 and 301) that each leave
    /// their task 1 unended after its expiration handler are two expirations, in the replay and
    /// through `convert` (the second used to be taken for a repeat of the first and dropped, so
    /// the replay lost an event and convert refused a valid export).
    @Test(arguments: [true, false])
    func twoProcessesEachWithTaskOneExpireApart(ndjson: Bool) throws {
        let run = F.story.filter { !$0.2.contains("was created over 30 seconds ago") }
        var second = run.map { entry -> (String, F.Process, String) in
            var process = entry.1
            if process.pid == 201 { process.pid = 301 }
            let time = "11" + entry.0.dropFirst(2)
            return (time, process, entry.2.replacingOccurrences(of: ":201]", with: ":301]"))
        }
        second.removeAll { $0.2.contains("WebContent") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-convert-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(ndjson ? "two.ndjson" : "two.json").path
        try F.export(run + second, ndjson: ndjson).write(toFile: path, atomically: true, encoding: .utf8)
        let (input, converted, refused) = try Self.roundTrip(path, filter: UnifiedLogFilter())
        #expect(refused == nil, "\(String(describing: refused))")
        let expired = input.findings.filter { $0.rule == .bgtaskExpiredNotEnded }
        #expect(Set(expired.compactMap(\.pid)) == [201, 301], "\(expired)")
        #expect(Self.facts(try #require(converted).findings) == Self.facts(input.findings))
    }
}
