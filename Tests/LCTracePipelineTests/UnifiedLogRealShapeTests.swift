import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay
import LCTraceTestSupport
import Testing

/// Unified-log exports in the shapes Apple's `log` tool really writes (../shared/realworld/oslog):
/// the fixtures in Tests/LCTracePipelineTests/Fixtures/oslog, written by
/// scripts/make-oslog-fixtures with the keys, key order and value types of the real samples.
@Suite struct UnifiedLogRealShapeTests {
    static let fixtures = RepositoryPaths.root.appendingPathComponent("Tests/LCTracePipelineTests/Fixtures/oslog")

    static func bytes(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    static func text(_ name: String) throws -> String {
        try String(decoding: bytes(name), as: UTF8.self)
    }

    static func replay(
        _ name: String, format: LogInputFormat = .auto, filter: UnifiedLogFilter = UnifiedLogFilter()
    ) throws -> FileResult {
        try FileReplay.run(
            path: fixtures.appendingPathComponent(name).path, displayName: name, configuration: ReplayConfiguration(),
            reading: ReadOptions(inputFormat: format, filter: filter)
        ).get()
    }

    static func describe(_ result: FileResult) -> [String] {
        result.findings.map { "\($0.line): \($0.rule.id) \($0.message)" }
    }

    /// A clean fixture, the shape it proves, and its sessions.
    struct Clean: CustomTestStringConvertible, Sendable {
        var name: String
        var shape: String
        var sessions: Int
        var testDescription: String { "\(name): \(shape)" }
    }

    static let clean: [Clean] = [
        Clean(name: "banners-both.json", shape: "log show --style json, 2025–2026 keys, both banner lines", sessions: 1),
        Clean(name: "banner-filter.json", shape: "log show --style json, the 'Filtering' banner alone", sessions: 1),
        Clean(
            name: "banner-skipping.ndjson", shape: "--style ndjson, the 'Skipping' banner, the count/finished trailer",
            sessions: 1),
        Clean(
            name: "two-processes.ndjson", shape: "an app and its extension, each with its own meta; traceID above 2^53",
            sessions: 2),
        Clean(name: "log-stream.ndjson", shape: "log stream --style ndjson, 2021–2023 keys, empty bootUUID", sessions: 1),
        Clean(name: "log-stream-2018.json", shape: "log stream --style json, 2018 keys (no eventType)", sessions: 1),
        Clean(
            name: "log-show-source-2018.json", shape: "log show --source, 2018: source an object, signpostID on a logEvent",
            sessions: 1),
    ]

    @Test("A clean real-shaped export gives no finding, detected or forced", arguments: clean)
    func cleanExport(fixture: Clean) throws {
        for format in [LogInputFormat.auto, .oslog] {
            let result = try Self.replay(fixture.name, format: format)
            #expect(result.findings.isEmpty, "\(fixture.name) (\(format)): \(Self.describe(result))")
            #expect(result.sessions == fixture.sessions)
            #expect(result.events == 8 * fixture.sessions)
            #expect(result.exitClasses == [.open: fixture.sessions])
        }
    }

    /// The fixtures hold the shapes they claim (so a change of the script cannot quietly drop one).
    @Test("The fixtures hold the real shapes they stand for")
    func fixturesHoldTheirShapes() throws {
        let both = try Self.text("banners-both.json").components(separatedBy: "\n")
        #expect(both[0] == #"Filtering the log data using "subsystem == "com.example.uploader"""#)
        #expect(both[1] == "Skipping info and debug messages, pass --info and/or --debug to include.")
        #expect(both[2] == "[{" && both[3] == #"  "timezoneName" : "","#)
        #expect(try Self.text("banner-skipping.ndjson").hasSuffix("\n{\"count\":8,\"finished\":1}\n"))
        #expect(try Self.text("two-processes.ndjson").contains(#""traceID":9007199254740993,"#))
        #expect(try Self.text("log-stream.ndjson").contains(#""bootUUID":"","#))
        #expect(try Self.text("log-stream.ndjson").contains(#""processImagePath":"\/private\/var\/"#))
        let source = try Self.text("log-show-source-2018.json")
        #expect(source.contains("  \"source\" : {\n    \"symbol\" : "))
        #expect(source.contains("  \"signpostID\" : 0,\n"))
        let stream2018 = try Self.text("log-stream-2018.json")
        #expect(stream2018.contains("\"processUniqueID\" : ") && !stream2018.contains("\"eventType\""))
        let signposts = try Self.text("signposts.ndjson")
        #expect(signposts.contains(#""signpostID":18446744073709551615,"#))
        #expect(try Self.text("loss-event.ndjson").contains(#""eventType":"lossEvent""#))
    }

    @Test("Two processes, each with its own meta: each meta reaches the replay with its own pid")
    func twoProcesses() throws {
        var reader = try openLog(bytes: Self.bytes("two-processes.ndjson"), name: "two", chunkSize: 4096)
        var apps: [Int64: String] = [:]
        while let item = reader.next() {
            if case .meta(let record, let meta) = item { apps[record.pid ?? -1] = meta.app }
        }
        #expect(apps == [301: "com.example.uploader", 302: "com.example.uploader.share"])
    }

    @Test("A lossEvent is LC404 on its line, and the gap after it raises no finding of its own")
    func lossEvent() throws {
        for format in [LogInputFormat.auto, .oslog] {
            let result = try Self.replay("loss-event.ndjson", format: format)
            // Without the gap, 'app.didBecomeActive' in background (its 'app.willEnterForeground'
            // is in the gap) would be LC100.
            #expect(result.findings.map(\.rule) == [.recordsLost], "\(Self.describe(result))")
            #expect(result.findings.first?.line == 8)
            #expect(
                result.findings.first?.message
                    == "the log says records were lost here: 'lost 3 unreliable messages from 11:00:06.000000 to 11:00:08.000000'")
            #expect(result.sessions == 1)
            #expect(result.events == 9)
        }
        let withoutLoss = try Self.text("loss-event.ndjson").split(separator: "\n").filter { !$0.contains("lossEvent") }
        let plain = FileReplay.replay(
            try openLog(bytes: Array((withoutLoss.joined(separator: "\n") + "\n").utf8), name: "x"),
            configuration: ReplayConfiguration())
        #expect(plain.findings.map(\.rule) == [.illegalTransition], "\(Self.describe(plain))")
    }

