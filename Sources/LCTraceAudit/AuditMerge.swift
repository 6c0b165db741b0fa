import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTraceReplay
import LCTraceReport

/// Combines the `--format jsonl` outputs of `lctrace audit` (typically its N shards) into
/// the report a single audit of all their files would have written.
///
/// Each input is read as a stream; entries are merged by path bytes (each input is already
/// in that order), so memory stays flat however many files the shards audited. The
/// aggregate is rebuilt from the `file`, `unreadable` and `skipped` lines by the same
/// ``AuditAggregate`` an audit uses, so the result is identical to a single-machine audit.
/// Each input's own `summary` line is only checked to be there (a missing one means a
/// truncated output).
public enum AuditMerge {
    /// The header an input starts with.
    public struct Header: Sendable {
        /// The `--top` the input was audited with.
        public var top: Int
        /// The input's `--shard`, or `nil` for an unsharded audit.
        public var shard: AuditShard?
        /// The file list the shard was cut from; `nil` for an unsharded audit and in shards
        /// of versions that did not record it.
        public var fileList: AuditFileList?
        /// The replay configuration the shard was audited with; `nil` in outputs of
        /// versions that did not record it.
        public var configuration: ReplayConfiguration?
        /// How the shard read its inputs; `nil` in outputs of versions that did not record it.
        public var reading: ReadOptions?
        /// The effective `--fail-on` the shard was audited with (the flag, else the
        /// configuration file's `fail_on`); `nil` in outputs of versions that did not record it.
        public var failOn: FailThreshold?
        /// Whether the shard was audited with `--summary-only` (it holds no findings).
        public var summaryOnly = false
        /// The lctrace that wrote it; `nil` in outputs of versions that did not record it.
        public var toolVersion: String?

        /// Every recorded option that changes what the output holds, as `(name, how, hint)`,
        /// `how` completing "'FILE' was …" and `hint` (if any) saying what to do: what
        /// ``AuditMerge/check(_:paths:summaryOnly:)`` compares. A new header key that changes
        /// results gets its line here.
        var options: [(name: String, value: String, hint: String?)] {
            [
                ("--top", "audited with --top \(top)", nil),
                ("--model, --os, --budget, rule settings and owners", "audited with \(AuditMerge.describe(configuration))", nil),
                (
                    "--input-format, --subsystem, --category, --date, --app and --max-decompressed",
                    "read with " + (reading.map(AuditReport.readingFlags) ?? "no recorded reading options (an older lctrace)"),
                    nil
                ),
                (
                    "--fail-on (or fail_on in the configuration file)",
                    failOn.map { "audited with --fail-on \($0.rawValue)" } ?? "audited with no recorded --fail-on (an older lctrace)",
                    "audit every shard with the same threshold, or give merge --fail-on to judge the whole by one"
                ),
                ("--summary-only", summaryOnly ? "audited with --summary-only" : "audited without --summary-only", nil),
                ("the lctrace version", "written by " + (toolVersion.map { "lctrace \($0)" } ?? "an lctrace that did not record its version"), nil),
                (
                    "the file list",
                    "cut from "
                        + (fileList.map { "a list of \($0.paths) path\($0.paths == 1 ? "" : "s") (digest \($0.digestText))" }
                            ?? "a file list that was not recorded (not a shard, or an older lctrace)"),
                    "these shards were cut from different file lists; start every shard with the same arguments from the same folder"
                ),
            ]
        }
    }

    /// The header versions this build reads.
    public static let headerVersions: Set<Int> = [1]

    /// Opens `paths` and checks that their headers agree.
    ///
    /// - Parameters:
    ///   - paths: audit jsonl outputs; `-` is standard input.
    ///   - summaryOnly: whether the merged report leaves findings out (`merge --summary-only`);
    ///     without it, every input must hold its findings.
    /// - Returns: the merge, ready to ``Merger/run(onEntry:)``.
    /// - Throws: ``AuditMergeError`` when an input cannot be read or is not an audit jsonl
    ///   output, or when the shards do not form one complete set made alike.
    public static func open(_ paths: [String], summaryOnly: Bool = false) throws(AuditMergeError) -> Merger {
        try open(paths, standardInput: nil, summaryOnly: summaryOnly)
    }

