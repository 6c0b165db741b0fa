import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReplay

/// A batch audit: replay every input on a pool of threads and deliver the entries in path
/// order to one consumer, which writes them and adds them to the aggregate.
public enum AuditRun {
    /// The inputs of shard `shard` (all of them when `nil`), in path order. A directory that
    /// holds evidence is one unit (SPEC §8): its files go to the shard of the directory.
    public static func select(_ inputs: [AuditInput], shard: AuditShard?, evidence: AuditEvidence = AuditEvidence()) -> [AuditInput] {
        guard let shard else { return inputs }
        return inputs.filter { shard.contains(evidence.shardKey(of: $0.path)) }
    }

    /// Audits `inputs`.
    ///
    /// - Parameters:
    ///   - inputs: the paths, in output order (``AuditDiscovery/discover(_:)``).
    ///   - configuration: budgets, model and OS defaults.
    ///   - jobs: worker threads.
    ///   - top: worst files and sessions to keep.
    ///   - keepFindings: whether entries carry their findings.
    ///   - crashReports: the crash reports of joined MetricKit crash diagnostics
    ///     (``MetricKitReplay/reports``): each ends its session in the file it names.
    ///   - evidence: the evidence files among the inputs (``AuditEvidence/init(classifying:jobs:)``):
    ///     each directory that holds some is joined first, and its files audited with what
    ///     they take from the join.
    ///   - onEntry: receives every entry in input order, on the calling thread.
    ///   - progress: called on the calling thread about ten times a second and after each
    ///     file; `nil` for none.
    /// - Returns: the aggregate.
    public static func run(
        _ inputs: [AuditInput], configuration: ReplayConfiguration, reading: ReadOptions = ReadOptions(),
        jobs: Int, top: Int, keepFindings: Bool, crashReports: [CrashReport] = [], evidence: AuditEvidence = AuditEvidence(),
        onEntry: (AuditEntry) -> Void, progress: ((AuditProgress) -> Void)? = nil
    ) -> AuditAggregate {
        let (parts, crashReports) = evidence.parts(
            of: inputs, configuration: configuration, reading: reading, crashReports: crashReports, jobs: jobs)
        var aggregate = AuditAggregate(top: top, ruleSettings: configuration.rules)
        let start = DispatchTime.now().uptimeNanoseconds
        var status = AuditProgress(done: 0, total: inputs.count, records: 0, elapsed: 0)
        OrderedParallel.run(
            count: inputs.count, threads: jobs,
            work: { i in
                // Workers decompress inline: the batch is parallel across files, and a read-ahead
                // thread per small file costs more than it saves (measured: 6.9 s against 4.3 s
                // of CPU for 2,000 files of 5,000 records).
                AuditFile.audit(
                    inputs[i], configuration: configuration, reading: reading, top: top, keepFindings: keepFindings,
                    crashReports: crashReports, evidence: parts[inputs[i].path])
            },
            deliver: { _, entry in
                aggregate.add(entry)
                status.done += 1
                if case .file(let d, _, _) = entry { status.records += d.events }
                onEntry(entry)
            },
            tick: {
                guard let progress else { return }
                status.elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                progress(status)
            })
        return aggregate
    }

    /// The sessions of `inputs` whose pid is one of `pids`, in input then session order: the
    /// first pass of `audit --metrickit` (docs/METRICKIT.md), replayed on `jobs` threads and
    /// keeping nothing of a file but those sessions.
    public static func sessions(
        _ inputs: [AuditInput], pids: Set<Int64>, configuration: ReplayConfiguration,
        reading: ReadOptions = ReadOptions(), jobs: Int
    ) -> [SessionSpan] {
        var sessions: [SessionSpan] = []
        guard !pids.isEmpty else { return sessions }
        OrderedParallel.run(
            count: inputs.count, threads: jobs,
            work: { i in AuditFile.sessions(inputs[i], pids: pids, configuration: configuration, reading: reading) },
            deliver: { _, found in sessions += found }, tick: {})
        return sessions
    }

    /// Audits `inputs` with the MetricKit files `metrickit` (SPEC §8): the sessions of the
    /// pids its diagnostics name are collected first (``sessions(_:pids:configuration:reading:jobs:)``),
    /// the diagnostics joined to them, and the audit then run with the joined crash
    /// diagnostics' crash reports; the aggregate carries what was read and joined
    /// (``AuditAggregate/metrickit``).
    ///
    /// - Parameters:
    ///   - countsPayloads: whether payloads and exit counters are counted: `false` in a shard
    ///     other than the first, so that `merge` counts each once.
    ///   - the others: as ``run(_:configuration:reading:jobs:top:keepFindings:crashReports:evidence:onEntry:progress:)``.
    public static func run(
        _ inputs: [AuditInput], metrickit files: [MetricKitFile], countsPayloads: Bool, configuration: ReplayConfiguration,
        reading: ReadOptions = ReadOptions(), jobs: Int, top: Int, keepFindings: Bool, evidence: AuditEvidence = AuditEvidence(),
        onEntry: (AuditEntry) -> Void, progress: ((AuditProgress) -> Void)? = nil
    ) -> AuditAggregate {
        let sessions = sessions(
            inputs, pids: MetricKitReplay.pids(files), configuration: configuration, reading: reading, jobs: jobs)
        let join = MetricKitReplay.join(files, spans: sessions, countPayloads: countsPayloads)
        var aggregate = run(
            inputs, configuration: configuration, reading: reading, jobs: jobs, top: top, keepFindings: keepFindings,
            crashReports: join.reports, evidence: evidence, onEntry: onEntry, progress: progress)
        aggregate.metrickit = AuditMetricKit(files: files, join: join, countsPayloads: countsPayloads)
        return aggregate
    }
}
