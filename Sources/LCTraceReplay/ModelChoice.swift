/// Which lifecycle model to replay a process with when its log does not say (`meta.model`).
public enum ModelChoice: String, Sendable, CaseIterable {
    /// Infer: a process becomes scene-based at its first `scene.*` record.
    case auto
    /// `uikit-app`: the app delegate drives the lifecycle.
    case uikitApp = "uikit-app"
    /// `uikit-scene`: scenes drive it; app-level activation callbacks are LC104.
    case uikitScene = "uikit-scene"
}