    static func open(
        _ paths: [String], standardInput: StandardInputCopy?, summaryOnly: Bool, failOnGiven: Bool = false
    ) throws(AuditMergeError) -> Merger {
        var inputs: [Input] = []
        for path in paths { inputs.append(try Input(path: path, standardInput: standardInput)) }
        let headers = inputs.map(\.header)
        try check(headers, paths: paths, summaryOnly: summaryOnly, failOnGiven: failOnGiven)
        // Thresholds that disagree (allowed only under `merge --fail-on`) record none: the
        // merge then records what one audit would, whatever the order of its inputs.
        let failOn = headers.allSatisfy { $0.failOn == headers.first?.failOn } ? headers.first?.failOn : nil
        return Merger(
            inputs: inputs, top: headers.first?.top ?? 10, configuration: headers.first?.configuration,
            reading: headers.first?.reading, failOn: failOn)
    }

    /// Reads every input to its end without producing anything, so that a cut or bad
    /// input is refused before a single byte of the merged report is written. Standard
    /// input (`-`) is first copied to an unnamed temporary file, since it is read twice.
    ///
    /// - Parameters:
    ///   - paths: audit jsonl outputs; `-` is standard input.
    ///   - summaryOnly: as in ``open(_:summaryOnly:)``.
    /// - Returns: the merge, ready to ``Merger/run(onEntry:)``.
    /// - Throws: ``AuditMergeError`` as ``open(_:summaryOnly:)`` and ``Merger/run(onEntry:)`` do.
    ///
    /// - Parameter failOnGiven: `merge --fail-on` was given: it judges the whole, so the
    ///   thresholds the inputs recorded need not agree.
    public static func openValidated(
        _ paths: [String], summaryOnly: Bool = false, failOnGiven: Bool = false
    ) throws(AuditMergeError) -> Merger {
        let copy = paths.contains("-") ? try StandardInputCopy() : nil
        _ = try open(paths, standardInput: copy, summaryOnly: summaryOnly, failOnGiven: failOnGiven).run { _ in }
        let merger = try open(paths, standardInput: copy, summaryOnly: summaryOnly, failOnGiven: failOnGiven)
        merger.standardInput = copy
        return merger
    }

    /// An opened set of inputs.
    public final class Merger {
        /// The `--top` every input was audited with.
        public let top: Int
        /// The replay configuration every input was audited with (`nil`: not recorded).
        public let configuration: ReplayConfiguration?
        /// How every input read its logs (`nil`: not recorded).
        public let reading: ReadOptions?
        private let inputs: [Input]
        /// The copy of standard input, removed with the merger.
        var standardInput: StandardInputCopy?

        /// The effective `--fail-on` every input was audited with (`nil`: not recorded): the
        /// merge's exit status follows it unless `merge --fail-on` is given.
        public let failOn: FailThreshold?

        init(inputs: [Input], top: Int, configuration: ReplayConfiguration?, reading: ReadOptions?, failOn: FailThreshold?) {
            self.failOn = failOn
            self.inputs = inputs
            self.top = top
            self.configuration = configuration
            self.reading = reading
        }

        /// Reads every input to its end.
        ///
        /// - Parameter onEntry: receives every entry in path order (with its findings, if
        ///   the inputs had them).
        /// - Returns: the aggregate of every entry.
        /// - Throws: ``AuditMergeError`` when an input has a line that is not an audit
        ///   jsonl line, is cut short or out of order, or when a path is in two inputs.
        public func run(onEntry: (AuditEntry) -> Void) throws(AuditMergeError) -> AuditAggregate {
            var aggregate = AuditAggregate(top: top, ruleSettings: configuration?.rules ?? RuleSettings())
            var heads: [AuditEntry?] = []
            for input in inputs { heads.append(try input.next()) }
            var last: String?
            while true {
                var best = -1
                for (i, head) in heads.enumerated() {
                    guard let head else { continue }
                    if best < 0 || AuditDiscovery.pathPrecedes(head.path, heads[best]!.path) { best = i }
                }
                guard best >= 0, let entry = heads[best] else { break }
                // Every input is sorted and free of duplicates, so a path seen twice is in
                // two inputs (overlapping audits), or an input is out of order.
                if let last, !AuditDiscovery.pathPrecedes(last, entry.path) {
                    throw AuditMergeError(
                        last == entry.path
                            ? "Unable to merge: \(PrintableText.quoted(entry.path)) is in more than one input"
                            : "Unable to merge \(PrintableText.quoted(inputs[best].path)): not in path order at \(PrintableText.quoted(entry.path))")
                }
                last = entry.path
                aggregate.add(entry)
                onEntry(entry)
                heads[best] = try inputs[best].next()
            }
            // What `--metrickit` read and joined: counted once over the shards (AuditMetricKit).
            let withMetricKit = inputs.filter { $0.metrickit != nil }
            if !withMetricKit.isEmpty && withMetricKit.count < inputs.count, let without = inputs.first(where: { $0.metrickit == nil }) {
                throw AuditMergeError(
                    "Unable to merge: \(PrintableText.quoted(withMetricKit[0].path)) was audited with --metrickit, \(PrintableText.quoted(without.path)) without (--metrickit must be the same in every input)"
                )
            }
            for input in inputs {
                guard let m = input.metrickit else { continue }
                if aggregate.metrickit == nil { aggregate.metrickit = AuditMetricKit() }
                aggregate.metrickit?.add(m)
            }
            return aggregate
        }
    }

