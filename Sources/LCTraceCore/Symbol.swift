/// An interned string: an index into a file's ``SymbolTable``.
///
/// Records carry symbols instead of `String`s so the hot path allocates
/// nothing for the scene, task, reason and name values it sees again and again.
public struct Symbol: Hashable, Sendable {
    /// The index in the table, or -1 for ``none``.
    public var rawValue: Int32

    /// Creates a symbol from its table index.
    @inlinable
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// No value: the key was absent. (Computed and inlinable: a stored `static let` would be a
    /// lazily initialised global, checked on every use from another module.)
    @inlinable
    public static var none: Symbol { Symbol(rawValue: -1) }

    /// Whether this symbol names a value.
    @inlinable
    public var isPresent: Bool { rawValue >= 0 }
}
