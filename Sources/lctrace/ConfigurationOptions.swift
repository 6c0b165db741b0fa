import ArgumentParser
import LCTraceConfig
import LCTraceReplay
import LCTraceReport

/// The options that shape a replay (`--model`, `--budget`, `--os`, `--config`), shared by every
/// command that replays logs. Each one given wins over the configuration file's key.
struct ConfigurationOptions: ParsableArguments {
    @Option(help: "Lifecycle model when a log has no meta.model: auto (default), uikit-app, uikit-scene.")
    var model: ModelChoice?

    @Option(
        name: .customLong("budget"),
        help: ArgumentHelp(
            "Override a time budget, NAME=SECONDS (repeatable). Budgets: \(Budgets.names.joined(separator: ", ")).",
            valueName: "name=seconds"))
    var budgets: [String] = []

    @Option(name: .customLong("os"), help: "OS version assumed when a log has no meta.os (e.g. 17.4).")
    var os: String?

    @OptionGroup var file: ConfigFileOption

    // The configuration file is not read here: `merge` parses these options without replaying.
    func validate() throws {
        var b = Budgets()
        for assignment in budgets {
            do {
                try b.apply(assignment)
            } catch {
                throw ValidationError("--budget: \(error.description)")
            }
        }
        if let os, !ReplayConfiguration.isOSVersion(os) {
            throw ValidationError("--os needs a version such as 17.4, got '\(os)'")
        }
    }

    /// The files these options read (the configuration file, when one is named or found): an
    /// output must never be one of them (SPEC §6).
    var readFiles: [String] { file.located.map { [$0] } ?? [] }

    /// The configuration file and these options merged (the options winning), with the
    /// command's own choices (`--fail-on`, `--disable`, `--enable`, a baseline).
    func resolved(
        failOn: FailThreshold? = nil, rules: RuleSelectionOptions? = nil, baseline: String? = nil
    ) throws -> EffectiveConfiguration {
        let choices = EffectiveConfiguration.CommandLineChoices(
            budgets: budgets, model: model, os: os, failOn: failOn, disable: rules?.disable ?? [],
            enable: rules?.enable ?? [], baseline: baseline)
        do {
            return try EffectiveConfiguration(file: try file.load(), commandLine: choices, workingDirectory: ConfigFileOption.workingDirectory)
        } catch let error as EffectiveConfiguration.UsageError {
            throw ValidationError(error.description)
        }
    }

    /// The replay configuration: the file's and these options'.
    func replayConfiguration() throws -> ReplayConfiguration {
        try resolved().replay
    }
}
