import LCTraceCore

/// The replay state of one process stream (one pid, or the records without a pid): the
/// app-model state of its current session, its scenes, open tasks and handler spans, and the
/// clocks of its budgets.
///
/// Storage is small arrays reused with their capacity, so an ordinary record allocates
/// nothing; memory grows with open tasks, spans and scenes, not with the log.
struct ProcessMachine {
    /// Where the process is in the launch budget.
    enum LaunchPhase: UInt8 {
        /// No launch being timed.
        case none
        /// Between the first launch record and the end of `didFinishLaunching`.
        case launching
        /// `didFinishLaunching` ended in a launch that did not say its kind; the next record
        /// tells whether it was really a background one.
        case awaitingKind
        /// A foreground launch, timed to the first activation.
        case foreground
    }

    /// Where the launch stands for LC307 ("registered before the application finishes
    /// launching").
    enum LaunchEnd: UInt8 {
        /// No `didFinishLaunching` has returned in this session.
        case running
        /// `didFinishLaunching` was logged as an instant at ``ProcessMachine/launchEndLine``:
        /// registrations right after it may still be inside the callback, so launch has
        /// finished only once an app or scene callback of the process arrives (SPEC §5).
        case instant
        /// `didFinishLaunching` returned (its `end`, or a record after its instant).
        case finished
    }

    /// The background stretch in which LC202 is measured.
    struct BackgroundRun {
        /// Where the clock (re)started: the return of `didEnterBackground`, or the end of the
        /// last open task.
        var start: Timestamp
        /// Its line.
        var line: Int
        /// The last app record while the clock ran.
        var last: Timestamp
        /// A task is open: app code is covered, the clock does not run.
        var paused = false
        /// The first app record past the budget (0: none yet), and its recorded time.
        var overrunLine = 0
        var overrunTime = Timestamp(nanoseconds: 0)
        /// The clock's start and last app record when the overrun was first seen.
        var overrunStart = Timestamp(nanoseconds: 0)
        var overrunStartLine = 0
    }

    /// The pid, or `nil` for the stream of records without one.
    private(set) var pid: Int64?
    /// When the machine was created, relative to the others: slots are reused, so `finish`
    /// visits machines in this order rather than in storage order.
    private(set) var serial = 0
    /// The state in ``LifecycleModel/uikitApp``.
    var state: LifecycleModel.State
    /// A session has begun (a record other than `meta` arrived).
    var started = false
    /// The session began in the middle of the log (state unknown at first).
    var midLog = false
    /// The state is unknown because of a gap in the log (SPEC §5), not because the log began
    /// mid-session: a launch callback then continues the launch the gap cut into.
    var afterGap = false
    /// The line of the latest record replayed on this machine (a session's last line).
    var lastLine = 0
    /// The file's number of the current (or last) session of this machine, 1-based in the
    /// order sessions began: what every finding about the process carries (``Finding/session``).
    var session = 0
    /// The session ran app code (an app or scene callback, `bgtask.begin` or `bgtask.end`): a
    /// process whose state is still unknown was at least running then.
    var ranCode = false
    /// The app or a scene was foreground (active or inactive) as the process went to
    /// terminate (`willTerminate`, or `process.exit` `terminate`): where its normal exit
    /// happened, as MetricKit counts normal exits (SPEC §8).
    var terminatedInForeground = false
    /// The process replays under the scene model.
    var sceneBased = false
    /// The model came from `meta.model` or `--model`, not from inference.
    var modelExplicit = false
    /// An observer record (`sys.*`, `process.*`) was seen for this process.
    var sawObserver = false
    /// A launch, handler or resume budget was overrun in this session (exit class `watchdog`).
    var watchdogOverrun = false
    /// The rule (LC200 or LC201) and line of the first such overrun: a watchdog death's cause.
    var watchdogCause: Rule?
    var watchdogCauseLine = 0
    /// More than ``Replayer/maximumOpenTasks`` were open: further tasks of this session are
    /// not tracked, and ends of unknown tasks are not reported.
    var tasksUntracked = false
    /// A record of a scene past ``Replayer/maximumScenes`` was reported.
    var sceneLimitReported = false
    /// The line of the record that ended the last session (for LC100 on a relaunched pid).
    var endedLine = 0
    /// The line of the session's first launch record.
    var launchLine = 0
    /// The session began with `process.launch` and reason `user`: a foreground launch.
    var userLaunch = false
    /// When the session's first record arrived.
    var sessionStart = Timestamp(nanoseconds: 0)

    // Clock (LC400).
    var maxTime = Timestamp(nanoseconds: .min)
    var maxLine = 0
    var behind = false

