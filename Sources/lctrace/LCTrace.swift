import ArgumentParser
import Glibc
import LCTraceCore
import LCTraceReport

@main
struct LCTrace: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lctrace",
        abstract: "Replay recorded app-lifecycle logs and audit them.",
        discussion: """
            Exit status: 0 when no finding is at or above --fail-on, 1 when some is, \
            2 for a usage error, an input that cannot be read at all, or an output that \
            cannot be written.
            """,
        version: LCTraceVersion.current,
        subcommands: [
            ReplayCommand.self, AuditCommand.self, StatsCommand.self, MergeCommand.self, BaselineCommand.self,
            TimelineCommand.self, ConvertCommand.self, RulesCommand.self, ExplainCommand.self, GenCommand.self,
        ]
    )

    /// SPEC §6 wants exit status 2 for usage errors; ArgumentParser's default is 64 (EX_USAGE).
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        // Before any thread starts: SIGINT, SIGTERM and SIGHUP remove unfinished outputs.
        InterruptCleanup.install()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                let text = fullMessage(for: error)
                StandardError.write(text.hasSuffix("\n") ? text : text + "\n")
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}
