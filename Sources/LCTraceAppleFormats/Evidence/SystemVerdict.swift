import LCTraceCore

/// One of UIKit's own verdicts (LC203, LC301, LC302 from its messages), a scene-lifecycle
/// warning or a transcript's cut, as a reader of iOS's messages found it: the finding, and the
/// name of the task UIKit printed. The reader judges nothing of whose the task is: the replay
/// gives the verdict its owner from the run's configured catalogue, its session and the rule
/// settings, as it does for its own findings (``SystemEvidence/merge(_:verdicts:owners:isSystemLog:session:)``).
public struct SystemVerdict: Sendable, Equatable {
    /// The finding, with source `system` and no owner.
    public var finding: Finding
    /// The task's name as UIKit printed it (`Called by MyShop, from -[Uploader flush]`), when
    /// the verdict is about a named task.
    public var taskName: String?

    /// A verdict.
    public init(_ finding: Finding, taskName: String? = nil) {
        self.finding = finding
        self.taskName = taskName
    }
}
