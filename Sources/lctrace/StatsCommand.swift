import ArgumentParser
import LCTraceAudit
import LCTraceCore
import LCTraceReplay
import LCTraceReport

/// `lctrace stats`: what the sessions of some logs did, and how long things took.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Sessions, time in each state, and handler, resume and background-task durations (count, p50, p95, max).",
        discussion: """
            Figures are pooled over all the files named. Percentiles are nearest-rank: the value \
            at rank ⌈p·n/100⌉ of the n sorted durations. JSON durations are integer nanoseconds.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "Log files (zstd or NDJSON); '-' reads standard input.")
    var files: [String] = []

    @Option(help: "text or json.")
    var format: Format = .text

    @Option(name: .shortAndLong, help: "Write the report to this file (atomically) instead of standard output.")
    var output: String?

    @Option(help: "Lifecycle model when a log has no meta.model: auto, uikit-app, uikit-scene.")
    var model: ModelChoice = .auto

    @Option(name: .customLong("budget"), help: ArgumentHelp("Override a time budget, NAME=SECONDS (repeatable).", valueName: "name=seconds"))
    var budgets: [String] = []

    @Option(name: .customLong("os"), help: "OS version assumed when a log has no meta.os.")
    var os: String?

    func run() throws {
        let inputs = try InputFiles.resolve(files)
        var options = try ReplayOptions.parse([])
        options.model = model
        options.budgets = budgets
        options.os = os
        let configuration = try options.replayConfiguration()
        var stats = LogStats()
        var unreadable = 0
        for path in inputs {
            if let failure = stats.add(path: path, configuration: configuration) {
                StandardError.write(failure.message + "\n")
                unreadable += 1
            }
        }
        let text = format == .json ? stats.json(toolVersion: LCTraceVersion.current) : stats.text()
        if let output {
            do {
                try OutputFile.write(text, toPath: output)
            } catch {
                StandardError.write("\(error)\n")
                throw ExitCode(2)
            }
        } else {
            StandardOutput.write(text)
        }
        if unreadable > 0 { throw ExitCode(2) }
    }
}
