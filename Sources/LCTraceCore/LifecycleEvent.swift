/// Every event the lifecycle log format knows (SPEC §2), plus `meta` and `unknown`.
///
/// The raw value is dense (0..<count) so tables can be indexed by it.
public enum LifecycleEvent: UInt8, CaseIterable, Sendable, Hashable {
    case meta
    // Observer records.
    case processLaunch
    case processExit
    // App delegate.
    case willFinishLaunching
    case didFinishLaunching
    case didBecomeActive
    case willResignActive
    case didEnterBackground
    case willEnterForeground
    case willTerminate
    case didReceiveMemoryWarning
    case protectedDataWillBecomeUnavailable
    case protectedDataDidBecomeAvailable
    case significantTimeChange
    case openURL
    case continueUserActivity
    case performFetch
    // Scene delegate.
    case sceneWillConnect
    case sceneDidDisconnect
    case sceneDidBecomeActive
    case sceneWillResignActive
    case sceneWillEnterForeground
    case sceneDidEnterBackground
    // Background tasks.
    case bgtaskBegin
    case bgtaskEnd
    case bgtaskExpire
    // Scheduled tasks (BGTaskScheduler).
    case bgschedStart
    case bgschedExpire
    case bgschedComplete
    /// `BGTaskScheduler.register(forTaskWithIdentifier:using:launchHandler:)` (LC307–LC309).
    case bgschedRegister
    /// `BGTaskScheduler.submit(_:)` (LC308).
    case bgschedSubmit
    // System observer.
    case sysSuspend
    case sysResume
    case sysKill
    /// A name outside the table; the record's `eventName` symbol holds the text.
    case unknown

    /// Who emits an event, which decides the rules that apply to it.
    public enum Category: Sendable {
        case meta, process, appDelegate, scene, backgroundTask, scheduledTask, system, unknown
    }

    /// The category of this event.
    public var category: Category {
        switch self {
        case .meta: return .meta
        case .processLaunch, .processExit: return .process
        case .willFinishLaunching, .didFinishLaunching, .didBecomeActive, .willResignActive,
            .didEnterBackground, .willEnterForeground, .willTerminate, .didReceiveMemoryWarning,
            .protectedDataWillBecomeUnavailable, .protectedDataDidBecomeAvailable,
            .significantTimeChange, .openURL, .continueUserActivity, .performFetch:
            return .appDelegate
        case .sceneWillConnect, .sceneDidDisconnect, .sceneDidBecomeActive, .sceneWillResignActive,
            .sceneWillEnterForeground, .sceneDidEnterBackground:
            return .scene
        case .bgtaskBegin, .bgtaskEnd, .bgtaskExpire: return .backgroundTask
        case .bgschedStart, .bgschedExpire, .bgschedComplete, .bgschedRegister, .bgschedSubmit: return .scheduledTask
        case .sysSuspend, .sysResume, .sysKill: return .system
        case .unknown: return .unknown
        }
    }

    /// The canonical name, as reports print it (`app.didBecomeActive`).
    public var canonicalName: String {
        switch self {
        case .meta: return "meta"
        case .processLaunch: return "process.launch"
        case .processExit: return "process.exit"
        case .willFinishLaunching: return "app.willFinishLaunching"
        case .didFinishLaunching: return "app.didFinishLaunching"
        case .didBecomeActive: return "app.didBecomeActive"
        case .willResignActive: return "app.willResignActive"
        case .didEnterBackground: return "app.didEnterBackground"
        case .willEnterForeground: return "app.willEnterForeground"
        case .willTerminate: return "app.willTerminate"
        case .didReceiveMemoryWarning: return "app.didReceiveMemoryWarning"
        case .protectedDataWillBecomeUnavailable: return "app.protectedDataWillBecomeUnavailable"
        case .protectedDataDidBecomeAvailable: return "app.protectedDataDidBecomeAvailable"
        case .significantTimeChange: return "app.significantTimeChange"
        case .openURL: return "app.openURL"
        case .continueUserActivity: return "app.continueUserActivity"
        case .performFetch: return "app.performFetch"
        case .sceneWillConnect: return "scene.willConnect"
        case .sceneDidDisconnect: return "scene.didDisconnect"
        case .sceneDidBecomeActive: return "scene.didBecomeActive"
        case .sceneWillResignActive: return "scene.willResignActive"
        case .sceneWillEnterForeground: return "scene.willEnterForeground"
        case .sceneDidEnterBackground: return "scene.didEnterBackground"
        case .bgtaskBegin: return "bgtask.begin"
        case .bgtaskEnd: return "bgtask.end"
        case .bgtaskExpire: return "bgtask.expire"
        case .bgschedStart: return "bgsched.start"
        case .bgschedExpire: return "bgsched.expire"
        case .bgschedComplete: return "bgsched.complete"
        case .bgschedRegister: return "bgsched.register"
        case .bgschedSubmit: return "bgsched.submit"
        case .sysSuspend: return "sys.suspend"
        case .sysResume: return "sys.resume"
        case .sysKill: return "sys.kill"
        case .unknown: return "unknown"
        }
    }

