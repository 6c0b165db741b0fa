import Foundation
import LCTracePipeline
import LCTraceCore
import LCTraceGen
import LCTraceIngest
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// The generator and the replay engine are two implementations of the platform's rules,
/// written apart: a log generated clean replays with no error or warning, and every fault
/// the generator plants is reported at its line, with nothing else — through the real
/// pipeline (ingest included), plain and zstd multi-frame.
@Suite struct GeneratedLogPropertyTests {
    struct Shape: CustomTestStringConvertible, Sendable {
        var model: GeneratorOptions.Model
        var pids: Bool
        var time: GeneratorOptions.TimeFormat
        var aliases: Bool
        var apps: Int
        var testDescription: String { "\(model) pids:\(pids) \(time) aliases:\(aliases) apps:\(apps)" }
    }

    static let shapes: [Shape] = [
        Shape(model: .app, pids: true, time: .numeric, aliases: false, apps: 1),
        Shape(model: .app, pids: false, time: .rfc3339, aliases: true, apps: 1),
        Shape(model: .scene, pids: true, time: .rfc3339, aliases: false, apps: 2),
        Shape(model: .mixed, pids: true, time: .numeric, aliases: true, apps: 3),
        Shape(model: .mixed, pids: false, time: .numeric, aliases: false, apps: 1),
    ]

    static func options(_ shape: Shape, seed: UInt64, sessions: Int, faults: [Rule: Double] = [:]) -> GeneratorOptions {
        GeneratorOptions(
            seed: seed, sessions: sessions, model: shape.model, timeFormat: shape.time, pids: shape.pids,
            faults: faults, apps: shape.apps, aliases: shape.aliases)
    }

    static func replay(_ bytes: [UInt8]) throws -> FileResult {
        let reader = try openLog(bytes: bytes, name: "generated.jsonl", chunkSize: 4096)
        return FileReplay.replay(reader, configuration: ReplayConfiguration())
    }

    @Test(arguments: shapes, [UInt64(1), 7, 2026])
    func cleanLogsHaveNoErrorsOrWarnings(shape: Shape, seed: UInt64) throws {
        let (bytes, summary) = LogGenerator(options: Self.options(shape, seed: seed, sessions: 300)).generateBytes()
        #expect(summary.sessions >= 300)
        let result = try Self.replay(bytes)
        #expect(result.events == summary.records)
        let serious = result.findings.filter { $0.severity >= .warning }
        #expect(serious.isEmpty, "\(serious.prefix(5).map { "\($0.line): [\($0.rule.id)] \($0.message)" })")
        #expect(result.findings.isEmpty, "\(result.findings.prefix(5).map(\.message))")
        #expect(result.sessions == summary.sessions)
    }

    @Test(arguments: shapes, GeneratorOptions.plantableRules)
    func everyPlantedFindingIsReportedAtItsLine(shape: Shape, rule: Rule) throws {
        let options = Self.options(shape, seed: 11, sessions: 60, faults: [rule: 0.4])
        let (bytes, summary) = LogGenerator(options: options).generateBytes()
        let result = try Self.replay(bytes)
        let reported = result.findings.map { PlantedFinding(rule: $0.rule, line: $0.line) }.sorted()
        let planted = summary.planted.sorted()
        if rule == .mixedLifecycle && shape.model == .app {
            #expect(planted.isEmpty, "LC104 is planted in scene sessions only")
        }
        #expect(
            reported == planted,
            "\(rule.id): extra \(Set(reported).subtracting(planted).sorted().prefix(5)), missing \(Set(planted).subtracting(reported).sorted().prefix(5))")
    }

    @Test func aDenseFaultMixIsReportedExactly() throws {
        var faults: [Rule: Double] = [:]
        for rule in GeneratorOptions.plantableRules { faults[rule] = 0.15 }
        for seed: UInt64 in [3, 5, 8] {
            let options = GeneratorOptions(seed: seed, sessions: 200, model: .mixed, faults: faults, apps: 2)
            let (bytes, summary) = LogGenerator(options: options).generateBytes()
            let result = try Self.replay(bytes)
            #expect(summary.planted.count > 50)
            #expect(result.findings.map { PlantedFinding(rule: $0.rule, line: $0.line) }.sorted() == summary.planted.sorted())
        }
    }

    @Test func zstdMultiFrameGivesTheSameFindingsAsPlainText() throws {
        var faults: [Rule: Double] = [:]
        for rule in GeneratorOptions.plantableRules { faults[rule] = 0.1 }
        let options = GeneratorOptions(seed: 99, sessions: 150, model: .mixed, faults: faults, apps: 2)
        let (bytes, _) = LogGenerator(options: options).generateBytes()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gen-\(UUID().uuidString).jsonl.zst").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(fd >= 0)
        let writer = ZstdFrameWriter(fd: fd, frameSize: 777)  // frames end inside lines
        try bytes.withUnsafeBytes { try writer.write($0) }
        try writer.finish()
        close(fd)
        let compressed = try FileReplay.run(path: path, displayName: "generated.jsonl", configuration: ReplayConfiguration()).get()
        let plain = try Self.replay(bytes)
        #expect(compressed.findings == plain.findings)
        #expect(compressed.events == plain.events)
        #expect(compressed.exitClasses == plain.exitClasses)
    }
}

