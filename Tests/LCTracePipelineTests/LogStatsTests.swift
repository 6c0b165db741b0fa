import Foundation
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import LCTraceReport
import Testing

@Suite struct LogStatsTests {
    /// The textbook nearest-rank example: 15, 20, 35, 40, 50.
    @Test(arguments: [(5, Int64(15)), (30, 20), (40, 20), (50, 35), (95, 50), (100, 50)])
    func nearestRank(p: Int, expected: Int64) {
        #expect(DurationStats.percentile(p, of: [15, 20, 35, 40, 50]) == expected)
    }

    @Test func emptyAndSingle() {
        #expect(DurationStats([]) == DurationStats([]))
        #expect(DurationStats([]).p50 == nil)
        let one = DurationStats([7])
        #expect(one.count == 1 && one.p50 == 7 && one.p95 == 7 && one.max == 7)
    }

    /// A log whose figures are worked out by hand in the comments.
    static let handChecked = """
        {"t":0,"ev":"process.launch","pid":1}
        {"t":1,"ev":"app.didFinishLaunching","pid":1}
        {"t":2,"ev":"app.didBecomeActive","pid":1}
        {"t":3,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"begin"}
        {"t":3.015,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"end"}
        {"t":4,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"begin"}
        {"t":4.040,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"end"}
        {"t":5,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"begin"}
        {"t":5.020,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"end"}
        {"t":6,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"begin"}
        {"t":6.050,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"end"}
        {"t":7,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"begin"}
        {"t":7.035,"ev":"app.didReceiveMemoryWarning","pid":1,"phase":"end"}
        {"t":10,"ev":"app.willResignActive","pid":1}
        {"t":11,"ev":"app.didEnterBackground","pid":1,"phase":"begin"}
        {"t":11.5,"ev":"app.didEnterBackground","pid":1,"phase":"end"}
        {"t":12,"ev":"bgtask.begin","pid":1,"task":1}
        {"t":15,"ev":"bgtask.end","pid":1,"task":1}
        {"t":20,"ev":"app.willEnterForeground","pid":1}
        {"t":20.4,"ev":"app.didBecomeActive","pid":1}
        {"t":30,"ev":"app.willResignActive","pid":1}
        {"t":31,"ev":"app.didEnterBackground","pid":1}
        {"t":32,"ev":"sys.suspend","pid":1}
        {"t":100,"ev":"process.exit","pid":1,"reason":"purge"}

        """

    @Test func handCheckedLog() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-stats-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("hand.jsonl").path
        try Data(Self.handChecked.utf8).write(to: URL(fileURLWithPath: path))
        var stats = LogStats()
        #expect(stats.add(path: path, configuration: ReplayConfiguration()) == nil)
        #expect(stats.files == 1 && stats.sessions == 1 && stats.exitClasses == [.purged: 1])
        #expect(stats.findings.errors + stats.findings.warnings + stats.findings.notes == 0)
        let s: Int64 = 1_000_000_000, ms: Int64 = 1_000_000
        // inactive 1→2, 10→11, 20→20.4, 30→31; active 2→10, 20.4→30; background 11→20, 31→32; suspended 32→100.
        #expect(stats.timeInState == [.inactive: 3_400 * ms, .active: 17_600 * ms, .background: 10 * s, .suspended: 68 * s])
        // Handlers: 15, 20, 35, 40, 50 ms (memory warnings) and 500 ms (didEnterBackground).
        // n = 6: p50 is rank ⌈3⌉ = 3 → 35 ms; p95 is rank ⌈5.7⌉ = 6 → 500 ms.
        #expect(stats.handler == DurationStats(count: 6, p50: 35 * ms, p95: 500 * ms, max: 500 * ms))
        // Memory warnings alone, n = 5: p50 rank ⌈2.5⌉ = 3 → 35 ms; p95 rank ⌈4.75⌉ = 5 → 50 ms.
        let warnings = stats.handlers.first { $0.event == "app.didReceiveMemoryWarning" }?.stats
        #expect(warnings == DurationStats(count: 5, p50: 35 * ms, p95: 50 * ms, max: 50 * ms))
        #expect(stats.resume == DurationStats(count: 1, p50: 400 * ms, p95: 400 * ms, max: 400 * ms))
        #expect(stats.bgtask == DurationStats(count: 1, p50: 3 * s, p95: 3 * s, max: 3 * s))
        #expect(stats.session == DurationStats(count: 1, p50: 100 * s, p95: 100 * s, max: 100 * s))
        let json = try JSONSerialization.jsonObject(with: Data(StatsReporter.json(stats.summary, toolVersion: "t").utf8)) as? NSDictionary
        #expect(
            (json?["durations"] as? NSDictionary)?["handler"] as? NSDictionary == [
                "count": 6, "p50_ns": 35 * ms, "p95_ns": 500 * ms, "max_ns": 500 * ms,
            ])
        #expect(StatsReporter.text(stats.summary).contains("handler (all)                                  6        0.035s        0.500s        0.500s"))
    }
}
