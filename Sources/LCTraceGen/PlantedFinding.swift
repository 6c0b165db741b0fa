import LCTraceCore

/// A fault the generator planted, and the line its finding must name.
///
/// Serialised one per line as `{"rule":"LC300","line":123}` beside the log, so
/// the replay engine's findings can be checked against it.
public struct PlantedFinding: Hashable, Sendable, Comparable {
    /// The rule the replay must report.
    public var rule: Rule
    /// The 1-based line of the revealing record.
    public var line: Int

    /// Creates a planted finding.
    public init(rule: Rule, line: Int) {
        self.rule = rule
        self.line = line
    }

    /// `{"rule":"LC300","line":123}` (no line end).
    public var jsonLine: String {
        "{\"rule\":\"\(rule.id)\",\"line\":\(line)}"
    }

    /// The findings as JSON lines, each ended by `\n`.
    public static func jsonLines(_ findings: [PlantedFinding]) -> String {
        var out = ""
        for f in findings {
            out += f.jsonLine
            out += "\n"
        }
        return out
    }

    /// Where the planted findings of a log live, by convention: beside it, with
    /// `.zst`, then `.jsonl` (or `.ndjson`) dropped and `.planted.jsonl` added
    /// (`gen/a.jsonl.zst` → `gen/a.planted.jsonl`).
    public static func sidecarPath(forLog path: String) -> String {
        var base = Substring(path)
        for ext in [".zst", ".jsonl", ".ndjson"] where base.hasSuffix(ext) && base.count > ext.count {
            base = base.dropLast(ext.count)
        }
        return base + ".planted.jsonl"
    }

    /// Parses what ``jsonLines(_:)`` writes (blank lines ignored).
    ///
    /// - Returns: `nil` when a line is not of that exact shape.
    public static func parseJSONLines(_ text: String) -> [PlantedFinding]? {
        var out: [PlantedFinding] = []
        // `\r\n` is one Character in Swift, so split on any newline character.
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let prefix = "{\"rule\":\"", middle = "\",\"line\":"
            guard line.hasPrefix(prefix), line.hasSuffix("}") else { return nil }
            let body = line.dropFirst(prefix.count).dropLast()
            guard let quote = body.firstIndex(of: "\"") else { return nil }
            let id = body[..<quote]
            let rest = body[quote...]
            guard rest.hasPrefix(middle) else { return nil }
            let number = rest.dropFirst(middle.count)
            guard let rule = Rule(rawValue: String(id)), let n = Int(number), n >= 1 else { return nil }
            out.append(PlantedFinding(rule: rule, line: n))
        }
        return out
    }

    /// Orders by line, then rule id.
    public static func < (lhs: PlantedFinding, rhs: PlantedFinding) -> Bool {
        (lhs.line, lhs.rule.rawValue) < (rhs.line, rhs.rule.rawValue)
    }
}
