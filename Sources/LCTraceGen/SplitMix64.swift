/// A small, fast, seedable pseudo-random generator (SplitMix64, Steele, Lea and Flood, 2014).
///
/// The generator uses its own arithmetic for every draw instead of
/// `SystemRandomNumberGenerator` or the standard library's `random(in:using:)`,
/// whose algorithm is not promised to stay the same between Swift releases:
/// the same seed must give the same log bytes everywhere, forever.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    /// The internal state; advancing it by the golden-ratio increment gives the next output.
    public private(set) var state: UInt64

    /// Creates a generator; every seed (including 0) is fine.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `lower...upper` (inclusive). The modulo bias is below 2⁻⁴⁰ for
    /// the small ranges the generator draws from, which is irrelevant for test data.
    @inline(__always)
    mutating func int(_ lower: Int64, _ upper: Int64) -> Int64 {
        precondition(upper >= lower)
        return lower &+ Int64(bitPattern: next() % UInt64(upper &- lower &+ 1))
    }

    /// A value in `0..<count`.
    @inline(__always)
    mutating func below(_ count: Int) -> Int {
        precondition(count > 0)
        return Int(next() % UInt64(count))
    }

    /// `true` with probability `p` (clamped to 0...1).
    @inline(__always)
    mutating func chance(_ p: Double) -> Bool {
        if p <= 0 { return false }
        if p >= 1 { return true }
        return Double(next() >> 11) * 0x1p-53 < p
    }
}
