import ArgumentParser
import LCTraceConfig
import LCTraceCore
import LCTraceReport

/// `lctrace explain LC203`: one rule in full, with its examples.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain rules: what triggers them, why the platform cares, a failing and a passing example."
    )

    @Argument(help: "Rule ids or names (LC203, bgtask-overrun).")
    var rules: [String]

    @OptionGroup var config: ConfigFileOption

    func validate() throws {
        if rules.isEmpty { throw ValidationError("name at least one rule, e.g. 'lctrace explain LC203'") }
        for r in rules where Rule(idOrName: r) == nil {
            throw ValidationError(Suggestion.unknownRule(r))
        }
    }

    func run() throws {
        let settings = try EffectiveConfiguration.ruleSettings(file: try config.load())
        let parts = rules.compactMap(Rule.init(idOrName:)).map { RuleCatalogueText.explanation(of: $0, settings: settings) }
        let target = OutputTarget.standardOutput()
        target.write(parts.joined(separator: "\n"))
        try target.close()
    }
}
