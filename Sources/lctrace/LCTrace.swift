import ArgumentParser
import LCTraceCore

@main
struct LCTrace: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lctrace",
        abstract: "Replay recorded app-lifecycle logs and audit them.",
        version: LCTraceVersion.current,
        subcommands: []
    )
}
