/// A background task (`bgtask`) or scheduled task (`bgsched`) open when its process died
/// (SPEC §8 `open_tasks`).
public struct DeathTask: Sendable, Hashable {
    /// `bgtask` or `bgsched`.
    public var api: String
    /// The task identifier.
    public var task: TaskValue
    /// The `name` of its begin record, when it had one.
    public var name: String?
    /// Its owner (docs/OWNERS.md), when the configuration's catalogue knows it.
    public var owner: String?
    /// The line of its `bgtask.begin` or `bgsched.start`.
    public var line: Int
    /// How long it had been open at death, in nanoseconds.
    public var openFor: Int64

    /// Creates an open task.
    public init(api: String, task: TaskValue, name: String? = nil, owner: String? = nil, line: Int, openFor: Int64) {
        self.api = api
        self.task = task
        self.name = name
        self.owner = owner
        self.line = line
        self.openFor = openFor
    }
}
