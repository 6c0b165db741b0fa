import LCTraceCore
import LCTraceGen

/// Shared helpers for the generator tests.
enum TestSupport {
    /// Every plantable rule at the same rate.
    static func allFaults(_ rate: Double) -> [Rule: Double] {
        Dictionary(uniqueKeysWithValues: GeneratorOptions.plantableRules.map { ($0, rate) })
    }

    /// Generates and parses a log.
    static func run(_ options: GeneratorOptions) -> (bytes: [UInt8], lines: [LogLine], summary: GenerationSummary) {
        let (bytes, summary) = LogGenerator(options: options).generateBytes()
        return (bytes, LogLine.parse(bytes), summary)
    }

    /// The canonical name of a line's event (aliases resolved), or the raw name.
    static func canonical(_ line: LogLine) -> String? {
        guard let ev = line.event else { return nil }
        return LifecycleEvent(name: ev)?.canonicalName ?? ev
    }

    /// A readable dump of the lines around `line`, for failure messages.
    static func context(_ lines: [LogLine], around line: Int, radius: Int = 6) -> String {
        let lo = max(1, line - radius), hi = min(lines.count, line + radius)
        guard lo <= hi else { return "" }
        return (lo...hi).map { "\($0 == line ? ">" : " ")\($0): \(lines[$0 - 1].text)" }.joined(separator: "\n")
    }
}
