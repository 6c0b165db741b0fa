/// SKELETON: the generator work replaces this file.
public struct GeneratorOptions: Sendable {
    /// The seed; the same options always give the same bytes.
    public var seed: UInt64
    /// Creates options.
    public init(seed: UInt64 = 1) { self.seed = seed }
}
