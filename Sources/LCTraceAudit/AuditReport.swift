import LCTraceAppleFormats
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import LCTraceReport

/// Renders an audit as it goes: ``begin(top:shard:)``, one ``entry(_:)`` per path in path
/// order, then ``end(_:write:)``. Each call returns (or writes) the text to write at once,
/// so every format streams: `json` writes its `files` array as files arrive and spills the
/// `findings` elements to a temporary file until the `files` array is closed; only the
/// unreadable and skipped lists are held (small), and the aggregate.
///
/// The `jsonl` shape (one compact object per line, told apart by the first key):
///
/// | first key | line |
/// | --- | --- |
/// | `audit` | first line: `{"audit": {"version": 1, "top": K, "shard": null or {"index", "count"}[, "file_list": {"paths", "digest"}], "configuration": {"model", "os", "budgets"[, "rules"]}, "reading": {"input_format", "subsystems", "categories", "date", "app", "max_decompressed"}, "fail_on": "error", "summary_only": B, "lctrace": "VERSION"}}` (`rules` only when the rule settings are not the defaults; `file_list` only with a shard: the list it was cut from, ``AuditFileList``) |
/// | `rule` | a finding, as in `replay --format jsonl` (not with `--summary-only`) |
/// | `death` | after the file's findings: a death, as in `replay --format jsonl` (``DeathSchema``; not with `--summary-only`) |
/// | `file` | after the file's findings and deaths: `path`, `events`, `sessions`, `errors`, `warnings`, `notes`, `exits`, `rules` (`{"LC100": n}`, non-zero only), `worst_sessions`, `owners`, `deaths` (per class and visibility, SPEC §8) |
/// | `unreadable` | `{"path", "reason"}`: a path that could not be read |
/// | `skipped` | `{"path", "reason"}`: a path that is not a log |
/// | `metrickit` | with `--metrickit`, before the summary: MetricKit's exit counters beside the recordings and what was joined (``AuditMetricKit/json(_:)``) |
/// | `summary` | last line: the aggregate (with `deaths` summed over the files, and `metrickit` with `--metrickit`), and `tool` |
///
/// Files, unreadable and skipped paths come in one sequence sorted by path bytes.
public struct AuditReport {
    /// The formats an audit writes itself (`sarif`, `junit` and `github` go through the
    /// replay reporters).
    public enum Format: String, Sendable, CaseIterable {
        case text, json, jsonl
    }

    /// The format written.
    public let format: Format
    /// Whether findings (all formats) and per-file lines (text, json) are left out.
    public let summaryOnly: Bool
    /// Whether text findings are coloured with ANSI sequences.
    public let colour: Bool
    /// The lctrace version written in the summary.
    public let toolVersion: String
    /// `json`: whether a `files` element was written (the array is opened by the first).
    private var wroteFile = false
    /// `json`: the `findings` elements, spilled to a temporary file until the `files`
    /// array is complete, so that the document streams too.
    private var findings: SpillFile?
    /// `json`: the `deaths` elements, spilled likewise.
    private var deaths: SpillFile?
    private var unreadable: [JSONValue] = []
    private var skipped: [JSONValue] = []

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - format: text, json or jsonl.
    ///   - summaryOnly: leave out findings (all formats) and per-file lines (text, json).
    ///   - colour: ANSI colour in text findings.
    ///   - toolVersion: lctrace's version, for `tool`.
    public init(format: Format, summaryOnly: Bool = false, colour: Bool = false, toolVersion: String = LCTraceVersion.current) {
        self.format = format
        self.summaryOnly = summaryOnly
        self.colour = colour
        self.toolVersion = toolVersion
    }

    /// Whether entries need their findings.
    public var needsFindings: Bool { !summaryOnly }

    /// The text before the first entry: the `jsonl` header line, or the start of the `json`
    /// document.
    ///
    /// - Parameter configuration: the replay configuration of the audit, recorded in the
    ///   `jsonl` header so that `merge` can refuse shards audited differently.
    /// - Parameter reading: how the audit read its inputs (`--input-format`, the filters,
    ///   `--max-decompressed`), recorded beside the configuration.
    /// - Parameter fileList: with a shard, the file list it was cut from (written only with `shard`).
    /// - Parameter failOn: the effective `--fail-on`, recorded so that `merge` exits as the
    ///   audit would; `nil` leaves the key out.
    public func begin(
        top: Int, shard: AuditShard?, configuration: ReplayConfiguration? = nil, reading: ReadOptions? = nil,
        fileList: AuditFileList? = nil, failOn: FailThreshold? = nil
    ) -> String {
        switch format {
        case .jsonl:
            return line(
                Self.header(
                    top: top, shard: shard, fileList: fileList, configuration: configuration, reading: reading,
                    failOn: failOn, summaryOnly: summaryOnly, toolVersion: toolVersion))
        case .json: return "{\n  \"tool\": " + Self.pretty(JSONReporter.tool(version: toolVersion), depth: 1) + ",\n  \"files\": "
        case .text: return ""
        }
    }

