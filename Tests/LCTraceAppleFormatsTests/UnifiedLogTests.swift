import Foundation
import LCTraceCore
@testable import LCTraceIngest
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

/// Builders for unified-log export text, shaped like `log show --style ndjson|json` output.
enum Export {
    /// 2026-11-20T10:00:00Z in the export's local time (+0100).
    static let base = "2026-11-20 11:00:00"
    /// 2026-11-20T10:00:00Z in nanoseconds.
    static let baseNanos: Int64 = 1_795_168_800_000_000_000

    /// A `logEvent` record, as `Logger` writes it.
    static func log(
        _ message: String, time: String = base + ".250000+0100", pid: Int = 201,
        subsystem: String = "com.example.app", category: String = "lifecycle"
    ) -> [String: Any] {
        [
            "traceID": 548_243_985_465_352, "eventMessage": message, "eventType": "logEvent", "source": NSNull(),
            "formatString": message, "activityIdentifier": 0, "subsystem": subsystem, "category": category,
            "threadID": 5120, "backtrace": ["frames": [["imageOffset": 40960, "imageUUID": "6C1D2A0E"]]],
            "processImagePath": "/private/var/containers/Bundle/Application/X/App.app/App",
            "timestamp": time, "machTimestamp": 9_000_000_000_000, "messageType": "Default", "processID": pid,
        ]
    }

    /// A `signpostEvent` record, as `OSSignposter` writes it.
    static func signpost(_ name: String, _ type: String, message: String = "", time: String = base + ".500000+0100") -> [String: Any] {
        var r = log(message, time: time)
        r["eventType"] = "signpostEvent"
        r["signpostName"] = name
        r["signpostType"] = type
        r["signpostID"] = 0xB6E001
        r["signpostScope"] = "process"
        r["messageType"] = nil
        return r
    }

    /// A record of another type (`activityCreateEvent`, `stateEvent`, `timesyncEvent`, …).
    static func other(_ type: String, message: String = "app.didBecomeActive") -> [String: Any] {
        var r = log(message)
        r["eventType"] = type
        return r
    }

    /// Compact JSON with escaped slashes, as `log` prints it.
    static func compact(_ record: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// Pretty JSON, `"key" : value`, two-space indentation.
    static func pretty(_ record: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self)
    }

    /// `log show --style ndjson`: one record per line, then the `finished` summary.
    static func ndjson(_ records: [[String: Any]]) -> String {
        records.map(compact).joined(separator: "\n") + "\n{\"count\":\(records.count),\"finished\":1}\n"
    }

    /// `log show --style json`: an array of pretty-printed records joined by `},{`.
    static func json(_ records: [[String: Any]]) -> String {
        "[" + records.map(pretty).joined(separator: ",") + "]\n"
    }

    /// The line each record of ``json(_:)`` starts on.
    static func jsonStartLines(_ records: [[String: Any]]) -> [Int] {
        var line = 1
        var out: [Int] = []
        for r in records {
            out.append(line)
            line += pretty(r).split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
        return out
    }
}

/// Reads text (or bytes) through ``LogReader`` with an input format and a filter, rendered.
func renderExport(
    _ bytes: [UInt8], chunkSize: Int = 256 * 1024, format: LogInputFormat = .auto, filter: UnifiedLogFilter = UnifiedLogFilter()
) throws -> [String] {
    var reader = try openLog(bytes: bytes, name: "export", chunkSize: chunkSize, inputFormat: format, filter: filter)
    var out: [String] = []
    while let item = reader.next() { out.append(render(item, reader.symbols)) }
    return out
}

func renderExport(
    _ text: String, chunkSize: Int = 256 * 1024, format: LogInputFormat = .auto, filter: UnifiedLogFilter = UnifiedLogFilter()
) throws -> [String] {
    try renderExport(Array(text.utf8), chunkSize: chunkSize, format: format, filter: filter)
}

@Suite("Unified-log exports")
struct UnifiedLogTests {
    /// 10:00:00.250Z, the default record time.
    static let t = "t=\(Export.baseNanos + 250_000_000)"

    // MARK: Timestamps

