import LCTraceCore

/// One row key of MetricKit's exit counters: an exit class and where the app was.
public struct MetricKitExit: Hashable, Sendable, Comparable {
    /// The exit class (SPEC §8's key → class table).
    public var exitClass: ExitClass
    /// Foreground (`foregroundExitData`) or background (`backgroundExitData`), the same
    /// visibility a death carries.
    public var visibility: DeathVisibility

    /// Creates a key.
    public init(exitClass: ExitClass, visibility: DeathVisibility) {
        self.exitClass = exitClass
        self.visibility = visibility
    }

    /// By class, then foreground before background.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.exitClass != rhs.exitClass ? lhs.exitClass < rhs.exitClass : lhs.visibility < rhs.visibility
    }

    /// The `cumulative…ExitCount` keys of `foregroundExitData`/`backgroundExitData` and the
    /// class each counts as (SPEC §8). Keys not listed are never read.
    public static let counterClasses: [(key: String, exitClass: ExitClass)] = [
        ("cumulativeNormalAppExitCount", .normal),
        ("cumulativeMemoryResourceLimitExitCount", .memoryLimit),
        ("cumulativeCPUResourceLimitExitCount", .cpuLimit),
        ("cumulativeMemoryPressureExitCount", .purged),
        ("cumulativeAppWatchdogExitCount", .watchdog),
        ("cumulativeSuspendedWithLockedFileExitCount", .lockedFile),
        ("cumulativeBackgroundTaskAssertionTimeoutExitCount", .bgtaskTimeout),
        ("cumulativeBackgroundURLSessionCompletionTimeoutExitCount", .bgtaskTimeout),
        ("cumulativeBackgroundFetchCompletionTimeoutExitCount", .bgtaskTimeout),
        ("cumulativeBadAccessExitCount", .abnormal),
        ("cumulativeIllegalInstructionExitCount", .abnormal),
        ("cumulativeAbnormalExitCount", .abnormal),
    ]
}