    // Meta of this pid (`nil`: not given) and the values resolved against the defaults.
    var ownApp: String?
    var ownOS: Int??
    /// `meta.os` of this pid as written (a death reports it).
    var ownOSText: String?
    /// `meta.version` of this pid (a death reports it).
    var ownVersion: String?
    var ownModes: Bool?
    var ownModel: ModelChoice?
    var exempt = false
    var allowance: Int64 = 30_000_000_000

    // Scenes, tasks, spans.
    var scenes: [SceneMachine] = []
    var tasks: [OpenTask] = []
    var spans: [OpenSpan] = []
    /// Tasks reported leaked (LC300, LC305); a late `end` for one of them is not LC301.
    var leaked: [(id: TaskID, scheduled: Bool)] = []
    /// Recently ended tasks and the line of their end, to name double ends (LC301).
    var ended: [(id: TaskID, line: Int, scheduled: Bool)] = []

    // BGTaskScheduler registrations (LC307–LC309).
    var launchEnd = LaunchEnd.running
    /// The line of the `didFinishLaunching` that ended the launch.
    var launchEndLine = 0
    /// The identifiers registered in this session, the line of each first registration, and
    /// for a wildcard (`com.x.export.*`) the part before `*`.
    var registrations: [(id: TaskID, line: Int, wildcard: String?)] = []
    /// The `kind` of the last `bgsched.submit` of each identifier in this session (a start
    /// without `kind` takes it: SPEC §5).
    var submittedKinds: [(id: String, kind: ScheduledTaskKind)] = []
    /// The owners this session's task findings and death named (`nil`: a task of unknown
    /// owner), each once: counted as sessions of each owner when the session ends.
    var sessionOwners: [String?] = []
    /// More than ``Replayer/maximumRegistrations`` identifiers were registered: LC308 and
    /// LC309 are no longer judged in this session.
    var registrationsUntracked = false

    // Timers.
    var launchPhase = LaunchPhase.none
    var launch: Deadline?
    var resume: Deadline?
    /// The background-task allowance clock (LC203): when it started and its line.
    var allowanceStart: Timestamp?
    var allowanceLine = 0
    /// LC202: the process is in background after `didEnterBackground` returned.
    var backgroundWindow = false
    var backgroundRun: BackgroundRun?
    /// The earliest instant at which a timer could be overrun (`Int64.max`: none), so most
    /// records skip the timer checks with one comparison.
    var nextDue = Int64.max
    /// The session whose first app-level activation callback was judged for LC105/LC106
    /// (once per session; 0: none yet).
    var sceneLifecycleSession = 0

    /// How many ended tasks and leaked ids are remembered.
    static let memory = 8

    init(pid: Int64?, state: LifecycleModel.State, serial: Int = 0) {
        self.pid = pid
        self.state = state
        self.serial = serial
        tasks.reserveCapacity(4)
        spans.reserveCapacity(4)
        leaked.reserveCapacity(Self.memory)
        ended.reserveCapacity(Self.memory)
    }

    /// Turns a reclaimed slot into a new machine for `pid`, keeping the arrays' storage so
    /// that a new process allocates nothing once the slot pool has warmed up.
    mutating func reuse(pid: Int64?, state: LifecycleModel.State, serial: Int) {
        var fresh = ProcessMachine(pid: pid, state: state, serial: serial, reservingStorage: false)
        scenes.removeAll(keepingCapacity: true)
        tasks.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        leaked.removeAll(keepingCapacity: true)
        ended.removeAll(keepingCapacity: true)
        swap(&fresh.scenes, &scenes)
        swap(&fresh.tasks, &tasks)
        swap(&fresh.spans, &spans)
        swap(&fresh.leaked, &leaked)
        swap(&fresh.ended, &ended)
        self = fresh
    }

    /// A machine without storage reserved (``reuse(pid:state:serial:)`` moves storage in).
    private init(pid: Int64?, state: LifecycleModel.State, serial: Int, reservingStorage: Bool) {
        self.pid = pid
        self.state = state
        self.serial = serial
    }

    /// What is kept of the machine once its session ended and its slot is reclaimed.
    var endedRecord: EndedProcess {
        EndedProcess(
            endedLine: endedLine, maxTime: maxTime, maxLine: maxLine, behind: behind, sawObserver: sawObserver,
            ownApp: ownApp, ownOS: ownOS, ownOSText: ownOSText, ownVersion: ownVersion, ownModes: ownModes, ownModel: ownModel, serial: serial, session: session
        )
    }

    /// Restores a pid whose machine was reclaimed: its session ended at `endedLine`; the clock,
    /// its own meta and whether observers were seen carry over, as they do in a machine that
    /// was never reclaimed.
    mutating func restore(_ ended: EndedProcess, exited: LifecycleModel.State) {
        started = true
        state = exited
        endedLine = ended.endedLine
        maxTime = ended.maxTime
        maxLine = ended.maxLine
        behind = ended.behind
        sawObserver = ended.sawObserver
        ownApp = ended.ownApp
        ownOS = ended.ownOS
        ownOSText = ended.ownOSText
        ownVersion = ended.ownVersion
        ownModes = ended.ownModes
        ownModel = ended.ownModel
        serial = ended.serial
        session = ended.session
    }

