import ArgumentParser
import LCTraceReplay

/// The options that shape a replay (`--model`, `--budget`, `--os`), shared by every command
/// that replays logs.
struct ConfigurationOptions: ParsableArguments {
    @Option(help: "Lifecycle model when a log has no meta.model: auto, uikit-app, uikit-scene.")
    var model: ModelChoice = .auto

    @Option(
        name: .customLong("budget"),
        help: ArgumentHelp(
            "Override a time budget, NAME=SECONDS (repeatable). Budgets: \(Budgets.names.joined(separator: ", ")).",
            valueName: "name=seconds"))
    var budgets: [String] = []

    @Option(name: .customLong("os"), help: "OS version assumed when a log has no meta.os (e.g. 17.4).")
    var os: String?

    func validate() throws {
        _ = try replayConfiguration()
        if let os, Double(os.split(separator: ".").first ?? "") == nil {
            throw ValidationError("--os needs a version such as 17.4, got '\(os)'")
        }
    }

    /// The replay configuration these options describe.
    func replayConfiguration() throws -> ReplayConfiguration {
        var b = Budgets()
        for assignment in budgets {
            do {
                try b.apply(assignment)
            } catch {
                throw ValidationError("--budget: \(error.description)")
            }
        }
        return ReplayConfiguration(budgets: b, defaultOS: os, model: model)
    }
}
