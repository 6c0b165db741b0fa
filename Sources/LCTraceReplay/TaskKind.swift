/// Which API a task observation is about. Today one: `UIApplication` background tasks
/// (`bgtask.*`); another API (for example `BGTaskScheduler`) is another case, and the
/// timeline and stats key their task spans by kind and id.
public enum TaskKind: String, Sendable, Hashable, CaseIterable {
    /// `UIApplication.beginBackgroundTask` (`bgtask.begin`, `bgtask.expire`, `bgtask.end`).
    case backgroundTask = "bgtask"
}
