import LCTraceCore
import LCTraceReplay
import LCTraceReport
import Yams

extension ConfigurationFile {
    /// Reads one top-level key into the configuration, checking its value.
    mutating func read(key keyNode: Node, value: Node) throws(ConfigurationError) {
        let line = keyNode.mark?.line
        guard case .scalar(let k) = keyNode else {
            throw ConfigurationError(path: path, line: line, key: nil, message: "a key must be a plain name, one of \(Self.keys.joined(separator: ", "))")
        }
        let key = k.string
        guard Self.keys.contains(key) else {
            let hint = Suggestion.clause(for: key, among: Self.keys)
            throw ConfigurationError(
                path: path, line: line, key: key,
                message: "unknown key '\(PrintableText.printable(key))'\(hint.isEmpty ? "; keys: \(Self.keys.joined(separator: ", "))" : hint)")
        }
        lines[key] = line
        // A key written with no value (`disabled_rules:`) is as if absent.
        if Self.isNull(value) { return }
        switch key {
        case "disabled_rules":
            for item in try sequence(value, key: key, expected: "a list of rule ids, like [LC402]") {
                let rule = try rule(item, key: key)
                if !disabledRules.contains(rule) { disabledRules.append(rule) }
                lines["disabled_rules.\(rule.id)"] = item.mark?.line ?? line
            }
        case "severity":
            for (ruleNode, severityNode) in try mapping(value, key: key, expected: "rule: severity pairs, like {LC202: error}") {
                let rule = try rule(ruleNode, key: key)
                let text = try scalar(severityNode, key: "severity.\(rule.id)", expected: "error, warning or note")
                guard let severity = Severity(name: text) else {
                    throw error(severityNode, key: "severity.\(rule.id)", "expected error, warning or note, got '\(PrintableText.printable(text))'")
                }
                severities[rule] = severity
                lines["severity.\(rule.id)"] = ruleNode.mark?.line ?? line
            }
        case "budgets":
            for (nameNode, secondsNode) in try mapping(value, key: key, expected: "budget: seconds pairs, like {bgtask: 25}") {
                let name = try scalar(nameNode, key: key, expected: "a budget name")
                guard Budgets.names.contains(name) else {
                    let hint = Suggestion.clause(for: name, among: Budgets.names)
                    throw error(
                        nameNode, key: "budgets",
                        "unknown budget '\(PrintableText.printable(name))'\(hint.isEmpty ? "; budgets: \(Budgets.names.joined(separator: ", "))" : hint)")
                }
                let text = try scalar(secondsNode, key: "budgets.\(name)", expected: "a positive number of seconds")
                guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
                    throw error(secondsNode, key: "budgets.\(name)", "expected a positive number of seconds, got '\(PrintableText.printable(text))'")
                }
                budgets[name] = seconds
                lines["budgets.\(name)"] = nameNode.mark?.line ?? line
            }
        case "fail_on":
            let text = try scalar(value, key: key, expected: "error, warning, note or never")
            guard let threshold = FailThreshold(parsing: text) else {
                throw error(value, key: key, "expected error, warning, note or never, got '\(PrintableText.printable(text))'")
            }
            failOn = threshold
        case "model":
            let names = ModelChoice.allCases.map(\.rawValue)
            let text = try scalar(value, key: key, expected: names.joined(separator: ", "))
            guard let choice = ModelChoice(rawValue: text) else {
                let hint = Suggestion.clause(for: text, among: names)
                throw error(value, key: key, "expected \(names.joined(separator: ", ")), got '\(PrintableText.printable(text))'\(hint)")
            }
            model = choice
        case "os":
            let text = try scalar(value, key: key, expected: "a version such as \"17.4\"")
            guard ReplayConfiguration.isOSVersion(text) else {
                throw error(value, key: key, "expected a version such as \"17.4\", got '\(PrintableText.printable(text))'")
            }
            os = text
        case "excluded":
            for item in try sequence(value, key: key, expected: "a list of glob patterns, like [\"fixtures/**\"]") {
                let text = try scalar(item, key: key, expected: "a glob pattern")
                let glob: PathGlob
                do {
                    glob = try PathGlob(text)
                } catch {
                    switch error {
                    case .empty:
                        throw self.error(item, key: key, "an empty pattern excludes nothing")
                    case .outsideFolder:
                        throw self.error(
                            item, key: key,
                            "'\(PrintableText.printable(text))' leaves the configuration file's folder; patterns are relative to it (no leading '/', no '..')"
                        )
                    }
                }
                excluded.append(glob)
            }
        case "owners":
            for (prefixNode, ownerNode) in try mapping(value, key: key, expected: "name prefix: owner pairs, like {\"com.example.sync.\": \"Example Sync\"}") {
                let prefix = try scalar(prefixNode, key: key, expected: "a task name prefix")
                let owner = try scalar(ownerNode, key: "owners.\(prefix)", expected: "an owner's name")
                guard !prefix.isEmpty, !owner.isEmpty else {
                    throw error(prefixNode, key: key, "a prefix and its owner must not be empty")
                }
                owners[prefix] = owner
            }
        case "baseline":
            let text = try scalar(value, key: key, expected: "a file path")
            guard !text.isEmpty else { throw error(value, key: key, "expected a file path, got an empty string") }
            baseline = text
        default:
            break
        }
    }

    // MARK: Typed values

    private func error(_ node: Node, key: String, _ message: String) -> ConfigurationError {
        ConfigurationError(path: path, line: node.mark?.line ?? lines[key], key: key, message: "'\(key)': \(message)")
    }

    private static func kind(_ node: Node) -> String {
        switch node {
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .scalar: "'\(PrintableText.printable(node.scalar?.string ?? ""))'"
        case .alias: "an alias"
        }
    }

    private func sequence(_ node: Node, key: String, expected: String) throws(ConfigurationError) -> [Node] {
        guard case .sequence(let s) = node else {
            throw error(node, key: key, "expected \(expected), got \(Self.kind(node))")
        }
        return Array(s)
    }

    private func mapping(_ node: Node, key: String, expected: String) throws(ConfigurationError) -> [(Node, Node)] {
        guard case .mapping(let m) = node else {
            throw error(node, key: key, "expected \(expected), got \(Self.kind(node))")
        }
        return m.map { ($0.key, $0.value) }
    }

    private func scalar(_ node: Node, key: String, expected: String) throws(ConfigurationError) -> String {
        guard case .scalar(let s) = node, !Self.isNull(node) else {
            throw error(node, key: key, "expected \(expected), got \(Self.isNull(node) ? "nothing" : Self.kind(node))")
        }
        return s.string
    }

    private func rule(_ node: Node, key: String) throws(ConfigurationError) -> Rule {
        let text = try scalar(node, key: key, expected: "a rule id such as LC402")
        guard let rule = Rule(idOrName: text) else {
            throw error(node, key: key, Suggestion.unknownRule(text))
        }
        return rule
    }
}
