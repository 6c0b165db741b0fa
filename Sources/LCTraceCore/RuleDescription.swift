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
    /// How to fix it, step by step, when the fix is more than the summary says (LC105,
    /// LC106: the scene migration); empty otherwise.
    public var steps: [String]
    /// Where the steps come from (Apple's technote), when they are given.
    public var source: String?
    /// The Info.plist (XML) both examples are replayed with, for rules that need one (LC311).
    public var infoPlistExample: String?

    /// Creates a description.
    public init(
        rule: Rule, summary: String, rationale: String, reportedLine: String, triggeringExample: String, passingExample: String,
        steps: [String] = [], source: String? = nil, infoPlistExample: String? = nil
    ) {
        self.steps = steps
        self.source = source
        self.infoPlistExample = infoPlistExample
        self.rule = rule
        self.summary = summary
        self.rationale = rationale
        self.reportedLine = reportedLine
        self.triggeringExample = triggeringExample
        self.passingExample = passingExample
    }
}
