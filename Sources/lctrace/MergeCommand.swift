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
            must be complete (1/N … N/N, each once) and audited with the same --top, \
            --model, --os, --budget and rule settings (their headers say). Every input is checked to its end \
            before anything is written. Exit status: as 'audit' (--fail-on on the merged \
            findings; 2 when no file at all could be read), and 2 when an input cannot be read \
            or merged.
            """
    )

    @Argument(help: "Audit jsonl outputs (one per shard); '-' reads one from standard input.")
    var files: [String] = []

    @OptionGroup var options: MergeOptions

    @Flag(name: .customLong("summary-only"), help: "Leave out findings, and per-file lines in text and json.")
    var summaryOnly = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("no input: name the jsonl outputs of 'lctrace audit --format jsonl'") }
        if files.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("'-' (standard input) can be named only once")
        }
    }

    func run() throws {
        let target = try OutputTarget.open(options.output, inputs: files)
        let merger: AuditMerge.Merger
        do {
            merger = try AuditMerge.openValidated(files)
        } catch {
            target.abandon()
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
        let output = AuditOutput(
            options: try options.replayOptions(), target: target, summaryOnly: summaryOnly, top: merger.top, shard: nil,
            configuration: merger.configuration)
        let aggregate: AuditAggregate
        do {
            aggregate = try merger.run { output.add($0) }
        } catch {
            output.abandon()
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
        try output.finish(aggregate)
        let status = aggregate.exitStatus(failOn: options.failOn)
        if status != 0 { throw ExitCode(status) }
    }
}
