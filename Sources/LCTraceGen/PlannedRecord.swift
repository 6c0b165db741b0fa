import LCTraceCore

/// One line the session planner decided to write, before it is encoded.
///
/// Plain values only (no strings), so planning a session costs one array of
/// these and nothing per record on the heap.
struct PlannedRecord {
    /// What kind of line this is.
    enum Kind: UInt8 {
        /// A lifecycle event record.
        case event
        /// The session's `meta` record (`variant` 1 = scene model).
        case meta
        /// A line that is not a valid record (LC401); `variant` picks how it is broken.
        case malformed
        /// An event name outside SPEC §2 (LC402); `variant` makes the name unique.
        case unknown
    }

    var kind: Kind
    var event: LifecycleEvent
    /// The time written to the line, in milliseconds since the epoch.
    var time: Int64
    /// The time used to interleave apps: equal to `time` except for a planted
    /// clock regression, which keeps its place after the record it regresses from.
    var order: Int64
    var phase: Phase = .instant
    /// Index into the session's scene ids, or -1.
    var scene: Int8 = -1
    var task: TaskRef? = nil
    var reason: ReasonText? = nil
    var variant: Int32 = 0
    /// The rule whose finding this record reveals, when it is a planted fault.
    var plant: Rule? = nil
}
