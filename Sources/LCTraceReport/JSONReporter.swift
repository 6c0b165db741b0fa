import LCTraceCore

/// The `json` format: one pretty-printed document in the shape of SPEC §6.
///
/// ```
/// {
///   "tool": {"name", "version"},
///   "files": [{"path", "events", "sessions", "errors", "warnings", "notes", "exits"}],
///   "findings": [{"rule", "name", "severity", "file", "line", "time", "pid", "scene",
///                 "task", "owner", "state", "event", "message", "exit", "source", "session"}],
///   "deaths": [{"file", "line", "time", "pid", "app", …, "message"}],
///   "diagnostics": [{"file", "index", "pid", "log", "session", "kind", …}],  (--metrickit)
///   "summary": {"files", "events", "sessions", "errors", "warnings", "notes", "exits",
///               "unreadable", "deaths", "metrickit"},
///   "unreadable": [{"path", "reason"}]
/// }
/// ```
///
/// The SPEC keys are public API and come first, in the SPEC's order; `exits` and `unreadable`
/// are additions, and so are a finding's `exit`, `source` and `session` (``FindingSchema``). Absent values are `null`, never omitted, so every
/// finding has the same keys. `exits` always lists all six exit classes, in the order
/// `normal`, `purged`, `watchdog`, `bgtask-timeout`, `abnormal`, `open`.
public struct JSONReporter: Reporter {
    /// `json`.
    public static let format = ReportFormat.json

    /// The options (none affect this format).
    public var options: ReportOptions

    /// Creates a reporter.
    public init(options: ReportOptions = ReportOptions()) {
        self.options = options
    }

    /// Writes the document, followed by a newline.
    public func write<Output: TextOutputStream>(_ run: RunReport, to output: inout Output) {
        JSONWriter.write(Self.document(for: run), pretty: true, to: &output)
        output.write("\n")
    }

    /// The whole document.
    public static func document(for run: RunReport) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("tool", tool(version: run.toolVersion)),
            ("files", .array(run.files.map(file))),
            ("findings", .array(run.files.flatMap { $0.findings.map(finding) })),
            ("deaths", .array(run.files.flatMap { $0.deaths.map(DeathSchema.object) })),
        ]
        // With --metrickit only (docs/METRICKIT.md): the other diagnostics of joined pids.
        if let metrickit = run.metrickit { members.append(("diagnostics", .array(metrickit.diagnostics.map(diagnostic)))) }
        var summary = summary(run.summary, unreadable: run.unreadable.count, metrickit: run.metrickit)
        // Outside evidence that joined no session (SPEC §8), only when some did not: reports
        // of runs without it keep their shape.
        if !run.unjoined.isEmpty {
            members.append(("unjoined", .array(run.unjoined.map(unjoined))))
            if case .object(var fields) = summary {
                fields.append(("unjoined", .int(run.unjoined.count)))
                summary = .object(fields)
            }
        }
        members += [("summary", summary), ("unreadable", .array(run.unreadable.map(unreadable)))]
        return .object(members)
    }

    /// One `diagnostics` entry: `{"file", "index", "pid", "log", "session", "kind",
    /// "hangDuration", "launchDuration"}` (durations as MetricKit wrote them, else `null`).
    public static func diagnostic(_ entry: JoinedDiagnostic) -> JSONValue {
        .object([
            ("file", .string(entry.file)),
            ("index", DeathSchema.index(entry.index)),
            ("pid", .integer(entry.pid)),
            ("log", .string(entry.log)),
            ("session", .int(entry.session)),
            ("kind", .string(entry.kind)),
            ("hangDuration", .string(entry.hangDuration)),
            ("launchDuration", .string(entry.launchDuration)),
        ])
    }

    /// `{"name": "lctrace", "version": …}`.
    public static func tool(version: String) -> JSONValue {
        .object([("name", .string("lctrace")), ("version", .string(version))])
    }

    /// One `files` entry.
    public static func file(_ file: FileResult) -> JSONValue {
        .object(
            [
                ("path", .string(file.path)),
                ("events", .int(file.events)),
                ("sessions", .int(file.sessions)),
                ("errors", .int(file.count(.error))),
                ("warnings", .int(file.count(.warning))),
                ("notes", .int(file.count(.note))),
                ("exits", exits(file.exitClasses)),
            ] + omitted(file.deathsOmitted))
    }

    /// `deaths_omitted`, only when some deaths are not listed (a file lists its first
    /// ``FileResult/maximumDeathsListed``): reports without a cut keep their shape.
    public static func omitted(_ count: Int) -> [(String, JSONValue)] {
        count > 0 ? [("deaths_omitted", .int(count))] : []
    }

    /// One `findings` entry (also one line of `jsonl`): ``FindingSchema/object(_:)``.
    public static func finding(_ finding: Finding) -> JSONValue { FindingSchema.object(finding) }

    /// The `summary` object; `unreadable` is the number of inputs that could not be read;
    /// with `--metrickit`, its counts as `metrickit` (`json` and `jsonl` alike).
    public static func summary(_ summary: RunSummary, unreadable: Int, metrickit: MetricKitSummary? = nil) -> JSONValue {
        var members: [(key: String, value: JSONValue)] =
            [
                ("files", .int(summary.files)),
                ("events", .int(summary.events)),
                ("sessions", .int(summary.sessions)),
                ("errors", .int(summary.errors)),
                ("warnings", .int(summary.warnings)),
                ("notes", .int(summary.notes)),
                ("exits", exits(summary.exitClasses)),
                ("unreadable", .int(unreadable)),
                ("deaths", DeathSchema.counts(summary.deaths)),
            ] + omitted(summary.deathsOmitted)
        if let metrickit {
            members.append(
                (
                    "metrickit",
                    .object([
                        ("payloads", .int(metrickit.payloads)), ("joined", .int(metrickit.joined)),
                        ("unjoined", .int(metrickit.unjoined)),
                    ])
                ))
        }
        return .object(members)
    }

    /// One `unjoined` entry: `{"file", "kind", "pid", "reason"}`.
    public static func unjoined(_ piece: UnjoinedEvidence) -> JSONValue {
        .object([
            ("file", .string(piece.file)), ("kind", .string(piece.kind)), ("pid", .integer(piece.pid)),
            ("reason", .string(piece.reason)),
        ])
    }

    /// One `unreadable` entry: `{"path", "reason"}`.
    public static func unreadable(_ input: UnreadableInput) -> JSONValue {
        .object([("path", .string(input.path)), ("reason", .string(input.reason))])
    }

    /// Sessions per exit class, every class present (zero when absent), in declaration order.
    public static func exits(_ counts: [ExitClass: Int]) -> JSONValue {
        .object(ExitClass.allCases.map { ($0.name, .int(counts[$0] ?? 0)) })
    }
}
