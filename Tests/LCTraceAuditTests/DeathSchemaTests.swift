import Foundation
import LCTraceCore
import LCTraceIngest
import LCTraceReport
import Testing

/// The death schema's writer and reader are each other's inverse (what `merge` relies on to
/// give the unsharded audit's deaths back): writing a death read back gives the same JSON, for
/// every key, every kind of evidence and the absent values; a key of the wrong type is refused.
@Suite struct DeathSchemaTests {
    static func text(_ death: Death) -> String {
        JSONWriter.string(DeathSchema.object(death), pretty: false)
    }

    static func read(_ text: String) -> Death? {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else { return nil }
        return DeathSchema.death(object, parseTime: { Timestamp(rfc3339: $0) })
    }

    /// Every key set: scenes, cause, watchdog details, open tasks of both APIs and task kinds,
    /// evidence of every kind (a MetricKit index as a number and as a pair).
    static let full = Death(
        file: "logs/a \"b\".jsonl", line: 88, time: Timestamp(nanoseconds: 1_795_168_801_000_000_000), pid: 412,
        app: "com.example.app", version: "5.2.1 (412)", os: "26.1", session: 3, exitClass: .watchdog, state: "background",
        scenes: ["main": "background", "two ✓": "unattached"], visibility: .background,
        cause: DeathCause(rule: .handlerOverrun, line: 70),
        watchdog: WatchdogDetails(event: "scene-update", allowance: 10.0, clock: "wall", visibility: "foreground"),
        openTasks: [
            DeathTask(
                api: "bgtask", task: .number(7), name: "Called by Uploader, from -[UploadQueue flush]", owner: "Uploader", line: 60, openFor: 31_200_000_000),
            DeathTask(api: "bgsched", task: .string("com.example.refresh"), name: nil, owner: nil, line: 61, openFor: 5_000_000),
        ],
        evidence: [
            .log(file: "logs/a \"b\".jsonl", line: 88), .systemLog(file: "sys.txt", line: 9), .crashReport(file: "c.ips"),
            .metrickit(file: "mk.json", index: [0]), .metrickit(file: "mk.json", index: [1, 2]),
        ])

    @Test(arguments: [
        full,
        Death(file: "x", line: 1, time: nil, pid: nil, session: 1, exitClass: .purged, state: "suspended", visibility: .background),
        Death(
            file: "y", line: 5, time: Timestamp(nanoseconds: 7), pid: -3, session: 2, exitClass: .abnormal, state: "active",
            visibility: .foreground, watchdog: WatchdogDetails(event: nil, allowance: nil, clock: nil, visibility: "background")),
    ])
    func writingWhatWasReadGivesTheSameJSON(death: Death) throws {
        let written = Self.text(death)
        let back = try #require(Self.read(written), "\(written)")
        #expect(Self.text(back) == written)
        #expect(back.message == death.message && back.evidence == death.evidence && back.openTasks == death.openTasks)
        #expect(back.scenes == death.scenes && back.cause == death.cause && back.watchdog == death.watchdog)
    }

    /// A key of the wrong type, or an unknown class, visibility, rule or evidence kind, is
    /// refused (merge then names the line), never read as something else.
    @Test(arguments: [
        ("class", #""crashed""#), ("visibility", #""sideways""#), ("line", #""88""#), ("pid", "4.5"), ("time", #""yesterday""#),
        ("cause", #"{"rule":"LC999","line":1}"#), ("watchdog", #"{"event":1,"allowance":null,"clock":null,"visibility":null}"#),
        ("open_tasks", #"[{"api":"bgtask","task":true,"name":null,"owner":null,"line":1,"open_for":1}]"#),
        ("evidence", #"[{"kind":"rumour","file":"x"}]"#), ("evidence", #"[{"kind":"metrickit","file":"x","index":"0"}]"#),
        ("scenes", #"{"main":3}"#), ("message", "null"),
    ])
    func aWrongValueIsRefused(key: String, value: String) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(Self.text(Self.full).utf8)) as? [String: Any])
        object[key] = try JSONSerialization.jsonObject(with: Data(value.utf8), options: [.fragmentsAllowed])
        #expect(DeathSchema.death(object, parseTime: { Timestamp(rfc3339: $0) }) == nil, "\(key): \(value)")
    }
}
