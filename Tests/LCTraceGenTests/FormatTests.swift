import Foundation
import LCTraceCore
import LCTraceGen
import Testing

@Suite struct FormatTests {
    static let optionSets: [GeneratorOptions] = [
        GeneratorOptions(seed: 3, sessions: 40, model: .mixed, aliases: true),
        GeneratorOptions(seed: 4, records: 5_000, model: .mixed, timeFormat: .rfc3339, faults: TestSupport.allFaults(0.3), apps: 4),
        GeneratorOptions(seed: 5, sessions: 30, model: .scene, pids: false, faults: TestSupport.allFaults(0.3)),
        GeneratorOptions(seed: 6, sessions: 30, model: .app, modes: ["audio", "voip"]),
    ]

    static let keyOrder = ["t", "ev", "pid", "scene", "task", "phase", "reason", "kind", "name"]

    /// Every line but the planted malformed ones is a JSON object with `t` and `ev`,
    /// `pid` exactly when pids are on, and keys in the documented order.
    @Test(arguments: optionSets)
    func everyLineIsAValidRecord(options: GeneratorOptions) throws {
        let (_, lines, summary) = TestSupport.run(options)
        let malformed = Set(summary.planted.filter { $0.rule == .malformedRecord }.map(\.line))
        for l in lines {
            if malformed.contains(l.number) {
                #expect(l.object == nil, "line \(l.number) should be malformed: \(l.text)")
                continue
            }
            let obj = try #require(l.object, "line \(l.number): \(l.text)")
            #expect(l.time != nil && l.event != nil)
            #expect((obj["pid"] != nil) == options.pids, "line \(l.number): \(l.text)")
            if options.timeFormat == .rfc3339 {
                #expect(obj["t"] is String)
            } else {
                #expect(obj["t"] is NSNumber)
            }
            if l.event == "meta" {
                #expect(obj["os"] as? String == options.os)
                #expect(obj["app"] is String)
                let model = obj["model"] as? String
                #expect(model == "uikit-app" || model == "uikit-scene")
                #expect((obj["modes"] as? [String] ?? []) == options.modes)
                continue
            }
            #expect(
                LifecycleEvent(name: l.event!) != nil || l.event!.hasPrefix("x.custom.event"),
                "unknown event on line \(l.number)")
            // Key order: the positions of the known keys in the text increase.
            let positions = Self.keyOrder.compactMap { key in
                l.text.range(of: "\"\(key)\":").map { l.text.distance(from: l.text.startIndex, to: $0.lowerBound) }
            }
            #expect(positions == positions.sorted(), "key order on line \(l.number): \(l.text)")
            #expect(Set(obj.keys).isSubset(of: Set(Self.keyOrder)))
        }
    }

    /// Times never go backwards within a pid, except on a planted LC400 line.
    @Test(arguments: optionSets)
    func timesAreMonotonicPerPid(options: GeneratorOptions) {
        let (_, lines, summary) = TestSupport.run(options)
        let regressions = Set(summary.planted.filter { $0.rule == .clockRegression }.map(\.line))
        var last: [Int64: Int64] = [:]
        for l in lines {
            guard let t = l.time else { continue }
            let key = l.pid ?? -1
            if let prev = last[key], t < prev {
                #expect(regressions.contains(l.number), "time goes back on line \(l.number)")
                continue
            }
            #expect(!regressions.contains(l.number), "planted regression on line \(l.number) does not regress")
            last[key] = t
        }
    }

    /// One `meta` record opens every session, with a new pid each time (pids on).
    @Test(arguments: optionSets)
    func sessionsStartWithMeta(options: GeneratorOptions) {
        let (_, lines, summary) = TestSupport.run(options)
        var launches = 0
        var pidsSeen: Set<Int64> = []
        for (i, l) in lines.enumerated() where TestSupport.canonical(l) == "process.launch" {
            launches += 1
            // The session's meta is the last earlier record of this pid.
            let meta = lines[..<i].last { $0.pid == l.pid && $0.event != nil }
            #expect(meta?.event == "meta", "launch on line \(l.number) without meta")
            if let pid = l.pid { #expect(pidsSeen.insert(pid).inserted, "pid \(pid) launched twice") }
        }
        #expect(launches == summary.sessions)
        #expect(launches > 0)
    }

    @Test func timesStartAtStartTime() {
        let start = Timestamp(nanoseconds: 1_700_000_000_123_000_000)
        let (_, lines, _) = TestSupport.run(GeneratorOptions(seed: 8, sessions: 2, startTime: start))
        #expect(lines.first?.time == 1_700_000_000_123)
        #expect(lines.first?.text.hasPrefix(#"{"t":1700000000.123,"ev":"meta""#) == true)
        let (_, rfc, _) = TestSupport.run(GeneratorOptions(seed: 8, sessions: 2, timeFormat: .rfc3339, startTime: start))
        #expect(rfc.first?.text.hasPrefix(#"{"t":"2023-11-14T22:13:20.123Z","ev":"meta""#) == true)
    }

    @Test func defaultStartIsTheDocumentedInstant() {
        #expect(GeneratorOptions.defaultStartTime.rfc3339 == "2026-11-20T10:00:00.000Z")
        let (_, lines, _) = TestSupport.run(GeneratorOptions(seed: 8, sessions: 1, timeFormat: .rfc3339))
        #expect(lines.first?.text.hasPrefix(#"{"t":"2026-11-20T10:00:00.000Z""#) == true)
    }

    @Test func metaEscapesUserText() {
        let (_, lines, _) = TestSupport.run(GeneratorOptions(seed: 9, sessions: 1, os: "17\"4\\x\n", modes: ["a\"b"]))
        let meta = lines.first!.object!
        #expect(meta["os"] as? String == "17\"4\\x\n")
        #expect(meta["modes"] as? [String] == ["a\"b"])
    }

    @Test func aliasesAreUsedWhenAsked() {
        let (_, lines, _) = TestSupport.run(GeneratorOptions(seed: 10, sessions: 30, model: .mixed, aliases: true))
        let aliased = lines.filter { l in
            guard let ev = l.event, let e = LifecycleEvent(name: ev) else { return false }
            return ev != e.canonicalName
        }
        #expect(aliased.count > 10)
        let (_, plain, _) = TestSupport.run(GeneratorOptions(seed: 10, sessions: 30, model: .mixed))
        #expect(plain.allSatisfy { l in l.event.map { LifecycleEvent(name: $0)?.canonicalName ?? $0 } == l.event })
    }
}