    /// Export times and their offsets from 2026-11-20T10:00:00Z, in nanoseconds.
    static let times: [(String, Int64)] = [
        ("2026-11-20 11:00:00.250000+0100", 250_000_000),
        ("2026-11-20 10:00:00.250000+0000", 250_000_000),
        ("2026-11-20 08:30:00.000001-0130", 1000),
        ("2026-11-20 11:00:00+0100", 0),
        ("2026-11-20 11:00:00.5+01:00", 500_000_000),
        ("2026-11-20 11:00:00.5+01", 500_000_000),
        ("2026-11-20T10:00:00.123456789987Z", 123_456_789),
        ("2026-11-21 00:59:60.000000+0100", 14 * 3600 * 1_000_000_000),
        ("2026-11-20 23:30:00.000000+1330", 0),
    ]

    @Test("Export timestamps: offsets and fractions", arguments: times)
    func timestamps(text: String, offset: Int64) throws {
        #expect(try Timestamp.parseUnifiedLog(Array(text.utf8)).nanoseconds == Export.baseNanos + offset)
    }

    @Test(
        "Bad export timestamps say what was expected",
        arguments: [
            ("2026-11-20 11:00:00.250000", " (this one has no time zone: add an offset such as '+0100')"),
            ("2026-11-20 11:00:00.+0100", ""),
            ("2026/11/20 11:00:00+0100", ""),
            ("2026-11-20 11:00:00+0100 ", ""),
            ("2026-13-20 11:00:00+0100", ": month is out of range"),
            ("2026-02-30 11:00:00+0100", ": day is out of range"),
            ("2026-11-20 24:00:00+0100", ": hour is out of range"),
            ("2026-11-20 11:00:00+2400", ": offset hour is out of range"),
        ])
    func badTimestamps(text: String, detail: String) {
        #expect(throws: ScanFailure.self) { try Timestamp.parseUnifiedLog(Array(text.utf8)) }
        do {
            _ = try Timestamp.parseUnifiedLog(Array(text.utf8))
        } catch {
            #expect(error.message == "'timestamp' must be a time like \"2026-11-20 10:00:00.250000+0100\"" + detail)
        }
    }

    // MARK: Events

    @Test("Every spelling is recognised, as the whole message or as the first word")
    func everySpelling() throws {
        var records: [[String: Any]] = []
        var expected: [String] = []
        for (k, spelling) in LifecycleEvent.allSpellings.enumerated() {
            let meta = spelling.event == .meta ? " meta(os=- app=- model=- modes=- refresh=-)" : ""
            // A background task record needs its id.
            let needsTask = spelling.event.category == .backgroundTask || spelling.event.category == .scheduledTask
            let task = needsTask ? (" task=t", " task=t") : ("", "")
            records.append(Export.log(spelling.name + task.0))
            expected.append("\(2 * k + 1): \(spelling.event.canonicalName) \(Self.t) pid=201\(task.1)\(meta)")
            records.append(Export.log(spelling.name + " scene=main free text" + task.0))
            expected.append("\(2 * k + 2): \(spelling.event.canonicalName) \(Self.t) pid=201 scene=main\(task.1)\(meta)")
        }
        #expect(try renderExport(Export.ndjson(records)) == expected)
    }

    @Test("Every spelling is recognised as a signpost name; begin and end are the phase")
    func signpostNames() throws {
        var records: [[String: Any]] = []
        var expected: [String] = []
        let t = "t=\(Export.baseNanos + 500_000_000)"
        for (k, spelling) in LifecycleEvent.allSpellings.enumerated() where spelling.event != .meta {
            let type = ["begin", "end", "event"][k % 3]
            let needsTask = spelling.event.category == .backgroundTask || spelling.event.category == .scheduledTask
            let task = needsTask ? " task=t" : ""
            records.append(Export.signpost(spelling.name, type, message: "scene=s\(k)" + task))
            let phase = type == "event" ? "" : " phase=\(type)"
            expected.append("\(records.count): \(spelling.event.canonicalName) \(t) pid=201 scene=s\(k)\(task)\(phase)")
        }
        #expect(try renderExport(Export.ndjson(records)) == expected)
    }

    @Test(
        "Messages that are not lifecycle events are ignored without findings",
        arguments: [
            "Uploading 12 photos", "", "   ", "app.didBecomeActiveNow", "xapp.didBecomeActive", "didBecomeActive",
            "ApplicationDidBecomeActive:", "<private>",
        ])
    func otherMessages(message: String) throws {
        #expect(try renderExport(Export.ndjson([Export.log(message)])) == [])
    }

