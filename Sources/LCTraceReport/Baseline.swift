import Foundation
import LCTraceCore

/// Findings a team has accepted for now, so that a CI gate reports only new ones.
///
/// Entries are keyed on what a finding *is*, not where it happens to be: the file, the
/// rule, the pid, scene, task, state and event, and, for the ingest rules whose
/// subject is the text itself (LC401–LC404), the message. Line numbers and times are not
/// part of the key, so records added elsewhere in a log do not make old findings look new.
/// Several findings with the same key are told apart by their order (`occurrence`, 1-based).
public struct Baseline: Sendable, Equatable {
    /// One accepted finding.
    public struct Entry: Hashable, Sendable {
        /// The file as findings name it.
        public var file: String
        /// The rule id (`LC100`).
        public var rule: String
        /// The finding's pid, if it has one.
        public var pid: Int64?
        /// The finding's scene, if it has one.
        public var scene: String?
        /// The finding's task, if it has one.
        public var task: String?
        /// The finding's state, if it has one.
        public var state: String?
        /// The finding's event, if it has one.
        public var event: String?
        /// Part of the key only for LC401, LC402, LC403 and LC404; kept for people otherwise.
        public var message: String
        /// 1 for the first finding with this key in the file, 2 for the second, …
        public var occurrence: Int

        var key: String { key(file: file) }

        /// The key with `file` spelled as given (the canonical path when comparing).
        func key(file: String) -> String {
            var parts = [file, rule, pid.map(String.init) ?? "-", scene ?? "-", task ?? "-", state ?? "-", event ?? "-"]
            if Baseline.messageKeyedRules.contains(rule) { parts.append(message) }
            parts.append(String(occurrence))
            return parts.joined(separator: "\u{1F}")
        }
    }

    /// An unreadable or invalid baseline file.
    public struct LoadError: Error, CustomStringConvertible, Sendable {
        /// `Unable to read baseline 'PATH': REASON.`
        public var description: String
    }

    /// Rules whose message is their subject (the bad line, the unknown name, what the log
    /// says it lost).
    static let messageKeyedRules: Set<String> = ["LC401", "LC402", "LC403", "LC404"]

    /// The accepted findings.
    public private(set) var entries: [Entry]

    /// A baseline of every finding of a run.
    public init(run: RunReport) {
        entries = Self.entries(for: run.files.flatMap(\.findings))
    }

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// The entries that describe these findings, occurrences numbered in order.
    static func entries(for findings: [Finding]) -> [Entry] {
        var seen: [String: Int] = [:]
        return findings.map { f in
            var e = Entry(
                file: f.file, rule: f.rule.id, pid: f.pid, scene: f.scene, task: f.task?.text,
                state: f.state, event: f.event, message: f.message, occurrence: 0)
            let k = e.key
            seen[k, default: 0] += 1
            e.occurrence = seen[k]!
            return e
        }
    }

    /// The result of holding a run against the baseline.
    public struct Comparison: Sendable {
        /// The run without the findings the baseline accepts.
        public var run: RunReport
        /// How many findings the baseline suppressed.
        public var suppressed: Int
        /// Baseline entries that no longer occur (fixed, or the log changed).
        public var stale: [Entry]
    }

    /// Removes the accepted findings from a run.
    ///
    /// Files are compared by their canonical path (``canonicalPath(_:workingDirectory:)``),
    /// so `./app.jsonl`, `app.jsonl` and `/abs/cwd/app.jsonl` are one file. Only entries of
    /// files that are in the run can be stale: a run over some of the logs does not report
    /// the entries of the others as gone.
    ///
    /// - Parameters:
    ///   - run: the run, its findings already under the configuration's rule settings.
    ///   - workingDirectory: what relative paths are relative to; the current directory by
    ///     default.
    ///   - disabled: rules the configuration disables (SPEC §9): their entries are never
    ///     stale, since their findings are not reported at all.
    /// - Complexity: O(findings + entries).
    public func apply(to run: RunReport, workingDirectory: String? = nil, disabled: Set<Rule> = []) -> Comparison {
        let cwd = workingDirectory ?? FileManager.default.currentDirectoryPath
        var canonical: [String: String] = [:]
        func canon(_ path: String) -> String {
            if let known = canonical[path] { return known }
            let c = Self.canonicalPath(path, workingDirectory: cwd)
            canonical[path] = c
            return c
        }
        var accepted = Set(entries.map { $0.key(file: canon($0.file)) })
        var out = run
        var suppressed = 0
        for i in out.files.indices {
            let findings = out.files[i].findings
            let keys = Self.entries(for: findings).map { $0.key(file: canon($0.file)) }
            var kept: [Finding] = []
            for (finding, key) in zip(findings, keys) {
                if accepted.remove(key) != nil {
                    suppressed += 1
                } else {
                    kept.append(finding)
                }
            }
            out.files[i].findings = kept
        }
        let inRun = Set(run.files.map { canon($0.path) })
        let disabledIDs = Set(disabled.map(\.id))
        let stale = entries.filter {
            inRun.contains(canon($0.file)) && !disabledIDs.contains($0.rule) && accepted.contains($0.key(file: canon($0.file)))
        }
        return Comparison(run: out, suppressed: suppressed, stale: stale)
    }

