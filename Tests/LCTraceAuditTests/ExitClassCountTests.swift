import Foundation
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import LCTraceReport
import Testing

/// `stats` and `audit` count sessions per exit class, the classes after MetricKit included.
@Suite struct ExitClassCountTests {
    static let log = """
        {"t":0,"ev":"process.launch","pid":1,"reason":"prewarm"}
        {"t":0.5,"ev":"sys.suspend","pid":1}
        {"t":100,"ev":"sys.kill","pid":1,"reason":"jetsam"}
        {"t":200,"ev":"process.launch","pid":2}
        {"t":201,"ev":"app.didFinishLaunching","pid":2}
        {"t":202,"ev":"app.willResignActive","pid":2}
        {"t":203,"ev":"app.didEnterBackground","pid":2}
        {"t":204,"ev":"sys.suspend","pid":2}
        {"t":300,"ev":"sys.kill","pid":2,"reason":"0xDEAD10CC"}
        {"t":400,"ev":"process.launch","pid":3}
        {"t":401,"ev":"app.didFinishLaunching","pid":3}
        {"t":402,"ev":"app.didBecomeActive","pid":3}
        {"t":403,"ev":"sys.kill","pid":3,"reason":"c00010ff"}

        """

    @Test func statsCountsEveryClass() throws {
        let fx = AuditFixture()
        fx.write("classes.jsonl", text: Self.log)
        var stats = LogStats()
        #expect(stats.add(path: fx.root + "/classes.jsonl", configuration: ReplayConfiguration()) == nil)
        #expect(stats.exitClasses == [.purged: 1, .lockedFile: 1, .thermal: 1])
        let text = StatsReporter.text(stats.summary)
        #expect(text.contains("locked-file"))
        #expect(text.contains("thermal"))
    }

    @Test func auditCountsEveryClass() throws {
        let fx = AuditFixture()
        fx.write("classes.jsonl", text: Self.log)
        let text = AuditFixture.render([fx.root], format: .text, jobs: 1).text
        for name in ["purged", "locked-file", "thermal", "memory-limit", "cpu-limit"] { #expect(text.contains(name), "\(name)") }
        let json = AuditFixture.render([fx.root], format: .json, jobs: 1).text
        #expect(json.contains("\"locked-file\": 1"))
        #expect(json.contains("\"thermal\": 1"))
    }
}
