import LCTraceCore
import Testing

@testable import LCTraceIngest

/// BGTaskScheduler records (`bgsched.*`) and their `kind` key, in the native format and in
/// the unified-log message convention.
@Suite("Scheduled-task records")
struct ScheduledTaskIngestTests {
    static func record(_ line: String) -> (Record?, String?) {
        var scanner = RecordScanner()
        switch scanner.scan(line, lineNumber: 1) {
        case .record(let r): return (r, nil)
        case .meta: return (nil, "meta")
        case .malformed(let message): return (nil, message)
        }
    }

    @Test(
        "The kind key is read, in any case; refresh is the default",
        arguments: [
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"processing"}"#, ScheduledTaskKind.processing),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"Continued"}"#, .continued),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"refresh"}"#, .refresh),
            (#"{"t":1,"ev":"bgsched.start","task":"a"}"#, .refresh),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":null}"#, .refresh),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"\u0070rocessing"}"#, .processing),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"nightly"}"#, .other),
        ])
    func kindIsRead(line: String, kind: ScheduledTaskKind) {
        let (r, error) = Self.record(line)
        #expect(error == nil)
        #expect(r?.event == .bgschedStart)
        #expect(r?.kind == kind)
    }

    @Test(
        "Bad scheduled-task records are malformed, naming what was expected",
        arguments: [
            (#"{"t":1,"ev":"bgsched.start","kind":"refresh"}"#, "'bgsched.start' without a task id ('task'): it cannot be paired with its end"),
            (#"{"t":1,"ev":"bgsched.complete","task":null}"#, "'bgsched.complete' without a task id ('task'): it cannot be paired with its end"),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":3}"#, "'kind' must be a string, found a number"),
        ])
    func badRecords(line: String, message: String) {
        #expect(Self.record(line).1 == message)
    }

    @Test("Unified-log messages carry bgsched events and kind=")
    func unifiedLogMessages() throws {
        let records = [
            Export.log("bgsched.start task=com.example.refresh kind=processing"),
            Export.log("bgsched.expire task=com.example.refresh"),
            Export.log("bgsched.complete task=com.example.refresh reason=failure"),
        ]
        var reader = try LogReader(bytes: Array(Export.ndjson(records).utf8), name: "export")
        var seen: [(LifecycleEvent, ScheduledTaskKind, String?)] = []
        while let item = reader.next() {
            if case .record(let r) = item { seen.append((r.event, r.kind, reader.symbols[r.reason])) }
        }
        #expect(seen.map(\.0) == [.bgschedStart, .bgschedExpire, .bgschedComplete])
        #expect(seen.first?.1 == .processing)
        #expect(seen.last?.2 == "failure")
    }
}
