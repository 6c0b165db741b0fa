import ArgumentParser
import Glibc
import LCTraceAudit
import LCTraceCore
import LCTraceReplay
import LCTraceReport

extension ReportFormat: ExpressibleByArgument {}
extension ModelChoice: ExpressibleByArgument {}
extension FailThreshold: ExpressibleByArgument {}

/// `lctrace replay`: replay logs and report, with an exit status that gates a build.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay lifecycle logs against the reference model and report findings."
    )

    @Argument(help: "Log files (zstd or NDJSON, detected by content); '-' reads standard input.")
    var files: [String] = []

    @OptionGroup var options: ReplayOptions

    func run() throws {
        var inputs = files
        if inputs.isEmpty {
            guard isatty(0) == 0 else {
                throw ValidationError("no input: name log files, or pipe a log into 'lctrace replay -'")
            }
            inputs = ["-"]
        }
        if inputs.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("'-' (standard input) can be named only once")
        }
        let configuration = try options.replayConfiguration()
        var results: [FileResult] = []
        var unreadable: [UnreadableInput] = []
        for path in inputs {
            switch FileReplay.run(path: path, configuration: configuration) {
            case .success(let result):
                results.append(result)
            case .failure(let failure):
                StandardError.write(failure.message + "\n")
                unreadable.append(failure)
            }
        }
        let run = RunReport(toolVersion: LCTraceVersion.current, files: results, unreadable: unreadable)
        try options.emit(run)
        let status = exitStatus(for: run.summary, failOn: options.failOn, unreadable: unreadable.count)
        if status != 0 { throw ExitCode(status) }
    }
}