    /// The text for one entry.
    public mutating func entry(_ entry: AuditEntry) -> String {
        switch format {
        case .jsonl:
            var out = ""
            switch entry {
            case .file(let d, let fs, let deaths):
                if !summaryOnly {
                    for f in fs { out += line(JSONReporter.finding(f)) }
                    for death in deaths { out += line(.object([("death", DeathSchema.object(death))])) }
                }
                out += line(.object([("file", Self.file(d))]))
            case .unreadable(let u):
                out += line(.object([("unreadable", JSONReporter.unreadable(u))]))
            case .skipped(let path, let reason):
                out += line(.object([("skipped", Self.skipped(path, reason))]))
            }
            return out
        case .json:
            switch entry {
            case .file(let d, let fs, let ds):
                guard !summaryOnly else { return "" }
                if !fs.isEmpty {
                    if findings == nil { findings = SpillFile() }
                    for f in fs {
                        findings?.append(Self.pretty(JSONReporter.finding(f), depth: 2))
                    }
                }
                if !ds.isEmpty {
                    if deaths == nil { deaths = SpillFile() }
                    for death in ds { deaths?.append(Self.pretty(DeathSchema.object(death), depth: 2)) }
                }
                defer { wroteFile = true }
                return (wroteFile ? ",\n    " : "[\n    ") + Self.pretty(Self.file(d), depth: 2)
            case .unreadable(let u):
                unreadable.append(JSONReporter.unreadable(u))
            case .skipped(let path, let reason):
                if !summaryOnly { skipped.append(Self.skipped(path, reason)) }
            }
            return ""
        case .text:
            guard !summaryOnly else { return "" }
            switch entry {
            case .file(let d, let fs, _):
                var out = ""
                for f in fs { out += TextReporter.line(for: f, colour: colour) + "\n" }
                out += Self.printable(d.path) + ": " + Self.counts(d.events, d.sessions, d.errors, d.warnings, d.notes) + "\n"
                return out
            case .unreadable(let u):
                return Self.printable(u.path) + ": unreadable: " + Self.printable(u.reason) + "\n"
            case .skipped(let path, let reason):
                return Self.printable(path) + ": skipped: " + Self.printable(reason) + "\n"
            }
        }
    }

    /// The text after the last entry: the aggregate (and, for `json`, the findings).
    public mutating func end(_ aggregate: AuditAggregate) -> String {
        var out = ""
        end(aggregate) { out += $0 }
        return out
    }

    /// Writes the text after the last entry piece by piece, so that the `json` findings
    /// are never all in memory.
    public mutating func end(_ aggregate: AuditAggregate, write: (String) -> Void) {
        switch format {
        case .jsonl:
            if let m = aggregate.metrickit { write(line(.object([("metrickit", m.json(aggregate.summary))]))) }
            write(
                line(
                    .object([
                        ("summary", Self.summary(aggregate)), ("tool", JSONReporter.tool(version: toolVersion)),
                    ])))
        case .json:
            write(wroteFile ? "\n  ],\n  \"findings\": " : "[],\n  \"findings\": ")
            Self.writeArray(findings, write: write)
            findings = nil
            write(",\n  \"deaths\": ")
            Self.writeArray(deaths, write: write)
            deaths = nil
            write(",\n  \"summary\": " + Self.pretty(Self.summary(aggregate), depth: 1))
            if let m = aggregate.metrickit { write(",\n  \"metrickit\": " + Self.pretty(m.json(aggregate.summary), depth: 1)) }
            write(",\n  \"unreadable\": " + Self.pretty(.array(unreadable), depth: 1))
            write(",\n  \"skipped\": " + Self.pretty(.array(skipped), depth: 1) + "\n}\n")
        case .text:
            let text = Self.text(aggregate)
            write(summaryOnly ? String(text.dropFirst()) : text)
        }
    }

