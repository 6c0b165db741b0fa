import LCTraceCore

/// A small set of rules as a bit mask: the faults still to plant in a session.
///
/// A `Set<Rule>` would allocate per session; sessions are planned by the
/// hundred thousand when building benchmark inputs.
struct RuleMask: Equatable {
    private(set) var bits: UInt32 = 0

    /// Bit positions, by rule (the order of `Rule.allCases`).
    private static let positions: [Rule: UInt32] = {
        var out: [Rule: UInt32] = [:]
        for (i, r) in Rule.allCases.enumerated() { out[r] = UInt32(i) }
        return out
    }()

    private static func bit(_ rule: Rule) -> UInt32 { 1 << positions[rule]! }

    var isEmpty: Bool { bits == 0 }

    func contains(_ rule: Rule) -> Bool { bits & Self.bit(rule) != 0 }

    mutating func insert(_ rule: Rule) { bits |= Self.bit(rule) }

    mutating func remove(_ rule: Rule) { bits &= ~Self.bit(rule) }

    /// The rules of `candidates` in this mask, in the order given.
    func members(of candidates: [Rule]) -> [Rule] { candidates.filter(contains) }
}
