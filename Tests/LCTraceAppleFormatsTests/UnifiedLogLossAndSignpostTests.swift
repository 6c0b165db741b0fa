import LCTraceCore
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

@testable import LCTraceIngest

/// What the unified-log reader makes of `lossEvent` entries (LC404, a `.lost` item at the line
/// where the entry starts) and of `bgtask` signpost intervals (paired by their `signpostID`).
@Suite("Unified-log exports: lossEvent and signpost IDs")
struct UnifiedLogLossAndSignpostTests {
    static func entry(_ type: String, _ message: String, second: Int, extra: String = "") -> String {
        let time = "2026-11-20 11:00:0\(second).000000+0100"
        return #"{"eventType":"\#(type)","#
            + #""subsystem":"com.example.app","category":"lifecycle","timestamp":"\#(time)","processID":7,"#
            + extra + #""eventMessage":"\#(message)"}"#
    }

    static let loss = entry("lossEvent", "lost 12 unreliable messages from 11:00:01 to 11:00:02", second: 2)

    @Test("A lossEvent is a lost item on its line, among the records, at every chunk size", arguments: chunkSizes)
    func lossInNDJSON(chunkSize: Int) throws {
        let text = [
            Self.entry("logEvent", "app.didEnterBackground", second: 1), Self.loss,
            Self.entry("logEvent", "app.didBecomeActive", second: 3),
        ].joined(separator: "\n")
        let items = try renderExport(text + "\n", chunkSize: chunkSize)
        #expect(
            items == [
                "1: app.didEnterBackground t=1795168801000000000 pid=7",
                "2: lost: the log says records were lost here: 'lost 12 unreliable messages from 11:00:01 to 11:00:02'",
                "3: app.didBecomeActive t=1795168803000000000 pid=7",
            ])
    }

    @Test("In the --style json form a lossEvent is lost on the line where its object starts", arguments: [1, 7, 4096])
    func lossInJSON(chunkSize: Int) throws {
        let text = """
            [{
              "eventType" : "logEvent",
              "timestamp" : "2026-11-20 11:00:01.000000+0100",
              "processID" : 7,
              "eventMessage" : "app.didEnterBackground"
            },{
              "eventType" : "lossEvent",
              "timestamp" : "2026-11-20 11:00:02.000000+0100",
              "processID" : 0,
              "eventMessage" : "lost 3 unreliable messages"
            }]

            """
        let items = try renderExport(text, chunkSize: chunkSize)
        #expect(
            items == [
                "1: app.didEnterBackground t=1795168801000000000 pid=7",
                "6: lost: the log says records were lost here: 'lost 3 unreliable messages'",
            ])
    }

    @Test("A lossEvent is a gap whatever the --subsystem/--category filter says")
    func lossIgnoresTheFilter() throws {
        let text = Self.loss + "\n"
        var reader = try openLog(
            bytes: Array(text.utf8), name: "x", inputFormat: .oslog, filter: UnifiedLogFilter(subsystems: ["com.other"]))
        #expect(readAll(&reader).map { render($0, reader.symbols) }.first?.hasPrefix("1: lost: ") == true)
    }

    @Test("A lossEvent without a message, and one with a very long message, still say what they are")
    func lossMessages() throws {
        let empty = #"{"eventType":"lossEvent","timestamp":"2026-11-20 11:00:02.000000+0100","eventMessage":""}"#
        let long = Self.entry("lossEvent", String(repeating: "x", count: 300), second: 2)
        let items = try renderExport(empty + "\n" + long + "\n")
        #expect(items.first == "1: lost: the log says records were lost here ('lossEvent' without a message)")
        #expect(items.last == "2: lost: the log says records were lost here: '" + String(repeating: "x", count: 200) + "…'")
    }

    static func signpost(_ kind: String, id: String, message: String = "", second: Int) -> String {
        entry(
            "signpostEvent", message, second: second,
            extra: #""signpostID":\#(id),"signpostName":"bgtask","signpostType":"\#(kind)","#)
    }

    @Test("Overlapping bgtask intervals without task= are two tasks, paired by signpostID (past Int64)")
    func overlappingIntervals() throws {
        let text = [
            Self.signpost("begin", id: "14608112960288129006", message: "name=upload", second: 1),
            Self.signpost("begin", id: "9223372036854775808", second: 2),
            Self.signpost("end", id: "14608112960288129006", second: 3),
            Self.signpost("end", id: "9223372036854775808", second: 4),
        ].joined(separator: "\n")
        let items = try renderExport(text + "\n")
        #expect(
            items == [
                "1: bgtask.begin t=1795168801000000000 pid=7 task=signpost-14608112960288129006 name=upload",
                "2: bgtask.begin t=1795168802000000000 pid=7 task=signpost-9223372036854775808",
                "3: bgtask.end t=1795168803000000000 pid=7 task=signpost-14608112960288129006",
                "4: bgtask.end t=1795168804000000000 pid=7 task=signpost-9223372036854775808",
            ])
    }

    @Test("A task= in the signpost's message wins over its signpostID")
    func taskInTheMessageWins() throws {
        let items = try renderExport(Self.signpost("begin", id: "14608112960288129006", message: "task=7", second: 1) + "\n")
        #expect(items == ["1: bgtask.begin t=1795168801000000000 pid=7 task=#7"])
    }

    @Test(
        "A signpostID that is not a non-negative integer gives no task: the interval is LC401 as before",
        arguments: ["1.5", "-3", "\"12\"", "null", "1e3"])
    func badSignpostID(id: String) throws {
        let items = try renderExport(Self.signpost("begin", id: id, second: 1) + "\n")
        #expect(items.count == 1)
        #expect(items.first?.hasPrefix("1: malformed: 'bgtask.begin' without a task id ('task')") == true, "\(items)")
    }
}
