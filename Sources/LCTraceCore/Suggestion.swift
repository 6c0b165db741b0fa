/// "Did you mean …?": the known words closest to a mistyped one.
public enum Suggestion {
    /// The candidates within a small edit distance of `word` (case-insensitive), closest
    /// first; empty when none is close. The distance allowed is 1 for words of up to 3
    /// characters and 2 beyond, so `replya` finds `replay`. Letters that look like digits
    /// (`O` and `0`, `I`, `l` and `1`) count as the same, so `LC3OO` finds `LC300` alone.
    public static func closest(to word: String, among candidates: [String]) -> [String] {
        let w = folded(word)
        let allowed = w.count <= 3 ? 1 : 2
        var scored: [(distance: Int, candidate: String)] = []
        for candidate in candidates {
            let d = distance(w, folded(candidate))
            if d <= allowed { scored.append((d, candidate)) }
        }
        guard let best = scored.map(\.distance).min() else { return [] }
        return scored.filter { $0.distance == best }.map(\.candidate)
    }

    /// "; did you mean 'A' or 'B'?", or "" when there is no suggestion.
    public static func clause(for word: String, among candidates: [String]) -> String {
        let found = closest(to: word, among: candidates)
        guard !found.isEmpty else { return "" }
        return "; did you mean " + found.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// `unknown rule 'LC3OO'; did you mean 'LC300'? 'lctrace rules' lists them`: the one
    /// message for a rule id or name that is not one (`explain`, `--disable`, `--enable`, the
    /// configuration file), with the closest ids and names.
    public static func unknownRule(_ text: String) -> String {
        let hint = clause(for: text, among: Rule.allCases.flatMap { [$0.id, $0.name] })
        return "unknown rule '\(PrintableText.printable(text))'\(hint.isEmpty ? ";" : hint) 'lctrace rules' lists them"
    }

    /// Lower case, with look-alike letters and digits made equal.
    public static func folded(_ text: String) -> [Unicode.Scalar] {
        text.lowercased().unicodeScalars.map { c in
            switch c {
            case "o": "0"
            case "i", "l": "1"
            default: c
            }
        }
    }

    /// Levenshtein distance, counting a swap of two neighbours as one edit.
    public static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