    /// The one check that the inputs were made alike: all are shards or none is; every
    /// option recorded in the headers that changes what an output holds (``Header/options``,
    /// the file list shards were cut from included) is the same in all of them, and
    /// they hold findings unless the merge leaves them out. Then either none is a shard or
    /// they are exactly shards 1…N of one N.
    static func check(_ headers: [Header], paths: [String], summaryOnly: Bool, failOnGiven: Bool = false) throws(AuditMergeError) {
        guard let first = headers.first else { return }
        let shards = headers.compactMap(\.shard)
        if !shards.isEmpty && shards.count != headers.count {
            throw AuditMergeError("Unable to merge: some inputs are shards (--shard) and some are not")
        }
        let firstOptions = first.options
        for (i, header) in headers.enumerated().dropFirst() {
            for (k, option) in header.options.enumerated() where option.value != firstOptions[k].value {
                if failOnGiven && option.name.hasPrefix("--fail-on") { continue }
                throw AuditMergeError(
                    "Unable to merge: \(PrintableText.quoted(paths[i])) was \(option.value), \(PrintableText.quoted(paths[0])) \(firstOptions[k].value) (\(option.name) must be the same in every input"
                        + (option.hint.map { ": " + $0 } ?? "") + ")"
                )
            }
        }
        if first.summaryOnly && !summaryOnly {
            throw AuditMergeError(
                "Unable to merge \(PrintableText.quoted(paths[0])): it was audited with --summary-only, so its findings are not in it, and this report lists findings (sarif, junit, github and html always do); merge with --summary-only into text, json or jsonl, or audit again without --summary-only"
            )
        }
        guard !shards.isEmpty else { return }
        let n = shards[0].count
        if let odd = shards.first(where: { $0.count != n }) {
            throw AuditMergeError("Unable to merge: shard \(odd) and shard \(shards[0]) are not of the same partition")
        }
        var seen = Set<Int>()
        for s in shards where !seen.insert(s.index).inserted {
            throw AuditMergeError("Unable to merge: shard \(s) is given twice")
        }
        let missing = (1...n).filter { !seen.contains($0) }
        if !missing.isEmpty {
            throw AuditMergeError("Unable to merge: missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(n)" }.joined(separator: ", "))")
        }
    }

    /// `--model auto --os none --budget launch=20.0 …`, or `no recorded configuration`.
    static func describe(_ c: ReplayConfiguration?) -> String {
        guard let c else { return "no recorded configuration (an older lctrace)" }
        let budgets = Budgets.names.compactMap { name in c.budgets.seconds[name].map { "\(name)=\($0)" } }
        var text = "--model \(c.model.rawValue) --os \(c.defaultOS.map(AuditReport.osVersion) ?? "none") --budget " + budgets.joined(separator: ",")
        let disabled = Rule.allCases.filter { !c.rules.isEnabled($0) }
        if !disabled.isEmpty { text += " --disable " + disabled.map(\.id).joined(separator: ",") }
        let changed = Rule.allCases.filter { c.rules.isEnabled($0) && c.rules.severity(of: $0) != $0.severity }
        if !changed.isEmpty { text += " severity " + changed.map { "\($0.id)=\(c.rules.severity(of: $0).name)" }.joined(separator: ",") }
        if !c.owners.extra.isEmpty { text += " owners " + c.owners.extra.map { "\($0.prefix)=\($0.owner)" }.joined(separator: ",") }
        return text
    }

    /// One audit jsonl output, read line by line.
    final class Input {
        /// The path as the user named it (for messages).
        let path: String
        private let reader: LineReader
        private(set) var header = Header(top: 10, shard: nil, configuration: nil)
        private var finished = false
        /// The input's `metrickit` line (``AuditMetricKit``), once read.
        private(set) var metrickit: AuditMetricKit?

        init(path: String, standardInput: StandardInputCopy?) throws(AuditMergeError) {
            self.path = path
            let opened = path == "-" ? standardInput.map { $0.reopen().map { LineReader(file: $0) } } ?? LineReader(path: path) : LineReader(path: path)
            guard let reader = opened else {
                throw AuditMergeError(UnreadableInput.text(path: path, reason: AuditDiscovery.errnoReason(errno)))
            }
            self.reader = reader
            guard let line = reader.next(), let object = Self.object(line), let audit = object["audit"] as? [String: Any],
                let version = (audit["version"] as? NSNumber)?.intValue, let top = (audit["top"] as? NSNumber)?.intValue
            else {
                throw fail("not the --format jsonl output of 'lctrace audit' (no 'audit' line first)")
            }
            guard AuditMerge.headerVersions.contains(version) else {
                throw fail(
                    "header version \(version) is not one this lctrace reads (\(AuditMerge.headerVersions.sorted().map(String.init).joined(separator: ", ")))")
            }
            var configuration: ReplayConfiguration?
            if let c = audit["configuration"] {
                guard let c = c as? [String: Any], let parsed = Self.configuration(c) else {
                    throw fail("line 1: bad 'configuration'")
                }
                configuration = parsed
            }
            var shard: AuditShard?
            if let s = audit["shard"] as? [String: Any] {
                guard let k = (s["index"] as? NSNumber)?.intValue, let n = (s["count"] as? NSNumber)?.intValue,
                    let parsed = AuditShard(index: k, count: n)
                else { throw fail("line 1: bad 'shard'") }
                shard = parsed
            }
            var fileList: AuditFileList?
            if let f = audit["file_list"] {
                guard let f = f as? [String: Any], let n = (f["paths"] as? NSNumber)?.intValue, n >= 0,
                    let text = f["digest"] as? String, let digest = AuditFileList.digest(parsing: text)
                else { throw fail("line 1: bad 'file_list'") }
                fileList = AuditFileList(paths: n, digest: digest)
            }
            var reading: ReadOptions?
            if let r = audit["reading"] {
                guard let r = r as? [String: Any], let parsed = Self.reading(r) else { throw fail("line 1: bad 'reading'") }
                reading = parsed
            }
            var failOn: FailThreshold?
            if let value = audit["fail_on"] {
                guard let text = value as? String, let parsed = FailThreshold(parsing: text) else { throw fail("line 1: bad 'fail_on'") }
                failOn = parsed
            }
            var summaryOnly = false
            if let value = audit["summary_only"] {
                guard let flag = value as? Bool else { throw fail("line 1: bad 'summary_only'") }
                summaryOnly = flag
            }
            var toolVersion: String?
            if let value = audit["lctrace"] {
                guard let text = value as? String else { throw fail("line 1: bad 'lctrace'") }
                toolVersion = text
            }
            header = Header(
                top: top, shard: shard, fileList: fileList, configuration: configuration, reading: reading,
                failOn: failOn, summaryOnly: summaryOnly, toolVersion: toolVersion)
        }

        /// The inverse of ``AuditReport/configuration(_:)``.
        static func configuration(_ o: [String: Any]) -> ReplayConfiguration? {
            guard let modelName = o["model"] as? String, let model = ModelChoice(rawValue: modelName),
                let budgets = o["budgets"] as? [String: Any]
            else { return nil }
            var os: String?
            if let value = o["os"], !(value is NSNull) {
                guard let text = value as? String else { return nil }
                os = text
            }
            var b = Budgets()
            for (name, value) in budgets {
                guard let seconds = value as? String, (try? b.apply(name + "=" + seconds)) != nil else { return nil }
            }
            var rules = RuleSettings()
            if let r = o["rules"] {
                guard let r = r as? [String: Any], let disabled = r["disabled"] as? [String],
                    let severities = r["severity"] as? [String: String]
                else { return nil }
                for id in disabled {
                    guard let rule = Rule(rawValue: id) else { return nil }
                    rules.disabled.insert(rule)
                }
                for (id, name) in severities {
                    guard let rule = Rule(rawValue: id), let severity = Severity(name: name) else { return nil }
                    rules.severities[rule] = severity
                }
            }
            var extra: [String: String] = [:]
            if let owners = o["owners"] {
                guard let map = FindingSchema.stringMap(owners) else { return nil }
                extra = map
            }
            return ReplayConfiguration(
                budgets: b, defaultOS: os, model: model, rules: rules, owners: OwnerCatalogue(extra: extra))
        }

        /// The inverse of ``AuditReport/reading(_:)``.
        static func reading(_ o: [String: Any]) -> ReadOptions? {
            guard let formatName = o["input_format"] as? String, let format = LogInputFormat(rawValue: formatName),
                let subsystems = o["subsystems"] as? [String], let categories = o["categories"] as? [String]
            else { return nil }
            func text(_ key: String) -> String?? {
                guard let value = o[key], !(value is NSNull) else { return .some(nil) }
                return (value as? String).map { .some($0) }
            }
            guard let date = text("date"), let app = text("app") else { return nil }
            var limit: Int64?
            if let value = o["max_decompressed"], !(value is NSNull) {
                guard let n = AuditJSON.int64(value) else { return nil }
                limit = n
            }
            var filter = UnifiedLogFilter(subsystems: subsystems, categories: categories)
            filter.syslog = SyslogOptions(date: date, app: app)
            return ReadOptions(
                inputFormat: format, filter: filter, limits: IngestLimits(maximumDecompressedBytes: limit))
        }

        private func fail(_ reason: String) -> AuditMergeError {
            AuditMergeError("Unable to merge \(PrintableText.quoted(path)): \(reason).")
        }

        /// The next entry, or `nil` after the `summary` line.
        func next() throws(AuditMergeError) -> AuditEntry? {
            guard !finished else { return nil }
            var findings: [Finding] = []
            var deaths: [Death] = []
            while let line = reader.next() {
                guard let object = Self.object(line) else {
                    throw fail("line \(reader.lineNumber) is not a JSON object")
                }
                if object["rule"] != nil {
                    guard let f = AuditJSON.finding(object) else { throw fail("line \(reader.lineNumber): bad finding") }
                    findings.append(f)
                } else if let d = object["death"] {
                    guard let o = d as? [String: Any], let death = DeathSchema.death(o, parseTime: AuditJSON.timestamp) else {
                        throw fail("line \(reader.lineNumber): bad death")
                    }
                    deaths.append(death)
                } else if let file = object["file"] as? [String: Any] {
                    guard var d = AuditJSON.fileDigest(file) else { throw fail("line \(reader.lineNumber): bad 'file'") }
                    // "Deaths by whose code" (SPEC §10) from the file's listed deaths, as the
                    // audit counted them (FileDigest.init(result:…)).
                    for death in deaths {
                        guard let code = death.code else { continue }
                        d.deathsByCode[FileDigest.codeKey(code), default: 0] += 1
                    }
                    return .file(d, findings: findings, deaths: deaths)
                } else if let u = object["unreadable"] as? [String: Any] {
                    guard let p = u["path"] as? String, let r = u["reason"] as? String else {
                        throw fail("line \(reader.lineNumber): bad 'unreadable'")
                    }
                    return .unreadable(UnreadableInput(path: p, reason: r))
                } else if let s = object["skipped"] as? [String: Any] {
                    guard let p = s["path"] as? String, let r = s["reason"] as? String else {
                        throw fail("line \(reader.lineNumber): bad 'skipped'")
                    }
                    return .skipped(path: p, reason: r)
                } else if let m = object["metrickit"] {
                    guard let parsed = AuditMetricKit.parse(m) else { throw fail("line \(reader.lineNumber): bad 'metrickit'") }
                    metrickit = parsed
                } else if object["summary"] != nil {
                    if !findings.isEmpty || !deaths.isEmpty {
                        throw fail("findings or deaths without their 'file' line before the summary")
                    }
                    finished = true
                    return nil
                } else {
                    throw fail("line \(reader.lineNumber) is not an audit jsonl line")
                }
            }
            throw fail("cut short: no 'summary' line at the end")
        }

        static func object(_ line: String) -> [String: Any]? {
            guard let data = line.data(using: .utf8) else { return nil }
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }
    }
}
