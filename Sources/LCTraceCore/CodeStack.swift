/// The frames of the one thread whose code a death names (SPEC §10): the main thread for a
/// watchdog kill, else the thread the report singles out, else the main thread. Only that
/// thread is kept of a report, so a report of ten thousand threads holds one.
public struct CodeStack: Sendable, Equatable {
    /// `main`, or the thread's number as the report writes it.
    public var thread: String
    /// Its frames from the top (frame 0).
    public var frames: [CodeFrame]
    /// Why it is the thread that matters: the main thread, or the one the report singles out.
    public var role: CodeThreadRole

    /// Creates a stack.
    public init(thread: String, frames: [CodeFrame], role: CodeThreadRole = .main) {
        self.thread = thread
        self.frames = frames
        self.role = role
    }
}
