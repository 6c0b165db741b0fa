import LCTraceCore

/// A delegate handler logged as a span: its `begin` arrived, its `end` not yet.
struct OpenSpan {
    /// The handler's event.
    var event: LifecycleEvent
    /// Its scene, for scene handlers.
    var scene: Symbol
    /// When it began (replay clock).
    var beganAt: Timestamp
    /// The line of its `begin` record.
    var line: Int
    /// Which budget applies (SPEC §4).
    var budget: BudgetName
    /// That budget in nanoseconds.
    var limit: Int64
    /// LC201 was reported; one finding per overrun. (Also set, with no finding, for a span
    /// with no budget: `reportedLine` is then 0.)
    var reported = false
    /// The line of the record that reported LC201 (0: none): a `watchdog` death's cause, while
    /// the span is still open when the session ends.
    var reportedLine = 0
}
