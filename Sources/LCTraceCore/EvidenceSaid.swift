/// What one piece of evidence on a death said of its end (SPEC §8: every piece that disagrees
/// with the class decided is kept with what it said): the class it gives, `nil` when it says
/// nothing of the cause, and its reason as written.
public struct EvidenceSaid: Sendable, Hashable {
    /// The class the piece gives, or `nil` when it says nothing of the cause.
    public var exitClass: ExitClass?
    /// Its reason as the piece writes it (`0xdead10cc`, `termination reported by launchd`).
    public var reason: String

    /// Creates what a piece said.
    public init(exitClass: ExitClass?, reason: String) {
        self.exitClass = exitClass
        self.reason = reason
    }
}
