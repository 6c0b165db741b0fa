import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTracePipeline
import LCTraceReport

/// What `audit --metrickit` read and joined (SPEC §8, docs/METRICKIT.md), kept so that the
/// shards of an audit merge into what one audit of all their files reports.
///
/// Every shard reads every `--metrickit` file and joins its diagnostics to the sessions of
/// its own logs; payloads and metric payloads' exit counters are counted by shard 1 only.
/// `merge` adds the counts, and unites the joined diagnostics (by file and index), so that a
/// diagnostic whose pid has sessions in two shards is counted joined once.
public struct AuditMetricKit: Sendable, Equatable {
    /// Payloads read: diagnostic payloads, bare diagnostics and metric payloads (`summary.metrickit.payloads`).
    public var payloads = 0
    /// Metric payloads whose exit counters are summed.
    public var metricPayloads = 0
    /// Diagnostics read (every kind): every shard reads them all.
    public var diagnostics = 0
    /// The diagnostics that joined a session.
    public var joined: Set<MetricKitDiagnosticID> = []
    /// The summed exit counters of the metric payloads.
    public var exits: [MetricKitExit: Int] = [:]

    /// Nothing read.
    public init() {}

    /// What one audit (or shard) read and joined.
    ///
    /// - Parameters:
    ///   - files: the `--metrickit` files.
    ///   - join: their join to the audited logs' sessions.
    ///   - countsPayloads: `false` for a shard other than the first.
    public init(files: [MetricKitFile], join: MetricKitReplay, countsPayloads: Bool) {
        diagnostics = files.reduce(0) { $0 + $1.diagnostics.count }
        joined = Set(join.joinedDiagnostics)
        guard countsPayloads else { return }
        payloads = files.reduce(0) { $0 + $1.diagnosticPayloads + $1.metricPayloads }
        metricPayloads = files.reduce(0) { $0 + $1.metricPayloads }
        for file in files {
            for (row, count) in file.exits { exits[row, default: 0] += count }
        }
    }

    /// Diagnostics that joined no session of any log.
    public var unjoined: Int { max(0, diagnostics - joined.count) }

    /// Adds another shard's: counts summed, joined diagnostics united (every shard read the
    /// same diagnostics).
    public mutating func add(_ other: AuditMetricKit) {
        payloads += other.payloads
        metricPayloads += other.metricPayloads
        diagnostics = max(diagnostics, other.diagnostics)
        joined.formUnion(other.joined)
        for (row, count) in other.exits { exits[row, default: 0] += count }
    }

    /// The exit counters beside the audit's recordings (its deaths and normal exits).
    public func comparison(_ summary: RunSummary) -> MetricKitExitComparison {
        MetricKitExitComparison(
            payloads: metricPayloads, counted: exits, deaths: summary.deaths, normalExits: summary.exitClasses[.normal] ?? 0,
            normalExitsInBackground: summary.normalExitsInBackground, purges: summary.exitClasses[.purged] ?? 0)
    }

    /// `summary.metrickit`: `{"payloads", "joined", "unjoined"}`, as `replay` writes it.
    public var summaryJSON: JSONValue {
        .object([("payloads", .int(payloads)), ("joined", .int(joined.count)), ("unjoined", .int(unjoined))])
    }

    /// The top-level `metrickit` object: the comparison (`payloads`, `exits`), then what
    /// `merge` needs to count each payload and diagnostic once: `read` (payloads of every
    /// kind), `diagnostics` (read) and `joined` (`[{"file", "index"}]`, in file then index order).
    public func json(_ summary: RunSummary) -> JSONValue {
        guard case .object(var members) = comparison(summary).json else { return .null }
        let ids = joined.sorted { a, b in
            a.file != b.file ? a.file.utf8.lexicographicallyPrecedes(b.file.utf8) : a.index.lexicographicallyPrecedes(b.index)
        }
        members += [
            ("read", .int(payloads)), ("diagnostics", .int(diagnostics)),
            ("joined", .array(ids.map { .object([("file", .string($0.file)), ("index", DeathSchema.index($0.index))]) })),
        ]
        return .object(members)
    }

    /// Reads back what ``json(_:)`` wrote (as `JSONSerialization` parses it); `nil` when a
    /// key is missing or of the wrong type.
    public static func parse(_ value: Any) -> AuditMetricKit? {
        guard let o = value as? [String: Any], let metricPayloads = FindingSchema.integer(o["payloads"]),
            let read = FindingSchema.integer(o["read"]), let diagnostics = FindingSchema.integer(o["diagnostics"]),
            let rows = o["exits"] as? [[String: Any]], let joined = o["joined"] as? [[String: Any]]
        else { return nil }
        var result = AuditMetricKit()
        result.payloads = Int(read)
        result.metricPayloads = Int(metricPayloads)
        result.diagnostics = Int(diagnostics)
        for row in rows {
            guard let name = row["class"] as? String, let exitClass = ExitClass(rawValue: name),
                let count = FindingSchema.integer(row["metrickit"]), count >= 0
            else { return nil }
            var visibility = DeathVisibility.foreground
            if let v = row["visibility"], !(v is NSNull) {
                guard let text = v as? String, let parsed = DeathVisibility(rawValue: text) else { return nil }
                visibility = parsed
            }
            if count > 0 { result.exits[MetricKitExit(exitClass: exitClass, visibility: visibility), default: 0] += Int(count) }
        }
        for id in joined {
            guard let file = id["file"] as? String, let index = DeathSchema.index(from: id["index"] as Any) else { return nil }
            result.joined.insert(MetricKitDiagnosticID(file: file, index: index))
        }
        return result
    }
}
