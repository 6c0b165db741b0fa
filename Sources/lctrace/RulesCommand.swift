import ArgumentParser
import LCTraceCore
import LCTraceReport

/// `lctrace rules`: the rule catalogue.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: id, name, severity and what triggers it."
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown }

    @Option(help: "text (a table), json, or markdown (docs/RULES.md).")
    var format: Format = .text

    func run() throws {
        let target = OutputTarget.standardOutput()
        switch format {
        case .text: target.write(RuleCatalogueText.table())
        case .json: target.write(RuleCatalogueText.json())
        case .markdown: target.write(RuleCatalogueText.markdown())
        }
        try target.close()
    }
}
