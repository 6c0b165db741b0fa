/// Which rules are reported and at what severity: the `disabled_rules` and `severity` keys of
/// the configuration file with `--disable`/`--enable` applied (SPEC §9).
///
/// Applied once per file, where the file's findings are produced (`FileReplay`), so every
/// report, summary count, `--fail-on` and audit aggregate sees the same findings: no reporter
/// states a severity or a selection again.
public struct RuleSettings: Sendable, Equatable {
    /// Rules never reported.
    public var disabled: Set<Rule>
    /// Severities that replace a rule's own (``Rule/severity``).
    public var severities: [Rule: Severity]
    /// Per rule, what set its selection or severity (`.lctrace.yml:3`, `--disable`), for
    /// `lctrace rules`.
    public var origins: [Rule: String]

    /// Every rule enabled at its own severity.
    public init(disabled: Set<Rule> = [], severities: [Rule: Severity] = [:], origins: [Rule: String] = [:]) {
        self.disabled = disabled
        self.severities = severities
        self.origins = origins
    }

    /// Whether the settings change nothing.
    public var isDefault: Bool { disabled.isEmpty && severities.allSatisfy { $0.value == $0.key.severity } }

    /// Whether findings of `rule` are reported.
    public func isEnabled(_ rule: Rule) -> Bool { !disabled.contains(rule) }

    /// The severity findings of `rule` carry.
    public func severity(of rule: Rule) -> Severity { severities[rule] ?? rule.severity }

    /// Drops the findings of disabled rules and gives the others their configured severity.
    ///
    /// - Complexity: O(n) in the findings; nothing when the settings are the default.
    public func apply(to findings: inout [Finding]) {
        if disabled.isEmpty && severities.isEmpty { return }
        if !disabled.isEmpty { findings.removeAll { disabled.contains($0.rule) } }
        if severities.isEmpty { return }
        for i in findings.indices {
            if let s = severities[findings[i].rule] { findings[i].severity = s }
        }
    }
}
