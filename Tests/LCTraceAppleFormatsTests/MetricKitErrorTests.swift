import Foundation
import Testing

@testable import LCTraceAppleFormats

@Suite("MetricKit reader: bad and hostile files get an error naming the file and the key path")
struct MetricKitErrorTests {
    /// A wrong type at every key that is read names that key's path.
    @Test(
        "a wrong type names its key path",
        arguments: [
            (
                #"{"crashDiagnostics":[{},{},{"diagnosticMetaData":{"pid":"412"}}]}"#,
                "crashDiagnostics[2].diagnosticMetaData.pid", "expected a pid (an integer, -1 or more), found a string"
            ),
            (#"{"crashDiagnostics":{}}"#, "crashDiagnostics", "expected an array, found an object"),
            (#"{"hangDiagnostics":[7]}"#, "hangDiagnostics[0]", "expected a diagnostic (an object), found a number (7)"),
            (#"{"crashDiagnostics":[{"diagnosticMetaData":[]}]}"#, "crashDiagnostics[0].diagnosticMetaData", "expected an object, found an array"),
            (#"{"crashDiagnostics":[{"diagnosticMetaData":{"pid":true}}]}"#, "crashDiagnostics[0].diagnosticMetaData.pid", "found true"),
            (#"{"crashDiagnostics":[{"diagnosticMetaData":{"pid":41.5}}]}"#, "crashDiagnostics[0].diagnosticMetaData.pid", "found a number (41.5)"),
            (#"{"crashDiagnostics":[{"diagnosticMetaData":{"pid":-2}}]}"#, "crashDiagnostics[0].diagnosticMetaData.pid", "found a number (-2)"),
            (
                #"{"crashDiagnostics":[{"diagnosticMetaData":{"pid":99999999999999999999999}}]}"#,
                "crashDiagnostics[0].diagnosticMetaData.pid", "expected a pid"
            ),
            (#"{"crashDiagnostics":[{"diagnosticMetaData":{"signal":"SIGABRT"}}]}"#, "crashDiagnostics[0].diagnosticMetaData.signal", "found a string"),
            (#"{"crashDiagnostics":[{"diagnosticMetaData":{"exceptionType":[]}}]}"#, "crashDiagnostics[0].diagnosticMetaData.exceptionType", "found an array"),
            (
                #"{"crashDiagnostics":[{"diagnosticMetaData":{"terminationReason":9}}]}"#, "crashDiagnostics[0].diagnosticMetaData.terminationReason",
                "expected a string"
            ),
            (
                #"{"crashDiagnostics":[{"diagnosticMetaData":{"bundleIdentifier":{}}}]}"#, "crashDiagnostics[0].diagnosticMetaData.bundleIdentifier",
                "expected a string"
            ),
            (#"{"hangDiagnostics":[{"diagnosticMetaData":{"hangDuration":20}}]}"#, "hangDiagnostics[0].diagnosticMetaData.hangDuration", "expected a string"),
            (
                #"{"appLaunchDiagnostics":[{"diagnosticMetaData":{"launchDuration":false}}]}"#, "appLaunchDiagnostics[0].diagnosticMetaData.launchDuration",
                "found false"
            ),
            (#"{"crashDiagnostics":[],"timeStampBegin":12}"#, "timeStampBegin", "expected a string"),
            (#"{"crashDiagnostics":[],"timeStampEnd":"yesterday"}"#, "timeStampEnd", "expected a time"),
            // A reversed window, at the top level and in an array.
            (
                #"{"crashDiagnostics":[],"timeStampBegin":"2026-11-20 10:00:00 +0000","timeStampEnd":"2026-11-20 09:00:00 +0000"}"#,
                "timeStampEnd", "is before timeStampBegin"
            ),
            (
                #"[{"crashDiagnostics":[]},{"crashDiagnostics":[],"timeStampBegin":"2026-11-21 00:00:00 +0000","timeStampEnd":"2026-11-20 23:59:59 +0000"}]"#,
                "[1].timeStampEnd", "expected the end of the payload's window at or after its beginning"
            ),
            (#"{"applicationExitMetrics":[]}"#, "applicationExitMetrics", "expected an object"),
            (#"{"applicationExitMetrics":{"backgroundExitData":"0"}}"#, "applicationExitMetrics.backgroundExitData", "expected an object"),
            (
                #"{"applicationExitMetrics":{"foregroundExitData":{"cumulativeAppWatchdogExitCount":-1}}}"#,
                "applicationExitMetrics.foregroundExitData.cumulativeAppWatchdogExitCount", "expected a count"
            ),
            (
                #"{"applicationExitMetrics":{"backgroundExitData":{"cumulativeAbnormalExitCount":1e300}}}"#,
                "applicationExitMetrics.backgroundExitData.cumulativeAbnormalExitCount", "expected a count"
            ),
            (
                #"[{"applicationExitMetrics":{}},{"crashDiagnostics":[{"diagnosticMetaData":{"pid":"x"}}]}]"#, "[1].crashDiagnostics[0].diagnosticMetaData.pid",
                "expected a pid"
            ),
            (#"[{"applicationExitMetrics":{}},[1]]"#, "[1]", "expected an MXDiagnosticPayload"),
            (#"{"version":"1","diagnosticMetaData":{"pid":1}}"#, "diagnosticMetaData", "expected a diagnostic's metadata that tells its kind"),
        ])
    func wrongType(text: String, keyPath: String, message: String) {
        do {
            _ = try parseMetricKit(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.path == "t.json")
            #expect(error.keyPath == keyPath)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.description.hasPrefix("t.json: \(keyPath): "))
        }
    }

    /// Files that are not MetricKit at all say what was expected.
    @Test(
        "not JSON, or JSON of another shape",
        arguments: [
            "", "not json", "{\"crashDiagnostics\":[", "{} trailing", "\u{FF}\u{FE}", "[1,2", "{\"a\":1}", "[]x", "42", "\"text\"", "null",
            "{\"callStacks\":[],\"callStackPerThread\":true}", "[{\"ev\":\"app.launch\"}]",
        ])
    func notMetricKit(text: String) {
        do {
            let file = try parseMetricKit(text)
            // An empty array is a file of nothing; anything else must not be accepted.
            Issue.record("accepted \(text): \(file)")
        } catch {
            #expect(error.path == "t.json")
            #expect(error.message.contains("expected an MXDiagnosticPayload"), "\(error.message)")
        }
    }

    @Test("a number JSON allows but no machine holds is an error, not a crash")
    func unrepresentable() {
        do {
            _ = try parseMetricKit(#"{"applicationExitMetrics":{"backgroundExitData":{"cumulativeAbnormalExitCount":1e400}}}"#)
            Issue.record("accepted 1e400")
        } catch {
            #expect(error.path == "t.json")
            #expect(error.message.contains("1e400"), "\(error.message)")
        }
    }

    @Test("an empty array is a file of nothing")
    func emptyArray() throws {
        let file = try parseMetricKit("[]")
        #expect(file.diagnostics.isEmpty && file.metricPayloads == 0 && file.diagnosticPayloads == 0)
    }

    @Test("nesting past the cap is an error with its byte offset, never a deep recursion", arguments: [513, 100_000])
    func deepNesting(depth: Int) {
        let text = #"{"crashDiagnostics":[{"callStackTree":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}]}"
        do {
            _ = try parseMetricKit(text)
            Issue.record("accepted nesting \(depth)")
        } catch {
            #expect(error.message.contains("nesting deeper than \(MetricKitFile.maximumDepth) levels at byte "), "\(error.message)")
        }
    }

    @Test("nesting one level past the cap names the byte of the bracket that passes it")
    func nestingOnePastTheCap() {
        let prefix = #"{"crashDiagnostics":[{"callStackTree":"#
        let inner = MetricKitFile.maximumDepth - 2  // three levels are already open
        let text = prefix + String(repeating: "[", count: inner) + String(repeating: "]", count: inner) + "}]}"
        do {
            _ = try parseMetricKit(text)
            Issue.record("accepted nesting \(inner + 3)")
        } catch {
            let byte = prefix.utf8.count + inner - 1
            #expect(error.message == "nesting deeper than \(MetricKitFile.maximumDepth) levels at byte \(byte): expected a MetricKit payload")
        }
    }

    /// Invalid JSON: the message names where it breaks (line, column and byte; a byte order
    /// mark counts in the byte, not in the column's line) and keeps what was expected.
    @Test(
        arguments: [
            ("{\"metaData\":{},\n\"appVersion\" \"1\"}", "expected ':' after a key at line 2, column 14 (byte 29)"),
            ("\u{FEFF}{\"metaData\":{},\n\"appVersion\" \"1\"}", "expected ':' after a key at line 2, column 14 (byte 32)"),
            ("[{\"applicationExitMetrics\":{}},]", "expected a value at line 1, column 32 (byte 31)"),
            ("{\"crashDiagnostics\":[{}]} {}", "expected the end of the document at line 1, column 27 (byte 26)"),
            ("{\"crashDiagnostics\":[{},]}", "expected a value at line 1, column 25 (byte 24)"),
            ("", "expected a value at line 1, column 1 (byte 0)"),
            (
                "{\"crashDiagnostics\":[{\"diagnosticMetaData\":{\"terminationReason\":\"a\u{01}\"}}]}",
                "control character U+0001 in a string at line 1, column 67 (byte 66)"
            ),
        ])
    func notJSONSaysWhere(text: String, location: String) {
        do {
            let file = try parseMetricKit(text)
            Issue.record("accepted \(text): \(file)")
        } catch {
            #expect(error.keyPath == nil)
            #expect(error.message == "not JSON: \(location): expected \(MetricKitShape.expected)")
        }
    }

    /// Numbers are named as written; a boolean or an integer past 64 bits is no pid.
    @Test(
        arguments: [
            ("1e3", "found a number (1e3)"),
            ("1.0", "found a number (1.0)"),
            ("18446744073709551615", "found a number (18446744073709551615)"),
            ("-2", "found a number (-2)"),
            ("true", "found true"),
            ("[]", "found an array"),
        ])
    func pidsThatAreNotPids(pid: String, found: String) {
        do {
            let file = try parseMetricKit(#"{"crashDiagnostics":[{"diagnosticMetaData":{"pid":"# + pid + "}}]}")
            Issue.record("accepted pid \(pid): \(file)")
        } catch {
            #expect(error.keyPath == "crashDiagnostics[0].diagnosticMetaData.pid")
            #expect(error.message == "expected a pid (an integer, -1 or more), \(found)")
        }
    }

    @Test("diagnostic indexes follow the order of the keys; a repeated key's last list is read; escaped keys are decoded")
    func keyOrder() throws {
        let file = try parseMetricKit(
            #"{"hangDiagnostics":[{}],"crash\u0044iagnostics":[{}],"hangDiagnostics":[{},{}],"timeStampBegin":null}"#)
        #expect(file.diagnostics.map(\.kind) == [.hang, .hang, .crash])
        #expect(file.diagnostics.map(\.index) == [[0], [1], [2]])
    }

    @Test("nesting within the cap is read (real call-stack trees reach about 130 levels)")
    func deepButAllowed() throws {
        let depth = MetricKitFile.maximumDepth - 3
        let text = #"{"crashDiagnostics":[{"callStackTree":"# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}]}"
        #expect(try parseMetricKit(text).diagnostics.count == 1)
    }

    @Test("a huge array of diagnostics is read; a file over the size cap is refused before parsing")
    func huge() throws {
        let many = "{\"hangDiagnostics\":[" + Array(repeating: "{}", count: 200_000).joined(separator: ",") + "]}"
        #expect(try parseMetricKit(many).diagnostics.count == 200_000)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.json")
        try Data(count: MetricKitFile.maximumBytes + 1).write(to: big)
        #expect(throws: MetricKitError.self) { try MetricKitFile.read(path: big.path) }
        do {
            _ = try MetricKitFile.read(path: big.path)
        } catch {
            #expect(error.message.hasPrefix("larger than 32 MiB"))
        }
    }

    @Test("a directory means every .json directly in it, in name order; a missing path is an error")
    func directories() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["b.json", "a.json", "notes.txt"] {
            try Data("{}".utf8).write(to: directory.appendingPathComponent(name))
        }
        let paths = try MetricKitFile.paths([directory.path])
        #expect(paths.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.json", "b.json"])
        #expect(throws: MetricKitError(path: directory.path + "/none.json", message: "no such file or directory")) {
            try MetricKitFile.paths([directory.path + "/none.json"])
        }
    }
}
