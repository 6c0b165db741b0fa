import LCTraceCore

/// MetricKit's exit counters set beside what the recordings show (SPEC §8): per exit class
/// and visibility, what MetricKit counted, what the recordings explain, and the difference.
///
/// The recordings' side is their deaths by class and visibility (the death model's
/// visibility) and their normal exits. A normal exit is not a death and the recordings do not
/// say where the app was when it exited normally, so `normal` is one row without visibility
/// (both of MetricKit's sides summed) — see docs/METRICKIT.md.
public struct MetricKitExitComparison: Sendable, Equatable {
    /// One row.
    public struct Row: Sendable, Equatable {
        /// The exit class.
        public var exitClass: ExitClass
        /// Foreground or background; `nil` for the `normal` row.
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

    /// Compares summed counters with the recordings.
    ///
    /// - Parameters:
    ///   - payloads: how many metric payloads were summed.
    ///   - counted: the summed counters (``MetricKitFile/exits``).
    ///   - deaths: the recordings' deaths by class and visibility.
    ///   - normalExits: the recordings' sessions that ended `normal`.
    public init(payloads: Int, counted: [MetricKitExit: Int], deaths: [ExitClass: [DeathVisibility: Int]], normalExits: Int) {
        self.payloads = payloads
        var rows: [Row] = []
        for exitClass in ExitClass.allCases where exitClass != .open {
            if exitClass == .normal {
                let metrickit = counted.filter { $0.key.exitClass == .normal }.values.reduce(0, +)
                if metrickit > 0 || normalExits > 0 {
                    rows.append(Row(exitClass: .normal, visibility: nil, metrickit: metrickit, recordings: normalExits))
                }
                continue
            }
            for visibility in DeathVisibility.allCases.sorted() {
                let metrickit = counted[MetricKitExit(exitClass: exitClass, visibility: visibility)] ?? 0
                let recordings = deaths[exitClass]?[visibility] ?? 0
                if metrickit > 0 || recordings > 0 {
                    rows.append(Row(exitClass: exitClass, visibility: visibility, metrickit: metrickit, recordings: recordings))
                }
            }
        }
        self.rows = rows
    }
}
