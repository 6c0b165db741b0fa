import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay

/// The evidence files of an audit (SPEC §8 "In `audit`…", §10, §11): crash and JetsamEvent
/// reports, MetricKit files and Info.plists, recognised by content among the inputs. Evidence
/// files join the logs of their own directory only (a pid is reused across devices, and a
/// directory is what a device's files share); a directory that holds evidence is one unit of
/// `--shard`. This is the first pass of such an audit: every file is classified, then each
/// directory with evidence has its logs indexed, its evidence read and joined once
/// (``RunEvidence/bind(_:to:)``), and each of its files is given what it takes from the join
/// (``Part``) before the files are audited one by one.
///
/// Memory: a directory whose logs have sessions holds its evidence, read, until its logs are
/// audited (a device's folder: a few reports). A directory of evidence with no log (a folder
/// of ten thousand crash reports) holds only what grouping its incidents reads, without the
/// threads; each incident is read again by the worker that audits its first file.
public struct AuditEvidence: Sendable {
    /// The evidence files among the inputs, by path, and what kind each is.
    public private(set) var kinds: [String: EvidenceFile.Kind] = [:]
    /// The directories that hold an evidence file: each is one unit of `--shard`.
    public private(set) var directories: Set<String> = []

    /// No evidence: every input is a log (what ``AuditRun/run(_:configuration:reading:jobs:top:keepFindings:crashReports:evidence:onEntry:progress:)``
    /// assumes unless told).
    public init() {}

    /// Classifies every candidate input by the first 64 KiB of its content, on `jobs` threads.
    public init(classifying inputs: [AuditInput], jobs: Int) {
        OrderedParallel.run(
            count: inputs.count, threads: jobs,
            work: { i -> EvidenceFile.Kind? in
                guard inputs[i].status == .candidate else { return nil }
                return EvidenceFile.kind(path: inputs[i].path)
            },
            deliver: { i, kind in
                guard let kind else { return }
                kinds[inputs[i].path] = kind
                directories.insert(Self.directory(of: inputs[i].path))
            })
    }

    /// Whether any input is an evidence file.
    public var isEmpty: Bool { kinds.isEmpty }

