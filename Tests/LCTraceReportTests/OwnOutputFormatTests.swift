import LCTraceReport
import Testing

/// The one recogniser of lctrace's outputs (issue 22): each opening is told apart, and
/// nothing a log or someone else's file starts with is taken for one.
@Suite struct OwnOutputFormatTests {
    static let openings: [(text: String, format: OwnOutputFormat?)] = [
        ("{\n  \"tool\": {\"name\": \"lctrace\"", .json),
        (#"{"rule":"LC300","name":"bgtask-leaked","severity":"error"}"#, .jsonl),
        (#"{"file":{"path":"a.jsonl","events":3}}"#, .jsonl),
        (#"{"unreadable":{"path":"x","reason":"no such file"}}"#, .jsonl),
        (#"{"death":{"file":"a.jsonl","line":11,"time":null}}"#, .jsonl),
        (#"{"summary":{"files":1}}"#, .jsonl),
        (#"{"audit":{"version":1}}"#, .auditJSONL),
        ("{\"rule\":\"LC300\",\"line\":12}\n{\"rule\":\"LC101\",\"line\":40}\n", .planted),
        ("\n{\"rule\":\"LC300\",\"line\":12}\r\n", .planted),
        // A finding line with more keys than a planted one is a report's.
        (#"{"rule":"LC300","line":12,"extra":1}"#, .jsonl),
        ("{\n  \"$schema\": \"\(SARIFReporter.schemaURI)\",\n", .sarif),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"lctrace\" tests=\"1\">", .junit),
        ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta name=\"generator\" content=\"lctrace 1.0\">", .html),
        (#"{"traceEvents":[{"name":"process_name"}"#, .chromeTrace),
        ("{\n  \"version\": 1,\n  \"tool\": \"lctrace 1.0\",\n  \"entries\": []\n}\n", .baseline),
        // Not lctrace's: logs, and other people's files of the same kinds.
        (#"{"t":1,"ev":"process.launch","pid":1}"#, nil),
        ("{\n  \"$schema\": \"https://example.com/other.json\"\n}", nil),
        ("<?xml version=\"1.0\"?>\n<testsuites name=\"pytest\">", nil),
        ("<!DOCTYPE html>\n<html><head><title>notes</title>", nil),
        ("{\n  \"version\": 1,\n  \"tool\": \"other\"\n}", nil),
        ("[{\"traceID\":1}]", nil),
        ("", nil),
    ]

    @Test(arguments: openings.indices)
    func recognisesEachOpening(index: Int) {
        let (text, format) = Self.openings[index]
        #expect(OwnOutputFormat.recognise(Array(text.utf8)) == format, "\(text)")
    }

    @Test func everyFormatHasItsOwnReason() {
        let reasons = OwnOutputFormat.allCases.map(\.skipReason)
        #expect(Set(reasons).count == reasons.count)
        #expect(reasons.allSatisfy { $0.hasPrefix("an lctrace ") && $0.hasSuffix(", not a log") })
    }
}
