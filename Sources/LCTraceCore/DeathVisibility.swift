/// Whether a process was on screen when it died (SPEC §8): `foreground` when the app or any
/// of its scenes was active or inactive, else `background`; `unknown` for a death known from
/// outside evidence alone that states neither (SPEC §10: JSON `null`, counted under
/// `"unknown"`).
public enum DeathVisibility: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The app or a scene was on screen.
    case foreground
    /// Nothing of the app was on screen.
    case background
    /// Nothing said which (a crash report with no `procRole`, `Role:` or `ProcessVisibility`).
    case unknown

    /// Foreground first, unknown last, as reports list them.
    public static func < (lhs: DeathVisibility, rhs: DeathVisibility) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .foreground: 0
        case .background: 1
        case .unknown: 2
        }
    }
}
