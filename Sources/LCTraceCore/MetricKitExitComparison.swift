/// MetricKit's exit counters set beside what the recordings show (SPEC §8): per exit class
/// and visibility, what MetricKit counted, what the recordings explain, and the difference.
///
/// The recordings' side is their deaths by class and visibility (the death model's
/// visibility) and their normal exits, by where the process terminated from (SPEC §8, 2028
/// edition: `background` when it was in the background as it ended) — see docs/METRICKIT.md.
public struct MetricKitExitComparison: Sendable, Equatable {
    /// One row.
    public struct Row: Sendable, Equatable {
        /// The exit class.
        public var exitClass: ExitClass
        /// Foreground or background; `nil` only in a report written before normal exits had
        /// one (read back by `merge`).
        public var visibility: DeathVisibility?
        /// What MetricKit counted.
        public var metrickit: Int
        /// What the recordings show.
        public var recordings: Int
        /// MetricKit − recordings.
        public var difference: Int { metrickit - recordings }

        /// Creates a row.
        public init(exitClass: ExitClass, visibility: DeathVisibility?, metrickit: Int, recordings: Int) {
            self.exitClass = exitClass
            self.visibility = visibility
            self.metrickit = metrickit
            self.recordings = recordings
        }

        /// The sentence of the row: `MetricKit counted 41 background watchdog exits; your
        /// recordings explain 38`.
        public var sentence: String {
            let exits = metrickit == 1 ? "exit" : "exits"
            let place = visibility.map { "\($0.rawValue) " } ?? ""
            return "MetricKit counted \(metrickit) \(place)\(exitClass.name) \(exits); your recordings explain \(recordings)"
        }
    }

    /// How many metric payloads were summed.
    public var payloads: Int
    /// One row per class and visibility that either side counts, by class, foreground first.
    public var rows: [Row]

    /// A comparison of these rows (the counting initialiser, from MetricKit's counters, is
    /// in LCTraceAppleFormats: `MetricKitExitComparison+Counters.swift`).
    public init(payloads: Int, rows: [Row]) {
        self.payloads = payloads
        self.rows = rows
    }
}