    @Test("A trailing ':' after a name is ignored; selectors keep theirs")
    func trailingColon() throws {
        let text = Export.ndjson([Export.log("app.didBecomeActive: restored"), Export.log("applicationDidBecomeActive:")])
        #expect(try renderExport(text) == ["1: app.didBecomeActive \(Self.t) pid=201", "2: app.didBecomeActive \(Self.t) pid=201"])
    }

    @Test("Details: task numbers and names, quoted values, phase, observers naming the pid, meta")
    func details() throws {
        let text = Export.ndjson([
            Export.log(#"bgtask.begin task=7 name="nightly upload""#),
            Export.log(#"bgtask.end task="7""#),
            Export.log("bgtask.begin task=sync name=inbox,"),
            Export.log("app.didEnterBackground phase=begin scene=<mask.hash: 'AbC='>"),
            Export.log("sys.kill pid=77 reason=bgtask-timeout", pid: 180),
            Export.log("meta os=17.4 app=com.example.app model=uikit-scene modes=audio,location refresh=true"),
            Export.log("process.exit reason=\"user swipe\" unknown=1 name"),
        ])
        #expect(
            try renderExport(text) == [
                "1: bgtask.begin \(Self.t) pid=201 task=#7 name=nightly upload",
                "2: bgtask.end \(Self.t) pid=201 task=7",
                "3: bgtask.begin \(Self.t) pid=201 task=sync name=inbox",
                "4: app.didEnterBackground \(Self.t) pid=201 scene=<mask.hash: 'AbC='> phase=begin",
                "5: sys.kill \(Self.t) pid=77 reason=bgtask-timeout(bgtaskTimeout)",
                "6: meta \(Self.t) pid=201 meta(os=17.4 app=com.example.app model=uikit-scene modes=audio,location refresh=true)",
                "7: process.exit \(Self.t) pid=201 reason=user swipe(other)",
            ])
    }

    @Test("A 'bgtask' signpost interval is a background task's begin and end")
    func backgroundTaskInterval() throws {
        let t = "t=\(Export.baseNanos + 500_000_000)"
        let text = Export.ndjson([
            Export.signpost("bgtask", "begin", message: "task=3 name=export"),
            Export.signpost("bgtask", "end", message: "task=3"),
            Export.signpost("bgtask", "event", message: "task=3"),
            Export.signpost("ImageResize", "begin", message: "photo=1"),
            Export.signpost("lifecycle", "event", message: "app.willResignActive"),
        ])
        #expect(
            try renderExport(text) == [
                "1: bgtask.begin \(t) pid=201 task=#3 name=export",
                "2: bgtask.end \(t) pid=201 task=#3",
                "5: app.willResignActive \(t) pid=201",
            ])
    }

    /// (A `lossEvent` is LC404: UnifiedLogLossAndSignpostTests.)
    @Test(
        "Records of other types are ignored without findings, even with a lifecycle message",
        arguments: [
            "activityCreateEvent", "stateEvent", "timesyncEvent", "userActionEvent", "traceEvent",
        ])
    func otherRecordTypes(type: String) throws {
        let text = Export.ndjson([Export.other(type), Export.log("app.didBecomeActive")])
        #expect(try renderExport(text) == ["2: app.didBecomeActive \(Self.t) pid=201"])
    }

    @Test("The 'finished' summary, blank lines and the 'log show' banner are ignored")
    func summaryBannerAndBlankLines() throws {
        let text =
            "Filtering the log data using \"subsystem == \\\"com.example.app\\\"\"\n\n"
            + Export.compact(Export.log("app.didBecomeActive")) + "\n  \r\n{\"count\":1,\"finished\":1}\n"
        #expect(try renderExport(text) == ["3: app.didBecomeActive \(Self.t) pid=201"])
    }

    // MARK: Filters

