import ArgumentParser
import LCTraceAppleFormats
import LCTraceCore
import LCTraceIngest
import LCTracePipeline
import LCTraceReport

/// `lctrace why`: the post-mortem view (SPEC §7): every death of the logs, its verdict, its
/// evidence and the last lifecycle records of the process before it died.
struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Why did it die: every process death of the logs, its verdict, evidence and last records.",
        discussion: """
            A death is a session whose exit class is neither normal nor open, nor a purge of a \
            process that was not running (docs/DEATHS.md). Crash reports, system logs and \
            MetricKit diagnostics join the one session each speaks of, across every log given. \
            With no death, says so and exits 0. A file none of whose lines is a record (LC401 \
            each) gets no verdict: it is named, and the exit status is 1.
            """
    )

    @Argument(help: "Log files (zstd or plain); '-' reads standard input.")
    var files: [String] = []

    @Option(help: "Only the deaths of this pid (repeatable).")
    var pid: [Int64] = []

    @Flag(help: "Also list the purges and normal exits, one line each after the deaths.")
    var all = false

    @Option(help: "How many records before each death to show.")
    var last = 8

    @Option(name: .shortAndLong, help: "Write the note here instead of standard output (a file is replaced atomically; never an input).")
    var output: String?

    @OptionGroup var evidence: EvidenceOptions

    /// `--info-plist FILE` (repeatable, SPEC §11).
    @OptionGroup var plists: InfoPlistOptions

    @OptionGroup var configuration: ConfigurationOptions

    @OptionGroup var input: InputOptions

    func validate() throws {
        try InputFiles.resolve(files)
        try evidence.validate(inputs: files)
        guard last >= 1 && last <= 1000 else { throw ValidationError("--last must be between 1 and 1000, not \(last)") }
    }

    func run() throws {
        let inputs = files
        let target = try OutputTarget.open(
            output, inputs: inputs + evidence.readFiles + plists.infoPlists + configuration.readFiles)
        var replayConfiguration = try configuration.replayConfiguration()
        // The deaths asked about are never cut (a file lists its first 1,000 deaths otherwise).
        replayConfiguration.everyDeathOfPids = Set(pid)
        // Exits are listed with --all; an exit a test runner's `Terminate` made is said always
        // (SPEC §12: the end was the runner's, not a death).
        replayConfiguration.listsExits = true
        let reading = try input.readOptions()
        let (reports, metricKit) = try evidence.loaded(abandoning: target)
        let recent = RecentRecords(capacity: last)
        var unmatched: [CrashReport] = []
        let run = RunReport.replaying(
            inputs, systemLogs: evidence.systemLogs, configuration: replayConfiguration,
            reading: reading,
            onUnreadable: { StandardError.write($0.message + "\n") }, crashReports: reports, metricKit: metricKit,
            onUnmatched: { unmatched.append($0) }, recent: recent, infoPlists: plists.infoPlists)
        for line in CrashReports.unmatched(unmatched, of: reports, run: run) { StandardError.write(line + "\n") }
        for warning in run.warnings { StandardError.write(warning + "\n") }
        // No input could be read at all: no note to give, only the errors above (exit 2, and
        // `--output` left as it was, as `replay` leaves it).
        if run.files.isEmpty && !run.unreadable.isEmpty {
            target.abandon()
            throw ExitCode(2)
        }
        target.write(DeathNote.text(run, pids: Set(pid), recent: recent, exits: all))
        try target.close()
        if !run.unreadable.isEmpty { throw ExitCode(2) }
        // A file that gave only malformed lines got no verdict: not a clean answer.
        if run.files.contains(where: { $0.onlyMalformedLines != nil }) { throw ExitCode(1) }
    }
}
