import ArgumentParser
import LCTraceConfig

/// `--disable RULE` and `--enable RULE` (SPEC §7, §9): rules taken out of or put back into
/// the configuration file's `disabled_rules`, for `replay` and `audit`.
struct RuleSelectionOptions: ParsableArguments {
    @Option(name: .customLong("disable"), help: ArgumentHelp("Never report this rule (id or name; repeatable).", valueName: "rule"))
    var disable: [String] = []

    @Option(
        name: .customLong("enable"),
        help: ArgumentHelp("Report this rule even if the configuration file disables it (repeatable).", valueName: "rule"))
    var enable: [String] = []

    // An unknown rule, or one rule both disabled and enabled, is a usage error before any
    // configuration file is read.
    func validate() throws {
        do {
            _ = try EffectiveConfiguration.ruleSettings(file: nil, disable: disable, enable: enable)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
