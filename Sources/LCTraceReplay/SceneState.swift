/// The public state of a scene, as observations and reports name it (SPEC §4).
public enum SceneState: String, Sendable, Hashable, CaseIterable {
    /// Not connected (before `scene.willConnect`, after `scene.didDisconnect`).
    case unattached
    /// Connected, not on screen.
    case background
    /// On screen, not receiving events.
    case foregroundInactive
    /// On screen, receiving events.
    case foregroundActive
    /// Attached when the log began, in a state no record has placed yet.
    case unknown
}
