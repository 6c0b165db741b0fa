import LCTraceCore

extension MetricKitExitComparison {
    /// Compares summed counters with the recordings.
    ///
    /// - Parameters:
    ///   - payloads: how many metric payloads were summed.
    ///   - counted: the summed counters (``MetricKitFile/exits``).
    ///   - deaths: the recordings' deaths by class and visibility.
    ///   - normalExits: the recordings' sessions that ended `normal`.
    ///   - normalExitsInBackground: of those, the ones whose process terminated from the
    ///     background (SPEC §8: a recorded normal exit is `background` when the process was in
    ///     the background as it ended, else `foreground`).
    ///   - purges: the recordings' sessions that ended `purged`, deaths and exits alike (SPEC
    ///     §8, 2028 edition: a purge of a suspended process is no death but MetricKit counts
    ///     it, as `MemoryPressure` in the background); `nil`: the purges among `deaths` only.
    public init(
        payloads: Int, counted: [MetricKitExit: Int], deaths: [ExitClass: [DeathVisibility: Int]], normalExits: Int,
        normalExitsInBackground: Int = 0, purges: Int? = nil
    ) {
        var rows: [Row] = []
        for exitClass in ExitClass.allCases where exitClass != .open {
            for visibility in DeathVisibility.allCases.sorted() {
                let metrickit = counted[MetricKitExit(exitClass: exitClass, visibility: visibility)] ?? 0
                var recordings = deaths[exitClass]?[visibility] ?? 0
                if exitClass == .normal {
                    let background = min(max(normalExitsInBackground, 0), normalExits)
                    recordings = visibility == .background ? background : visibility == .foreground ? normalExits - background : 0
                }
                // Every purge is in the background (a foreground memory kill is `memory-limit`).
                if exitClass == .purged, let purges {
                    recordings = visibility == .background ? max(purges - (deaths[.purged]?[.foreground] ?? 0), 0) : recordings
                }
                if metrickit > 0 || recordings > 0 {
                    rows.append(Row(exitClass: exitClass, visibility: visibility, metrickit: metrickit, recordings: recordings))
                }
            }
        }
        self.init(payloads: payloads, rows: rows)
    }

    /// The counters a comparison was made from, read back from its rows (every counter that
    /// is not zero is in a row): what `merge` sums over the shards of an audit.
    public var counted: [MetricKitExit: Int] {
        var counted: [MetricKitExit: Int] = [:]
        for row in rows where row.metrickit > 0 {
            counted[MetricKitExit(exitClass: row.exitClass, visibility: row.visibility ?? .foreground), default: 0] += row.metrickit
        }
        return counted
    }
}