    @Test("--subsystem and --category keep only matching records")
    func filters() throws {
        let text = Export.ndjson([
            Export.log("app.willResignActive", subsystem: "com.example.app", category: "lifecycle"),
            Export.log("app.didEnterBackground", subsystem: "com.example.app", category: "ui"),
            Export.log("app.willEnterForeground", subsystem: "com.example.widget", category: "lifecycle"),
            Export.log("app.didBecomeActive", subsystem: "com.other", category: "other"),
        ])
        func events(_ filter: UnifiedLogFilter) throws -> [String] {
            try renderExport(text, filter: filter).map { String($0.split(separator: " ")[1]) }
        }
        #expect(try events(UnifiedLogFilter()).count == 4)
        #expect(try events(UnifiedLogFilter(subsystems: ["com.example.app"])) == ["app.willResignActive", "app.didEnterBackground"])
        #expect(try events(UnifiedLogFilter(categories: ["lifecycle"])) == ["app.willResignActive", "app.willEnterForeground"])
        #expect(
            try events(UnifiedLogFilter(subsystems: ["com.example.app", "com.example.widget"], categories: ["lifecycle"]))
                == ["app.willResignActive", "app.willEnterForeground"])
        #expect(try events(UnifiedLogFilter(subsystems: ["com.nothing"])) == [])
        // Native logs are not filtered.
        #expect(try renderExport(#"{"t":1,"ev":"sys.resume"}"#, filter: UnifiedLogFilter(subsystems: ["x"])) == ["1: sys.resume t=1000000000"])
    }

    // MARK: Forms and chunks

