/// Whose code a process was running when it died (SPEC §10 "Whose code"): the first frame
/// from the top of the thread that matters (the main thread for a watchdog kill, else the
/// crashed or highlighted one) whose image is not the system's.
///
/// `{"thread": "main", "frame": 4, "binary": "FirebaseCore", "symbol": "+[FIRApp configure]",
/// "owner": "Firebase", "own": false}`; a stack entirely in system images has `binary` `nil`
/// and the top frame's symbol; an unsymbolicated frame has `symbol` `nil` and an ``offset``.
public struct DeathCode: Sendable, Hashable {
    /// `main`, or the thread's number as the report writes it (`13`).
    public var thread: String
    /// The frame's index from the top of the thread (0); for MetricKit, the depth along
    /// `subFrames` from the root frame.
    public var frame: Int
    /// The image's name (`FirebaseCore`, `Shop.debug.dylib`); `nil` for a stack entirely in
    /// the system's images.
    public var binary: String?
    /// The frame's symbol as written; `nil` when unsymbolicated (or MetricKit, which has none).
    public var symbol: String?
    /// Whose code it is: the catalogue's name for the SDK (a symbol's module or class deciding
    /// over the binary), the executable's name for the app's own code, else the image's name;
    /// `nil` for a stack entirely in system images.
    public var owner: String?
    /// The frame is the app's own code.
    public var own: Bool
    /// The frame's offset into its image, for an unsymbolicated frame (`25788`); else `nil`.
    public var offset: Int64?
    /// Why the thread is the one that matters (the verdict says it; not in JSON, whose
    /// `thread` is `main` or the number, SPEC §10): `main` for a watchdog kill's main thread.
    public var role: CodeThreadRole

    /// Creates a code location.
    public init(
        thread: String, frame: Int, binary: String?, symbol: String?, owner: String?, own: Bool, offset: Int64? = nil,
        role: CodeThreadRole = .main
    ) {
        self.role = role
        self.thread = thread
        self.frame = frame
        self.binary = binary
        self.symbol = symbol
        self.owner = owner
        self.own = own
        self.offset = offset
    }

    /// The verdict's words: `the main thread was in FirebaseCore (+[FIRApp configure], frame
    /// 4)` (a watchdog kill's main thread), `the crashed thread (thread 13) was in the app's
    /// own code, Transit.debug.dylib (… + 1234, frame 0)`, `the crashed thread (the main
    /// thread) was in …`, `the highlighted thread (thread 2) was in …`, `the main thread was in
    /// the system's code only (mach_msg_trap, frame 0)`.
    public var sentence: String {
        let thread = self.thread == "main" ? "the main thread" : "thread \(self.thread)"
        let who: String
        switch role {
        case .main: who = thread
        case .crashed: who = "the crashed thread (\(thread))"
        case .highlighted: who = "the highlighted thread (\(thread))"
        }
        let what = symbol.map(PrintableText.printable) ?? (binary.map { b in offset.map { "\(b) + \($0)" } ?? b } ?? "no symbol")
        guard let binary else { return "\(who) was in the system's code only (\(what), frame \(frame))" }
        if own { return "\(who) was in the app's own code, \(PrintableText.printable(binary)) (\(what), frame \(frame))" }
        return "\(who) was in \(PrintableText.printable(binary)) (\(what), frame \(frame))"
    }
}
