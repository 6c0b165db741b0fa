import LCTraceCore
import Testing

@testable import LCTraceIngest

/// `meta.sdk` and `via` (SPEC §1, 2028 edition), on both scanning paths.
@Suite struct SessionMetaSDKTests {
    static func scan(_ line: String) -> RecordScanner.Outcome {
        var scanner = RecordScanner()
        return scanner.scan(line)
    }

    /// (line, the SDK read, or nil for a malformed line's message fragment).
    static let sdks: [(String, String?, String?)] = [
        (#"{"t":0,"ev":"meta","sdk":"27.0"}"#, "27.0", nil),
        (#"{"t":0,"ev":"meta","app":"a","sdk":"26.2","os":"27.0"}"#, "26.2", nil),
        (#"{"t":0,"ev":"meta","sdk":27.0}"#, "27.0", nil),
        (#"{"t":0,"ev":"meta","s\u0064k":"18.4"}"#, "18.4", nil),
        (#"{"t":0,"ev":"meta","sdk":null}"#, nil, nil),
        (#"{"t":0,"ev":"meta","sdk":["27"]}"#, nil, "'sdk' must be a string"),
    ]

    @Test(arguments: sdks)
    func metaSDK(line: String, sdk: String?, malformed: String?) {
        switch Self.scan(line) {
        case .meta(_, let meta):
            #expect(malformed == nil)
            #expect(meta.sdk == sdk)
        case .malformed(let message):
            #expect(malformed.map { message.contains($0) } == true, "\(message)")
        case .record:
            Issue.record("a meta line read as a record")
        }
    }

    /// (line, via notification).
    static let vias: [(String, Bool)] = [
        (#"{"t":1,"ev":"app.didBecomeActive","pid":1,"via":"notification"}"#, true),
        (#"{"t":1,"ev":"app.didBecomeActive","via":"notification","pid":1}"#, true),
        (#"{"t":1,"ev":"app.didBecomeActive","pid":1,"via":"notificatio\u006e"}"#, true),
        (#"{"t":1,"ev":"app.didBecomeActive","pid":1}"#, false),
        (#"{"t":1,"ev":"app.didBecomeActive","pid":1,"via":"delegate"}"#, false),
        (#"{"t":1,"ev":"app.didBecomeActive","pid":1,"via":7}"#, false),
        (#"{"t":1,"ev":"app.didBecomeActive","pid":1,"sdk":"27.0"}"#, false),
    ]

    @Test(arguments: vias)
    func viaNotification(line: String, via: Bool) {
        guard case .record(let record) = Self.scan(line) else {
            Issue.record("not a record: \(line)")
            return
        }
        #expect(record.viaNotification == via)
        #expect(record.event == .didBecomeActive)
    }

    @Test func continuedKindOfASubmissionIsKept() {
        guard case .record(let record) = Self.scan(#"{"t":1,"ev":"bgsched.submit","pid":1,"task":"x","kind":"continued"}"#) else {
            Issue.record("not a record")
            return
        }
        #expect(record.kind == .continued)
    }
}
