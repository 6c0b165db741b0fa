import LCTraceCore
import Testing

/// The one place rule selection and severity overrides are applied.
@Suite struct RuleSettingsTests {
    static func finding(_ rule: Rule, line: Int) -> Finding {
        Finding(rule: rule, file: "f", line: line, message: "m")
    }

    @Test(arguments: [
        (RuleSettings(), [Severity.warning, .note, .error]),
        (RuleSettings(severities: [.backgroundOverrun: .error]), [.error, .note, .error]),
        (RuleSettings(disabled: [.unknownEvent]), [.warning, .error]),
        (RuleSettings(disabled: [.unknownEvent, .illegalTransition], severities: [.backgroundOverrun: .note]), [.note]),
    ])
    func applyDropsDisabledRulesAndSetsSeverities(settings: RuleSettings, severities: [Severity]) {
        var findings = [Self.finding(.backgroundOverrun, line: 1), Self.finding(.unknownEvent, line: 2), Self.finding(.illegalTransition, line: 3)]
        settings.apply(to: &findings)
        #expect(findings.map(\.severity) == severities)
        #expect(findings.allSatisfy { settings.isEnabled($0.rule) && $0.severity == settings.severity(of: $0.rule) })
    }

    @Test func aSeverityEqualToTheRulesOwnIsTheDefault() {
        #expect(RuleSettings(severities: [.backgroundOverrun: .warning]).isDefault)
        #expect(!RuleSettings(severities: [.backgroundOverrun: .error]).isDefault)
        #expect(!RuleSettings(disabled: [.unknownEvent]).isDefault)
    }
}
