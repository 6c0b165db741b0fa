import LCTraceCore

// SKELETON — the replay work replaces this file's bodies; the public API stays.

/// Replays the records of one file against the reference models (SPEC §3–§5).
public struct Replayer {
    /// The file name used in findings.
    public let path: String
    /// The options.
    public let configuration: ReplayConfiguration

    /// Creates a replayer for one file.
    public init(path: String, configuration: ReplayConfiguration) {
        self.path = path
        self.configuration = configuration
    }

    /// Replays one record. The hot path: allocates nothing unless it finds something.
    public mutating func process(_ record: Record, symbols: borrowing SymbolTable) {
        fatalError("not implemented")
    }

    /// Reports a malformed line (LC401).
    public mutating func malformed(line: Int, message: String) {
        fatalError("not implemented")
    }

    /// Reports a cut or corrupt input (LC403).
    public mutating func truncated(line: Int, message: String) {
        fatalError("not implemented")
    }

    /// Ends the log: judges pending deadlines, open tasks (LC304), open sessions.
    public mutating func finish(symbols: borrowing SymbolTable) -> FileResult {
        fatalError("not implemented")
    }
}