    /// The directory part of `path` as the walk spelled it (`.` for a bare name; a leading
    /// `./` dropped, so `a.ips` and `./a.jsonl` share one).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        var directory = Substring(path[..<slash])
        while directory.hasPrefix("./") { directory = directory.dropFirst(2) }
        return directory.isEmpty ? "." : String(directory)
    }

    /// The unit `path` is sharded by: its directory when that holds evidence, else itself.
    public func shardKey(of path: String) -> String {
        let directory = Self.directory(of: path)
        return directories.contains(directory) ? "dir:" + directory : path
    }

    /// What one input takes from its directory's evidence.
    public enum Part: Sendable {
        /// A log: the pieces bound to its sessions, and the declarations of its directory's
        /// Info.plists.
        case log(bound: [CrashReport], declarations: [AppDeclaration])
        /// An evidence file whose result is known from the pass: a plist's own findings, or
        /// the deaths of the pieces that joined no log.
        case result(FileResult)
        /// An evidence file that cannot be read.
        case unreadable(UnreadableInput)
        /// An evidence file of a directory without logs: the pieces (file, place among that
        /// file's pieces) of the incidents whose first piece it holds, read again to audit it.
        case incidents([PieceRef])
    }

    /// A piece of evidence by where it is read from.
    public struct PieceRef: Sendable, Equatable {
        /// The evidence file.
        public var path: String
        /// Its place among the file's pieces (``EvidenceFiles/reports``).
        public var index: Int
    }

    /// The part of every input of a directory with evidence, by path: the join of each such
    /// directory (see the type's documentation).
    ///
    /// - Parameters:
    ///   - inputs: the inputs to audit (one shard's), in path order.
    ///   - configuration: budgets, model, rules and owners.
    ///   - crashReports: pieces joined already (`--metrickit`'s crash diagnostics, each naming
    ///     its log and session): those of a directory with evidence are decided with its
    ///     evidence, in the one join.
    ///   - jobs: worker threads.
    /// - Returns: the parts, and the pieces of `crashReports` left for the logs of the other
    ///   directories.
    public func parts(
        of inputs: [AuditInput], configuration: ReplayConfiguration, reading: ReadOptions, crashReports: [CrashReport],
        jobs: Int
    ) -> (parts: [String: Part], crashReports: [CrashReport]) {
        var parts: [String: Part] = [:]
        guard !kinds.isEmpty else { return (parts, crashReports) }
        var byDirectory: [String: [AuditInput]] = [:]
        var order: [String] = []
        for input in inputs where directories.contains(Self.directory(of: input.path)) {
            let directory = Self.directory(of: input.path)
            if byDirectory[directory] == nil { order.append(directory) }
            byDirectory[directory, default: []].append(input)
        }
        // Plists first: their declarations are part of how the directory's logs replay.
        var declarations: [String: [AppDeclaration]] = [:]
        for directory in order {
            for input in byDirectory[directory]! where kinds[input.path] == .infoPlist {
                let plist = InfoPlistEvidence([], infoPlists: [input.path])
                if let failure = plist.unreadable.first {
                    parts[input.path] = .unreadable(failure)
                } else if let result = plist.results(rules: configuration.rules).first {
                    parts[input.path] = .result(result)
                }
                declarations[directory, default: []] += plist.declarations
            }
        }
        // The sessions of every log of those directories, on `jobs` threads.
        // (A directory whose only evidence is plists has nothing to join.)
        let joining = order.filter { d in byDirectory[d]!.contains { kinds[$0.path] == .crashReport || kinds[$0.path] == .metricKit } }
        let logs = joining.flatMap { d in byDirectory[d]!.filter { $0.status == .candidate && kinds[$0.path] == nil } }
        var spans: [String: [SessionSpan]] = [:]
        OrderedParallel.run(
            count: logs.count, threads: jobs,
            work: { [declarations] i -> [SessionSpan] in
                var indexing = configuration
                indexing.declarations += declarations[Self.directory(of: logs[i].path)] ?? []
                return AuditFile.spans(logs[i], configuration: indexing, reading: reading)
            },
            deliver: { i, found in spans[Self.directory(of: logs[i].path), default: []] += found })
        var remaining = crashReports
        for directory in order {
            let files = byDirectory[directory]!
            let evidence = files.filter { kinds[$0.path] == .crashReport || kinds[$0.path] == .metricKit }.map(\.path)
            let dirLogs = files.filter { $0.status == .candidate && kinds[$0.path] == nil }.map(\.path)
            let dirSpans = spans[directory] ?? []
            if dirSpans.isEmpty {
                // No session to join: the directory's evidence is its own deaths.
                for (path, part) in Self.incidentParts(evidence, jobs: jobs) { parts[path] = part }
                for path in dirLogs { parts[path] = .log(bound: [], declarations: declarations[directory] ?? []) }
                continue
            }
            let read = EvidenceFiles(evidence)
            let logSet = Set(dirLogs)
            let joinedAlready = remaining.filter { $0.origin.log.map(logSet.contains) ?? false }
            remaining.removeAll { $0.origin.log.map(logSet.contains) ?? false }
            var dirConfiguration = configuration
            dirConfiguration.declarations += declarations[directory] ?? []
            let (bound, unjoined) = RunEvidence.bind(read.reports + joinedAlready, to: dirSpans)
            for path in dirLogs {
                parts[path] = .log(bound: bound.filter { $0.log == path }, declarations: declarations[directory] ?? [])
            }
            for failure in read.unreadable { parts[failure.path] = .unreadable(failure) }
            let readable = evidence.filter { path in !read.unreadable.contains { $0.path == path } }
            for result in EvidenceAlone.results(unjoined.filter(\.givenAsFile), paths: readable, configuration: dirConfiguration) {
                parts[result.path] = .result(result)
            }
        }
        return (parts, remaining)
    }

    /// The parts of the evidence files of a directory without sessions: each file is read on
    /// `jobs` threads and kept without its threads, the incidents are grouped once
    /// (``EvidenceAlone/incidents(_:)``), and each file gets the incidents whose first piece
    /// it holds; a file whose pieces all belong to another's incident has none.
    static func incidentParts(_ paths: [String], jobs: Int) -> [String: Part] {
        var parts: [String: Part] = [:]
        var pieces: [CrashReport] = []
        var refs: [PieceRef] = []
        OrderedParallel.run(
            count: paths.count, threads: jobs,
            work: { i -> Result<[CrashReport], UnreadableInput> in
                let read = EvidenceFiles([paths[i]])
                if let failure = read.unreadable.first { return .failure(failure) }
                return .success(read.reports.map(\.forGrouping))
            },
            deliver: { i, read in
                switch read {
                case .failure(let failure): parts[paths[i]] = .unreadable(failure)
                case .success(let found):
                    parts[paths[i]] = .incidents([])
                    for (k, piece) in found.enumerated() {
                        pieces.append(piece)
                        refs.append(PieceRef(path: paths[i], index: k))
                    }
                }
            })
        var led: [String: [PieceRef]] = [:]
        for incident in EvidenceAlone.incidents(pieces) {
            led[refs[incident[0]].path, default: []] += incident.map { refs[$0] }
        }
        for (path, incidents) in led { parts[path] = .incidents(incidents) }
        return parts
    }

    /// The result of an evidence file from the incidents it leads (``Part/incidents(_:)``):
    /// their pieces read again, whole, and replayed on their own.
    static func result(
        of path: String, incidents: [PieceRef], configuration: ReplayConfiguration
    ) -> Result<FileResult, UnreadableInput> {
        var read: [String: [CrashReport]] = [:]
        var pieces: [CrashReport] = []
        for ref in incidents {
            if read[ref.path] == nil {
                let files = EvidenceFiles([ref.path])
                if let failure = files.unreadable.first { return .failure(failure) }
                read[ref.path] = files.reports
            }
            guard let reports = read[ref.path], ref.index < reports.count else { continue }
            pieces.append(reports[ref.index])
        }
        return .success(EvidenceAlone.results(pieces, paths: [path], configuration: configuration).first ?? FileResult(path: path))
    }
}

extension CrashReport {
    /// The report without what grouping incidents never reads (its thread's frames and images).
    var forGrouping: CrashReport {
        var light = self
        light.stack = nil
        light.warnings = []
        return light
    }
}
