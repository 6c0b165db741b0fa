import LCTraceCore

/// The findings of one file, at most ``maximumPerRule`` of each rule.
///
/// Findings are rare in a real log, but a hostile or misnamed one (a text file that is not a
/// lifecycle log, millions of identical illegal records) can raise one per line: without a
/// cap the report, not the reader, would hold the whole file in memory. Past the cap a rule's
/// findings are counted, and ``finish()`` adds one finding of that rule, at the first one not
/// kept, that says how many more there were.
struct FindingList {
    /// The most findings of one rule kept per file.
    static let maximumPerRule = 10_000

    /// The findings kept, in the order they were raised.
    private(set) var kept: [Finding] = []
    /// Per rule (by its index in `Rule.allCases`): findings raised, kept or not.
    private var raised = [Int](repeating: 0, count: Rule.allCases.count)
    /// Per rule: the first finding not kept.
    private var firstDropped: [Rule: Finding] = [:]

    /// Keeps `finding` unless its rule is over the cap.
    mutating func append(_ finding: Finding) {
        let r = Self.index(of: finding.rule)
        raised[r] += 1
        if raised[r] <= Self.maximumPerRule {
            kept.append(finding)
        } else if raised[r] == Self.maximumPerRule + 1 {
            firstDropped[finding.rule] = finding
        }
    }

    /// Keeps `finding` as the finding of session `session` (0: no session began; the file's).
    mutating func append(session: Int, _ finding: Finding) {
        var finding = finding
        finding.session = session > 0 ? session : nil
        append(finding)
    }

    /// Whether a rule's findings are still being kept (callers may skip building messages).
    func keeps(_ rule: Rule) -> Bool { raised[Self.index(of: rule)] < Self.maximumPerRule }

    /// The findings kept, plus one summary finding per rule over the cap.
    func finish() -> [Finding] {
        var all = kept
        for rule in Rule.allCases {
            guard let first = firstDropped[rule] else { continue }
            let more = raised[Self.index(of: rule)] - Self.maximumPerRule
            var summary = first
            summary.message =
                "\(more) more '\(rule.name)' finding\(more == 1 ? "" : "s") from this line on not listed: only the first \(Self.maximumPerRule) of a rule are kept per file"
            all.append(summary)
        }
        return all
    }

    private static func index(of rule: Rule) -> Int {
        Rule.allCases.firstIndex(of: rule) ?? 0
    }
}
