import Foundation
import LCTraceCore
import LCTraceReplay
import LCTraceReport

/// A configuration file and the command line merged, key by key, the command line winning
/// (SPEC §9): what a command runs with. Built whole or not at all, so a configuration is never
/// half applied.
public struct EffectiveConfiguration: Sendable {
    /// What the command line said, each `nil` or empty when not given.
    public struct CommandLineChoices: Sendable {
        /// `--budget NAME=SECONDS`, in order: each overrides that budget only.
        public var budgets: [String]
        /// `--model`.
        public var model: ModelChoice?
        /// `--os`.
        public var os: String?
        /// `--fail-on`.
        public var failOn: FailThreshold?
        /// `--disable RULE`: added to `disabled_rules`.
        public var disable: [String]
        /// `--enable RULE`: removed from `disabled_rules`.
        public var enable: [String]
        /// `--baseline` (`replay`) or `--output` (`baseline`).
        public var baseline: String?

        /// Choices; every one absent by default.
        public init(
            budgets: [String] = [], model: ModelChoice? = nil, os: String? = nil, failOn: FailThreshold? = nil,
            disable: [String] = [], enable: [String] = [], baseline: String? = nil
        ) {
            self.budgets = budgets
            self.model = model
            self.os = os
            self.failOn = failOn
            self.disable = disable
            self.enable = enable
            self.baseline = baseline
        }
    }

    /// A command-line choice that cannot be used (exit 2).
    public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, naming the option.
        public var description: String
    }

    /// The file read, or `nil` when there was none.
    public let file: ConfigurationFile?
    /// Budgets, model, OS, rule settings and owners for the replay.
    public let replay: ReplayConfiguration
    /// The `--fail-on` threshold: the command line's, else the file's, else `error`.
    public let failOn: FailThreshold
    /// The threshold a shard records for `merge` (its header's `fail_on`): ``failOn``, except
    /// that `--fail-on never` on the command line gives the file's `fail_on` (else `error`).
    /// `--fail-on never` is how a shard job is kept from failing on its own findings
    /// (docs/SCALE.md's recipes) while `merge` judges the whole: it must not turn the merged
    /// gate off. Any other `--fail-on` is recorded as given, so a merge exits as the
    /// unsharded audit under the same configuration would.
    public let gateFailOn: FailThreshold
    /// The files an audit's directory walk leaves out (`excluded`).
    public let excluded: ExcludedPaths
    /// The baseline: the command line's, else the file's ``ConfigurationFile/baselinePath``.
    public let baseline: String?
    /// Whether ``baseline`` comes from the file (a missing one is then a configuration error).
    public let baselineFromFile: Bool

    /// Merges a file with the command line.
    ///
    /// - Parameters:
    ///   - file: the configuration file, or `nil`.
    ///   - commandLine: what the command line said.
    ///   - workingDirectory: the current folder (for `excluded`).
    /// - Throws: ``UsageError`` for a bad `--budget`, an unknown rule in `--disable` or
    ///   `--enable`, or one rule both disabled and enabled on the command line.
    public init(file: ConfigurationFile?, commandLine: CommandLineChoices, workingDirectory: String) throws(UsageError) {
        self.file = file
        var budgets = Budgets()
        for (name, seconds) in (file?.budgets ?? [:]).sorted(by: { $0.key < $1.key }) {
            // Checked when the file was read: a name of Budgets.names, a positive number.
            try? budgets.apply("\(name)=\(seconds)")
        }
        for assignment in commandLine.budgets {
            do {
                try budgets.apply(assignment)
            } catch {
                throw UsageError(description: "--budget: \(error.description)")
            }
        }
        let rules = try Self.ruleSettings(file: file, disable: commandLine.disable, enable: commandLine.enable)
        replay = ReplayConfiguration(
            budgets: budgets, defaultOS: (commandLine.os ?? file?.os).map(ReplayConfiguration.canonicalOS), model: commandLine.model ?? file?.model ?? .auto,
            rules: rules, owners: OwnerCatalogue(extra: file?.owners ?? [:]))
        failOn = commandLine.failOn ?? file?.failOn ?? .error
        gateFailOn = FailThreshold.recorded(commandLine: commandLine.failOn, otherwise: file?.failOn ?? .error)
        excluded = ExcludedPaths(folder: file?.folder ?? ".", patterns: file?.excluded ?? [], workingDirectory: workingDirectory)
        baseline = commandLine.baseline ?? file?.baselinePath
        baselineFromFile = commandLine.baseline == nil && file?.baseline != nil
    }

    /// The rule settings of a file with `--disable` and `--enable` applied (`lctrace rules`
    /// shows them).
    ///
    /// - Throws: ``UsageError`` for an unknown rule in `disable` or `enable`, or one rule in both.
    public static func ruleSettings(
        file: ConfigurationFile?, disable: [String] = [], enable: [String] = []
    ) throws(UsageError) -> RuleSettings {
        func parse(_ names: [String], option: String) throws(UsageError) -> [Rule] {
            var rules: [Rule] = []
            for name in names {
                guard let rule = Rule(idOrName: name) else {
                    throw UsageError(description: "\(option): " + Suggestion.unknownRule(name))
                }
                rules.append(rule)
            }
            return rules
        }
        let disabled = try parse(disable, option: "--disable")
        let enabled = try parse(enable, option: "--enable")
        if let both = disabled.first(where: enabled.contains) {
            throw UsageError(description: "--disable \(both.id) and --enable \(both.id): a rule cannot be both; give one")
        }
        var settings = RuleSettings()
        if let file {
            for rule in file.disabledRules {
                settings.disabled.insert(rule)
                settings.origins[rule] = file.origin(of: "disabled_rules.\(rule.id)")
            }
            for (rule, severity) in file.severities {
                settings.severities[rule] = severity
                if settings.origins[rule] == nil { settings.origins[rule] = file.origin(of: "severity.\(rule.id)") }
            }
        }
        for rule in disabled {
            settings.disabled.insert(rule)
            settings.origins[rule] = "--disable"
        }
        for rule in enabled where settings.disabled.contains(rule) {
            settings.disabled.remove(rule)
            settings.origins[rule] = file?.severities[rule] != nil ? file?.origin(of: "severity.\(rule.id)") : "--enable"
        }
        return settings
    }

    /// The baseline `replay` compares against, checked: a baseline named by the file must
    /// exist (a missing one named by `--baseline` is reported when it is read).
    ///
    /// - Throws: ``ConfigurationError`` naming the file, line and `baseline` key.
    public func baselineForReplay() throws(ConfigurationError) -> String? {
        guard let baseline else { return nil }
        if baselineFromFile, let file, !FileManager.default.fileExists(atPath: baseline) {
            throw ConfigurationError(
                path: file.path, line: file.lines["baseline"], key: "baseline",
                message:
                    "'baseline': '\(PrintableText.printable(baseline))' does not exist; record one with 'lctrace baseline', or remove the key")
        }
        return baseline
    }
}
