/// A `BGTaskScheduler` identifier as a registration (or a permitted identifier) writes it:
/// a concrete identifier, or a wildcard ending in `.*` (BGContinuedProcessingTask's, iOS 26),
/// which covers every identifier that begins with the part before `*`, so a prefix ends at a
/// dot: `com.x.export.*` covers `com.x.export.8F2A`, not `com.x.exporter` (SPEC §5).
public struct TaskIdentifierPattern: Sendable, Equatable {
    /// The identifier as written.
    public var text: String
    /// For a wildcard, the part before `*` (ending in `.`); `nil` for a concrete identifier.
    public var prefix: String?

    /// Reads an identifier as a pattern.
    ///
    /// - Parameter text: the identifier, e.g. `com.example.refresh` or `com.example.export.*`.
    public init(_ text: String) {
        self.text = text
        prefix = text.hasSuffix(".*") ? String(text.dropLast()) : nil
    }

    /// Whether the pattern is a wildcard.
    public var isWildcard: Bool { prefix != nil }

    /// Whether the pattern covers an identifier: the same text, or, for a wildcard, an
    /// identifier that begins with the part before `*`.
    ///
    /// - Parameter identifier: a concrete identifier (of a `bgsched.submit` or `bgsched.start`).
    /// - Returns: whether a handler registered under this pattern runs it.
    public func covers(_ identifier: String) -> Bool {
        if identifier == text { return true }
        guard let prefix else { return false }
        return identifier.hasPrefix(prefix)
    }
}
