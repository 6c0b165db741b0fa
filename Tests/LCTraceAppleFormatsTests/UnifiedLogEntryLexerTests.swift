import LCTraceCore
@testable import LCTraceIngest
@testable import LCTraceAppleFormats
import Testing

/// The unified-log entry reader walks objects with the native scanner's member loop
/// (``JSONLexer/nextMember(_:_:_:first:)``): a malformed entry fails exactly where and
/// how a native record with the same members fails, and repeated keys resolve the same way.
@Suite("Unified-log entries on the shared JSON lexer")
struct UnifiedLogEntryLexerTests {
    /// Member lists (without braces) that break the grammar in different places.
    static let brokenMembers: [String] = [
        #""eventType":"logEvent" "eventMessage":"x""#,
        #""eventType":"logEvent",,"eventMessage":"x""#,
        #""eventType":"logEvent","#,
        #""eventType" "logEvent""#,
        #"eventType:"logEvent""#,
        #""eventType":"log\qEvent""#,
        #""eventType":"logEvent","processID":01"#,
        #""eventType":"logEvent","processID":1.e3"#,
        #""eventType":"logEvent","x":[1,2"#,
        #""eventType":"logEvent","x":{"y" 1}"#,
        #""eventType":"logEvent","x":nul"#,
        #""eventType":"logEvent","e\u00":1"#,
        "\"eventType\":\"log\u{01}Event\"",
        #""eventType":"logEvent"]"#,
    ]

    /// Parses `text` as an export entry; its failure, if any.
    static func entryFailure(_ text: String) -> ScanFailure? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { b -> ScanFailure? in
            var stack = ContainerStack()
            do throws(ScanFailure) {
                _ = try UnifiedLogEntry.parse(b.baseAddress!, b.count, stack: &stack)
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("A broken entry fails as a native record with the same members does", arguments: brokenMembers)
    func sameFailure(members: String) {
        let entry = "{" + members + "}"
        guard let failure = Self.entryFailure(entry) else {
            Issue.record("the entry reader accepted \(entry)")
            return
        }
        // The same members after a native record's own: the offsets shift by the prefix.
        let prefix = #"{"t":1,"ev":"meta","#
        var scanner = RecordScanner()
        scanner.generalPathOnly = true
        guard case .malformed(let native) = scanner.scan(prefix + members + "}") else {
            Issue.record("the native scanner accepted \(members)")
            return
        }
        let shifted = failure.offset.map { failure.expected + " at column \($0 + prefix.utf8.count)" } ?? failure.message
        #expect(native == shifted)
    }

    @Test func theLastOfARepeatedKeyWinsAsInNativeRecords() throws {
        let text = #"{"eventType":"activityCreateEvent","eventMessage":"a","eventType":"logEvent","eventMessage":"b"}"#
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { b in
            var stack = ContainerStack()
            let entry = try UnifiedLogEntry.parse(b.baseAddress!, b.count, stack: &stack)
            #expect(UnifiedLogEntry.value(entry.eventType, in: b.baseAddress!, is: "logEvent"))
            #expect(UnifiedLogEntry.string(of: entry.eventMessage, in: b.baseAddress!) == "b")
        }
    }

    @Test func keysSpelledWithEscapesAreTheSameKeys() throws {
        let text = #"{"\u0065ventType":"logEvent","eventMessag\u0065":"m","\u0074":1}"#
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { b in
            var stack = ContainerStack()
            let entry = try UnifiedLogEntry.parse(b.baseAddress!, b.count, stack: &stack)
            #expect(entry.exportKeys.contains(.eventType))
            #expect(UnifiedLogEntry.string(of: entry.eventMessage, in: b.baseAddress!) == "m")
            #expect(entry.hasNativeKey, "an escaped 't' is still a native key")
        }
    }
}
