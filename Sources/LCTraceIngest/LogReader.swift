import LCTraceCore

// SKELETON — the ingest work replaces this file's bodies; the public API stays.

/// Streams the records of one lifecycle log (zstd or plain NDJSON, detected by content).
///
/// Memory is bounded by fixed buffers and the maximum line length, never by the file size.
public struct LogReader: ~Copyable {
    /// The longest line accepted, in bytes (without the line end). Longer lines are LC401
    /// and are skipped without being held in memory.
    public static let maximumLineLength = 1 << 20

    /// The name findings use: the path as given, or `<stdin>` for `-`.
    public let displayName: String

    /// The strings behind the symbols of the records handed out so far.
    public private(set) var symbols = SymbolTable()

    /// Opens a path (`-` is standard input) and sniffs its format from the first bytes.
    ///
    /// - Throws: ``IngestError`` when the input cannot be read at all.
    public init(path: String) throws(IngestError) {
        displayName = path == "-" ? "<stdin>" : path
        fatalError("LogReader(path:) not implemented")
    }

    /// Reads from an in-memory byte array, delivered in chunks of `chunkSize`
    /// bytes (tests use this to straddle every buffer boundary).
    public init(bytes: [UInt8], name: String, chunkSize: Int = 256 * 1024) throws(IngestError) {
        displayName = name
        fatalError("LogReader(bytes:) not implemented")
    }

    /// The next item, or `nil` at the end of the input.
    public mutating func next() -> LogItem? {
        fatalError("LogReader.next() not implemented")
    }
}
