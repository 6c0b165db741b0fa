import LCTraceCore

/// Why a configuration file (SPEC §9) cannot be used: a usage error (exit 2) that names the
/// file, the line and the key. A file with any such error is not applied at all.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The configuration file as it was found or named.
    public var path: String
    /// The 1-based line of the offending key or value; `nil` when the file as a whole is at
    /// fault (unreadable, too large).
    public var line: Int?
    /// The key at fault (`disabled_rules`, `severity.LC3OO`); `nil` when none applies.
    public var key: String?
    /// What is wrong and what was expected, naming the key, with a suggestion for a near
    /// miss.
    public var message: String

    /// Creates an error.
    public init(path: String, line: Int?, key: String?, message: String) {
        self.path = path
        self.line = line
        self.key = key
        self.message = message
    }

    /// `.lctrace.yml:3: error: unknown key 'disabled_rule'; did you mean 'disabled_rules'?`
    public var description: String {
        var text = PrintableText.printable(path)
        if let line { text += ":\(line)" }
        return text + ": error: " + message
    }
}
