import ArgumentParser
import Foundation
import LCTraceAudit
import LCTraceAppleFormats
import LCTraceCore
import LCTraceReplay
import LCTraceReport

/// Writes an audit's entries as they arrive: `text`, `json` and `jsonl` through
/// ``AuditReport`` (streamed), `sarif`, `junit` and `github`
/// through the replay reporters (which need the whole run, so those hold every file's
/// findings). Shared by `audit` and `merge`, so both print the same report.
final class AuditOutput {
    private let options: ReplayOptions
    private let format: AuditReport.Format?
    private var report: AuditReport
    /// Where the report goes; streamed formats write as entries arrive.
    let target: OutputTarget
    private let streamed: Bool
    private var files: [FileResult] = []
    private var unreadable: [UnreadableInput] = []
    /// Where the `github` format appends its job summary (already checked against the inputs).
    private let stepSummary: String?

    init(
        options: ReplayOptions, target: OutputTarget, summaryOnly: Bool, top: Int, shard: AuditShard?,
        configuration: ReplayConfiguration?, reading: ReadOptions?, stepSummary: String?,
        fileList: AuditFileList? = nil, failOn: FailThreshold? = nil
    ) {
        self.options = options
        self.stepSummary = stepSummary
        self.target = target
        format = AuditReport.Format(rawValue: options.format.rawValue)
        let colour: Bool
        switch options.color {
        case .auto: colour = options.output == nil && Terminal.supportsColour(fd: 1)
        case .always: colour = true
        case .never: colour = false
        }
        report = AuditReport(format: format ?? .json, summaryOnly: summaryOnly, colour: colour && format == .text)
        streamed = format != nil
        if streamed {
            target.write(report.begin(top: top, shard: shard, configuration: configuration, reading: reading, fileList: fileList, failOn: failOn))
        }
    }

    /// Whether entries must carry their findings.
    var needsFindings: Bool { Self.needsFindings(format: options.format, summaryOnly: report.summaryOnly) }

    /// Whether a report in `format` lists findings: always in sarif, junit, github and html
    /// (they have no summary-only form, so `--summary-only` leaves them whole); in text, json
    /// and jsonl unless `--summary-only`. The one answer `audit` (which findings to keep) and
    /// `merge` (whether shards without findings can make the report) both use.
    static func needsFindings(format: ReportFormat, summaryOnly: Bool) -> Bool {
        AuditReport.Format(rawValue: format.rawValue) == nil || !summaryOnly
    }

    /// An audit or merge that replayed no file (every one skipped or unreadable): every report
    /// but `jsonl` lists `inputs` as one input that could not be read, with `reason`, so that
    /// none reads as a pass. `jsonl`, what `merge` reads, says it in its summary line (no file,
    /// N skipped) and its exit status: an entry with a made-up path would break the path order
    /// merge checks.
    func addNothingAudited(inputs: [String], reason: String, to aggregate: inout AuditAggregate) {
        guard options.format != .jsonl else { return }
        let entry = AuditEntry.unreadable(UnreadableInput(path: inputs.joined(separator: " "), reason: reason))
        add(entry)
        aggregate.add(entry)
    }

    func add(_ entry: AuditEntry) {
        if streamed {
            target.write(report.entry(entry))
            return
        }
        switch entry {
        case .file(let d, let findings, let deaths):
            var result = FileResult(path: d.path, events: d.events, sessions: d.sessions, exitClasses: d.exitClasses, findings: findings)
            result.owners = d.owners
            result.deaths = deaths
            result.deathCounts = d.deaths
            // The classes of the file's worst sessions: the only sessions a step summary lists.
            for s in d.worstSessions { result.sessionExits[s.ordinal] = s.exitClass }
            files.append(result)
        case .unreadable(let u):
            unreadable.append(u)
        case .skipped:
            break
        }
    }

    /// Drops a half-written `--output` file.
    func abandon() {
        target.abandon()
    }

    func finish(_ aggregate: AuditAggregate) throws {
        if streamed {
            report.end(aggregate) { target.write($0) }
        } else {
            options.emit(RunReport(toolVersion: LCTraceVersion.current, files: files, unreadable: unreadable), to: target, stepSummary: stepSummary)
        }
        try target.close()
    }
}
