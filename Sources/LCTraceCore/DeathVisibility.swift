/// Whether a process was on screen when it died (SPEC §8): `foreground` when the app or any
/// of its scenes was active or inactive, else `background`.
public enum DeathVisibility: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The app or a scene was on screen.
    case foreground
    /// Nothing of the app was on screen.
    case background

    /// Foreground first, as reports list them.
    public static func < (lhs: DeathVisibility, rhs: DeathVisibility) -> Bool {
        lhs == .foreground && rhs == .background
    }
}