    static var story: [[String: Any]] {
        [
            Export.other("activityCreateEvent", message: "Launch"),
            Export.log("process.launch reason=user", time: Export.base + ".000000+0100"),
            Export.log("application:didFinishLaunchingWithOptions:", time: Export.base + ".450000+0100"),
            Export.log("Cache warmed", time: Export.base + ".460000+0100", category: "cache"),
            Export.log("OnActivated", time: Export.base + ".700000+0100"),
            Export.log("app.willResignActive", time: "2026-11-20 11:03:00.000000+0100"),
            Export.signpost("app.didEnterBackground", "begin", time: "2026-11-20 11:03:00.100000+0100"),
            Export.signpost("bgtask", "begin", message: #"task=1 name="upload \#u{201C}photos\#u{201D}/\\ \"q\"""#, time: "2026-11-20 11:03:00.200000+0100"),
            Export.signpost("app.didEnterBackground", "end", time: "2026-11-20 11:03:00.600000+0100"),
            Export.log("bgtask.expire task=1", time: "2026-11-20 11:03:25.000000+0100"),
            Export.log("sys.kill pid=201 reason=bgtask-timeout", time: "2026-11-20 11:03:31.000000+0100", pid: 180),
        ]
    }

    /// The story's records without their line numbers.
    static let storyRecords = [
        "process.launch t=1795168800000000000 pid=201 reason=user(user)",
        "app.didFinishLaunching t=1795168800450000000 pid=201",
        "app.didBecomeActive t=1795168800700000000 pid=201",
        "app.willResignActive t=1795168980000000000 pid=201",
        "app.didEnterBackground t=1795168980100000000 pid=201 phase=begin",
        "bgtask.begin t=1795168980200000000 pid=201 task=#1 name=upload \u{201C}photos\u{201D}/\\ \"q\"",
        "app.didEnterBackground t=1795168980600000000 pid=201 phase=end",
        "bgtask.expire t=1795169005000000000 pid=201 task=#1",
        "sys.kill t=1795169011000000000 pid=201 reason=bgtask-timeout(bgtaskTimeout)",
    ]

    @Test("NDJSON form: records on their export lines")
    func ndjsonForm() throws {
        let lines = [2, 3, 5, 6, 7, 8, 9, 10, 11]
        #expect(try renderExport(Export.ndjson(Self.story)) == zip(lines, Self.storyRecords).map { "\($0): \($1)" })
    }

    @Test("JSON-array form: records on the line where their object starts")
    func jsonForm() throws {
        let starts = Export.jsonStartLines(Self.story)
        let lines = [1, 2, 4, 5, 6, 7, 8, 9, 10].map { starts[$0] }
        #expect(try renderExport(Export.json(Self.story)) == zip(lines, Self.storyRecords).map { "\($0): \($1)" })
    }

    @Test("Both forms, plain and zstd, at every chunk size", arguments: chunkSizes)
    func chunkSizesThroughTheTranslator(chunkSize: Int) throws {
        for text in [Export.ndjson(Self.story), Export.json(Self.story), "\u{FEFF}" + Export.json(Self.story)] {
            let whole = try renderExport(text)
            #expect(whole.count == Self.storyRecords.count)
            #expect(try renderExport(text, chunkSize: chunkSize) == whole)
            #expect(try renderExport(text, chunkSize: chunkSize, format: .oslog) == whole)
            let bytes = Array(text.utf8)
            let cut = bytes.count / 3
            let zstd = zstdFrame(Array(bytes[..<cut])) + skippableFrame([1, 2]) + zstdFrame(Array(bytes[cut...]))
            #expect(try renderExport(zstd, chunkSize: chunkSize) == whole)
        }
    }

    @Test("Compact JSON arrays and objects on one line each work too")
    func compactArrays() throws {
        let one = "[" + Export.compact(Export.log("app.didBecomeActive")) + "]"
        #expect(try renderExport(one) == ["1: app.didBecomeActive \(Self.t) pid=201"])
        let perLine = "[\n" + Self.story.map(Export.compact).joined(separator: ",\n") + "\n]\n"
        #expect(try renderExport(perLine).map { String($0.split(separator: ":", maxSplits: 1)[1].dropFirst()) } == Self.storyRecords)
        #expect(try renderExport("[]\n") == [])
        #expect(try renderExport("[ ]") == [])
    }

    @Test("Two lifecycle records starting on one line: the second is LC401")
    func twoRecordsOnOneLine() throws {
        let text =
            "[" + Export.compact(Export.log("app.willResignActive")) + "," + Export.compact(Export.other("stateEvent"))
            + "," + Export.compact(Export.log("app.didEnterBackground")) + "]\n"
        let items = try renderExport(text)
        #expect(items.count == 2)
        #expect(items.first == "1: app.willResignActive \(Self.t) pid=201")
        #expect(items.last?.hasPrefix("1: malformed: a second lifecycle record starts on this line") == true)
    }

    // MARK: Malformed exports

    @Test("Malformed export lines are LC401 on their line; replay goes on", arguments: chunkSizes)
    func malformedLines(chunkSize: Int) throws {
        let good = Export.compact(Export.log("app.didBecomeActive"))
        let lines = [
            good,
            #"{"eventMessage":"app.didBecomeActive","eventType":"logEvent",}"#,
            #"{"eventMessage":"Uploading","eventType":"logEvent","x":[1,2,}"#,
            "[1,2]",
            #"{"eventMessage":"app.didBecomeActive","eventType":"logEvent","processID":201}"#,
            #"{"eventMessage":"app.didBecomeActive","eventType":"logEvent","timestamp":"yesterday"}"#,
            #"{"eventMessage":"app.didBecomeActive","eventType":"logEvent","timestamp":"2026-11-20 11:00:00+0100","processID":"201"}"#,
            #"{"eventMessage":"scene.willConnect scene=<private>","eventType":"logEvent","timestamp":"2026-11-20 11:00:00+0100"}"#,
            #"{"eventMessage":"bgtask.begin name=\"cut","eventType":"logEvent","timestamp":"2026-11-20 11:00:00+0100"}"#,
            #"{"eventMessage":"meta refresh=maybe","eventType":"logEvent","timestamp":"2026-11-20 11:00:00+0100"}"#,
            #"{"eventMessage":"app.didBecomeActive phase=middle","eventType":"logEvent","timestamp":"2026-11-20 11:00:00+0100"}"#,
            good,
            #"{"eventMessage":"app.didBecomeActive","eventType":"logEvent","timestamp":"2026-11-20 11:00:00+0100""#,
        ]
        #expect(
            try renderExport(lines.joined(separator: "\n"), chunkSize: chunkSize) == [
                "1: app.didBecomeActive \(Self.t) pid=201",
                "2: malformed: expected a string key at column 62",
                "3: malformed: expected a value at column 61",
                "4: malformed: expected a JSON object ('{') at column 1",
                "5: malformed: missing key 'timestamp'",
                "6: malformed: 'timestamp' must be a time like \"2026-11-20 10:00:00.250000+0100\"",
                "7: malformed: 'processID' must be an integer",
                "8: malformed: 'scene' is redacted ('<private>'): log it with privacy: .public",
                "9: malformed: 'name' has an unterminated quoted value",
                "10: malformed: 'refresh' must be true or false, found 'maybe'",
                "11: malformed: 'phase' must be \"begin\" or \"end\"",
                "12: app.didBecomeActive \(Self.t) pid=201",
                "13: truncated: last line is cut short: expected ',' or '}' after a member at column 100",
            ])
    }

