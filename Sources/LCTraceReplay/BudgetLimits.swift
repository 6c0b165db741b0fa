import LCTraceCore

/// ``Budgets`` converted once to integer nanoseconds, so budget checks on the hot path are
/// integer comparisons with no dictionary lookups.
struct BudgetLimits {
    /// Nanoseconds per ``BudgetName``; `bgtask` holds the override or 0.
    private var nanos: [Int64]
    /// Whether `--budget bgtask=` overrides the OS-dependent allowance.
    private var bgtaskOverride: Int64?
    /// The seconds per budget, for messages.
    let budgets: Budgets

    init(_ budgets: Budgets) {
        self.budgets = budgets
        nanos = BudgetName.allCases.map { name in
            name == .bgtask ? 0 : Self.nanoseconds(budgets[name.name])
        }
        bgtaskOverride = budgets.seconds["bgtask"].map(Self.nanoseconds)
    }

    /// Seconds to nanoseconds, rounded.
    /// A budget longer than `Int64` nanoseconds (about 292 years) is as good as none.
    static func nanoseconds(_ seconds: Double) -> Int64 {
        let nanos = (seconds * 1e9).rounded()
        return nanos >= 9.2e18 ? .max : Int64(nanos)
    }

    @inline(__always)
    subscript(name: BudgetName) -> Int64 { nanos[name.rawValue] }

    /// The background-task allowance for an OS major version (the override, else the OS default:
    /// no lookup in the budgets' dictionary, which cost about 740 instructions per new process).
    func bgtaskAllowance(osMajor: Int?) -> Int64 {
        if let bgtaskOverride { return bgtaskOverride }
        return Self.nanoseconds(Budgets.defaultBgtaskAllowance(osMajor: osMajor))
    }
}
