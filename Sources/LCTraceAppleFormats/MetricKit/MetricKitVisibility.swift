/// Whether MetricKit counted an exit in `foregroundExitData` or `backgroundExitData`.
public enum MetricKitVisibility: String, CaseIterable, Sendable, Hashable, Comparable {
    /// `foregroundExitData`.
    case foreground
    /// `backgroundExitData`.
    case background

    /// The name in reports.
    public var name: String { rawValue }

    /// Foreground first, as reports list them.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs == .foreground && rhs == .background
    }
}
