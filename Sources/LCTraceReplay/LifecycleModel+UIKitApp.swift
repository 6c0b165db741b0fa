import LCTraceCore

extension LifecycleModel {
    /// `uikit-app`: the app delegate drives the lifecycle (SPEC §3, first table).
    ///
    /// Internal refinements of the five public states: the launch sub-states (public
    /// `notRunning` until `didFinishLaunching`), `launchedInactive` (launched, not activated
    /// yet), `foregrounding` (inactive that must next get `didBecomeActive`),
    /// `backgroundLaunched` (where UIKit's one `didEnterBackground` after a background launch
    /// is legal), `terminating` (inside `willTerminate`), `terminated` and `exited` (public
    /// `notRunning`) and `unknown` (running when the log began, nothing implied yet).
    public static let uikitApp: LifecycleModel = {
        var b = Builder(
            name: "uikit-app",
            states: [
                .init("notRunning", [.notRunning]),
                .init("launched", public: "notRunning", [.launching]),
                .init("launchedBackground", public: "notRunning", [.launching, .launchingInBackground]),
                .init("willFinishLaunching", public: "notRunning", [.launching]),
                .init("willFinishLaunchingBackground", public: "notRunning", [.launching, .launchingInBackground]),
                .init("launchedInactive", public: "inactive", [.foreground, .launchedInactive]),
                .init("inactive", [.foreground]),
                .init("active", [.foreground, .active]),
                .init("foregrounding", public: "inactive", [.foreground, .foregrounding]),
                .init("background", [.background]),
                .init("backgroundLaunched", public: "background", [.background, .backgroundLaunch]),
                .init("suspended", [.suspended]),
                .init("terminating", public: "background", [.background, .terminating]),
                .init("terminated", public: "notRunning", [.ended, .terminated]),
                .init("exited", public: "notRunning", [.ended]),
                .init("unknown", [.unknown]),
                .init("prewarmed", public: "notRunning", [.prewarmed]),
                .init("prewarmedSuspended", public: "suspended", [.suspended, .prewarmed]),
            ])
        let notRunning = b.state("notRunning"), launched = b.state("launched")
        let launchedBackground = b.state("launchedBackground")
        let willFinish = b.state("willFinishLaunching"), willFinishBackground = b.state("willFinishLaunchingBackground")
        let launchedInactive = b.state("launchedInactive"), inactive = b.state("inactive")
        let active = b.state("active"), foregrounding = b.state("foregrounding")
        let background = b.state("background"), backgroundLaunched = b.state("backgroundLaunched")
        let suspended = b.state("suspended"), terminating = b.state("terminating")
        let terminated = b.state("terminated"), exited = b.state("exited"), unknown = b.state("unknown")
        let prewarmed = b.state("prewarmed"), prewarmedSuspended = b.state("prewarmedSuspended")

        // Launch: process.launch (optional), willFinishLaunching (optional), didFinishLaunching.
        b.allow([notRunning], [.processLaunch], to: launched)
        b.allow([notRunning], [LifecycleModel.backgroundLaunchColumn], to: launchedBackground)
        b.allow([notRunning, launched], [.willFinishLaunching], to: willFinish)
        b.allow([launchedBackground], [.willFinishLaunching], to: willFinishBackground)
        b.allow([notRunning, launched, willFinish], [.didFinishLaunching], to: launchedInactive)
        b.allow([launchedBackground, willFinishBackground], [.didFinishLaunching], to: backgroundLaunched)

        // Prewarm (iOS 15+): the system runs the process up to UIApplicationMain and usually
        // suspends it; the first launch callback resumes it and starts the launch clock.
        b.allow([notRunning], [LifecycleModel.prewarmLaunchColumn], to: prewarmed)
        b.allow([prewarmed], [.sysSuspend], to: prewarmedSuspended)
        b.allow([prewarmedSuspended], [.sysResume], to: prewarmed)
        b.allow([prewarmed, prewarmedSuspended], [.willFinishLaunching], to: willFinish)
        b.allow([prewarmed, prewarmedSuspended], [.didFinishLaunching], to: launchedInactive)

        // Activation cycle.
        b.allow([launchedInactive, inactive, foregrounding], [.didBecomeActive], to: active)
        b.allow([active], [.willResignActive], to: inactive)
        b.allow([launchedInactive, inactive, backgroundLaunched], [.didEnterBackground], to: background)
        b.allow([background, backgroundLaunched], [.willEnterForeground], to: foregrounding)
        b.allow([background, backgroundLaunched], [.sysSuspend], to: suspended)
        b.allow([suspended], [.sysResume], to: background)
        // The system wakes a suspended app to run a task's expiration handler, or a scheduled
        // task's launch or expiration handler.
        b.allow([suspended], [.bgtaskExpire, .bgschedStart, .bgschedExpire], to: background)
        b.allow([background, backgroundLaunched], [.willTerminate], to: terminating)
        b.complete([terminating], .willTerminate, to: terminated)

        // Callbacks legal in any running state, and the app's background tasks.
        let running = [
            launched, launchedBackground, willFinish, willFinishBackground, launchedInactive, inactive, active,
            foregrounding, background, backgroundLaunched, terminating, unknown,
        ]
        let anywhere: [LifecycleEvent] = [
            .didReceiveMemoryWarning, .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable,
            .significantTimeChange, .openURL, .continueUserActivity, .performFetch, .bgtaskBegin, .bgtaskEnd,
            .bgtaskExpire, .bgschedStart, .bgschedExpire, .bgschedComplete, .bgschedRegister, .bgschedSubmit,
        ]
        b.allow(running, anywhere)

        // A kill or an unannounced exit is legal from every state.
        b.allow(
            [notRunning] + running + [suspended, terminated, exited, prewarmed, prewarmedSuspended],
            [.processExit, .sysKill], to: exited)

        b.imply(.processLaunch, launched)
        b.imply(column: LifecycleModel.backgroundLaunchColumn, launchedBackground)
        b.imply(column: LifecycleModel.prewarmLaunchColumn, prewarmed)
        b.imply(.bgschedStart, background)
        b.imply(.bgschedExpire, background)
        b.imply(.willFinishLaunching, willFinish)
        b.imply(.didFinishLaunching, launchedInactive)
        b.imply(.didBecomeActive, active)
        b.imply(.willResignActive, inactive)
        b.imply(.didEnterBackground, background)
        b.imply(.willEnterForeground, foregrounding)
        b.imply(.willTerminate, terminating)
        b.imply(.sysSuspend, suspended)
        b.imply(.sysResume, background)
        b.imply(.processExit, exited)
        b.imply(.sysKill, exited)

        // `willTerminate` while suspended is an illegal transition (SPEC §3's example), and so
        // is a launch (a second launch of the pid); every other callback there is code that
        // ran while suspended.
        b.runCode(
            LifecycleEvent.allCases.filter {
                ($0.category == .appDelegate || $0.category == .scene)
                    && ![.willTerminate, .willFinishLaunching, .didFinishLaunching].contains($0)
            } + [.bgtaskBegin, .bgtaskEnd, .bgschedComplete, .bgschedRegister, .bgschedSubmit])
        // Kills are legal everywhere and an expiration is the system's doing: neither is
        // something the app was expected to do.
        b.unlist([.processExit, .sysKill, .bgtaskExpire, .bgschedStart, .bgschedExpire])
        return b.build(initial: "notRunning", unknown: "unknown", resumed: "background")
    }()
}
