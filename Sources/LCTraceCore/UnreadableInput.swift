/// An input that could not be read at all (exit status 2).
public struct UnreadableInput: Error, Sendable, Equatable {
    /// The path as given.
    public var path: String
    /// Why, e.g. `no such file or directory`.
    public var reason: String

    /// Creates the value.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `Unable to read 'PATH': REASON.`
    public var message: String { "Unable to read \(PrintableText.quoted(path)): \(PrintableText.printable(reason))." }
}
