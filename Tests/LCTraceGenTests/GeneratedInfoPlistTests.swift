import Foundation
import LCTraceCore
import LCTraceGen
import Testing

/// `gen --info-plist` in the library (SPEC §11): each app's plist declares what the log does,
/// LC311 is planted at a registration of the one identifier it leaves out, and without an
/// LC311 rate the log is the same bytes as without a plist.
@Suite struct GeneratedInfoPlistTests {
    static let models: [GeneratorOptions.Model] = [.app, .scene, .mixed]

    /// LC311 at rate 1: every session registers `com.example.backup` once, at launch, and
    /// the checker, given the plist's identifiers, finds exactly those.
    @Test(arguments: models)
    func lc311IsPlantedAtTheUnlistedRegistration(model: GeneratorOptions.Model) {
        var options = GeneratorOptions(seed: 61, sessions: 25, model: model, faults: [.bgschedNotPermitted: 1])
        options.infoPlist = true
        let (_, lines, summary) = TestSupport.run(options)
        #expect(summary.planted.count >= 20, "only \(summary.planted.count) planted")
        #expect(summary.planted.allSatisfy { $0.rule == .bgschedNotPermitted })
        for p in summary.planted {
            let l = lines[p.line - 1]
            #expect(TestSupport.canonical(l) == "bgsched.register", "line \(p.line): \(l.text)")
            #expect(l.task == "\"\(GeneratedInfoPlist.unlistedIdentifier)\"", "line \(p.line): \(l.text)")
        }
        FaultTests.checkAgainstChecker(lines, summary.planted, permitted: GeneratedInfoPlist.permitted)
    }

    /// Every other fault beside LC311: the checker with the plist's identifiers finds exactly
    /// the planted set (no identifier the log uses is refused but the planted one).
    @Test(arguments: models)
    func aFaultMixWithAPlistIsExact(model: GeneratorOptions.Model) {
        var faults = TestSupport.allFaults(0.08)
        faults[.bgschedNotPermitted] = 0.3
        var options = GeneratorOptions(seed: 62, sessions: 120, model: model, os: "26.1", faults: faults, apps: 2)
        options.infoPlist = true
        let (_, lines, summary) = TestSupport.run(options)
        #expect(summary.planted.contains { $0.rule == .bgschedNotPermitted })
        FaultTests.checkAgainstChecker(lines, summary.planted, permitted: GeneratedInfoPlist.permitted)
    }

    /// Without an LC311 rate the plist changes nothing in the log; without the plist an LC311
    /// rate plants nothing and draws nothing (the same bytes as no rate).
    @Test func withoutLC311ThePlistLeavesTheLogAlone() {
        let plain = GeneratorOptions(seed: 63, sessions: 80, model: .mixed, faults: TestSupport.allFaults(0.1), apps: 2)
        var withPlist = plain
        withPlist.infoPlist = true
        var rateOnly = plain
        rateOnly.faults[.bgschedNotPermitted] = 1
        let a = LogGenerator(options: plain).generateBytes()
        for other in [withPlist, rateOnly] {
            let b = LogGenerator(options: other).generateBytes()
            #expect(a.bytes == b.bytes)
            #expect(a.summary.planted == b.summary.planted)
        }
        #expect(!GeneratorOptions.plantableRules.contains(.bgschedNotPermitted))
        #expect(withPlist.plantable == GeneratorOptions.plantableRules + [.bgschedNotPermitted])
    }

    /// The plist as `PropertyListSerialization` reads it back: the app, its modes, the
    /// identifiers (not the unlisted one), the SDK keys only with an SDK, the manifest only
    /// when the app follows the scene model; and its own planted finding.
    @Test(arguments: models, [nil, "27.0", "26.2", "abc"] as [String?])
    func thePlistDeclaresTheLog(model: GeneratorOptions.Model, sdk: String?) throws {
        var options = GeneratorOptions(model: model, modes: ["audio", "fetch"], apps: 3)
        options.sdk = sdk
        options.infoPlist = true
        let plists = GeneratedInfoPlist.plists(for: options)
        #expect(plists.map(\.bundleIdentifier) == ["com.example.app1", "com.example.app2", "com.example.app3"])
        for plist in plists {
            let data = try plist.xml()
            #expect(data == (try plist.xml()))
            #expect(String(decoding: data, as: UTF8.self).hasPrefix("<?xml"))
            let read = try #require(
                try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? [String: Any])
            #expect(read["CFBundleIdentifier"] as? String == plist.bundleIdentifier)
            #expect(read["UIBackgroundModes"] as? [String] == ["audio", "fetch"])
            let permitted = try #require(read["BGTaskSchedulerPermittedIdentifiers"] as? [String])
            #expect(permitted.contains("com.example.refresh") && permitted.contains("com.example.export.*"))
            #expect(!permitted.contains(GeneratedInfoPlist.unlistedIdentifier))
            #expect(read["DTPlatformVersion"] as? String == sdk)
            #expect((read["DTSDKName"] as? String) == sdk.map { $0 == "abc" ? $0 : "iphoneos" + $0 })
            #expect((read["UIApplicationSceneManifest"] != nil) == (model != .app))
            let expected: [PlantedFinding]
            switch (model, sdk) {
            case (.app, "27.0"?): expected = [PlantedFinding(rule: .sceneLifecycleRequired, line: 1)]
            case (.app, _): expected = [PlantedFinding(rule: .sceneLifecycleSoon, line: 1)]
            default: expected = []
            }
            #expect(plist.planted == expected)
        }
    }

    /// No modes, no key; a stream without pids is one app, so one plist.
    @Test func noModesAndOneStream() throws {
        var options = GeneratorOptions(pids: false, apps: 3)
        options.infoPlist = true
        let plists = GeneratedInfoPlist.plists(for: options)
        #expect(plists.count == 1)
        let read = try PropertyListSerialization.propertyList(from: try plists[0].xml(), options: [], format: nil) as? [String: Any]
        #expect(read?["UIBackgroundModes"] == nil)
        #expect(read?["DTPlatformVersion"] == nil)
    }

    @Test(arguments: [
        ("gen/a.jsonl.zst", 0, 1, "gen/a.Info.plist"),
        ("gen/a.ndjson", 0, 1, "gen/a.Info.plist"),
        ("a.jsonl", 1, 3, "a.app2.Info.plist"),
        ("log", 0, 1, "log.Info.plist"),
        (".jsonl", 0, 1, ".jsonl.Info.plist"),
    ])
    func plistsAreNamedAfterTheLog(log: String, app: Int, count: Int, expected: String) {
        #expect(GeneratedInfoPlist.path(forLog: log, app: app, of: count) == expected)
        #expect(PlantedFinding.sidecarPath(forLog: expected) == expected + ".planted.jsonl")
    }
}
