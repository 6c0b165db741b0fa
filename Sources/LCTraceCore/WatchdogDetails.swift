/// What a termination text says of a watchdog kill (SPEC §8 "Termination texts"), e.g.
/// `scene-update`, 10.0 s of wall-clock time, in the foreground.
public struct WatchdogDetails: Sendable, Hashable {
    /// The transgression's event as iOS wrote it (`scene-create`, `scene-update`,
    /// `process-launch`, `process-exit`, …); `nil` when the text names none.
    public var event: String?
    /// The allowance in seconds; `nil` when the text gives none.
    public var allowance: Double?
    /// `wall` for "real (wall clock) time", `cpu` for "CPU time"; `nil` when not said.
    public var clock: String?
    /// `WatchdogVisibility` (else `ProcessVisibility`), lower-cased; `nil` when not said.
    public var visibility: String?

    /// Creates watchdog details.
    public init(event: String? = nil, allowance: Double? = nil, clock: String? = nil, visibility: String? = nil) {
        self.event = event
        self.allowance = allowance
        self.clock = clock
        self.visibility = visibility
    }

    /// Whether the text said anything about the watchdog.
    public var isEmpty: Bool { event == nil && allowance == nil && clock == nil && visibility == nil }
}
