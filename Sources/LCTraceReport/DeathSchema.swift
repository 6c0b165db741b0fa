import Foundation
import LCTraceCore

/// The JSON shape of one ``Death`` (SPEC §8 "Deaths"): the one writer of a death, beside
/// ``FindingSchema``, for `json`'s `deaths`, `jsonl`'s `{"death": …}` lines and `lctrace why`.
///
/// ```
/// {"file", "line", "time", "pid", "app", "version", "os", "session", "class", "state",
///  "scenes", "visibility", "cause", "watchdog", "code", "open_tasks", "evidence", "message"}
/// ```
///
/// Keys in the SPEC's order; absent values are `null`, except `scenes`, which is left out for
/// a process without scenes (SPEC §8). Seconds (`open_for`, `allowance`) are JSON numbers
/// with up to three decimals.
public enum DeathSchema {
    /// A death as a JSON object.
    public static func object(_ death: Death) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("file", .string(death.file)),
            ("line", .int(death.line)),
            ("time", .string(death.time?.rfc3339)),
            ("pid", .integer(death.pid)),
            ("app", .string(death.app)),
            ("version", .string(death.version)),
            ("os", .string(death.os)),
            ("session", .int(death.session)),
            ("class", .string(death.exitClass.name)),
            // Evidence alone that states nothing of the state (SPEC §10): `null`, as the visibility.
            ("state", .string(death.visibility == .unknown && death.state == "unknown" ? nil : death.state)),
        ]
        if !death.scenes.isEmpty {
            members.append(("scenes", .object(death.scenes.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        }
        members += [
            ("visibility", .string(death.visibility == .unknown ? nil : death.visibility.rawValue)),
            ("cause", death.cause.map { .object([("rule", .string($0.rule.id)), ("line", .int($0.line))]) } ?? .null),
            ("watchdog", death.watchdog.map(watchdog) ?? .null),
            ("code", death.code.map(code) ?? .null),
            ("open_tasks", .array(death.openTasks.map(task))),
            ("evidence", .array(death.evidence.map { evidence($0, said: death.said[$0]) })),
            ("message", .string(death.message)),
        ]
        return .object(members)
    }

    /// `{"event", "allowance", "clock", "visibility"}`.
    static func watchdog(_ details: WatchdogDetails) -> JSONValue {
        .object([
            ("event", .string(details.event)),
            ("allowance", details.allowance.map { .number(seconds($0)) } ?? .null),
            ("clock", .string(details.clock)),
            ("visibility", .string(details.visibility)),
        ])
    }

    /// `{"thread", "frame", "binary", "symbol", "owner", "own"}`, and `"offset"` for an
    /// unsymbolicated frame (SPEC §10).
    static func code(_ code: DeathCode) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("thread", .string(code.thread)),
            ("frame", .int(code.frame)),
            ("binary", .string(code.binary)),
            ("symbol", .string(code.symbol)),
            ("owner", .string(code.owner)),
            ("own", .bool(code.own)),
        ]
        if let offset = code.offset { members.append(("offset", .integer(offset))) }
        return .object(members)
    }

    /// `{"api", "task", "name", "owner", "line", "open_for"}`.
    static func task(_ task: DeathTask) -> JSONValue {
        .object([
            ("api", .string(task.api)),
            ("task", FindingSchema.task(task.task)),
            ("name", .string(task.name)),
            ("owner", .string(task.owner)),
            ("line", .int(task.line)),
            ("open_for", .number(seconds(nanoseconds: task.openFor))),
        ])
    }

    /// `{"kind": "log", "file", "line"}`, `{"kind": "crash-report", "file"}`, …; a piece that
    /// disagrees with the class decided also says what it said (`"class"`, `null` when it said
    /// nothing of the cause, and `"reason"`; SPEC §8).
    static func evidence(_ piece: DeathEvidence, said: EvidenceSaid? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("kind", .string(piece.kind)), ("file", .string(piece.file))]
        switch piece {
        case .log(_, let line), .systemLog(_, let line), .testRunner(_, let line): members.append(("line", .int(line)))
        case .metrickit(_, let index): members.append(("index", Self.index(index)))
        case .crashReport: break
        }
        if let said {
            members.append(("class", .string(said.exitClass?.name)))
            members.append(("reason", .string(said.reason)))
        }
        return .object(members)
    }

    /// A MetricKit index (SPEC §8): a number, except `[payload, diagnostic]` in a top-level array.
    public static func index(_ index: [Int]) -> JSONValue {
        index.count == 1 ? .int(index[0]) : .array(index.map { .int($0) })
    }

    /// Deaths per class and visibility: `{"watchdog": {"foreground": 1, "background": 2}}`,
    /// classes in SPEC §5's order, classes with no death left out.
    public static func counts(_ deaths: [ExitClass: [DeathVisibility: Int]]) -> JSONValue {
        .object(
            ExitClass.allCases.compactMap { exitClass in
                guard let byVisibility = deaths[exitClass], !byVisibility.isEmpty else { return nil }
                return (
                    exitClass.name,
                    .object(
                        DeathVisibility.allCases.compactMap { v in byVisibility[v].map { (v.rawValue, .int($0)) } })
                )
            })
    }

    /// Reads back what ``counts(_:)`` wrote (as `JSONSerialization` parses it); `nil` for an
    /// unknown class or visibility, or a count that is not a non-negative integer.
    public static func counts(from value: Any) -> [ExitClass: [DeathVisibility: Int]]? {
        guard let object = value as? [String: Any] else { return nil }
        var counts: [ExitClass: [DeathVisibility: Int]] = [:]
        for (name, inner) in object {
            guard let exitClass = ExitClass(rawValue: name), let byVisibility = inner as? [String: Any] else { return nil }
            for (visibility, n) in byVisibility {
                guard let v = DeathVisibility(rawValue: visibility), let n = FindingSchema.integer(n), n >= 0 else { return nil }
                if n > 0 { counts[exitClass, default: [:]][v] = Int(n) }
            }
        }
        return counts
    }

    /// Seconds in JSON number syntax, rounded to the millisecond, trailing zeros dropped
    /// (`31.2`, `10`, `0.005`).
    static func seconds(nanoseconds: Int64) -> String {
        DurationText.budget(nanoseconds)
    }

    /// The same for seconds given as a `Double` (finite, clamped to ±10⁹ s).
    static func seconds(_ value: Double) -> String {
        let clamped = value.isFinite ? min(max(value, -1e9), 1e9) : 0
        return seconds(nanoseconds: Int64((clamped * 1e9).rounded()))
    }
}
