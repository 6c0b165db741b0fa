import Foundation
import LCTraceCore
import LCTraceGen
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// `gen --info-plist` against the engine (SPEC §11): the log replayed with the plists the
/// generator wrote reports exactly the log's planted findings (LC311 included), and each
/// plist exactly its own (LC105 or LC106 at line 1 for the app model, none with a manifest),
/// in every shape, with and without an SDK.
@Suite struct GeneratedInfoPlistReplayTests {
    /// Writes the plists of `options` into a fresh temporary directory, reads them as a run
    /// would, and replays the log with them.
    static func replay(_ options: GeneratorOptions) throws -> (
        summary: GenerationSummary, log: FileResult, plists: [(GeneratedInfoPlist, FileResult)]
    ) {
        let (bytes, summary) = LogGenerator(options: options).generateBytes()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gen-plist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let plists = GeneratedInfoPlist.plists(for: options)
        var paths: [String] = []
        for (i, plist) in plists.enumerated() {
            let path = GeneratedInfoPlist.path(forLog: dir.appendingPathComponent("g.jsonl").path, app: i, of: plists.count)
            try plist.xml().write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let evidence = InfoPlistEvidence(paths)
        #expect(evidence.unreadable.isEmpty)
        #expect(evidence.logs.isEmpty)
        #expect(evidence.declarations.count == plists.count)
        let reader = try openLog(bytes: bytes, name: "generated.jsonl", chunkSize: 4096)
        let log = FileReplay.replay(reader, configuration: evidence.configuring(ReplayConfiguration()))
        return (summary, log, Array(zip(plists, evidence.results(rules: RuleSettings()))))
    }

    static func lines(_ findings: [Finding]) -> [PlantedFinding] {
        findings.map { PlantedFinding(rule: $0.rule, line: $0.line) }.sorted()
    }

    @Test(arguments: GeneratedLogPropertyTests.shapes, [nil, "27.0", "26.2"] as [String?])
    func theReplayReportsExactlyThePlantedFindings(shape: GeneratedLogPropertyTests.Shape, sdk: String?) throws {
        var faults: [Rule: Double] = [:]
        for rule in GeneratorOptions.plantableRules { faults[rule] = 0.05 }
        faults[.bgschedNotPermitted] = 0.3
        var options = GeneratedLogPropertyTests.options(shape, seed: 311, sessions: 100, faults: faults)
        options.os = "26.1"
        options.sdk = sdk
        options.infoPlist = true
        let (summary, log, plists) = try Self.replay(options)
        #expect(summary.planted.contains { $0.rule == .bgschedNotPermitted })
        let reported = Self.lines(log.findings)
        let planted = summary.planted.sorted()
        #expect(
            reported == planted,
            "\(shape.testDescription): extra \(Set(reported).subtracting(planted).sorted().prefix(5)), missing \(Set(planted).subtracting(reported).sorted().prefix(5))"
        )
        for finding in log.findings where finding.rule == .bgschedNotPermitted {
            #expect(finding.message.contains("'\(GeneratedInfoPlist.unlistedIdentifier)'"), "\(finding.message)")
        }
        for (plist, result) in plists {
            #expect(Self.lines(result.findings) == plist.planted, "\(plist.bundleIdentifier) \(shape.testDescription)")
            #expect(plist.planted.isEmpty == (shape.model != .app))
        }
    }

    /// A clean log with its plists: nothing but the plists' own findings (app model).
    @Test(arguments: GeneratedLogPropertyTests.shapes)
    func aCleanLogWithItsPlistsIsClean(shape: GeneratedLogPropertyTests.Shape) throws {
        var options = GeneratedLogPropertyTests.options(shape, seed: 7, sessions: 200)
        options.infoPlist = true
        options.modes = ["fetch", "processing"]
        let (_, log, plists) = try Self.replay(options)
        #expect(log.findings.isEmpty, "\(log.findings.prefix(5).map(\.message))")
        for (plist, result) in plists { #expect(Self.lines(result.findings) == plist.planted) }
    }

    /// A built plist of any SDK text agrees with the log of that SDK: `iphoneos27.0` is 27
    /// (LC105 in both), and an SDK without digits judges no recording but leaves the built plist
    /// without a manifest LC106.
    @Test(arguments: [("iphoneos27.0", Rule.sceneLifecycleRequired), ("v26", .sceneLifecycleSoon), ("abc", nil)] as [(String, Rule?)])
    func aBuiltPlistOfAnySDKAgreesWithTheLog(sdk: String, rule: Rule?) throws {
        var options = GeneratorOptions(seed: 38, sessions: 30, model: .app, apps: 2)
        options.sdk = sdk
        options.infoPlist = true
        let (summary, log, plists) = try Self.replay(options)
        #expect(Self.lines(log.findings) == summary.planted.sorted())
        #expect(Set(summary.planted.map(\.rule)) == Set([rule].compactMap { $0 }))
        // The built plist without a manifest: LC105 from 27, LC106 for any other SDK text.
        for (plist, result) in plists {
            #expect(Self.lines(result.findings) == plist.planted)
            #expect(plist.planted.map(\.rule) == [rule == .sceneLifecycleRequired ? .sceneLifecycleRequired : .sceneLifecycleSoon])
        }
    }
}