    /// A top-level array of the `json` document from its spilled elements (`[]` for none).
    private static func writeArray(_ spill: SpillFile?, write: (String) -> Void) {
        guard let spill, spill.count > 0 else {
            write("[]")
            return
        }
        write("[\n    ")
        var first = true
        // swift-format-ignore: ReplaceForEachWithForLoop
        // (SpillFile is not a Sequence: its forEach streams the file back.)
        spill.forEach { element in
            write((first ? "" : ",\n    ") + element)
            first = false
        }
        write("\n  ]")
    }

    /// `value` pretty-printed as it appears nested `depth` levels deep in a document (JSON
    /// strings hold no raw line ends, so indenting every line end is exact).
    static func pretty(_ value: JSONValue, depth: Int) -> String {
        JSONWriter.string(value, pretty: true, depth: depth)
    }

    private func line(_ value: JSONValue) -> String {
        JSONWriter.string(value, pretty: false) + "\n"
    }

    // MARK: JSON pieces

    /// The `audit` header object: everything about how the output was made that changes
    /// what it holds, for `merge` to compare (``AuditMerge``).
    ///
    /// - Parameters:
    ///   - top: `--top`.
    ///   - shard: `--shard`, or `nil`.
    ///   - fileList: the file list the shard was cut from; written only with `shard` (an
    ///     unsharded output's list is its entries, and outputs of different lists merge).
    ///   - configuration: the replay configuration (model, OS, budgets).
    ///   - reading: how the inputs were read; `nil` leaves the key out.
    ///   - failOn: the effective `--fail-on`; `nil` leaves the key out.
    ///   - summaryOnly: `--summary-only` (the output holds no findings).
    ///   - toolVersion: the lctrace that wrote it; `nil` leaves the key out.
    public static func header(
        top: Int, shard: AuditShard?, fileList: AuditFileList? = nil, configuration: ReplayConfiguration? = nil,
        reading: ReadOptions? = nil, failOn: FailThreshold? = nil, summaryOnly: Bool = false, toolVersion: String? = nil
    ) -> JSONValue {
        let shardValue: JSONValue = shard.map { .object([("index", .int($0.index)), ("count", .int($0.count))]) } ?? .null
        var fields: [(key: String, value: JSONValue)] = [("version", .int(1)), ("top", .int(top)), ("shard", shardValue)]
        if shard != nil, let fileList {
            fields.append(("file_list", .object([("paths", .int(fileList.paths)), ("digest", .string(fileList.digestText))])))
        }
        if let configuration { fields.append(("configuration", Self.configuration(configuration))) }
        if let reading { fields.append(("reading", Self.reading(reading))) }
        // The effective `--fail-on` (flag, else `fail_on` of the configuration file), so that
        // `merge` exits as the unsharded audit would under the same configuration.
        if let failOn { fields.append(("fail_on", .string(failOn.rawValue))) }
        fields.append(("summary_only", .bool(summaryOnly)))
        if let toolVersion { fields.append(("lctrace", .string(toolVersion))) }
        return .object([("audit", .object(fields))])
    }

    /// What of a replay configuration changes findings: `model`, `os` (`--os`), every
    /// budget's seconds (as text, `"20.0"`), in SPEC order, and, when the configuration
    /// changes any, `rules`: `{"disabled": [ids], "severity": {id: severity}}` (only
    /// severities that differ from the rule's own), so that `merge` aggregates with them and
    /// refuses shards audited under other rule settings; and the configuration's `owners`
    /// (prefix → owner, sorted; written only when there are some).
    public static func configuration(_ c: ReplayConfiguration) -> JSONValue {
        let budgets = Budgets.names.compactMap { name in c.budgets.seconds[name].map { (key: name, value: JSONValue.string("\($0)")) } }
        var fields: [(key: String, value: JSONValue)] = [
            ("model", .string(c.model.rawValue)), ("os", .string(c.defaultOS.map(Self.osVersion))), ("budgets", .object(budgets)),
        ]
        if !c.owners.extra.isEmpty {
            fields.append(("owners", .object(c.owners.extra.map { (key: $0.prefix, value: .string($0.owner)) })))
        }
        if !c.rules.isDefault {
            let disabled = Rule.allCases.filter { !c.rules.isEnabled($0) }.map { JSONValue.string($0.id) }
            let severities = Rule.allCases.compactMap { r -> (key: String, value: JSONValue)? in
                c.rules.isEnabled(r) && c.rules.severity(of: r) != r.severity ? (r.id, .string(c.rules.severity(of: r).name)) : nil
            }
            fields.append(("rules", .object([("disabled", .array(disabled)), ("severity", .object(severities))])))
        }
        return .object(fields)
    }