/// The generated mix holds the lifecycle as iOS runs it today: prewarmed launches (some never
/// used), BGTaskScheduler tasks of every kind (some expired), and kills while suspended that
/// are classed by their termination code; all of it replays clean.
@Suite struct GeneratedModernLifecycleTests {
    @Test(arguments: [GeneratorOptions.Model.app, .scene, .mixed])
    func mixHasPrewarmAndScheduledTasks(model: GeneratorOptions.Model) throws {
        let options = GeneratorOptions(seed: 15, sessions: 600, model: model, os: "26.1", apps: 2)
        let (bytes, _) = LogGenerator(options: options).generateBytes()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""reason":"prewarm""#))
        for kind in ["refresh", "processing", "continued"] { #expect(text.contains(#""kind":"\#(kind)""#), "\(kind)") }
        #expect(text.contains(#""ev":"bgsched.expire""#))
        #expect(text.contains(#""reason":"0xdead10cc""#))
        let result = try GeneratedLogPropertyTests.replay(bytes)
        #expect(result.findings.isEmpty, "\(result.findings.prefix(5).map(\.message))")
        #expect((result.exitClasses[.lockedFile] ?? 0) > 0)
        #expect((result.exitClasses[.purged] ?? 0) > 0)
    }

    @Test func olderSystemsGetNoContinuedTasksOrPrewarm() {
        let (bytes, _) = LogGenerator(options: GeneratorOptions(seed: 15, sessions: 300, os: "14.2")).generateBytes()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains(#""reason":"prewarm""#))
        #expect(!text.contains(#""kind":"continued""#))
        #expect(text.contains(#""kind":"refresh""#))
    }
}

/// `gen --sdk` (2028 edition): every meta record carries `meta.sdk`, and each app's first
/// app-delegate activation callback is a planted LC105 (SDK 27 or later) or LC106, which the
/// engine reports there and nowhere else, in every shape and under a fault mix.
@Suite struct GeneratedSceneLifecycleTests {
    @Test(arguments: GeneratedLogPropertyTests.shapes, ["27.0", "26.2"])
    func sdkPlantsTheSceneRuleOncePerApp(shape: GeneratedLogPropertyTests.Shape, sdk: String) throws {
        var faults: [Rule: Double] = [:]
        for rule in GeneratorOptions.plantableRules { faults[rule] = 0.05 }
        var options = GeneratedLogPropertyTests.options(shape, seed: 38, sessions: 120, faults: faults)
        options.sdk = sdk
        let (bytes, summary) = LogGenerator(options: options).generateBytes()
        let rule: Rule = sdk.hasPrefix("27") ? .sceneLifecycleRequired : .sceneLifecycleSoon
        let result = try GeneratedLogPropertyTests.replay(bytes)
        let planted = summary.planted.filter { $0.rule == rule }.map(\.line)
        let found = result.findings.filter { $0.rule == .sceneLifecycleRequired || $0.rule == .sceneLifecycleSoon }
        #expect(found.allSatisfy { $0.rule == rule })
        #expect(found.map(\.line) == planted, "\(shape.testDescription)")
        if shape.model != .scene { #expect(!planted.isEmpty) } else { #expect(planted.isEmpty) }
        #expect(planted.count <= max(1, shape.pids ? shape.apps : 1))
    }

    /// The SDK's major version is read as the engine reads it: `iphoneos27.0` is 27 (LC105),
    /// `v26` is 26 (LC106), and an SDK without digits plants nothing, as the engine judges nothing.
    @Test(arguments: [("iphoneos27.0", Rule.sceneLifecycleRequired), ("v26", .sceneLifecycleSoon), ("abc", nil)] as [(String, Rule?)])
    func theSDKIsReadAsTheEngineReadsIt(sdk: String, rule: Rule?) throws {
        var options = GeneratorOptions(seed: 38, sessions: 30, model: .app, apps: 2)
        options.sdk = sdk
        let (bytes, summary) = LogGenerator(options: options).generateBytes()
        let result = try GeneratedLogPropertyTests.replay(bytes)
        #expect(result.findings.map { PlantedFinding(rule: $0.rule, line: $0.line) }.sorted() == summary.planted.sorted())
        #expect(Set(summary.planted.map(\.rule)) == Set([rule].compactMap { $0 }))
        if rule != nil { #expect(summary.planted.count == 2) }
    }
}
