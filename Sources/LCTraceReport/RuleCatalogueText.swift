import LCTraceCore

/// Renders the rule catalogue: `lctrace rules` (table, JSON), `lctrace explain`, and
/// docs/RULES.md. All come from the one ``RuleCatalogue``, so they cannot disagree;
/// a test fails when docs/RULES.md is not what ``markdown()`` renders.
public enum RuleCatalogueText {
    /// A fixed-width table: id, severity, name, summary.
    ///
    /// - Parameters:
    ///   - settings: the rule settings in effect; a rule's severity column shows its effective
    ///     severity, or `disabled`, marked `*` when the configuration changed it.
    ///   - source: the configuration file read, named above the table; `nil` for none.
    public static func table(settings: RuleSettings = RuleSettings(), source: String? = nil) -> String {
        let all = RuleCatalogue.all
        let nameWidth = all.map(\.rule.name.count).max() ?? 0
        var out = source.map { "Configuration: \(PrintableText.printable($0))\n" } ?? ""
        // Wide enough for `disabled*` when a configuration disables a rule.
        let severityWidth = settings.disabled.isEmpty ? 8 : 9
        out += "ID     " + "SEVERITY".padding(severityWidth) + "  " + "NAME".padding(nameWidth) + "  SUMMARY\n"
        var changed: [String] = []
        for d in all {
            let rule = d.rule
            let effective = settings.isEnabled(rule) ? settings.severity(of: rule).name : "disabled"
            let isChanged = !settings.isEnabled(rule) || settings.severity(of: rule) != rule.severity
            out += rule.id + "  " + (effective + (isChanged ? "*" : "")).padding(severityWidth) + "  " + rule.name.padding(nameWidth)
            out += "  " + d.summary + "\n"
            if isChanged {
                let what = settings.isEnabled(rule) ? "\(rule.severity.name) -> \(effective)" : "disabled"
                let origin = settings.origins[rule].map { " (\(PrintableText.printable($0)))" } ?? ""
                changed.append("  " + rule.id + "  " + what.padding(18) + origin)
            }
        }
        if !changed.isEmpty {
            out += "\n* set by the configuration:\n" + changed.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// The catalogue as a JSON array, one object per rule, keys in a fixed order: `severity`
    /// is the effective one under `settings`, `defaultSeverity` the rule's own, `disabled`
    /// and `configuredBy` (the file and line, `--disable`, or `null`) say what changed it.
    public static func json(settings: RuleSettings = RuleSettings()) -> String {
        let rules = RuleCatalogue.all.map { d -> JSONValue in
            .object([
                ("id", .string(d.rule.id)), ("name", .string(d.rule.name)),
                ("severity", .string(settings.severity(of: d.rule).name)),
                ("defaultSeverity", .string(d.rule.severity.name)), ("disabled", .bool(!settings.isEnabled(d.rule))),
                ("configuredBy", .string(settings.origins[d.rule])), ("summary", .string(d.summary)),
                ("rationale", .string(d.rationale)), ("reportedLine", .string(d.reportedLine)),
                ("helpUri", .string(ProjectLinks.help(for: d.rule))),
                ("triggeringExample", .string(d.triggeringExample)),
                ("passingExample", .string(d.passingExample)),
                ("steps", .array(d.steps.map { .string($0) })), ("source", .string(d.source)),
                ("infoPlistExample", .string(d.infoPlistExample)),
            ])
        }
        var out = ""
        JSONWriter.write(.array(rules), pretty: true, to: &out)
        return out + "\n"
    }

    /// One rule in full, for `lctrace explain`; `settings` adds what the configuration changed.
    public static func explanation(of rule: Rule, settings: RuleSettings = RuleSettings()) -> String {
        let d = rule.documentation
        var out = "\(rule.id) \(rule.name) (\(rule.severity.name))\n\n"
        let origin = settings.origins[rule].map { " (\(PrintableText.printable($0)))" } ?? ""
        if !settings.isEnabled(rule) {
            out += "Disabled by the configuration\(origin): never reported.\n\n"
        } else if settings.severity(of: rule) != rule.severity {
            out += "Reported as \(settings.severity(of: rule).name) by the configuration\(origin).\n\n"
        }
        out += wrap(d.summary) + "\n"
        if !d.rationale.isEmpty { out += "\nWhy it matters:\n" + wrap(d.rationale, indent: "  ") + "\n" }
        if !d.reportedLine.isEmpty { out += "\nReported at:\n" + wrap(d.reportedLine, indent: "  ") + "\n" }
        if !d.triggeringExample.isEmpty {
            out += "\nTriggering example:\n" + indented(d.triggeringExample)
        }
        if !d.passingExample.isEmpty {
            out += "\nPassing example:\n" + indented(d.passingExample)
        }
        if let plist = d.infoPlistExample {
            out += "\nReplayed with this Info.plist:\n" + indented(plist)
        }
        if !d.steps.isEmpty {
            out += "\nHow to fix it:\n"
            for (i, step) in d.steps.enumerated() {
                let number = "  \(i + 1). "
                out += number + wrap(step, indent: "     ").dropFirst(5) + "\n"
            }
            if let source = d.source { out += "\nSource:\n" + wrap(source, indent: "  ") + "\n" }
        }
        out += "\nMore: \(ProjectLinks.help(for: rule))\n"
        return out
    }

    /// docs/RULES.md.
    public static func markdown() -> String {
        var out = """
            # lctrace rules

            <!-- Generated by `lctrace rules --format markdown` from the rule catalogue
                 (Sources/LCTraceCore/RuleCatalogue.swift). Do not edit by hand:
                 a test fails when this file is stale. -->

            Every finding carries a stable rule id, a name and a severity. Ids and names
            are public API and never change. `lctrace explain ID` prints one rule with its
            examples; the examples below are replayed by the test suite.

            | id | name | severity | summary |
            | --- | --- | --- | --- |

            """
        for d in RuleCatalogue.all {
            let anchor = d.rule.id.lowercased() + "-" + d.rule.name
            out += "| [\(d.rule.id)](#\(anchor)) | \(d.rule.name) | \(d.rule.severity.name) | \(d.summary) |\n"
        }
        out += """

            ## Which line a finding names

            Every finding names the line of the record that revealed it. A time budget
            is noticed when the next record of the same process is past the deadline,
            or at a suspension, exit or kill of that process; at the end of the log only
            if that process's own last record is past it (otherwise nothing is proven).
            The finding names the line of that record, and its message names the line
            where the measured interval began. A task past the `bgtask` allowance or
            `refresh` (LC203, LC204) may still be ended from its expiration handler
            (SPEC §4): its finding waits until that can no longer happen, and a log that
            ends inside that grace proves nothing.

            """
        for d in RuleCatalogue.all {
            out += "\n## \(d.rule.id) \(d.rule.name)\n\n"
            out += "Severity: **\(d.rule.severity.name)**\n\n"
            out += d.summary + "\n"
            if !d.rationale.isEmpty { out += "\n**Why it matters.** " + d.rationale + "\n" }
            if !d.reportedLine.isEmpty { out += "\n**Reported at.** " + d.reportedLine + "\n" }
            if !d.triggeringExample.isEmpty {
                out += "\nTriggers on:\n\n```json\n" + trimmedExample(d.triggeringExample) + "\n```\n"
            }
            if !d.passingExample.isEmpty {
                out += "\nSilent on:\n\n```json\n" + trimmedExample(d.passingExample) + "\n```\n"
            }
            if let plist = d.infoPlistExample {
                out += "\nBoth replayed with this Info.plist:\n\n```xml\n" + trimmedExample(plist) + "\n```\n"
            }
            if !d.steps.isEmpty {
                out += "\n**How to fix it.**\n\n"
                for (i, step) in d.steps.enumerated() { out += "\(i + 1). \(step)\n" }
                if let source = d.source { out += "\nSource: \(source).\n" }
            }
        }
        return out
    }

    private static func trimmedExample(_ s: String) -> String {
        var lines = s.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = lines.last, last.allSatisfy({ $0 == " " }) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private static func indented(_ s: String) -> String {
        trimmedExample(s).split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n") + "\n"
    }

    private static func wrap(_ text: String, indent: String = "", width: Int = 78) -> String {
        var lines: [String] = []
        var current = indent
        for word in text.split(separator: " ") {
            if current.count + word.count + 1 > width, current.count > indent.count {
                lines.append(current)
                current = indent
            }
            current += (current.count > indent.count ? " " : "") + word
        }
        if current.count > indent.count { lines.append(current) }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
