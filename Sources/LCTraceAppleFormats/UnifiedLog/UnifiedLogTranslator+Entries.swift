import LCTraceCore
import LCTraceIngest

/// What the unified-log translator reads from an export entry besides its lifecycle event:
/// a `lossEvent`'s message (LC404), whether the `--subsystem`/`--category` filter keeps an
/// entry, and the task id of a `bgtask` signpost interval.
extension UnifiedLogTranslator {
    /// The most characters of a `lossEvent`'s own message quoted in its finding.
    static let lossMessageLimit = 200

    /// The LC404 message of a `lossEvent` entry: what the log said, quoted (cut at
    /// ``lossMessageLimit`` characters).
    static func lossMessage(_ entry: UnifiedLogEntry, _ p: UnsafePointer<UInt8>) -> String {
        let said: String = UnifiedLogEntry.string(of: entry.eventMessage, in: p) ?? ""
        if said.isEmpty { return "the log says records were lost here ('lossEvent' without a message)" }
        var quoted: String = String(said.prefix(lossMessageLimit))
        if quoted.count < said.count { quoted += "…" }
        return "the log says records were lost here: '" + quoted + "'"
    }

    /// Whether the filter keeps an entry that is a log record (not the `finished` summary).
    static func filterKeeps(_ entry: UnifiedLogEntry, _ p: UnsafePointer<UInt8>, filter: UnifiedLogFilter) -> Bool {
        guard entry.eventType != nil || entry.eventMessage != nil || entry.signpostName != nil else { return false }
        let subsystem: String? = UnifiedLogEntry.string(of: entry.subsystem, in: p)
        let category: String? = UnifiedLogEntry.string(of: entry.category, in: p)
        return filter.keeps(subsystem: subsystem, category: category)
    }

    /// The task of a `bgtask` signpost interval whose message names none: its `signpostID`, as
    /// the string `signpost-ID`, so that the begin and end of one interval pair and two
    /// overlapping intervals of one name stay apart. The ID is copied as its decimal digits,
    /// never converted (real IDs go past Int64: `14608112960288129006`). `nil` when the record
    /// is not such an interval, names its task, or has no integer `signpostID`.
    static func signpostTask(
        _ entry: UnifiedLogEntry, _ p: UnsafePointer<UInt8>, event: LifecycleEvent,
        fields: [(key: String, value: NativeLine.Value)]
    ) -> NativeLine.Value? {
        guard event == .bgtaskBegin || event == .bgtaskEnd else { return nil }
        guard UnifiedLogEntry.value(entry.eventType, in: p, is: "signpostEvent") else { return nil }
        guard let id = entry.signpostID, id.kind == .number, !id.flag, p[id.start] != 0x2D else { return nil }
        for field in fields where field.key == "task" { return nil }
        let digits = UnsafeBufferPointer(start: p + id.start, count: id.end - id.start)
        return .string("signpost-" + String(decoding: digits, as: UTF8.self))
    }
}
