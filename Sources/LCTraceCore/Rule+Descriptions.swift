/// The catalogue of rule descriptions. SKELETON: the replay work writes the full texts
/// and examples; until then every rule has a placeholder summary.
public enum RuleCatalogue {
    /// The description of a rule.
    public static func description(of rule: Rule) -> RuleDescription {
        RuleDescription(rule: rule, summary: rule.name, rationale: "", reportedLine: "", triggeringExample: "", passingExample: "")
    }

    /// All descriptions, sorted by rule id.
    public static var all: [RuleDescription] { Rule.allCases.sorted().map(description(of:)) }
}
