import LCTraceCore

extension LifecycleModel {
    /// Writes a model's tables one rule at a time; built-in models use it in their `static let`.
    public struct Builder {
        /// One state's definition.
        public struct StateSpec: Sendable {
            /// Internal name (`foregrounding`).
            public var name: String
            /// Public name findings report (`inactive`).
            public var publicName: String
            /// What the state means to the engine.
            public var traits: StateTraits

            /// Creates a state definition.
            public init(_ name: String, public publicName: String? = nil, _ traits: StateTraits) {
                self.name = name
                self.publicName = publicName ?? name
                self.traits = traits
            }
        }

        private let name: String
        private let states: [StateSpec]
        private var transitions: [State]
        private var completions: [State]
        private var implied: [State]
        private var runsCode: [Bool]
        private var unlisted: [Bool]

        /// Starts a model with no legal transitions.
        public init(name: String, states: [StateSpec]) {
            precondition(states.count < Int(LifecycleModel.illegal))
            self.name = name
            self.states = states
            let cells = states.count * LifecycleModel.columnCount
            transitions = Array(repeating: LifecycleModel.illegal, count: cells)
            completions = Array(repeating: LifecycleModel.illegal, count: cells)
            implied = Array(repeating: LifecycleModel.illegal, count: LifecycleModel.columnCount)
            runsCode = Array(repeating: false, count: LifecycleModel.columnCount)
            unlisted = Array(repeating: false, count: LifecycleModel.columnCount)
        }

        /// Allows `columns` in each of `from`, moving to `to` (`nil`: stay in the same state).
        public mutating func allow(_ from: [State], _ columns: [Int], to: State? = nil) {
            for s in from {
                for c in columns { transitions[Int(s) * LifecycleModel.columnCount + c] = to ?? s }
            }
        }

        /// Allows `events` in each of `from`, moving to `to` (`nil`: stay).
        public mutating func allow(_ from: [State], _ events: [LifecycleEvent], to: State? = nil) {
            allow(from, events.map(LifecycleModel.column), to: to)
        }

        /// A span end of `event` (or an instant's completion) in `from` moves to `to`.
        public mutating func complete(_ from: [State], _ event: LifecycleEvent, to: State) {
            for s in from { completions[Int(s) * LifecycleModel.columnCount + LifecycleModel.column(event)] = to }
        }

        /// The state `event` implies.
        public mutating func imply(_ event: LifecycleEvent, _ state: State) {
            imply(column: LifecycleModel.column(event), state)
        }

        /// The state the event of a column implies.
        public mutating func imply(column: Int, _ state: State) {
            implied[column] = state
        }

        /// Marks events that run app code (LC101 while suspended rather than LC100).
        public mutating func runCode(_ events: [LifecycleEvent]) {
            for e in events { runsCode[LifecycleModel.column(e)] = true }
        }

        /// Leaves events out of LC100's expected lists.
        public mutating func unlist(_ events: [LifecycleEvent]) {
            for e in events { unlisted[LifecycleModel.column(e)] = true }
        }

        /// The index of a state by internal name.
        public func state(_ name: String) -> State {
            guard let i = states.firstIndex(where: { $0.name == name }) else {
                preconditionFailure("no state '\(name)' in model '\(self.name)'")
            }
            return State(i)
        }

        /// The finished model.
        public func build(initial: String, unknown: String, resumed: String) -> LifecycleModel {
            LifecycleModel(
                name: name, stateNames: states.map(\.name), publicStateNames: states.map(\.publicName),
                traits: states.map(\.traits), initialState: state(initial), unknownState: state(unknown),
                resumedState: state(resumed), transitions: transitions, completions: completions,
                implied: implied, runsCode: runsCode, unlisted: unlisted)
        }
    }
}
