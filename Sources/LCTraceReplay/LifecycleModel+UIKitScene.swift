import LCTraceCore

extension LifecycleModel {
    /// `uikit-scene`: the machine of one scene (SPEC §3, scene table).
    ///
    /// The process itself still follows ``uikitApp`` for launch, suspension, termination
    /// and exit; its foreground/background state is the aggregate of its scenes.
    /// `foregrounding` refines `foregroundInactive` right after `scene.willEnterForeground`,
    /// where only `scene.didBecomeActive` may follow.
    public static let uikitScene: LifecycleModel = {
        var b = Builder(
            name: "uikit-scene",
            states: [
                .init("unattached", [.unattached]),
                .init("background", [.background]),
                .init("foregrounding", public: "foregroundInactive", [.foreground, .foregrounding]),
                .init("foregroundInactive", [.foreground]),
                .init("foregroundActive", [.foreground, .active]),
                .init("unknown", [.unknown]),
            ])
        let unattached = b.state("unattached"), background = b.state("background")
        let foregrounding = b.state("foregrounding"), inactive = b.state("foregroundInactive")
        let active = b.state("foregroundActive")

        b.allow([unattached], [.sceneWillConnect], to: background)
        b.allow([background], [.sceneWillEnterForeground], to: foregrounding)
        b.allow([foregrounding, inactive], [.sceneDidBecomeActive], to: active)
        b.allow([active], [.sceneWillResignActive], to: inactive)
        b.allow([inactive], [.sceneDidEnterBackground], to: background)
        b.allow([background], [.sceneDidDisconnect], to: unattached)

        b.imply(.sceneWillConnect, background)
        b.imply(.sceneWillEnterForeground, foregrounding)
        b.imply(.sceneDidBecomeActive, active)
        b.imply(.sceneWillResignActive, inactive)
        b.imply(.sceneDidEnterBackground, background)
        b.imply(.sceneDidDisconnect, unattached)
        b.runCode(LifecycleEvent.allCases.filter { $0.category == .scene })
        return b.build(initial: "unattached", unknown: "unknown", resumed: "background")
    }()
}
