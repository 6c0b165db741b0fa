import Foundation
import LCTraceCore

extension DeathSchema {
    /// Reads back what ``object(_:)`` wrote (as `JSONSerialization` parses it): the reader
    /// beside the writer, as ``FindingSchema`` has one, for `merge` of audit shards.
    ///
    /// Writing the death read gives the same JSON: seconds come back as the millisecond
    /// values written, and `message` as written (the verdict is not made again).
    ///
    /// - Parameters:
    ///   - o: one parsed death object.
    ///   - parseTime: the RFC 3339 parser for `time` (the one in LCTraceIngest).
    /// - Returns: the death, or `nil` when a key is missing or of the wrong type, or a class,
    ///   visibility, rule or evidence kind is unknown.
    public static func death(_ o: [String: Any], parseTime: (String) -> Timestamp?) -> Death? {
        func optional<T>(_ key: String, _ read: (Any) -> T?) -> T?? {
            guard let value = o[key], !(value is NSNull) else { return .some(nil) }
            guard let read = read(value) else { return nil }
            return .some(read)
        }
        let text: (Any) -> String? = { $0 as? String }
        guard let file = o["file"] as? String, let line = FindingSchema.integer(o["line"]),
            let session = FindingSchema.integer(o["session"]),
            let className = o["class"] as? String, let exitClass = ExitClass(rawValue: className),
            let stateValue = optional("state", text),
            let visibilityValue = optional("visibility", { ($0 as? String).flatMap(DeathVisibility.init(rawValue:)) }),
            let message = o["message"] as? String,
            let taskList = o["open_tasks"] as? [Any], let evidenceList = o["evidence"] as? [Any],
            let time = optional("time", { ($0 as? String).flatMap(parseTime) }),
            let pid = optional("pid", FindingSchema.integer),
            let app = optional("app", text), let version = optional("version", text), let os = optional("os", text),
            let cause = optional("cause", { ($0 as? [String: Any]).flatMap(Self.cause) }),
            let watchdog = optional("watchdog", { ($0 as? [String: Any]).flatMap(Self.watchdog) }),
            let code = optional("code", { ($0 as? [String: Any]).flatMap(Self.code) })
        else { return nil }
        // `null` is evidence alone that said nothing (SPEC §10).
        let state = stateValue ?? "unknown"
        let visibility = visibilityValue ?? .unknown
        var scenes: [String: String] = [:]
        if let value = o["scenes"] {
            guard let map = FindingSchema.stringMap(value) else { return nil }
            scenes = map
        }
        var tasks: [DeathTask] = []
        for item in taskList {
            guard let t = item as? [String: Any], let task = Self.task(t) else { return nil }
            tasks.append(task)
        }
        var evidence: [DeathEvidence] = []
        for item in evidenceList {
            guard let e = item as? [String: Any], let piece = Self.evidence(e) else { return nil }
            evidence.append(piece)
        }
        var death = Death(
            file: file, line: Int(line), time: time, pid: pid, app: app, version: version, os: os, session: Int(session),
            exitClass: exitClass, state: state, scenes: scenes, visibility: visibility, cause: cause, watchdog: watchdog,
            openTasks: tasks, evidence: evidence)
        death.code = code
        death.message = message
        return death
    }

    /// `{"thread", "frame", "binary", "symbol", "owner", "own", "offset"?}`; a shard written
    /// before `code` existed has no key, read as `null`.
    static func code(_ o: [String: Any]) -> DeathCode? {
        guard let thread = o["thread"] as? String, let frame = FindingSchema.integer(o["frame"]), let own = o["own"] as? Bool
        else { return nil }
        let offset = o["offset"].flatMap(FindingSchema.integer)
        return DeathCode(
            thread: thread, frame: Int(frame), binary: o["binary"] as? String, symbol: o["symbol"] as? String,
            owner: o["owner"] as? String, own: own, offset: offset)
    }

    /// `{"rule", "line"}`.
    static func cause(_ o: [String: Any]) -> DeathCause? {
        guard let id = o["rule"] as? String, let rule = Rule(rawValue: id), let line = FindingSchema.integer(o["line"]) else {
            return nil
        }
        return DeathCause(rule: rule, line: Int(line))
    }

    /// `{"event", "allowance", "clock", "visibility"}`, each `null` when unknown.
    static func watchdog(_ o: [String: Any]) -> WatchdogDetails? {
        func text(_ key: String) -> String?? {
            guard let value = o[key], !(value is NSNull) else { return .some(nil) }
            return (value as? String).map { .some($0) }
        }
        guard let event = text("event"), let clock = text("clock"), let visibility = text("visibility") else { return nil }
        var allowance: Double?
        if let value = o["allowance"], !(value is NSNull) {
            guard let n = value as? NSNumber, !(value is Bool) else { return nil }
            allowance = n.doubleValue
        }
        return WatchdogDetails(event: event, allowance: allowance, clock: clock, visibility: visibility)
    }

    /// `{"api", "task", "name", "owner", "line", "open_for"}`.
    static func task(_ o: [String: Any]) -> DeathTask? {
        guard let api = o["api"] as? String, let line = FindingSchema.integer(o["line"]),
            let openFor = o["open_for"] as? NSNumber, !(o["open_for"] is Bool),
            let taskValue = o["task"].flatMap(FindingSchema.taskValue)
        else { return nil }
        func text(_ key: String) -> String?? {
            guard let value = o[key], !(value is NSNull) else { return .some(nil) }
            return (value as? String).map { .some($0) }
        }
        guard let name = text("name"), let owner = text("owner") else { return nil }
        let seconds = openFor.doubleValue
        guard seconds.isFinite, abs(seconds) <= 1e9 else { return nil }
        return DeathTask(
            api: api, task: taskValue, name: name, owner: owner, line: Int(line), openFor: Int64((seconds * 1e9).rounded()))
    }

    /// `{"kind", "file"[, "line" | "index"]}`.
    static func evidence(_ o: [String: Any]) -> DeathEvidence? {
        guard let kind = o["kind"] as? String, let file = o["file"] as? String else { return nil }
        switch kind {
        case "log", "system-log", "test-runner":
            guard let line = FindingSchema.integer(o["line"]) else { return nil }
            switch kind {
            case "log": return .log(file: file, line: Int(line))
            case "system-log": return .systemLog(file: file, line: Int(line))
            default: return .testRunner(file: file, line: Int(line))
            }
        case "crash-report":
            return .crashReport(file: file)
        case "metrickit":
            guard let index = Self.index(from: o["index"] as Any) else { return nil }
            return .metrickit(file: file, index: index)
        default:
            return nil
        }
    }

    /// Reads back what ``index(_:)`` wrote: a number, or `[payload, diagnostic]`.
    public static func index(from value: Any) -> [Int]? {
        if let n = FindingSchema.integer(value) { return [Int(n)] }
        guard let array = value as? [Any], !array.isEmpty else { return nil }
        let parts = array.compactMap { FindingSchema.integer($0).map(Int.init) }
        return parts.count == array.count ? parts : nil
    }
}
