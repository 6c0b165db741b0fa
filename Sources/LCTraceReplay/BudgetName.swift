/// The budgets of SPEC §4 as a dense enum, so the hot path indexes an array of
/// nanoseconds instead of hashing a name.
public enum BudgetName: Int, CaseIterable, Sendable {
    /// First launch record → first activation (or end of `didFinishLaunching`).
    case launch
    /// `willEnterForeground` → the `didBecomeActive` that follows.
    case resume
    /// The `didEnterBackground` handler (app or scene).
    case didEnterBackground
    /// The `willTerminate` handler.
    case willTerminate
    /// The `performFetch` handler.
    case performFetch
    /// Any other delegate handler logged as a span.
    case handler
    /// App code in background with no task open and no background mode that keeps the app running.
    case background
    /// The background-task allowance (OS-dependent by default).
    case bgtask
    /// `bgtask.expire` → that task's `bgtask.end`; `bgsched.expire` → its `bgsched.complete`.
    case expiration
    /// `bgsched.start` of an app-refresh task → its `bgsched.complete`.
    case refresh

    /// The name `--budget` and findings use (`didEnterBackground`).
    public var name: String {
        switch self {
        case .launch: return "launch"
        case .resume: return "resume"
        case .didEnterBackground: return "didEnterBackground"
        case .willTerminate: return "willTerminate"
        case .performFetch: return "performFetch"
        case .handler: return "handler"
        case .background: return "background"
        case .bgtask: return "bgtask"
        case .expiration: return "expiration"
        case .refresh: return "refresh"
        }
    }
}
