/// How a rule documents itself: the single source for `lctrace rules`, `lctrace explain`,
/// docs/RULES.md and the SARIF rule metadata. The examples are replayed by tests.
public struct RuleDescription: Sendable {
    /// The rule.
    public var rule: Rule
    /// One sentence: what triggers it.
    public var summary: String
    /// Why the platform cares, citing the documented limit or behaviour.
    public var rationale: String
    /// Which record's line a finding names (the "revealing" record).
    public var reportedLine: String
    /// An NDJSON log (canonical event names) on which the rule fires.
    public var triggeringExample: String
    /// A similar NDJSON log on which it stays silent.
    public var passingExample: String

    /// Creates a description.
    public init(rule: Rule, summary: String, rationale: String, reportedLine: String, triggeringExample: String, passingExample: String) {
        self.rule = rule
        self.summary = summary
        self.rationale = rationale
        self.reportedLine = reportedLine
        self.triggeringExample = triggeringExample
        self.passingExample = passingExample
    }
}

extension Rule {
    /// The rule's documentation (see `Rule+Descriptions.swift`).
    public var documentation: RuleDescription { RuleCatalogue.description(of: self) }

    /// The rule's one-sentence summary.
    public var summary: String { documentation.summary }
}

/// Where the project lives; used for SARIF `informationUri` and rule `helpUri`s.
public enum ProjectLinks {
    /// The project's home page.
    public static let home = "https://github.com/lctrace/lctrace"
    /// The rule catalogue document.
    public static let rulesDocument = home + "/blob/main/docs/RULES.md"

    /// The URL of one rule's section in docs/RULES.md (anchor `lc100-illegal-transition`).
    public static func help(for rule: Rule) -> String {
        rulesDocument + "#" + rule.id.lowercased() + "-" + rule.name
    }
}
