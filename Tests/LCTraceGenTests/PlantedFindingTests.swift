import LCTraceCore
import LCTraceGen
import Testing

@Suite struct PlantedFindingTests {
    @Test func jsonLineShape() {
        #expect(PlantedFinding(rule: .bgtaskLeaked, line: 123).jsonLine == #"{"rule":"LC300","line":123}"#)
    }

    @Test func jsonLinesRoundTrip() {
        let (_, summary) = LogGenerator(options: GeneratorOptions(seed: 90, sessions: 40, model: .mixed, faults: TestSupport.allFaults(0.3))).generateBytes()
        let text = PlantedFinding.jsonLines(summary.planted)
        #expect(text.split(separator: "\n").count == summary.planted.count)
        #expect(PlantedFinding.parseJSONLines(text) == summary.planted)
        #expect(PlantedFinding.parseJSONLines(text.replacingOccurrences(of: "\n", with: "\r\n")) == summary.planted)
    }

    @Test(arguments: [#"{"rule":"LC999","line":1}"#, #"{"rule":"LC300","line":0}"#, #"{"rule":"LC300"}"#, "nonsense"])
    func parseRejectsOtherShapes(text: String) {
        #expect(PlantedFinding.parseJSONLines(text) == nil)
    }

    @Test(arguments: [
        ("gen/a.jsonl.zst", "gen/a.planted.jsonl"), ("a.jsonl", "a.planted.jsonl"), ("a.ndjson", "a.planted.jsonl"),
        ("trace", "trace.planted.jsonl"), (".zst", ".zst.planted.jsonl"),
    ])
    func sidecarPathSitsBesideTheLog(log: String, sidecar: String) {
        #expect(PlantedFinding.sidecarPath(forLog: log) == sidecar)
    }

    @Test func faultMixParses() {
        #expect(GeneratorOptions.parseFaults("LC300=0.1,bgtask-overrun=1") == [.bgtaskLeaked: 0.1, .bgtaskOverrun: 1])
        #expect(GeneratorOptions.parseFaults("") == [:])
        #expect(GeneratorOptions.parseFaults("LC300") == nil)
        #expect(GeneratorOptions.parseFaults("LC300=2") == nil)
        #expect(GeneratorOptions.parseFaults("nope=0.5") == nil)
    }

    @Test func prngIsStable() {
        // Pinned outputs: a change here changes every generated log.
        var r = SplitMix64(seed: 0)
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
