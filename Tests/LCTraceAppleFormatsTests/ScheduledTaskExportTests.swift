import LCTraceCore
import LCTraceIngest
import LCTraceTestSupport
import Testing

@testable import LCTraceAppleFormats

/// BGTaskScheduler events read from a unified-log export's messages.
@Suite struct ScheduledTaskExportTests {
    @Test("Unified-log messages carry bgsched events and kind=")
    func unifiedLogMessages() throws {
        let records = [
            Export.log("bgsched.start task=com.example.refresh kind=processing"),
            Export.log("bgsched.expire task=com.example.refresh"),
            Export.log("bgsched.complete task=com.example.refresh reason=failure"),
            Export.log("bgsched.register task=com.example.refresh"),
            Export.log("bgsched.submit task=com.example.refresh kind=refresh"),
        ]
        var reader = try openLog(bytes: Array(Export.ndjson(records).utf8), name: "export")
        var seen: [(LifecycleEvent, ScheduledTaskKind?, String?)] = []
        while let item = reader.next() {
            if case .record(let r) = item { seen.append((r.event, r.kind, reader.symbols[r.reason])) }
        }
        #expect(seen.map(\.0) == [.bgschedStart, .bgschedExpire, .bgschedComplete, .bgschedRegister, .bgschedSubmit])
        #expect(seen.first?.1 == .processing)
        #expect(seen.count == 5 && seen[2].2 == "failure")
    }
}
