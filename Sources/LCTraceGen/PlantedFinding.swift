import LCTraceCore

/// A fault the generator planted, and the line its finding must name.
///
/// Serialised one per line as `{"rule":"LC300","line":123}` beside the log, so
/// the replay engine's findings can be checked against it. The named line holds:
///
/// | rule | fault | named line |
/// | --- | --- | --- |
/// | LC100 | activation in background without `willEnterForeground`, or going to background without `willResignActive` (app or scene) | that `didBecomeActive` / `didEnterBackground` |
/// | LC101 | memory warning while suspended (then suspended again) | the callback |
/// | LC102 | memory warning after `process.exit` / `sys.kill` | the callback |
/// | LC103 | kill or crash exit while running, or relaunch while running | the `sys.kill` / `process.exit`, or the new `process.launch` |
/// | LC104 | `app.didBecomeActive` in a scene session | that record |
/// | LC105, LC106 | `gen --sdk` (27 or later: LC105): each app's first app-delegate activation callback in an app-model session | that callback |
/// | LC200 | first activation 20.5–26 s after the launch record | the activation |
/// | LC201 | `didEnterBackground` span (app or scene) or `willTerminate` span of 6–9 s; or a resume activating 11–14 s after `willEnterForeground` | the span's `end`; the late `didBecomeActive` |
/// | LC202 | one app record 5.5–8 s after `didEnterBackground` returned, no task, then `sys.suspend` | that record (planted only once the suspension is written) |
/// | LC203 | task ended 2–3.5 s past the `bgtask` allowance | the `bgtask.end` |
/// | LC300 | task begun in background, then `sys.suspend` | the `sys.suspend` |
/// | LC301 | `bgtask.end` of an id never begun | that record |
/// | LC310 | `bgsched.submit` of a `continued` task after `didEnterBackground`, then `sys.suspend` | the `bgsched.submit` |
/// | LC311 | with ``GeneratorOptions/infoPlist``: a launch handler registered (inside `didFinishLaunching`) for `com.example.backup`, which the generated Info.plist's `BGTaskSchedulerPermittedIdentifiers` leaves out; its only record in the process | that `bgsched.register` |
/// | LC302 | `bgtask.end` 6–9 s after `bgtask.expire` | the `bgtask.end` |
/// | LC303 | second `bgtask.begin` of an open id | the second begin |
/// | LC400 | memory warning 0.2–3 s earlier than the pid's last record | that record |
/// | LC401 | a broken line (five shapes) | that line |
/// | LC402 | `x.custom.event<N>`, a new name each time | that record |
///
/// LC304, LC403 and LC404 are never planted. The Info.plist of an app-model run has its own
/// planted finding at its line 1, LC105 or LC106 (``GeneratedInfoPlist/planted``), listed
/// beside the plist.
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
    /// The planted findings of a plist `gen --info-plist` writes live beside it in the same way
    /// (`gen/a.Info.plist` → `gen/a.Info.plist.planted.jsonl`).
    public static func sidecarPath(forLog path: String) -> String {
        stem(ofLog: path) + ".planted.jsonl"
    }

    /// A log's path with `.zst`, then `.jsonl` (or `.ndjson`) dropped: the stem the files
    /// `gen` writes beside it are named from (``sidecarPath(forLog:)``,
    /// ``GeneratedInfoPlist/path(forLog:app:of:)``).
    static func stem(ofLog path: String) -> String {
        var base = Substring(path)
        for ext in [".zst", ".jsonl", ".ndjson"] where base.hasSuffix(ext) && base.count > ext.count {
            base = base.dropLast(ext.count)
        }
        return String(base)
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
