import LCTracePlatform

/// Decides whether output may carry ANSI colour.
public enum Terminal {
    /// Whether `fd` is a terminal that should get colour: `isatty(fd)`, `NO_COLOR` unset
    /// or empty (https://no-color.org), and `TERM` not `dumb`.
    ///
    /// - Parameter fd: The file descriptor the report goes to (1 for standard output).
    public static func supportsColour(fd: Int32) -> Bool {
        supportsColour(isTerminal: isatty(fd) == 1, noColour: environment("NO_COLOR"), term: environment("TERM"))
    }

    /// The decision of ``supportsColour(fd:)`` from its inputs (pure, for tests).
    ///
    /// - Parameters:
    ///   - isTerminal: Whether the output is a terminal.
    ///   - noColour: The value of `NO_COLOR`, `nil` when unset.
    ///   - term: The value of `TERM`, `nil` when unset.
    public static func supportsColour(isTerminal: Bool, noColour: String?, term: String?) -> Bool {
        // no-color.org: only a present, non-empty NO_COLOR turns colour off.
        isTerminal && (noColour ?? "").isEmpty && term != "dumb"
    }

    private static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
