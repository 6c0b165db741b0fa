import LCTraceCore

/// A timed interval under a budget: the launch, or a resume.
struct Deadline {
    /// When the interval began (replay clock).
    var start: Timestamp
    /// The line of the record that began it.
    var line: Int
    /// The budget in nanoseconds.
    var limit: Int64
    /// The overrun was reported; one finding per overrun.
    var reported = false
    /// The line of the record that reported it: a `watchdog` death's cause, while the
    /// interval is still under way when the session ends.
    var reportedLine = 0

    /// The instant after which the budget is overrun.
    var due: Int64 { start.nanoseconds.addingSaturating(limit) }
}
