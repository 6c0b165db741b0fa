import LCTraceCore
import LCTraceIngest

/// iOS's own lifecycle messages inside a unified-log export (`log show --style ndjson` or
/// `--style json` of a sysdiagnose; docs/SYSTEM-LOGS.md): an entry whose `eventMessage` is one
/// of the messages ``SyslogFact`` recognises gives the same record and verdict as that message
/// in a transcript (``SyslogFactEffects``), with source `system`. The translator streams, so
/// what is known of the app is learnt as the export goes, and UIKit's verdicts wait in
/// ``verdicts`` for the pipeline (``LogReader/systemEvidenceVerdicts``).
///
/// The app: with `--app`, the process whose name (the last component of `processImagePath`)
/// or whose bundle (in RunningBoard's and FrontBoard's identities) it is, linked through pids;
/// without it, every process that writes UIKit's background-task messages or the app's own
/// lifecycle records. A RunningBoard or FrontBoard message counts only for a pid so known
/// (or, with `--app`, a bundle it names): a message about another process moves nothing.
/// An entry that is not recognised is ignored (fail closed).
///
/// The app's own records win: for a pid whose instrumented records the export holds, UIKit's
/// task messages give only their verdicts, and a state or kill message is written only if
/// the instrumented records have not given that kind of record for the pid, so no state
/// moves twice. Until they have, a system message may come just before the app's own record of
/// the same fact (RunningBoard logs a suspension before the observer does): an app record of
/// the same event and task within 5 s of the last record written from a system message for
/// its pid is that record's echo and is dropped.
struct UnifiedLogSystemEvidence {
    /// Kinds of records the instrumented side may already give for a pid.
    private struct Kinds: OptionSet {
        var rawValue: UInt8
        static let tasks = Kinds(rawValue: 1)
        static let states = Kinds(rawValue: 2)
        static let kills = Kinds(rawValue: 4)
    }

    /// `--app`, when given.
    private let app: String?
    /// The subsystem and category filter: system messages obey it like any entry.
    private let filter: UnifiedLogFilter
    private var effects = SyslogFactEffects()
    /// Pids of the app (from its UIKit messages, its records, or its bundle).
    private var pids: Set<Int64> = []
    /// Bundles of the app, and the pid each was last named with.
    private var bundles: [String: Int64?] = [:]
    /// What the instrumented records gave, per pid.
    private var instrumented: [Int64: Kinds] = [:]
    /// The last record written from a system message, per pid (for ``isEcho(_:)``).
    private var lastSystemRecord: [Int64: NativeLine] = [:]
    /// How far after a record written from a system message the app's own record of the same
    /// event (and task) is the same fact.
    static let echoWindow: Int64 = 5_000_000_000
    /// UIKit's verdicts, in line order.
    private(set) var verdicts: [SystemVerdict] = []
    /// Records written from system messages.
    private(set) var systemRecords = 0
    /// Lifecycle records of the app's own.
    private(set) var appRecords = 0

    /// Creates the evidence of one export.
    init(filter: UnifiedLogFilter) {
        self.filter = filter
        app = filter.syslog.app
        if let app { bundles[app] = .some(nil) }
    }

    /// Whether every record came from system messages: the export's findings are then all
    /// system evidence, as a transcript's.
    var isSystemOnly: Bool { appRecords == 0 && systemRecords > 0 }

    /// The one hook of ``UnifiedLogTranslator``: the record of an export entry, given the
    /// record its own lifecycle message made (`native`), or `nil`.
    ///
    /// - Parameters:
    ///   - native: the entry's own lifecycle record, if any: it is noted and returned.
    ///   - entry: the parsed entry over `p[0..<count]`.
    ///   - line: the export line the entry starts on.
    mutating func take(
        _ native: NativeLine?, _ entry: UnifiedLogEntry, _ p: UnsafePointer<UInt8>, _ count: Int, line: Int
    ) -> NativeLine? {
        if let native {
            noteInstrumented(native)
            // The same fact written a moment ago from a system message (RunningBoard's
            // suspension, UIKit's task creation, logged just before the app's own record of
            // it): the earlier record stands for both, so no state moves twice.
            if isEcho(native) { return nil }
            return native
        }
        guard let message = Self.message(entry, p) else { return nil }
        guard let fact = SyslogFact.recognise(Substring(message)) else { return nil }
        if !filter.subsystems.isEmpty || !filter.categories.isEmpty {
            let subsystem = UnifiedLogEntry.string(of: entry.subsystem, in: p)
            let category = UnifiedLogEntry.string(of: entry.category, in: p)
            guard filter.keeps(subsystem: subsystem, category: category) else { return nil }
        }
        guard let stamp = entry.timestamp, stamp.kind == .string,
            let time = try? Timestamp.parseUnifiedLog(UnifiedLogEntry.bytes(of: stamp, in: p))
        else { return nil }
        let record = apply(fact, entry: entry, p, count, time: time, line: line)
        if let record, let pid = Self.pid(of: record) {
            systemRecords += 1
            lastSystemRecord[pid] = record
        }
        return record
    }

