import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
            TimelineCommand.self, ConvertCommand.self, WhyCommand.self, RulesCommand.self, ExplainCommand.self, GenCommand.self,
        ]
    )

    /// SPEC §6 wants exit status 2 for usage errors; ArgumentParser's default is 64 (EX_USAGE).
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        if let word = CommandLine.arguments.dropFirst().first, let message = unknownCommandMessage(word) {
            StandardError.write(message + "\n")
            Glibc.exit(2)
        }
        // Before any thread starts: SIGINT, SIGTERM and SIGHUP remove unfinished outputs.
        InterruptCleanup.install()
        // Arguments keep the bytes of file names that are not UTF-8 (FilePathText).
        let arguments = Array(FilePathText.arguments().dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                let text = printableUsageMessage(fullMessage(for: error), arguments: arguments)
                StandardError.write(text.hasSuffix("\n") ? text : text + "\n")
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }

    /// ArgumentParser's usage message with the arguments it quotes (`unexpected argument
    /// 'X'`) shown as every message shows a name (``PrintableText/printable(_:)``): a
    /// newline, an escape sequence or a byte that is not UTF-8 in an argument never reaches
    /// the terminal as it is.
    static func printableUsageMessage(_ message: String, arguments: [String]) -> String {
        var text = message
        for argument in Set(arguments) where PrintableText.printable(argument) != argument {
            text = text.replacing(argument, with: PrintableText.printable(argument))
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { PrintableText.printable(String($0)) }
            .joined(separator: "\n")
    }

    /// `lctrace: unknown command 'replya'; did you mean 'replay'?` when `word` is not a
    /// command but close to one; `nil` otherwise (ArgumentParser reports the rest).
    static func unknownCommandMessage(_ word: String) -> String? {
        guard !word.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(word) else { return nil }
        let hint = Suggestion.clause(for: word, among: names)
        guard !hint.isEmpty else { return nil }
        return "lctrace: unknown command '\(ReportText.printable(word))'\(hint) ('lctrace --help' lists the commands)"
    }
}
