import LCTraceCore
import LCTraceTestSupport
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
        "The kind key is read, in any case; an absent one stays absent (the replay resolves it)",
        arguments: [
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"processing"}"#, ScheduledTaskKind?.some(.processing)),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"Continued"}"#, .continued),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"refresh"}"#, .refresh),
            (#"{"t":1,"ev":"bgsched.start","task":"a"}"#, nil),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":null}"#, nil),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"\u0070rocessing"}"#, .processing),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":"nightly"}"#, .other),
        ])
    func kindIsRead(line: String, kind: ScheduledTaskKind?) {
        let (r, error) = Self.record(line)
        #expect(error == nil)
        #expect(r?.event == .bgschedStart)
        #expect(r?.kind == kind)
        // A submit's kind is read too: a later start without one takes it (SPEC §5).
        let submit = line.replacing("bgsched.start", with: "bgsched.submit")
        #expect(Self.record(submit).0?.kind == kind)
        // On the general path as well (an unknown key first).
        let general = submit.replacing(#"{"t":1,"#, with: #"{"x":[1],"t":1,"#)
        #expect(Self.record(general).0?.kind == kind, "\(general)")
    }

    @Test(
        "Bad scheduled-task records are malformed, naming what was expected",
        arguments: [
            (#"{"t":1,"ev":"bgsched.start","kind":"refresh"}"#, "'bgsched.start' without a task id ('task'): it cannot be paired with its end"),
            (#"{"t":1,"ev":"bgsched.complete","task":null}"#, "'bgsched.complete' without a task id ('task'): it cannot be paired with its end"),
            (#"{"t":1,"ev":"bgsched.start","task":"a","kind":3}"#, "'kind' must be a string, found a number"),
            (#"{"t":1,"ev":"bgsched.register","pid":1}"#, "'bgsched.register' without a task id ('task'): expected the identifier it registers or submits"),
            (
                #"{"t":1,"ev":"bgsched.submit","task":null,"kind":"refresh"}"#,
                "'bgsched.submit' without a task id ('task'): expected the identifier it registers or submits"
            ),
            (#"{"t":1,"ev":"bgsched.register","task":["a"]}"#, "'task' must be an integer or a string, found an array"),
        ])
    func badRecords(line: String, message: String) {
        #expect(Self.record(line).1 == message)
    }

    /// Registrations and submissions (SPEC §2) are known events, in the common shape the fast
    /// path reads and in any other key order, with string and integer identifiers.
    @Test(
        "bgsched.register and bgsched.submit are read",
        arguments: [
            (#"{"t":1,"ev":"bgsched.register","pid":7,"task":"com.example.refresh"}"#, LifecycleEvent.bgschedRegister),
            (#"{"task":"com.example.refresh","pid":7,"ev":"bgsched.register","t":1}"#, .bgschedRegister),
            (#"{"t":1,"ev":"bgsched.submit","pid":7,"task":"com.example.refresh","kind":"processing","reason":"Code=1"}"#, .bgschedSubmit),
            (#"{"t":1,"ev":"bgsched.submit","pid":7,"task":12}"#, .bgschedSubmit),
        ])
    func registrationsAndSubmissions(line: String, event: LifecycleEvent) {
        let (r, error) = Self.record(line)
        #expect(error == nil)
        #expect(r?.event == event)
        #expect(r?.pid == 7)
        #expect(r?.task != nil)
    }
}
