/// A deterministic xorshift64 generator: the mutation tests of every reader draw from it, so a
/// failure repeats from its seed.
public struct XorShift {
    /// The generator's state (never 0).
    public var state: UInt64

    /// A generator seeded with `state`.
    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    /// A number in `0..<n`.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