    /// Forgets the previous session (pid reuse, or a relaunch in the no-pid stream); the clock,
    /// the pid's own meta and whether observers are present carry over.
    mutating func resetSession(state: LifecycleModel.State) {
        self.state = state
        started = false
        midLog = false
        afterGap = false
        ranCode = false
        sceneBased = false
        watchdogOverrun = false
        watchdogCause = nil
        watchdogCauseLine = 0
        tasksUntracked = false
        launchEnd = .running
        launchEndLine = 0
        registrations.removeAll(keepingCapacity: true)
        submittedKinds.removeAll()
        registrationsUntracked = false
        sessionOwners.removeAll()
        scenes.removeAll(keepingCapacity: true)
        tasks.removeAll(keepingCapacity: true)
        spans.removeAll(keepingCapacity: true)
        leaked.removeAll(keepingCapacity: true)
        ended.removeAll(keepingCapacity: true)
        clearTimers()
    }

    /// Stops every clock (suspension, exit).
    mutating func clearTimers() {
        launchPhase = .none
        launch = nil
        resume = nil
        spans.removeAll(keepingCapacity: true)
        allowanceStart = nil
        backgroundWindow = false
        backgroundRun = nil
        nextDue = .max
    }

    /// Recomputes ``nextDue`` after a timer changed.
    ///
    /// Inlined for the usual case, no open task and no open span: then only the launch and
    /// resume clocks can be due (the allowance needs an open task to be overrun).
    ///
    /// - Complexity: O(open tasks + open spans).
    @inline(__always)
    mutating func refreshDue(expiration: Int64, refresh: Int64) {
        guard tasks.isEmpty && spans.isEmpty else {
            refreshDueWithOpenWork(expiration: expiration, refresh: refresh)
            return
        }
        var due = Int64.max
        if let l = launch, !l.reported { due = l.due }
        if let r = resume, !r.reported { due = min(due, r.due) }
        nextDue = due
    }

    /// ``refreshDue(expiration:refresh:)`` with open tasks or spans.
    @inline(never)
    private mutating func refreshDueWithOpenWork(expiration: Int64, refresh: Int64) {
        var due = Int64.max
        if let l = launch, !l.reported { due = min(due, l.due) }
        if let r = resume, !r.reported { due = min(due, r.due) }
        for s in spans where !s.reported { due = min(due, s.beganAt.nanoseconds.addingSaturating(s.limit)) }
        for t in tasks {
            if let e = t.expiredAt, !t.expirationReported { due = min(due, e.nanoseconds.addingSaturating(expiration)) }
            // Past its budget and waiting for the expiration grace, a task is judged at every
            // record of the process (its `end`, a suspension, the grace's end): `due` is past.
            if t.scheduled && t.kind == .refresh && !t.overrunReported {
                due = min(due, t.beganAt.nanoseconds.addingSaturating(refresh))
            }
            if let out = t.outOfAllowance, !t.overrunReported { due = min(due, out.end) }
        }
        if let a = allowanceStart, !exempt {
            // Only tasks open before the allowance ran out can overrun it (a task begun after
            // that, beside an open one, is judged at its begin: SPEC §4).
            let end = a.nanoseconds.addingSaturating(allowance)
            if tasks.contains(where: {
                !$0.scheduled && !$0.overrunReported && $0.outOfAllowance == nil && $0.beganAt.nanoseconds <= end
            }) {
                due = min(due, end)
            }
        }
        nextDue = due
    }

    /// Whether a task is open, and where.
    func taskIndex(_ id: TaskID, symbols: borrowing SymbolTable) -> Int? {
        for i in tasks.indices where Self.same(tasks[i].id, id, symbols: symbols) { return i }
        return nil
    }

    /// Task ids compare by symbol, then by text (in case the ingest did not intern); integer
    /// and string ids never equal each other.
    static func same(_ a: TaskID, _ b: TaskID, symbols: borrowing SymbolTable) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x == y
        case (.name(let x), .name(let y)): return sameSymbol(x, y, symbols: symbols)
        default: return false
        }
    }

    /// Symbols compare by index, then by text.
    static func sameSymbol(_ a: Symbol, _ b: Symbol, symbols: borrowing SymbolTable) -> Bool {
        if a == b { return true }
        guard a.isPresent, b.isPresent else { return false }
        return symbols[a] == symbols[b]
    }

    /// Remembers an id in a small ring (oldest forgotten first).
    static func remember<T>(_ value: T, in list: inout [T]) {
        if list.count == memory { list.removeFirst() }
        list.append(value)
    }
}
