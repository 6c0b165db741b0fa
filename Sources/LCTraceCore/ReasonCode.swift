/// The reason codes the model interprets; anything else is `.other`, with
/// the text kept in ``Record/reason``.
public enum ReasonCode: UInt8, Sendable {
    case none, user, background, terminate, purge, crash, watchdog, bgtaskTimeout, unknown
    /// Killed under system memory pressure (`jetsam`, `memory-pressure`, and the JetsamEvent
    /// reasons other than `per-process-limit`: `vm-pageshortage`, `fc-thrashing`, …): `purged`
    /// in the background, `memory-limit` in the foreground (SPEC §5, 2028 edition).
    case jetsam
    case other
    /// `process.launch` of a prewarmed process (iOS 15+).
    case prewarm
    /// Killed while suspended holding a file lock (`locked-file`, `0xdead10cc`).
    case lockedFile
    /// Over the app's own memory limit (`memory-limit`, `per-process-limit`, MetricKit's
    /// `MemoryResourceLimit`).
    case memoryLimit
    /// Too much CPU (`cpu-limit`, watchOS's `0xc51bad01`).
    case cpuLimit
    /// The device was too hot (`thermal`, `0xc00010ff`).
    case thermal

    /// Maps the text of a `reason` value (`"bgtask-timeout"`, `"purge"`, `"0x8BADF00D"`, …),
    /// in any case; a termination code is read with or without `0x` (SPEC §5, docs/MODEL.md).
    public init(text: String) {
        let lower = text.lowercased()
        switch lower {
        case "user": self = .user
        case "background": self = .background
        case "prewarm": self = .prewarm
        // `test-runner`: a UI-test runner's `Terminate` of the app (SPEC §12), a normal end.
        case "terminate", "test-runner": self = .terminate
        case "purge", "purged": self = .purge
        case "crash": self = .crash
        case "watchdog": self = .watchdog
        case "jetsam", "memory-pressure", "memorypressure", "vm-pageshortage", "vm-thrashing", "vm-compressor-space-shortage",
            "vm-compressor-thrashing", "fc-thrashing", "highwater", "idle-exit", "vnode-limit", "zone-map-exhaustion":
            self = .jetsam
        case "bgtask-timeout": self = .bgtaskTimeout
        case "locked-file": self = .lockedFile
        case "memory-limit", "per-process-limit", "memoryresourcelimit": self = .memoryLimit
        case "cpu-limit": self = .cpuLimit
        case "thermal": self = .thermal
        case "unknown": self = .unknown
        default: self = Self(terminationCode: lower.hasPrefix("0x") ? String(lower.dropFirst(2)) : lower)
        }
    }

    /// The meaning of a SIGKILL termination code (lowercase hex, no `0x`), after Apple's
    /// "EXC_CRASH (SIGKILL)" article; `.other` for a code lctrace does not class.
    private init(terminationCode code: String) {
        switch code {
        case "8badf00d": self = .watchdog
        case "dead10cc": self = .lockedFile
        case "c00010ff": self = .thermal
        case "c51bad01": self = .cpuLimit
        case "2182bad2", "2182bad3", "2182bad4", "c51bad02", "c51bad03": self = .bgtaskTimeout
        default: self = .other
        }
    }
}
