import ArgumentParser
import LCTraceAudit
import LCTraceCore
import LCTraceReport

/// `lctrace merge`: the shards of an audit, combined into the report one audit would write.
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the --format jsonl outputs of 'lctrace audit --shard K/N' into one audit report.",
        discussion: """
            The result is what a single 'lctrace audit' of all the shards' files would have \
            written, in any --format. Inputs are read as streams and merged by path. Shards \
            must be complete (1/N … N/N, each once), audited with the same --top, \
            --model, --os, --budget, rule settings, reading options and --summary-only by the same lctrace \
            version, and cut from the same file list (their headers say: start every shard with the \
            same arguments from the same folder); shards audited with --summary-only merge only with --summary-only \
            into text, json or jsonl (sarif, junit, github and html always list findings). \
            Every input is checked to its end \
            before anything is written. Exit status: as 'audit' (--fail-on, by default the \
            shards' own, on the merged findings; 2 when no file at all could be read or replayed), and 2 when an input cannot be read \
            or merged.
            """
    )

    @Argument(help: "Audit jsonl outputs (one per shard); '-' reads one from standard input.")
    var files: [String] = []

    @OptionGroup var options: MergeOptions

    @Flag(name: .customLong("summary-only"), help: "Leave out findings, and per-file lines in text and json.")
    var summaryOnly = false

    func validate() throws {
        try InputFiles.resolve(files, kind: .shards)
    }

    func run() throws {
        let stepSummary = try OutputTarget.stepSummary(format: options.format, output: options.output, inputs: files)
        let target = try OutputTarget.open(options.output, inputs: files)
        let merger: AuditMerge.Merger
        do {
            let needsFindings = AuditOutput.needsFindings(format: options.format, summaryOnly: summaryOnly)
            merger = try AuditMerge.openValidated(files, summaryOnly: !needsFindings, failOnGiven: options.failOn != nil)
        } catch {
            target.abandon()
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
        let failOn = options.effectiveFailOn(recorded: merger.failOn)
        let output = AuditOutput(
            options: try options.replayOptions(failOn: failOn), target: target, summaryOnly: summaryOnly, top: merger.top,
            shard: nil, configuration: merger.configuration, reading: merger.reading, stepSummary: stepSummary,
            failOn: options.recordedFailOn(recorded: merger.failOn))
        var aggregate: AuditAggregate
        do {
            aggregate = try merger.run { output.add($0) }
        } catch {
            output.abandon()
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
        // Nothing replayed in the whole set: said, and in the report as `audit` says it.
        if let reason = aggregate.nothingAuditedReason(in: []) {
            StandardError.write("lctrace: \(reason)\n")
            output.addNothingAudited(inputs: files, reason: reason, to: &aggregate)
        }
        try output.finish(aggregate)
        let status = aggregate.exitStatus(failOn: failOn)
        if status != 0 { throw ExitCode(status) }
    }
}
