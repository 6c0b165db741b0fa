import LCTraceCore

/// A reference lifecycle model as data: states, a transition table keyed by event, and
/// what each state means to the engine (SPEC §3).
///
/// The engine never names a UIKit state: it asks the model for the target of an event and
/// for the ``StateTraits`` of a state. A model for another platform is a new table built
/// with ``Builder``, not new engine code.
///
/// Tables are flat arrays indexed by `state * columnCount + column`, so a transition costs
/// one multiplication and one load. The columns are the ``LifecycleEvent`` raw values plus
/// two extra columns, ``backgroundLaunchColumn`` and ``prewarmLaunchColumn``, for
/// `process.launch` with reason `background` or `prewarm` (the only places where a reason
/// changes the move).
public struct LifecycleModel: Sendable {
    /// A state: an index into ``stateNames``.
    public typealias State = UInt8

    /// What a state means to the engine. Internal refinement states share the traits of
    /// the public state they refine.
    public struct StateTraits: OptionSet, Sendable, Hashable {
        /// The bits.
        public let rawValue: UInt16
        /// Creates traits from raw bits.
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        /// Not launched yet: only launch records are legal.
        public static let notRunning = StateTraits(rawValue: 1 << 0)
        /// Between the first launch record and the end of `didFinishLaunching`.
        public static let launching = StateTraits(rawValue: 1 << 1)
        /// On screen (inactive or active).
        public static let foreground = StateTraits(rawValue: 1 << 2)
        /// Active: receiving events.
        public static let active = StateTraits(rawValue: 1 << 3)
        /// Running in background.
        public static let background = StateTraits(rawValue: 1 << 4)
        /// Suspended: no code may run until a resume.
        public static let suspended = StateTraits(rawValue: 1 << 5)
        /// The process is gone (or `willTerminate` completed): app records are LC102.
        public static let ended = StateTraits(rawValue: 1 << 6)
        /// `willTerminate` completed: the session ended normally.
        public static let terminated = StateTraits(rawValue: 1 << 7)
        /// The state of a process that was running when the log began and no event has implied yet.
        public static let unknown = StateTraits(rawValue: 1 << 8)
        /// Launched into the foreground, not activated yet: a `didEnterBackground` here means
        /// the launch was a background launch after all.
        public static let launchedInactive = StateTraits(rawValue: 1 << 9)
        /// In background right after a background launch.
        public static let backgroundLaunch = StateTraits(rawValue: 1 << 10)
        /// A launch sub-state of a background launch.
        public static let launchingInBackground = StateTraits(rawValue: 1 << 11)
        /// `willEnterForeground` was delivered: the next state change must be an activation.
        public static let foregrounding = StateTraits(rawValue: 1 << 12)
        /// A scene not connected to the app.
        public static let unattached = StateTraits(rawValue: 1 << 13)
        /// The `willTerminate` handler is running.
        public static let terminating = StateTraits(rawValue: 1 << 14)
        /// A prewarmed process (iOS 15+): started by the system ahead of use, none of the
        /// app's own launch has begun and no launch clock runs.
        public static let prewarmed = StateTraits(rawValue: 1 << 15)
    }

    /// The value of a table cell that means "not allowed here".
    public static let illegal: State = .max

    /// The number of table columns: one per event, plus ``backgroundLaunchColumn`` and
    /// ``prewarmLaunchColumn``.
    public static let columnCount = LifecycleEvent.allCases.count + 2

    /// The column of `process.launch` with reason `background`.
    public static let backgroundLaunchColumn = LifecycleEvent.allCases.count

    /// The column of `process.launch` with reason `prewarm`.
    public static let prewarmLaunchColumn = LifecycleEvent.allCases.count + 1

