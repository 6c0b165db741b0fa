/// One well-formed log record, as the ingest layer hands it to the replay engine.
///
/// A trivial value (no references): strings are ``Symbol``s into the file's
/// ``SymbolTable``, so copying or dropping a record is a plain memory copy, with no
/// reference counting, on the hot path. The ``SessionMeta`` of a `meta` record, which holds
/// strings, travels beside the record, not in it (`LogItem.meta`, `Replayer.process(_:meta:symbols:)`).
public struct Record: Sendable {
    /// 1-based line number in the decompressed stream.
    public var line: Int
    /// The `t` value.
    public var time: Timestamp
    /// The event; `.unknown` for names outside SPEC §2.
    public var event: LifecycleEvent
    /// For `.unknown` events, the name as written; otherwise `.none`.
    public var unknownName: Symbol
    /// The `pid`, when present.
    public var pid: Int64?
    /// The `scene` identifier, or `.none`.
    public var scene: Symbol
    /// The `task` identifier, when present.
    public var task: TaskID?
    /// `begin`/`end` for spans; `.instant` without `phase`.
    public var phase: Phase
    /// The interpreted `reason`.
    public var reasonCode: ReasonCode
    /// The `reason` text, or `.none`.
    public var reason: Symbol
    /// The `name` value (a background task's name), or `.none`.
    public var name: Symbol
    /// The `kind` of a `bgsched.start` or `bgsched.submit`; `nil` when absent (a start without
    /// one takes the kind of the last earlier submit of its identifier, else `refresh`: SPEC §5).
    public var kind: ScheduledTaskKind?
    /// The record carries `via: "notification"` (2028 edition): observed from a `UIApplication`
    /// or `UIScene` notification, not a delegate callback, so it never raises a transition
    /// finding of its own (LC100, LC104, LC105, LC106; SPEC §1).
    public var viaNotification: Bool

    /// Creates a record; only `line`, `time` and `event` are required.
    @inlinable
    public init(
        line: Int, time: Timestamp, event: LifecycleEvent, unknownName: Symbol = .none,
        pid: Int64? = nil, scene: Symbol = .none, task: TaskID? = nil, phase: Phase = .instant,
        reasonCode: ReasonCode = .none, reason: Symbol = .none, name: Symbol = .none,
        kind: ScheduledTaskKind? = nil, viaNotification: Bool = false
    ) {
        self.viaNotification = viaNotification
        self.line = line
        self.time = time
        self.event = event
        self.unknownName = unknownName
        self.pid = pid
        self.scene = scene
        self.task = task
        self.phase = phase
        self.reasonCode = reasonCode
        self.reason = reason
        self.name = name
        self.kind = kind
    }
}
