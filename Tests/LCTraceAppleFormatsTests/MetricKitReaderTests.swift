import Foundation
import LCTraceCore
import LCTraceIngest
import Testing

@testable import LCTraceAppleFormats

/// The fixture directory's file `name`.
func metricKitFixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)").path
}

/// Parses `text` as a file named `t.json`.
func parseMetricKit(_ text: String) throws(MetricKitError) -> MetricKitFile {
    try MetricKitFile.parse(Array(text.utf8), path: "t.json")
}

@Suite("MetricKit reader: shapes, indexes and the fields used")
struct MetricKitReaderTests {
    @Test("a payload's diagnostics are numbered across kinds in the order their keys appear")
    func payloadKeyOrder() throws {
        let file = try MetricKitFile.read(path: metricKitFixture("payload-all-kinds.json"))
        #expect(file.diagnosticPayloads == 1 && file.metricPayloads == 0)
        // The file's keys: timeStampBegin, diskWrite…, timeStampEnd, hang…, crash…, cpuException…, appLaunch….
        #expect(file.diagnostics.map(\.kind) == [.diskWriteException, .hang, .crash, .cpuException, .appLaunch])
        #expect(file.diagnostics.map(\.index) == [[0], [1], [2], [3], [4]])
        #expect(file.diagnostics[1].hangDuration == "20 sec")
        #expect(file.diagnostics[4].launchDuration == "20000 ms")
        #expect(file.diagnostics[2].signal == 11 && file.diagnostics[2].exceptionType == 1)
        #expect(file.diagnostics[2].terminationReason == "Namespace SIGNAL, Code 0xb")
        #expect(file.diagnostics[2].bundleIdentifier == "com.chimehq.Edit")
        #expect(file.diagnostics.allSatisfy { $0.pid == nil })
        // macOS 13 writes no zone: read as UTC.
        #expect(file.diagnostics[0].windowBegin == Timestamp(rfc3339: "2022-09-28T10:59:30Z"))
    }

    @Test("the same payload with its keys in another order numbers them in that order")
    func otherKeyOrder() throws {
        let hang = #"{"diagnosticMetaData":{"hangDuration":"1 sec"}}"#
        let crash = #"{"diagnosticMetaData":{"signal":6}}"#
        let a = try parseMetricKit(#"{"hangDiagnostics":[\#(hang)],"crashDiagnostics":[\#(crash),\#(crash)]}"#)
        let b = try parseMetricKit(#"{"crashDiagnostics":[\#(crash),\#(crash)],"hangDiagnostics":[\#(hang)]}"#)
        #expect(a.diagnostics.map(\.kind) == [.hang, .crash, .crash])
        #expect(b.diagnostics.map(\.kind) == [.crash, .crash, .hang])
        #expect(b.diagnostics.map(\.index) == [[0], [1], [2]])
    }

    @Test("a bare diagnostic is index 0, its pid and bundle read; a payload without pid has none")
    func bareAndNoPid() throws {
        let bare = try MetricKitFile.read(path: metricKitFixture("bare-crash-pid.json"))
        #expect(bare.diagnostics.count == 1)
        #expect(bare.diagnostics[0].index == [0] && bare.diagnostics[0].kind == .crash)
        #expect(bare.diagnostics[0].pid == 15808 && bare.diagnostics[0].bundleIdentifier == "com.bedroomcode.Splash")
        #expect(bare.diagnostics[0].windowBegin == nil)
        let old = try MetricKitFile.read(path: metricKitFixture("payload-two-crashes-no-pid.json"))
        #expect(old.diagnostics.map(\.pid) == [nil, nil])
        #expect(old.diagnostics.map(\.signal) == [5, 11])
        #expect(old.diagnostics[0].windowEnd == Timestamp(rfc3339: "2020-10-11T03:59:00Z"))
    }

    @Test("pid -1 is no pid")
    func pidMinusOne() throws {
        let file = try parseMetricKit(#"{"version":"1","callStackTree":{},"diagnosticMetaData":{"pid":-1,"signal":9}}"#)
        #expect(file.diagnostics[0].pid == nil)
    }

    @Test("an array numbers [payload, diagnostic]; metric payloads are summed per class and visibility")
    func arrayAndMetrics() throws {
        let file = try MetricKitFile.read(path: metricKitFixture("array-mixed.json"))
        #expect(file.metricPayloads == 1 && file.diagnosticPayloads == 2)
        #expect(file.diagnostics.map(\.index) == [[1, 0], [1, 1], [2, 0]])
        #expect(file.diagnostics.map(\.kind) == [.hang, .crash, .crash])
        #expect(file.diagnostics[1].pid == 412)
        #expect(file.diagnostics[1].terminationReason?.contains("0x8BADF00D") == true)
        #expect(file.exits[MetricKitExit(exitClass: .watchdog, visibility: .background)] == 41)
        #expect(file.exits[MetricKitExit(exitClass: .bgtaskTimeout, visibility: .background)] == 5)
        #expect(file.exits[MetricKitExit(exitClass: .abnormal, visibility: .background)] == 2)
        #expect(file.exits[MetricKitExit(exitClass: .normal, visibility: .foreground)] == 3)
        #expect(file.exits[MetricKitExit(exitClass: .purged, visibility: .background)] == 7)
    }

    @Test("a real metric payload: localized strings never parsed, an empty side counts nothing")
    func localizedMetrics() throws {
        let file = try MetricKitFile.read(path: metricKitFixture("metric-payload.json"))
        #expect(file.metricPayloads == 1 && file.diagnostics.isEmpty)
        #expect(
            file.exits == [
                MetricKitExit(exitClass: .normal, visibility: .foreground): 12,
                MetricKitExit(exitClass: .watchdog, visibility: .foreground): 2,
                MetricKitExit(exitClass: .abnormal, visibility: .foreground): 1,
            ])
    }

    /// Every counter key of the table, alone in each side, counts as its class there.
    @Test("every counter key maps to SPEC's class", arguments: MetricKitExit.counterClasses.map(\.key))
    func counterKeys(key: String) throws {
        let expected = try #require(MetricKitExit.counterClasses.first { $0.key == key }?.exitClass)
        for (side, visibility) in [("foregroundExitData", DeathVisibility.foreground), ("backgroundExitData", .background)] {
            let file = try parseMetricKit(#"{"applicationExitMetrics":{"\#(side)":{"\#(key)":3}}}"#)
            #expect(file.exits == [MetricKitExit(exitClass: expected, visibility: visibility): 3])
        }
    }

    @Test(
        "shape detection",
        arguments: [
            (#"{"crashDiagnostics":[]}"#, MetricKitShape.diagnosticPayload),
            (#"{"appLaunchDiagnostics":[]}"#, .diagnosticPayload),
            (#"{"timeStampBegin":"2020-10-11 04:00:00 +0000","timeStampEnd":"2020-10-12 03:59:00 +0000"}"#, .diagnosticPayload),
            (#"{"version":"1","callStackTree":{},"diagnosticMetaData":{}}"#, .diagnostic),
            (#"{"applicationExitMetrics":{}}"#, .metricPayload),
            (#"{"appVersion":"1","metaData":{}}"#, .metricPayload),
        ])
    func shapes(text: String, shape: MetricKitShape) throws {
        let object = try JSONLexer.document(Array(text.utf8), maximumDepth: 8)
        #expect(MetricKitShape.detect(object) == shape)
    }
}