    /// The model's name, as `meta.model` and `--model` spell it (`uikit-app`).
    public let name: String
    /// Internal state names (refinements included), indexed by state.
    public let stateNames: [String]
    /// The public name findings report for each state (`inactive` for `foregrounding`).
    public let publicStateNames: [String]
    /// Traits per state.
    public let traits: [StateTraits]
    /// The state of a machine created by a launch.
    public let initialState: State
    /// The state of a machine that was already running when the log began.
    public let unknownState: State
    /// The state an event of the `resumes` set moves a suspended machine to before it is
    /// applied (the silent resume after LC101).
    public let resumedState: State
    /// Targets, `state * columnCount + column`; ``illegal`` where the event is not allowed.
    public let transitions: [State]
    /// Targets of a span's `end` record (or the completion of an instant), same layout;
    /// ``illegal`` where the end changes nothing.
    public let completions: [State]
    /// Per column: the state an event implies (where to go after an illegal event, and what a
    /// first event of a process of unknown state means); ``illegal`` when it implies nothing.
    public let implied: [State]
    /// Per column: whether an event that is illegal while suspended is "ran while suspended"
    /// (LC101) rather than an illegal transition (LC100).
    public let runsCode: [Bool]
    /// Per column: whether the event is left out of LC100's list of expected events
    /// (events legal everywhere, such as a kill, would only add noise).
    public let unlisted: [Bool]
    /// ``columnCount``, held by the model: a static constant computed from
    /// `LifecycleEvent.allCases` is a lazily initialised global, checked (`swift_once`) at
    /// every transition lookup.
    let columns = LifecycleModel.columnCount

    /// The column of an event.
    @inline(__always)
    public static func column(_ event: LifecycleEvent) -> Int { Int(event.rawValue) }

    /// The target of an event in a state, or ``illegal``.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    public func target(from state: State, column: Int) -> State {
        transitions[Int(state) &* columns &+ column]
    }

    /// The state a span end (or an instant's completion) moves to, or ``illegal`` for no change.
    @inline(__always)
    public func completion(from state: State, column: Int) -> State {
        completions[Int(state) &* columns &+ column]
    }

    /// The traits of a state.
    @inline(__always)
    public func traits(of state: State) -> StateTraits { traits[Int(state)] }

    /// The public name of a state (`background`, `unknown`, …).
    public func publicName(of state: State) -> String { publicStateNames[Int(state)] }

    /// The first state with all the given traits, if any.
    public func state(with wanted: StateTraits) -> State? {
        traits.firstIndex(where: { $0.isSuperset(of: wanted) }).map { State($0) }
    }

    /// The events legal in a state, in table order (the background-launch column is
    /// reported as `process.launch`, once).
    ///
    /// - Returns: the events with their targets; targets equal to `state` mean "legal, no change".
    public func legalEvents(from state: State) -> [(event: LifecycleEvent, target: State)] {
        var out: [(LifecycleEvent, State)] = []
        for event in LifecycleEvent.allCases {
            let t = target(from: state, column: Self.column(event))
            if t != Self.illegal { out.append((event, t)) }
        }
        if target(from: state, column: Self.column(.processLaunch)) == Self.illegal {
            for column in [Self.backgroundLaunchColumn, Self.prewarmLaunchColumn] {
                let t = target(from: state, column: column)
                if t != Self.illegal {
                    out.append((.processLaunch, t))
                    break
                }
            }
        }
        return out
    }

    /// The events LC100 names as expected when `event` arrives in `state`: the legal
    /// events after which `event` would have been legal; else every legal event that changes
    /// the state; events marked ``unlisted`` are left out.
    public func expectedEvents(in state: State, before event: LifecycleEvent) -> [LifecycleEvent] {
        let legal = legalEvents(from: state).filter { !unlisted[Self.column($0.event)] }
        let column = Self.column(event)
        let leading = legal.filter { $0.target != state && target(from: $0.target, column: column) != Self.illegal }
        if !leading.isEmpty { return leading.map(\.event) }
        let changing = legal.filter { $0.target != state }
        if !changing.isEmpty { return changing.map(\.event) }
        return legal.map(\.event)
    }

    /// The LC100 message: `'EVENT' in 'STATE': expected 'A'` or `expected one of 'A', 'B'`.
    public func illegalTransitionMessage(event: LifecycleEvent, in state: State) -> String {
        let expected = expectedEvents(in: state, before: event)
        let head = "'\(event.canonicalName)' in '\(publicName(of: state))'"
        switch expected.count {
        case 0: return head + ": expected no further events"
        case 1: return head + ": expected '\(expected[0].canonicalName)'"
        default: return head + ": expected one of " + expected.map { "'\($0.canonicalName)'" }.joined(separator: ", ")
        }
    }
}
