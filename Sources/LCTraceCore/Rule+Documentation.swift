extension Rule {
    /// The rule's documentation (see `RuleCatalogue.swift`).
    public var documentation: RuleDescription { RuleCatalogue.description(of: self) }

    /// The rule's one-sentence summary.
    public var summary: String { documentation.summary }
}
