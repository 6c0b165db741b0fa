import ArgumentParser
import LCTraceConfig
import LCTraceCore
import LCTraceReport

/// `lctrace rules`: the rule catalogue.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: id, name, severity and what triggers it.",
        discussion: """
            Under a configuration file (--config, else .lctrace.yml in the current folder or \
            the nearest parent that has one) the severity shown is the effective one, disabled \
            rules say so, and the file and line that changed them are listed.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

    @Option(help: "text (a table), json, or markdown (docs/RULES.md).")
    var format: Format = .text

    @OptionGroup var config: ConfigFileOption

    func run() throws {
        let file = try config.load()
        // The markdown is docs/RULES.md: the catalogue's own severities, whatever the file says.
        let settings = try EffectiveConfiguration.ruleSettings(file: format == .markdown ? nil : file)
        let target = OutputTarget.standardOutput()
        switch format {
        case .text: target.write(RuleCatalogueText.table(settings: settings, source: file?.path))
        case .json: target.write(RuleCatalogueText.json(settings: settings))
        case .markdown: target.write(RuleCatalogueText.markdown())
        }
        try target.close()
    }
}
