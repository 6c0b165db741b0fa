/// The budgets of SPEC §4 as a dense enum, so the hot path indexes an array of
/// nanoseconds instead of hashing a name.
public enum BudgetName: Int, CaseIterable, Sendable {
    case launch, resume, didEnterBackground, willTerminate, performFetch, handler, background, bgtask, expiration

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
        }
    }
}
