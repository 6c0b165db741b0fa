import LCTraceCore

/// UIKit's own words about the scene life cycle in a console or system log (SPEC §11;
/// docs/SYSTEM-LOGS.md): the warnings of iOS 18.4 and the iOS 26 SDK (LC106) and the launch
/// failure of the iOS 27 SDK (LC105). Matched after joining wrapped lines, collapsing
/// whitespace and dropping backticks, with or without a console's time and process prefix,
/// and placed at the entry's first line, once per file (LC105 covers LC106: a console that
/// shows the launch failure says no more with the warning).
enum SceneLifecycleWarning {
    /// What each text means, normalised (single spaces, no backticks).
    static let texts: [(text: String, rule: Rule, what: String)] = [
        (
            "Application failed to launch: UIScene life cycle is required for apps built with this SDK", .sceneLifecycleRequired,
            "UIKit: 'Application failed to launch: UIScene life cycle is required for apps built with this SDK': the app has not adopted the scene life cycle, which apps built with the iOS 27 SDK must"
        ),
        (
            "This process does not adopt UIScene lifecycle. This will become an assert in a future version", .sceneLifecycleSoon,
            "UIKit (iOS 18.4): 'This process does not adopt UIScene lifecycle. This will become an assert in a future version': built with the iOS 27 SDK, which the App Store requires from April 2027, the app will not launch"
        ),
        (
            "UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future", .sceneLifecycleSoon,
            "UIKit (iOS 26 SDK): 'UIScene lifecycle will soon be required. Failure to adopt will result in an assert in the future': built with the iOS 27 SDK, which the App Store requires from April 2027, the app will not launch"
        ),
    ]

    /// The words every text starts with, to find candidates without normalising every line.
    private static let markers = ["UIScene", "failed to launch", "does not adopt"]

    /// Whether the text mentions any of UIKit's scene texts (a pasted console with no prefix
    /// at all is still a transcript). Cheap: a substring test before any normalisation.
    static func mentions(_ text: Substring) -> Bool {
        guard markers.contains(where: { text.contains($0) }) else { return false }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return !matches(in: lines.map { SyslogLine.parse($0) != nil }, lines).isEmpty
    }

    /// The findings of a transcript's lines (source `system`), at most one per rule, LC106
    /// left out when LC105 is found.
    ///
    /// - Parameters:
    ///   - lines: the transcript's lines.
    ///   - inLayout: whether each line is in a system-log layout (``SyslogLine``).
    ///   - file: the name findings carry.
    static func findings(_ lines: [Substring], inLayout: [Bool], file: String) -> [Finding] {
        let found = matches(in: inLayout, lines)
        let required = found.first { $0.rule == .sceneLifecycleRequired }
        var out: [Finding] = []
        for rule in [Rule.sceneLifecycleRequired, .sceneLifecycleSoon] {
            guard let match = found.first(where: { $0.rule == rule }), rule == .sceneLifecycleRequired || required == nil else { continue }
            out.append(Finding(rule: rule, file: file, line: match.line, message: match.what, source: .system))
        }
        return out
    }

    /// Every text found: the 1-based line its entry starts on.
    static func matches(in inLayout: [Bool], _ lines: [Substring]) -> [(line: Int, rule: Rule, what: String)] {
        var out: [(line: Int, rule: Rule, what: String)] = []
        // An entry: a line (its message, when it is in a layout) and the lines that continue it,
        // at most a few (wrapped consoles cut one message into up to five lines): not in a
        // layout, not blank, and indented or after a line that does not end a sentence.
        var i = 0
        while i < lines.count {
            let line = lines[i]
            guard !line.allSatisfy(\.isWhitespace) else {
                i += 1
                continue
            }
            var end = i + 1
            while end < lines.count, end - i < 8, !inLayout[end], !lines[end].allSatisfy(\.isWhitespace),
                lines[end].first?.isWhitespace == true || lines[end - 1].last(where: { !$0.isWhitespace }) != "."
            {
                end += 1
            }
            let entry = lines[i..<end].enumerated().map { k, text in
                k == 0 && inLayout[i] ? (SyslogLine.parse(text)?.message ?? text) : text
            }
            let joined = normalise(entry)
            if markers.contains(where: { joined.contains($0) }) {
                for text in texts where joined.contains(text.text) {
                    out.append((i + 1, text.rule, text.what))
                }
            }
            i = end
        }
        return out
    }

    /// Lines joined with single spaces, runs of whitespace collapsed, backticks dropped.
    static func normalise(_ lines: [Substring]) -> String {
        var out = ""
        var space = false
        for line in lines {
            for c in line {
                if c == "`" { continue }
                if c.isWhitespace {
                    space = !out.isEmpty
                    continue
                }
                if space { out.append(" ") }
                space = false
                out.append(c)
            }
            space = !out.isEmpty
        }
        return out
    }
}
