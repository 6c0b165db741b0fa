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
    /// LC201 was reported; one finding per overrun.
    var reported = false
}