    /// How every recognised message starts (``SyslogFact``): an entry whose message starts
    /// otherwise, nearly every entry of an export, is passed over without being decoded.
    private static let openings: [[UInt8]] = [
        "Created background task ", "Ending background task ", "Background Task ", "Background task still",
        "Can't end", "Calculated state for ", "Received termination request ", "[app", "[BackgroundTask] ",
        "[com.apple.UIKit:BackgroundTask] ",
    ].map { Array($0.utf8) }

    /// The entry's message when it is a plain log message that may be one of the patterns.
    private static func message(_ entry: UnifiedLogEntry, _ p: UnsafePointer<UInt8>) -> String? {
        guard let m = entry.eventMessage, m.kind == .string, m.end > m.start else { return nil }
        let raw = UnsafeBufferPointer(start: p + m.start, count: m.end - m.start)
        guard openings.contains(where: { raw.count >= $0.count && raw.starts(with: $0) }) else { return nil }
        if entry.eventType != nil, !UnifiedLogEntry.value(entry.eventType, in: p, is: "logEvent") { return nil }
        return UnifiedLogEntry.string(of: m, in: p)
    }

    /// Notes a record of the app's own.
    private mutating func noteInstrumented(_ native: NativeLine) {
        appRecords += 1
        guard let pid = Self.pid(of: native) else { return }
        pids.insert(pid)
        var kinds = instrumented[pid] ?? []
        if native.event.hasPrefix("bgtask.") { kinds.insert(.tasks) }
        if native.event == "sys.suspend" || native.event == "sys.resume" { kinds.insert(.states) }
        if native.event == "sys.kill" || native.event == "process.exit" { kinds.insert(.kills) }
        instrumented[pid] = kinds
    }

    /// Whether an app record repeats the last record written from a system message for its
    /// pid: the same event and task within ``echoWindow``. That record is then consumed.
    private mutating func isEcho(_ native: NativeLine) -> Bool {
        guard !lastSystemRecord.isEmpty, let pid = Self.pid(of: native), let earlier = lastSystemRecord[pid] else {
            return false
        }
        guard earlier.event == native.event, Self.task(of: earlier) == Self.task(of: native),
            native.time.nanoseconds(since: earlier.time).magnitude <= UInt64(Self.echoWindow)
        else { return false }
        lastSystemRecord[pid] = nil
        return true
    }

    private static func task(of native: NativeLine) -> NativeLine.Value? {
        native.fields.first { $0.key == "task" }?.value
    }

    private static func pid(of native: NativeLine) -> Int64? {
        for field in native.fields where field.key == "pid" {
            if case .integer(let pid) = field.value { return pid }
        }
        return nil
    }

    /// The record of a recognised fact, if it is about the app and moves something.
    private mutating func apply(
        _ fact: SyslogFact, entry: UnifiedLogEntry, _ p: UnsafePointer<UInt8>, _ count: Int, time: Timestamp, line: Int
    ) -> NativeLine? {
        switch fact {
        case .taskCreated, .taskOverdue, .taskExpiredNotEnded, .taskEnding, .taskUnknown:
            guard let pid = Self.processID(entry, p) else { return nil }
            if let app, !pids.contains(pid) {
                guard Self.processName(entry, p) == app else { return nil }
            }
            pids.insert(pid)
            let effect = effects.task(fact, pid: pid, time: time, line: line, file: "")
            if let verdict = effect.verdict { verdicts.append(verdict) }
            if instrumented[pid]?.contains(.tasks) == true { return nil }
            return effect.native
        case .running(let identity), .suspended(let identity), .killed(let identity, _), .watchdogIgnored(let identity):
            guard let pid = owner(identity) else { return nil }
            let native = effects.process(fact, pid: pid, time: time)
            let kind: Kinds
            if case .killed = fact { kind = .kills } else { kind = .states }
            if instrumented[pid]?.contains(kind) == true { return nil }
            return native
        case .visibility:
            return nil
        }
    }

    /// The app's pid a RunningBoard or FrontBoard identity names, if it is the app's.
    private mutating func owner(_ identity: SyslogFact.Identity) -> Int64? {
        if let pid = identity.pid {
            if pids.contains(pid) {
                bundles[identity.bundle] = .some(pid)
                return pid
            }
            guard bundles[identity.bundle] != nil else { return nil }
            pids.insert(pid)
            bundles[identity.bundle] = .some(pid)
            return pid
        }
        // `Calculated state for application<b>: …` names no pid: the bundle's last one.
        guard let known = bundles[identity.bundle], let pid = known else { return nil }
        return pid
    }

    /// The entry's `processID`.
    private static func processID(_ entry: UnifiedLogEntry, _ p: UnsafePointer<UInt8>) -> Int64? {
        guard let value = entry.processID, value.kind == .number, !value.flag else { return nil }
        let digits = UnsafeBufferPointer(start: p + value.start, count: value.end - value.start)
        return Int64(String(decoding: digits, as: UTF8.self))
    }

    /// The writing process's name: the last component of `processImagePath` (what `log show`
    /// writes; `process` in some converters' output). Read only for recognised UIKit messages.
    private static func processName(_ entry: UnifiedLogEntry, _ p: UnsafePointer<UInt8>) -> String? {
        if let path = UnifiedLogEntry.string(of: entry.processImagePath, in: p), let last = path.split(separator: "/").last {
            return String(last)
        }
        return UnifiedLogEntry.string(of: entry.process, in: p)
    }
}
