import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReplay

/// Every rule documents itself, and its examples are replayed: the rule fires on the
/// triggering example and stays silent on the passing one.
@Suite struct RuleCatalogueTests {
    /// LC311's examples need their Info.plist: the pipeline's catalogue tests replay them with it.
    static let replayable = Rule.allCases.filter {
        $0 != .malformedRecord && $0 != .truncatedLog && $0 != .recordsLost && $0.documentation.infoPlistExample == nil
    }

    @Test(arguments: Rule.allCases)
    func describesEveryRule(rule: Rule) {
        let d = RuleCatalogue.description(of: rule)
        #expect(d.rule == rule)
        #expect(d.summary.hasSuffix("."))
        #expect(d.summary.count > 20)
        #expect(d.rationale.count > 100)
        #expect(!d.reportedLine.isEmpty)
        #expect(!d.triggeringExample.isEmpty && !d.passingExample.isEmpty)
        #expect(d.triggeringExample != d.passingExample)
        #expect(rule.summary == d.summary)
    }

    @Test func catalogueIsSortedAndComplete() {
        #expect(RuleCatalogue.all.map(\.rule) == Rule.allCases.sorted())
    }

    @Test(arguments: replayable)
    func triggeringExampleFires(rule: Rule) {
        let d = RuleCatalogue.description(of: rule)
        let result = replay(d.triggeringExample)
        #expect(!result.of(rule).isEmpty, "\(rule.id) on its triggering example: \(result.findings.map(\.message))")
    }

    @Test(arguments: replayable)
    func passingExampleIsSilent(rule: Rule) {
        let d = RuleCatalogue.description(of: rule)
        let result = replay(d.passingExample)
        #expect(result.of(rule).isEmpty)
        #expect(result.problems.isEmpty, "\(rule.id) passing example: \(result.findings.map(\.message))")
    }

    /// LC404's examples are unified-log exports: see ``recordsLostExamples()``.
    @Test(arguments: Rule.allCases.filter { $0 != .recordsLost })
    func examplesUseCanonicalNamesAndNumericTimes(rule: Rule) {
        let d = RuleCatalogue.description(of: rule)
        for text in [d.triggeringExample, d.passingExample] {
            for line in text.split(separator: "\n") {
                guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                    // Only the damaged line of LC401 and LC403 may fail to parse.
                    #expect(rule == .malformedRecord || rule == .truncatedLog)
                    continue
                }
                #expect(o["t"] is NSNumber)
                let name = o["ev"] as! String
                let known = LifecycleEvent.allCases.contains { $0.canonicalName == name }
                #expect(known || (rule == .unknownEvent && text == d.triggeringExample), "\(name)")
            }
        }
    }

    /// LC401 and LC403 come from the ingest layer: replay the decodable lines and report the
    /// damaged one as the ingest would.
    @Test(arguments: [Rule.malformedRecord, .truncatedLog])
    func ingestRulesExamples(rule: Rule) {
        let d = RuleCatalogue.description(of: rule)
        for (text, fires) in [(d.triggeringExample, true), (d.passingExample, false)] {
            var replayer = Replayer(path: "example.jsonl", configuration: ReplayConfiguration())
            var good: [String] = []
            var bad: [Int] = []
            for (i, line) in text.split(separator: "\n").enumerated() {
                if (try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil {
                    good.append(String(line))
                } else {
                    good.append("")
                    bad.append(i + 1)
                }
            }
            let log = TestLog(good.joined(separator: "\n"))
            for r in log.records { replayer.process(r, symbols: log.symbols) }
            for line in bad {
                if rule == .malformedRecord {
                    replayer.malformed(line: line, message: "expected '\"' at column 44")
                } else {
                    replayer.truncated(line: line, message: "last line is cut short")
                }
            }
            let result = replayer.finish(symbols: log.symbols)
            #expect(result.of(rule).isEmpty != fires)
            #expect(bad.isEmpty != fires)
        }
    }

    /// LC404 comes from a unified-log export's `lossEvent`: its examples are exports. Each
    /// entry becomes the native record it names, the `lossEvent` a call of `recordsLost`.
    @Test func recordsLostExamples() throws {
        let d = RuleCatalogue.description(of: .recordsLost)
        for (text, fires) in [(d.triggeringExample, true), (d.passingExample, false)] {
            var lines: [String] = []
            for line in text.split(separator: "\n") {
                let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(o["timestamp"] is String && o["processID"] is NSNumber && o["eventMessage"] is String)
                if o["eventType"] as? String == "lossEvent" {
                    lines.append("LOST")
                    continue
                }
                #expect(o["eventType"] as? String == "logEvent")
                // `2026-11-20 10:00:05.000000+0000` → seconds of the day.
                let clock = (o["timestamp"] as! String).split(separator: " ")[1].prefix(15).split(separator: ":")
                let seconds = Double(clock[0])! * 3600 + Double(clock[1])! * 60 + Double(clock[2])!
                let name = o["eventMessage"] as! String
                #expect(LifecycleEvent.allCases.contains { $0.canonicalName == name }, "\(name)")
                lines.append(#"{"t":\#(seconds),"ev":"\#(name)","pid":\#(o["processID"] as! NSNumber)}"#)
            }
            let result = GapTests.replay(lines.joined(separator: "\n"))
            #expect(result.of(.recordsLost).isEmpty != fires)
            #expect(result.problems.filter { $0.rule != .recordsLost }.isEmpty, "\(result.findings.map(\.message))")
        }
    }

    @Test func helpLinksNameTheRule() {
        #expect(ProjectLinks.help(for: .bgtaskOverrun).hasSuffix("#lc203-bgtask-overrun"))
    }
}