    /// An OS version as the header records it: trailing `.0` components dropped (`17.0` and
    /// `17.0.0` are `17`, `17.4.0` is `17.4`), so equivalent spellings of `--os` are one value.
    public static func osVersion(_ text: String) -> String { ReplayConfiguration.canonicalOS(text) }

    /// What of the reading options changes which records are read: `input_format`,
    /// `subsystems`, `categories` (each sorted by their bytes, without repeats: a filter keeps
    /// any of them, so order and repeats change nothing), `date`, `app` and
    /// `max_decompressed` (bytes, `null`: no limit).
    public static func reading(_ r: ReadOptions) -> JSONValue {
        .object([
            ("input_format", .string(r.inputFormat.rawValue)),
            ("subsystems", .array(Self.set(r.filter.subsystems).map(JSONValue.string))),
            ("categories", .array(Self.set(r.filter.categories).map(JSONValue.string))),
            ("date", .string(r.filter.syslog.date)),
            ("app", .string(r.filter.syslog.app)),
            ("max_decompressed", .integer(r.limits.maximumDecompressedBytes)),
        ])
    }

    /// `values` sorted by their UTF-8 bytes, each once.
    static func set(_ values: [String]) -> [String] {
        Set(values).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The reading options as the command-line flags that give them
    /// (`--input-format auto --subsystem 'a' --subsystem 'b' --date '2026-11-20' --max-decompressed 1073741824`),
    /// lists as ``reading(_:)`` records them; an option at its default is left out, but
    /// `--input-format` and `--max-decompressed` are always named.
    public static func readingFlags(_ r: ReadOptions) -> String {
        var flags = ["--input-format", r.inputFormat.rawValue]
        for s in Self.set(r.filter.subsystems) { flags += ["--subsystem", PrintableText.quoted(s)] }
        for c in Self.set(r.filter.categories) { flags += ["--category", PrintableText.quoted(c)] }
        if let date = r.filter.syslog.date { flags += ["--date", PrintableText.quoted(date)] }
        if let app = r.filter.syslog.app { flags += ["--app", PrintableText.quoted(app)] }
        flags += ["--max-decompressed", r.limits.maximumDecompressedBytes.map(String.init) ?? "none"]
        return flags.joined(separator: " ")
    }

    /// A `file` object.
    public static func file(_ d: FileDigest) -> JSONValue {
        .object(
            [
                ("path", .string(d.path)),
                ("events", .int(d.events)),
                ("sessions", .int(d.sessions)),
                ("errors", .int(d.errors)),
                ("warnings", .int(d.warnings)),
                ("notes", .int(d.notes)),
                ("exits", JSONReporter.exits(d.exitClasses)),
                ("rules", .object(Rule.allCases.compactMap { r in d.rules[r].flatMap { $0 > 0 ? (r.id, .int($0)) : nil } })),
                ("worst_sessions", .array(d.worstSessions.map(session))),
                ("owners", owners(d.owners)),
                ("deaths", DeathSchema.counts(d.deaths)),
            ] + JSONReporter.omitted(d.deathsOmitted) + normalExits(d))
    }

    /// `normal_exits` of a file with normal exits: where its processes terminated from
    /// (`{"foreground": n, "background": m}`, SPEC §8's visibility of a normal exit), what the
    /// MetricKit comparison sets beside MetricKit's normal exits and `merge` sums.
    static func normalExits(_ d: FileDigest) -> [(String, JSONValue)] {
        let normal = d.exitClasses[.normal] ?? 0
        guard normal > 0 else { return [] }
        let background = min(d.normalExitsInBackground, normal)
        return [("normal_exits", .object([("foreground", .int(normal - background)), ("background", .int(background))]))]
    }

    /// The `owners` array: per owner (`null`: unknown), worst first, the deaths its tasks
    /// caused, the other deaths that found one of its tasks open (`open_at_deaths`), sessions and
    /// findings per rule (in rule order, rules without findings left out).
    public static func owners(_ tallies: [OwnerTally]) -> JSONValue {
        .array(
            tallies.map { t in
                .object([
                    ("owner", .string(t.owner)), ("deaths", .int(t.deaths)), ("open_at_deaths", .int(t.openAtDeaths)),
                    ("sessions", .int(t.sessions)),
                    (
                        "findings",
                        .object(Rule.allCases.compactMap { r in t.findings[r].flatMap { $0 > 0 ? (r.id, .int($0)) : nil } })
                    ),
                ])
            })
    }

    /// A session object (`worst_sessions` entries).
    public static func session(_ s: SessionDigest) -> JSONValue {
        .object([
            ("file", .string(s.file)),
            ("session", .int(s.ordinal)),
            ("pid", .integer(s.pid)),
            ("began", .string(s.began)),
            ("ended", .string(s.ended)),
            ("end_line", s.endLine.map { .int($0) } ?? .null),
            ("exit", .string(s.exitClass.name)),
            ("errors", .int(s.errors)),
            ("warnings", .int(s.warnings)),
            ("notes", .int(s.notes)),
        ])
    }

    static func skipped(_ path: String, _ reason: String) -> JSONValue {
        .object([("path", .string(path)), ("reason", .string(reason))])
    }

    /// The aggregate object (`summary`).
    public static func summary(_ a: AuditAggregate) -> JSONValue {
        let s = a.summary
        var members: [(key: String, value: JSONValue)] = [
            ("files", .int(s.files)),
            ("events", .int(s.events)),
            ("sessions", .int(s.sessions)),
            ("errors", .int(s.errors)),
            ("warnings", .int(s.warnings)),
            ("notes", .int(s.notes)),
            ("exits", JSONReporter.exits(s.exitClasses)),
            ("unreadable", .int(a.unreadable)),
            ("skipped", .int(a.skipped)),
            (
                "rules",
                .array(
                    Rule.allCases.compactMap { r -> JSONValue? in
                        guard let n = a.rules[r], n > 0 else { return nil }
                        return .object([
                            ("rule", .string(r.id)), ("name", .string(r.name)), ("severity", .string(a.severity(of: r).name)),
                            ("count", .int(n)),
                        ])
                    })
            ),
            ("top", .int(a.top)),
            (
                "worst_files",
                .array(
                    a.worstFiles.map { d in
                        .object([
                            ("path", .string(d.path)), ("errors", .int(d.errors)), ("warnings", .int(d.warnings)),
                            ("notes", .int(d.notes)), ("events", .int(d.events)), ("sessions", .int(d.sessions)),
                        ])
                    })
            ),
            ("worst_sessions", .array(a.worstSessions.map(session))),
            ("owners", owners(a.owners)),
            ("deaths", DeathSchema.counts(s.deaths)),
        ]
        // As `replay`'s summary says it: only when some file did not list every death.
        for (key, value) in JSONReporter.omitted(s.deathsOmitted) { members.append((key: key, value: value)) }
        if let m = a.metrickit { members.append(("metrickit", m.summaryJSON)) }
        return .object(members)
    }

    // MARK: Text

    static func counts(_ events: Int, _ sessions: Int, _ errors: Int, _ warnings: Int, _ notes: Int) -> String {
        count(events, "event") + ", " + count(sessions, "session") + ": " + count(errors, "error") + ", "
            + count(warnings, "warning") + ", " + count(notes, "note")
    }

    static func text(_ a: AuditAggregate) -> String {
        let s = a.summary
        var out = "\nAudit of \(count(s.files, "file"))"
        var extra: [String] = []
        if a.skipped > 0 { extra.append(grouped(a.skipped) + " skipped") }
        if a.unreadable > 0 { extra.append(grouped(a.unreadable) + " unreadable") }
        if !extra.isEmpty { out += " (" + extra.joined(separator: ", ") + ")" }
        out += "\n"
        let byRule = Rule.allCases.compactMap { r in a.rules[r].flatMap { $0 > 0 ? (r, $0) : nil } }
        if !byRule.isEmpty {
            out += "\nFindings by rule:\n"
            for (r, n) in byRule {
                out += "  " + pad(r.id + " " + r.name, 32) + pad(a.severity(of: r).name, 9) + grouped(n) + "\n"
            }
        }
        if !a.owners.isEmpty {
            out += "\nOwners of background tasks (worst first):\n"
            for t in a.owners {
                let rules = Rule.allCases.compactMap { r in t.findings[r].map { "\(r.id) \(grouped($0))" } }
                out +=
                    "  " + pad(printable(t.owner ?? "(unknown)"), 32) + count(t.deaths, "death") + " caused, "
                    + "open at " + count(t.openAtDeaths, "other death") + ", " + count(t.sessions, "session") + ", " + count(t.findingCount, "finding")
                    + (rules.isEmpty ? "" : " (" + rules.joined(separator: ", ") + ")") + "\n"
            }
        }
        out += "\nSessions by exit class:\n"
        for c in ExitClass.allCases {
            out += "  " + pad(c.name, 16) + grouped(s.exitClasses[c] ?? 0) + "\n"
        }
        out += deathsText(a)
        if !a.worstFiles.isEmpty {
            out += "\nWorst files:\n"
            for d in a.worstFiles {
                out +=
                    "  " + printable(d.path) + ": " + count(d.errors, "error") + ", " + count(d.warnings, "warning")
                    + ", " + count(d.notes, "note") + "\n"
            }
        }
        if !a.worstSessions.isEmpty {
            out += "\nWorst sessions:\n"
            for x in a.worstSessions {
                let pid = x.pid.map { "pid \($0)" } ?? "no pid"
                let end = x.endLine.map { "ended line \($0)" } ?? "open at the end"
                out +=
                    "  " + printable(x.file) + ": session \(x.ordinal) (\(pid), \(x.began) to \(x.ended), \(end), exit \(x.exitClass.name)): "
                    + count(x.errors, "error") + ", " + count(x.warnings, "warning") + ", " + count(x.notes, "note") + "\n"
            }
        }
        if let m = a.metrickit { out += m.comparison(s).text }
        out += "\nlctrace: " + count(s.files, "file") + ", " + counts(s.events, s.sessions, s.errors, s.warnings, s.notes)
        if a.unreadable > 0 { out += ", " + grouped(a.unreadable) + " unreadable" }
        if let m = a.metrickit {
            out += "; MetricKit: " + count(m.payloads, "payload") + ", " + grouped(m.joined.count) + " joined, " + grouped(m.unjoined) + " unjoined"
        }
        return out + "\n"
    }

    /// The deaths section (SPEC §8): per class, foreground and background, then the files with
    /// the most deaths; empty when nothing died.
    static func deathsText(_ a: AuditAggregate) -> String {
        let deaths = a.summary.deaths
        guard DeathCounts.total(deaths) > 0 else { return "" }
        var out = "\nDeaths by class and visibility:\n"
        for c in ExitClass.allCases {
            guard let byVisibility = deaths[c], !byVisibility.isEmpty else { continue }
            // Unknown only where a death of evidence alone left it so (SPEC §10).
            let parts = DeathVisibility.allCases.filter { $0 != .unknown || byVisibility[$0] != nil }
                .map { v in "\(v.rawValue) " + grouped(byVisibility[v] ?? 0) }
            out += "  " + pad(c.name, 16) + parts.joined(separator: ", ") + "\n"
        }
        if !a.deathsByCode.isEmpty {
            // Whose code the processes were running when they died (SPEC §10), most first.
            out += "\nDeaths by whose code:\n"
            let ranked = a.deathsByCode.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            for (who, n) in ranked.prefix(max(a.top, 1)) {
                out += "  " + pad(printable(who), 32) + count(n, "death") + "\n"
            }
            if ranked.count > a.top && a.top > 0 { out += "  … and \(ranked.count - a.top) more\n" }
        }
        if !a.deadliestFiles.isEmpty {
            out += "\nFiles with the most deaths:\n"
            for d in a.deadliestFiles {
                let byClass = ExitClass.allCases.compactMap { c -> String? in
                    let n = d.deaths[c]?.values.reduce(0, +) ?? 0
                    return n > 0 ? c.name + " " + grouped(n) : nil
                }
                out += "  " + printable(d.path) + ": " + count(DeathCounts.total(d.deaths), "death") + " (" + byClass.joined(separator: ", ") + ")\n"
            }
        }
        return out
    }

    static func pad(_ text: String, _ width: Int) -> String { ReportText.pad(text, width) }

    static func grouped(_ value: Int) -> String { ReportText.grouped(value) }

    static func count(_ value: Int, _ singular: String) -> String { ReportText.count(value, singular) }

    /// Control characters as visible escapes, so a path cannot break a line or drive the
    /// terminal (``PrintableText``: `\n`, `\r`, `\t`, else `\uXXXX`).
    static func printable(_ text: String) -> String { PrintableText.printable(text) }
}
