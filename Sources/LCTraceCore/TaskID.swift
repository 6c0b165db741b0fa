/// A background-task identifier: logs use integers (`UIBackgroundTaskIdentifier`)
/// or strings; both work and never compare equal to each other.
public enum TaskID: Hashable, Sendable {
    case number(Int64)
    case name(Symbol)
}