    @Test("A malformed record of the JSON-array form names its start line and the error's line", arguments: chunkSizes)
    func malformedArrayRecords(chunkSize: Int) throws {
        let text = """
            [{
              "eventMessage" : "app.willResignActive",
              "eventType" : "logEvent",
              "timestamp" : "2026-11-20 11:00:00.250000+0100"
            },{
              "eventMessage" : "app.didEnterBackground",
              "eventType" : "logEvent" x,
              "timestamp" : "2026-11-20 11:00:00.250000+0100"
            },{
              "eventMessage" : "app.didEnterBackground",
              "eventType" : "logEvent",
              "nested" : { "a" : [1, 2
            },{
              "eventMessage" : "sys.suspend",
              "eventType" : "logEvent",
              "timestamp" : "2026-11-20 11:00:00.250000+0100"
            } x {
              "eventMessage" : "sys.resume",
              "eventType" : "logEvent",
              "timestamp" : "2026-11-20 11:00:00.250000+0100"
            },{
              "eventMessage" : "app.willEnterForeground",
              "eventType" : "logEvent",
              "timestamp" : "2026-11-20 11:00:00.250000+0100"

            """
        #expect(
            try renderExport(text, chunkSize: chunkSize) == [
                "1: app.willResignActive \(Self.t)",
                "5: malformed: expected ',' or '}' after a member at line 7, column 28",
                "9: malformed: expected ',' or ']' in an array at line 13, column 1",
                "13: sys.suspend \(Self.t)",
                "17: sys.resume \(Self.t)",
                "17: malformed: expected ',' or ']' after a record at column 3",
                "21: truncated: last record is cut short: the export ends inside it",
            ])
    }

    @Test("An export whose JSON array is not closed is cut short (LC403)")
    func unclosedArray() throws {
        let text = "[" + Export.pretty(Export.log("app.didBecomeActive")) + ",\n"
        let items = try renderExport(text)
        #expect(items.first == "1: app.didBecomeActive \(Self.t) pid=201")
        #expect(items.last?.contains("truncated: the export is cut short: its JSON array is not closed with ']'") == true)
    }

    @Test("A cut zstd export: records before the cut, then LC403")
    func cutZstdExport() throws {
        let bytes = zstdFrame(Export.ndjson(Self.story))
        let items = try renderExport(Array(bytes.dropLast(9)))
        #expect(items.last?.contains("truncated") == true)
        #expect(items.dropLast().allSatisfy { !$0.contains("malformed") })
    }

    @Test("An export record longer than the line limit is LC401 and not held")
    func overlongRecords() throws {
        let huge = String(repeating: "x", count: LogReader.maximumLineLength + 10)
        let ndjson = Export.ndjson([Export.log("app.willResignActive"), Export.log("Blob " + huge), Export.log("app.didBecomeActive")])
        #expect(
            try renderExport(ndjson, chunkSize: 64 * 1024) == [
                "1: app.willResignActive \(Self.t) pid=201",
                "2: malformed: line longer than 1048576 bytes",
                "3: app.didBecomeActive \(Self.t) pid=201",
            ])
        let json = Export.json([Export.log("app.willResignActive"), Export.log("Blob " + huge), Export.log("app.didBecomeActive")])
        let items = try renderExport(json, chunkSize: 64 * 1024)
        #expect(items.count == 3)
        #expect(items[1].hasSuffix("malformed: record longer than 1048576 bytes"))
    }

    @Test(
        "An NDJSON export with NUL padding at its end is LC403 as a native log is, whatever the padding's length",
        arguments: [4096, 3 << 20])
    func nulPaddedExport(padding: Int) throws {
        // The export's lines are framed by the native reader's LineFramer: a killed writer's
        // padding past the line limit is still the cut last line, not an overlong one.
        let text = Export.ndjson([Export.log("app.willResignActive"), Export.log("app.didBecomeActive")])
        let bytes = Array(text.utf8) + [UInt8](repeating: 0, count: padding)
        for chunkSize in [500, 256 * 1024] {
            let items = try renderExport(bytes, chunkSize: chunkSize)
            #expect(items.count == 3, "\(items)")
            #expect(items.first == "1: app.willResignActive \(Self.t) pid=201")
            #expect(
                items.last?.hasSuffix("truncated: last line is cut short: NUL padding from column 1 on (left by a writer killed mid-write)") == true, "\(items)"
            )
        }
    }

    @Test("Memory stays bounded by the line limit, whatever the record sizes", arguments: [0, 1])
    func boundedMemory(form: Int) throws {
        let huge = String(repeating: "x", count: 3 * LogReader.maximumLineLength)
        let records = [Export.log("app.willResignActive"), Export.log("Blob " + huge), Export.log("app.didBecomeActive")]
        let text = form == 0 ? Export.ndjson(records) : Export.json(records)
        var reader = try openLog(bytes: Array(text.utf8), name: "export", chunkSize: 64 * 1024)
        var maximum = 0
        var items = 0
        while reader.next() != nil {
            items += 1
            maximum = max(maximum, reader.translatorCapacity, reader.carryCapacity)
        }
        #expect(items == 3)
        #expect(maximum <= LogReader.maximumLineLength + 1 + 64 * 1024)
    }

    // MARK: Choosing the format

    @Test("auto keeps native logs native")
    func autoKeepsNative() throws {
        #expect(try renderExport(sampleLog) == sampleItems)
        #expect(try renderExport(#"{"t":1,"ev":"sys.resume","timestamp":"x"}"#) == ["1: sys.resume t=1000000000"])
        #expect(try renderExport("[1,2]\n") == ["1: malformed: expected a JSON object at column 1"])
        #expect(try renderExport("\n\n" + #"{"t":1,"ev":"sys.resume"}"# + "\n", chunkSize: 1) == ["3: sys.resume t=1000000000"])
    }

    @Test("--input-format native reads an export as a native log: every record is LC401")
    func forcedNative() throws {
        let items = try renderExport(Export.ndjson([Export.log("app.didBecomeActive")]), format: .native)
        #expect(items == ["1: malformed: missing key 't'", "2: malformed: missing key 't'"])
    }

    /// The LC401 message for a native record read as an export entry.
    static let nativeInExport =
        "a native lctrace record in a unified-log export: expected an export entry with 'eventType' or 'eventMessage' (use --input-format native)"
    /// The LC401 message for an object with none of an export entry's keys.
    static let notAnEntry = "not a unified-log export entry: expected 'eventType' or 'eventMessage'"

    @Test("--input-format oslog reads a native log as an export: every native record is LC401")
    func forcedExport() throws {
        // Its one line that is not JSON is malformed in either format.
        #expect(
            try renderExport(sampleLog, format: .oslog) == [
                "1: malformed: \(Self.nativeInExport)",
                "3: malformed: \(Self.nativeInExport)",
                "5: malformed: expected ',' or '}' after a member at column 20",
                "6: malformed: \(Self.nativeInExport)",
                "8: malformed: \(Self.nativeInExport)",
            ])
        #expect(try renderExport("", format: .oslog) == [])
    }

    @Test("A native log whose first line has 'timestamp' but no 'eventType' or 'eventMessage' stays native", arguments: chunkSizes)
    func nativeLogThatStartsLikeAnExport(chunkSize: Int) throws {
        let text = #"{"timestamp":"x","note":"header"}"# + "\n" + #"{"t":1,"ev":"sys.resume"}"# + "\n"
        #expect(try renderExport(text, chunkSize: chunkSize) == ["1: malformed: missing key 't'", "2: sys.resume t=1000000000"])
        let banner = "Filtering the log data using \"subsystem == 1\"\n" + text
        #expect(try renderExport(banner, chunkSize: chunkSize).suffix(2) == ["2: malformed: missing key 't'", "3: sys.resume t=1000000000"])
    }

    @Test("In an NDJSON export, objects that are not export entries are LC401 on their line", arguments: chunkSizes)
    func notEntriesInLines(chunkSize: Int) throws {
        let text =
            Export.compact(Export.log("app.willResignActive")) + "\n"
            + #"{"t":1,"ev":"sys.resume"}"# + "\n"
            + #"{"timestamp":"2026-11-20 11:00:00+0100","eventMessage":"x","ev":"sys.resume"}"# + "\n"
            + #"{"timestamp":"2026-11-20 11:00:00+0100","note":"app.didBecomeActive"}"# + "\n"
            + "{}\n"
            + Export.compact(Export.log("app.didEnterBackground")) + "\n"
        let expected = [
            "1: app.willResignActive \(Self.t) pid=201",
            "2: malformed: \(Self.nativeInExport)",
            "3: malformed: \(Self.nativeInExport)",
            "4: malformed: \(Self.notAnEntry)",
            "5: malformed: \(Self.notAnEntry)",
            "6: app.didEnterBackground \(Self.t) pid=201",
        ]
        #expect(try renderExport(text, chunkSize: chunkSize) == expected)
        // A filter does not hide them: they are not entries to filter.
        let filter = UnifiedLogFilter(subsystems: ["com.other"])
        #expect(try renderExport(text, chunkSize: chunkSize, filter: filter) == Array(expected[1...4]))
    }

    @Test("A JSON array of objects that are not export entries is LC401 per element, on its start line", arguments: chunkSizes)
    func notEntriesInArray(chunkSize: Int) throws {
        let text =
            "[" + #"{"t":1,"ev":"process.launch","pid":1}"# + ",\n"
            + "{\n  \"t\" : 2,\n  \"ev\" : \"app.didFinishLaunching\"\n},\n"
            + #"{"note":"x"}"# + ",\n"
            + Export.compact(Export.log("app.didBecomeActive")) + "]\n"
        #expect(
            try renderExport(text, chunkSize: chunkSize) == [
                "1: malformed: \(Self.nativeInExport)",
                "2: malformed: \(Self.nativeInExport)",
                "6: malformed: \(Self.notAnEntry)",
                "7: app.didBecomeActive \(Self.t) pid=201",
            ])
    }

    @Test("Export entries lctrace ignores stay silent, whatever keys they lack", arguments: [0, 1])
    func ignoredEntriesHaveNoFinding(form: Int) throws {
        var stateOnly = Export.other("stateEvent")
        stateOnly["eventMessage"] = nil
        var signpostOnly = Export.signpost("ImageResize", "begin")
        signpostOnly["eventType"] = nil
        signpostOnly["eventMessage"] = nil
        var nullType = Export.log("app.didBecomeActive")
        nullType["eventType"] = NSNull()
        nullType["eventMessage"] = NSNull()
        let records = [
            Export.other("activityCreateEvent", message: "Launch"), Export.other("timesyncEvent"), stateOnly, signpostOnly,
            nullType, Export.log("Uploading 12 photos"), Export.log("app.didBecomeActive", subsystem: "com.filtered"),
        ]
        let text = form == 0 ? Export.ndjson(records) : Export.json(records)
        #expect(try renderExport(text, filter: UnifiedLogFilter(subsystems: ["com.example.app"])) == [])
    }

    static let detections: [(String, LogInputFormat)] = [
        ("[{", .oslog), ("[\n  {", .oslog), ("[]", .oslog), ("[1]", .native), ("[\"a\"]", .native),
        (#"{"eventMessage":"x"}"#, .oslog), (#"{"timestamp":"x","eventType":"logEvent"}"#, .oslog),
        (#"{"count":0,"finished":1}"#, .oslog), (#"{"t":1,"ev":"x"}"#, .native), (#"{"t":1,"ev":"x","eventType":"y"}"#, .native),
        ("not json", .native), ("", .native), ("\n\n", .native),
        // `timestamp` alone, or a key only some entries have, is no evidence of an export.
        (#"{"timestamp":"x","note":"header"}"#, .native), (#"{"timestamp":"x"}"#, .native), (#"{"signpostName":"x"}"#, .native),
        (#"{"t":1,"eventMessage":"x"}"#, .native), ("Filtering the log data\n" + #"{"timestamp":"x"}"#, .native),
        ("Filtering the log data\n" + #"{"eventType":"logEvent"}"#, .oslog),
    ]

    @Test("detectFormat decides from the first record", arguments: detections)
    func detection(text: String, expected: LogInputFormat) {
        var stack = ContainerStack()
        let mode = Array((text + "\n").utf8).withUnsafeBytes { UnifiedLogTranslator.detectFormat($0, final: true, stack: &stack) }
        #expect((mode == .native ? LogInputFormat.native : .oslog) == expected, "\(text)")
    }
}
