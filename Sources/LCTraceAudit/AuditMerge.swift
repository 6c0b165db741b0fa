import Foundation
import LCTraceCore
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
        /// The replay configuration the shard was audited with; `nil` in outputs of
        /// versions that did not record it.
        public var configuration: ReplayConfiguration?

        /// The configuration as the header writes it, for comparison and messages.
        var configurationText: String {
            configuration.map { JSONWriter.string(AuditReport.configuration($0), pretty: false) } ?? "not recorded"
        }
    }

    /// The header versions this build reads.
    public static let headerVersions: Set<Int> = [1]

    /// Opens `paths` and checks that their headers agree.
    ///
    /// - Parameter paths: audit jsonl outputs; `-` is standard input.
    /// - Returns: the merge, ready to ``Merger/run(onEntry:)``.
    /// - Throws: ``AuditMergeError`` when an input cannot be read or is not an audit jsonl
    ///   output, or when the shards do not form one complete set.
    public static func open(_ paths: [String]) throws(AuditMergeError) -> Merger {
        try open(paths, standardInput: nil)
    }

    static func open(_ paths: [String], standardInput: StandardInputCopy?) throws(AuditMergeError) -> Merger {
        var inputs: [Input] = []
        for path in paths { inputs.append(try Input(path: path, standardInput: standardInput)) }
        let headers = inputs.map(\.header)
        try check(headers, paths: paths)
        return Merger(inputs: inputs, top: headers.first?.top ?? 10, configuration: headers.first?.configuration)
    }

    /// Reads every input to its end without producing anything, so that a cut or bad
    /// input is refused before a single byte of the merged report is written. Standard
    /// input (`-`) is first copied to an unnamed temporary file, since it is read twice.
    ///
    /// - Parameter paths: audit jsonl outputs; `-` is standard input.
    /// - Returns: the merge, ready to ``Merger/run(onEntry:)``.
    /// - Throws: ``AuditMergeError`` as ``open(_:)`` and ``Merger/run(onEntry:)`` do.
    public static func openValidated(_ paths: [String]) throws(AuditMergeError) -> Merger {
        let copy = paths.contains("-") ? try StandardInputCopy() : nil
        _ = try open(paths, standardInput: copy).run { _ in }
        let merger = try open(paths, standardInput: copy)
        merger.standardInput = copy
        return merger
    }

    /// An opened set of inputs.
    public final class Merger {
        /// The `--top` every input was audited with.
        public let top: Int
        /// The replay configuration every input was audited with (`nil`: not recorded).
        public let configuration: ReplayConfiguration?
        private let inputs: [Input]
        /// The copy of standard input, removed with the merger.
        var standardInput: StandardInputCopy?

        init(inputs: [Input], top: Int, configuration: ReplayConfiguration?) {
            self.inputs = inputs
            self.top = top
            self.configuration = configuration
        }

        /// Reads every input to its end.
        ///
        /// - Parameter onEntry: receives every entry in path order (with its findings, if
        ///   the inputs had them).
        /// - Returns: the aggregate of every entry.
        /// - Throws: ``AuditMergeError`` when an input has a line that is not an audit
        ///   jsonl line, is cut short or out of order, or when a path is in two inputs.
        public func run(onEntry: (AuditEntry) -> Void) throws(AuditMergeError) -> AuditAggregate {
            var aggregate = AuditAggregate(top: top)
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
                            ? "Unable to merge: '\(entry.path)' is in more than one input"
                            : "Unable to merge '\(inputs[best].path)': not in path order at '\(entry.path)'")
                }
                last = entry.path
                aggregate.add(entry)
                onEntry(entry)
                heads[best] = try inputs[best].next()
            }
            return aggregate
        }
    }

    /// The shards must agree on `top`, and either none is a shard or they are exactly
    /// shards 1…N of one N.
    static func check(_ headers: [Header], paths: [String]) throws(AuditMergeError) {
        guard let first = headers.first else { return }
        if let other = headers.firstIndex(where: { $0.top != first.top }) {
            throw AuditMergeError("Unable to merge: '\(paths[other])' was audited with --top \(headers[other].top), '\(paths[0])' with --top \(first.top)")
        }
        if let other = headers.firstIndex(where: { $0.configurationText != first.configurationText }) {
            throw AuditMergeError(
                "Unable to merge: '\(paths[other])' was audited with \(describe(headers[other].configuration)), '\(paths[0])' with \(describe(first.configuration))"
            )
        }
        let shards = headers.compactMap(\.shard)
        guard !shards.isEmpty else { return }
        if shards.count != headers.count {
            throw AuditMergeError("Unable to merge: some inputs are shards (--shard) and some are not")
        }
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
        return "--model \(c.model.rawValue) --os \(c.defaultOS ?? "none") --budget " + budgets.joined(separator: ",")
    }

    /// One audit jsonl output, read line by line.
    final class Input {
        /// The path as the user named it (for messages).
        let path: String
        private let reader: LineReader
        private(set) var header = Header(top: 10, shard: nil, configuration: nil)
        private var finished = false

        init(path: String, standardInput: StandardInputCopy?) throws(AuditMergeError) {
            self.path = path
            let opened = path == "-" ? standardInput.map { $0.reopen().map { LineReader(file: $0) } } ?? LineReader(path: path) : LineReader(path: path)
            guard let reader = opened else {
                throw AuditMergeError("Unable to read '\(path)': \(AuditDiscovery.errnoReason(errno)).")
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
            header = Header(top: top, shard: shard, configuration: configuration)
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
            var extra: [String: String] = [:]
            if let owners = o["owners"] {
                guard let map = owners as? [String: Any] else { return nil }
                for (prefix, value) in map {
                    guard let owner = value as? String else { return nil }
                    extra[prefix] = owner
                }
            }
            return ReplayConfiguration(budgets: b, defaultOS: os, model: model, owners: OwnerCatalogue(extra: extra))
        }

        private func fail(_ reason: String) -> AuditMergeError {
            AuditMergeError("Unable to merge '\(path)': \(reason).")
        }

        /// The next entry, or `nil` after the `summary` line.
        func next() throws(AuditMergeError) -> AuditEntry? {
            guard !finished else { return nil }
            var findings: [Finding] = []
            while let line = reader.next() {
                guard let object = Self.object(line) else {
                    throw fail("line \(reader.lineNumber) is not a JSON object")
                }
                if object["rule"] != nil {
                    guard let f = AuditJSON.finding(object) else { throw fail("line \(reader.lineNumber): bad finding") }
                    findings.append(f)
                } else if let file = object["file"] as? [String: Any] {
                    guard let d = AuditJSON.fileDigest(file) else { throw fail("line \(reader.lineNumber): bad 'file'") }
                    return .file(d, findings: findings)
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
                } else if object["summary"] != nil {
                    if !findings.isEmpty { throw fail("findings without their 'file' line before the summary") }
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
