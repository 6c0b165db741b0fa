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
