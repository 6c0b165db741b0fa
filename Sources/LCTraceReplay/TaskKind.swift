/// Which API a task observation is about: `UIApplication` background tasks (`bgtask.*`) or
/// `BGTaskScheduler` scheduled tasks (`bgsched.*`). The timeline and stats key their task
/// spans by kind and id, so the two APIs' ids never collide.
public enum TaskKind: String, Sendable, Hashable, CaseIterable {
    /// `UIApplication.beginBackgroundTask` (`bgtask.begin`, `bgtask.expire`, `bgtask.end`).
    case backgroundTask = "bgtask"
    /// A `BGTaskScheduler` task (`bgsched.start`, `bgsched.expire`, `bgsched.complete`).
    case scheduledTask = "bgsched"
}