    /// Other accepted spellings: UIKit selector names and Xamarin/.NET names.
    public var aliases: [String] {
        switch self {
        case .willFinishLaunching:
            return ["application:willFinishLaunchingWithOptions:", "WillFinishLaunching"]
        case .didFinishLaunching:
            return ["application:didFinishLaunchingWithOptions:", "FinishedLaunching"]
        case .didBecomeActive: return ["applicationDidBecomeActive:", "OnActivated"]
        case .willResignActive: return ["applicationWillResignActive:", "OnResignActivation"]
        case .didEnterBackground: return ["applicationDidEnterBackground:", "DidEnterBackground"]
        case .willEnterForeground: return ["applicationWillEnterForeground:", "WillEnterForeground"]
        case .willTerminate: return ["applicationWillTerminate:", "WillTerminate"]
        case .didReceiveMemoryWarning:
            return ["applicationDidReceiveMemoryWarning:", "ReceiveMemoryWarning"]
        case .protectedDataWillBecomeUnavailable:
            return ["applicationProtectedDataWillBecomeUnavailable:", "ProtectedDataWillBecomeUnavailable"]
        case .protectedDataDidBecomeAvailable:
            return ["applicationProtectedDataDidBecomeAvailable:", "ProtectedDataDidBecomeAvailable"]
        case .significantTimeChange:
            return ["applicationSignificantTimeChange:", "ApplicationSignificantTimeChange"]
        case .openURL: return ["application:openURL:options:", "OpenUrl"]
        case .continueUserActivity:
            return ["application:continueUserActivity:restorationHandler:", "ContinueUserActivity"]
        case .performFetch: return ["application:performFetchWithCompletionHandler:", "PerformFetch"]
        case .sceneWillConnect: return ["scene:willConnectToSession:options:"]
        case .sceneDidDisconnect: return ["sceneDidDisconnect:"]
        case .sceneDidBecomeActive: return ["sceneDidBecomeActive:"]
        case .sceneWillResignActive: return ["sceneWillResignActive:"]
        case .sceneWillEnterForeground: return ["sceneWillEnterForeground:"]
        case .sceneDidEnterBackground: return ["sceneDidEnterBackground:"]
        case .bgtaskBegin: return ["beginBackgroundTask"]
        case .bgtaskEnd: return ["endBackgroundTask"]
        default: return []
        }
    }

    /// Every accepted spelling (canonical names first, then aliases) with its event.
    /// `unknown` is not included.
    public static let allSpellings: [(name: String, event: LifecycleEvent)] = {
        var out: [(String, LifecycleEvent)] = []
        for e in allCases where e != .unknown { out.append((e.canonicalName, e)) }
        for e in allCases where e != .unknown { for a in e.aliases { out.append((a, e)) } }
        return out
    }()

    /// Looks an event up by any accepted spelling; `nil` when unknown.
    ///
    /// - Complexity: O(n) over the spellings; the ingest hot path uses its own
    ///   byte-level table instead.
    public init?(name: String) {
        guard let hit = Self.allSpellings.first(where: { $0.name == name }) else { return nil }
        self = hit.event
    }
}