    @Test("A lossEvent is LC404 in the --style json form too, on the line where its object starts")
    func lossEventInTheJSONForm() throws {
        let ndjson = try Self.text("loss-event.ndjson").split(separator: "\n").map(String.init)
        // Re-indent each entry as `log show --style json` does: one key per line.
        var objects: [String] = []
        for line in ndjson {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(!object.isEmpty)
            let inner = line.dropFirst().dropLast()
            objects.append("{\n  " + Self.splitMembers(String(inner)).joined(separator: ",\n  ") + "\n}")
        }
        let json = "[" + objects.joined(separator: ",") + "]\n"
        let result = FileReplay.replay(try openLog(bytes: Array(json.utf8), name: "x.json"), configuration: ReplayConfiguration())
        #expect(result.findings.map(\.rule) == [.recordsLost], "\(Self.describe(result))")
        let lossLine = json.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("lossEvent") }!
        // The entry starts on the `},{` line before its `eventType` line.
        let start = json.split(separator: "\n", omittingEmptySubsequences: false)[..<lossLine].lastIndex { $0.hasPrefix("},{") }!
        #expect(result.findings.first?.line == start + 1)
    }

    /// The top-level members of a one-line JSON object's inside (no nested commas at depth 0).
    static func splitMembers(_ inner: String) -> [String] {
        var members: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        var escaped = false
        for c in inner {
            if inString {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "{" || c == "[" {
                depth += 1
            } else if c == "}" || c == "]" {
                depth -= 1
            } else if c == "," && depth == 0 {
                members.append(current)
                current = ""
                continue
            }
            current.append(c)
        }
        members.append(current)
        return members
    }

    @Test("Two overlapping bgtask signpost intervals without task= pair by signpostID, above Int64.max")
    func signpostIntervals() throws {
        let result = try Self.replay("signposts.ndjson")
        #expect(result.findings.isEmpty, "\(Self.describe(result))")
        var reader = try openLog(bytes: Self.bytes("signposts.ndjson"), name: "signposts")
        var tasks: [String] = []
        while let item = reader.next() {
            if case .record(let record) = item, case .name(let symbol)? = record.task {
                tasks.append(record.event.canonicalName + " " + (reader.symbols[symbol] ?? "?"))
            }
        }
        #expect(
            tasks == [
                "bgtask.begin signpost-14608112960288129006", "bgtask.begin signpost-18446744073709551615",
                "bgtask.end signpost-14608112960288129006", "bgtask.end signpost-18446744073709551615",
            ])
    }

    @Test("A --subsystem or --category filter that matches no entry of an export is reported as data")
    func filterMatchingNothing() throws {
        let cases: [(UnifiedLogFilter, Bool)] = [
            (UnifiedLogFilter(subsystems: ["com.example.other"]), true),
            (UnifiedLogFilter(subsystems: ["com.example.uploader"], categories: ["nope"]), true),
            (UnifiedLogFilter(categories: ["lifecycle"]), false),
            (UnifiedLogFilter(subsystems: ["com.example.uploader"]), false),
            (UnifiedLogFilter(), false),
        ]
        for name in ["log-stream.ndjson", "banners-both.json"] {
            for (filter, nothing) in cases {
                let result = try Self.replay(name, filter: filter)
                #expect(result.filterMatchedNothing == nothing, "\(name) \(filter)")
                #expect(result.events == (nothing ? 0 : 8))
            }
        }
        // A native log is never filtered, so no filter matches "nothing" there.
        let native = RepositoryPaths.traces.appendingPathComponent("killed-in-background.jsonl.zst").path
        let result = try FileReplay.run(
            path: native, configuration: ReplayConfiguration(), reading: ReadOptions(filter: UnifiedLogFilter(subsystems: ["x"]))
        ).get()
        #expect(!result.filterMatchedNothing)
    }
}