    /// The path a baseline compares: made absolute against `workingDirectory`, with
    /// symbolic links, `.`, `..` and repeated slashes resolved (`realpath(3)` when the file
    /// exists, the same done on the text otherwise), then made relative again when it lies
    /// under the (likewise resolved) working directory. `-` (standard input) stays `-`.
    public static func canonicalPath(_ path: String, workingDirectory: String) -> String {
        guard path != "-", !path.isEmpty else { return path }
        let base = resolved(workingDirectory.hasPrefix("/") ? workingDirectory : "/" + workingDirectory)
        let full = resolved(path.hasPrefix("/") ? path : base + "/" + path)
        if base == "/" { return full == "/" ? "." : String(full.dropFirst()) }
        if full == base { return "." }
        if full.hasPrefix(base + "/") { return String(full.dropFirst(base.count + 1)) }
        return full
    }

    /// An absolute path with links resolved when it exists, else `.`/`..` removed as text.
    private static func resolved(_ absolute: String) -> String {
        if let real = FilePathText.withCString(absolute, { realpath($0, nil) }) {
            defer { free(real) }
            return FilePathText.string(fromBytes: UnsafeBufferPointer(start: real, count: strlen(real)).map { UInt8(bitPattern: $0) })
        }
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The baseline file: `{"version": 1, "tool": …, "entries": [...]}`, entries in run order.
    public func json(toolVersion: String) -> String {
        let items = entries.map { e -> JSONValue in
            .object([
                ("file", .string(e.file)), ("rule", .string(e.rule)), ("pid", .integer(e.pid)),
                ("scene", .string(e.scene)), ("task", .string(e.task)), ("state", .string(e.state)),
                ("event", .string(e.event)), ("occurrence", .int(e.occurrence)), ("message", .string(e.message)),
            ])
        }
        let doc = JSONValue.object([
            ("version", .int(1)), ("tool", .string("lctrace " + toolVersion)), ("entries", .array(items)),
        ])
        return JSONWriter.string(doc, pretty: true) + "\n"
    }

    /// Reads a baseline file.
    ///
    /// - Throws: ``LoadError`` when the file cannot be read or is not a version-1 baseline.
    public static func load(path: String) throws(LoadError) -> Baseline {
        func fail(_ reason: String) -> LoadError {
            LoadError(description: "Unable to read baseline \(PrintableText.quoted(path)): \(reason).")
        }
        let limit = 1 << 30
        let data: Data
        do {
            data = Data(try FileContents.read(path, maximumBytes: limit))
        } catch {
            throw fail(error.reason(maximumBytes: limit))
        }
        guard let doc = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw fail("not a JSON object")
        }
        guard doc["version"] as? Int == 1, let items = doc["entries"] as? [[String: Any]] else {
            throw fail("expected {\"version\": 1, \"entries\": [...]}")
        }
        var entries: [Entry] = []
        for (i, item) in items.enumerated() {
            guard let file = item["file"] as? String, let rule = item["rule"] as? String,
                let occurrence = item["occurrence"] as? Int
            else {
                throw fail("entry \(i + 1) lacks 'file', 'rule' or 'occurrence'")
            }
            entries.append(
                Entry(
                    file: file, rule: rule, pid: (item["pid"] as? NSNumber)?.int64Value,
                    scene: item["scene"] as? String, task: item["task"] as? String, state: item["state"] as? String,
                    event: item["event"] as? String, message: item["message"] as? String ?? "", occurrence: occurrence))
        }
        return Baseline(entries: entries)
    }
}
