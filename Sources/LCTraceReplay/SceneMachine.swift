import LCTraceCore

/// The machine of one scene of a scene-based process (``LifecycleModel/uikitScene``).
struct SceneMachine {
    /// The scene identifier.
    var scene: Symbol
    /// Its state in the scene model.
    var state: LifecycleModel.State
}
