import LCTraceCore

/// Streams the records of one lifecycle log (zstd or plain NDJSON, detected by content).
///
/// Memory is bounded by fixed buffers and the maximum line length, never by the file size.
///
/// The pipeline: a byte source (file descriptor, standard input or memory) →
/// ``StreamDecoder`` (format sniffing, streaming zstd) → ``LineFramer`` (lines
/// in place, a carry buffer only for lines that straddle chunks) →
/// ``RecordScanner`` (strict JSON, known keys, interning).
///
/// Decisions the format leaves open:
/// - A UTF-8 byte order mark at the very start of the (decompressed) stream is
///   skipped; columns on line 1 are counted after it.
/// - An empty input is an empty text log: no items.
/// - A last line without `\n` that scans is a normal record; one that does not
///   is reported as `.truncated` (the writer was cut off), not `.malformed`.
/// - After a cut or corrupt zstd stream, the partial line the cut falls in is
///   dropped. Corrupt data in the middle resumes at the next frame: the lost region
///   counts as one line (the one the `.truncated` item names), so the next frame's
///   first line is numbered one past it.
public struct LogReader: ~Copyable {
    /// The longest line accepted, in bytes (without the line end). Longer lines are LC401
    /// and are skipped without being held in memory.
    public static let maximumLineLength = 1 << 20

    /// The name findings use: the path as given, or `<stdin>` for `-`.
    public let displayName: String

    /// The strings behind the symbols of the records handed out so far.
    public var symbols: SymbolTable { scanner.symbols }

    private var decoder: StreamDecoder
    private var framer: LineFramer
    private var scanner = RecordScanner()
    /// The current decoded chunk and how far the framer has got in it.
    private var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    private var chunkPosition = 0
    private var finished = false

    /// Opens a path (`-` is standard input) and sniffs its format from the first bytes.
    ///
    /// - Parameters:
    ///   - path: A file path, or `-` for standard input.
    ///   - limits: The decompressed-size limit (``IngestLimits``).
    /// - Throws: ``IngestError`` when the input cannot be read at all: missing,
    ///   a directory, not permitted, or neither zstd nor text.
    public init(path: String, limits: IngestLimits = .default) throws(IngestError) {
        displayName = path == "-" ? "<stdin>" : path
        let file = try FileSource(path: path)
        // Errors name the input as findings do: `<stdin>` rather than `-`.
        decoder = try StreamDecoder(source: .file(file), path: displayName, limits: limits)
        framer = LineFramer(limit: Self.maximumLineLength)
    }

    /// Reads from an in-memory byte array, delivered in chunks of `chunkSize`
    /// bytes (tests use this to straddle every buffer boundary).
    ///
    /// - Parameters:
    ///   - bytes: The whole input, zstd or text.
    ///   - name: The display name.
    ///   - chunkSize: The most bytes handed on at a time, at every stage that reads input.
    ///   - limits: The decompressed-size limit (``IngestLimits``).
    /// - Throws: ``IngestError`` (`.notLogData`) when the bytes are neither zstd nor text.
    public init(bytes: [UInt8], name: String, chunkSize: Int = 256 * 1024, limits: IngestLimits = .default) throws(IngestError) {
        displayName = name
        decoder = try StreamDecoder(
            source: .memory(MemorySource(bytes: bytes, chunkSize: chunkSize)), path: name, limits: limits)
        framer = LineFramer(limit: Self.maximumLineLength)
    }

    /// Whether the input is zstd-compressed (else plain text).
    public var isCompressed: Bool { decoder.format == .zstd }

    /// Bytes read from the input so far (compressed bytes for zstd).
    public var bytesRead: Int64 { decoder.bytesRead }

    /// Decompressed bytes produced so far (equal to the bytes read for text).
    public var decompressedBytes: Int64 { decoder.decodedBytes }

    /// Lines seen so far, blank, malformed and overlong ones included.
    public var linesRead: Int { framer.lineNumber }

    /// The carry buffer's allocation in bytes; bounded by the maximum line length.
    var carryCapacity: Int { framer.carryCapacity }

    /// The next item, or `nil` at the end of the input.
    ///
    /// - Returns: A record, a malformed line (LC401), or a cut or lost region (LC403).
    /// - Complexity: Amortised O(line length); no allocation for records whose
    ///   strings were seen before.
    public mutating func next() -> LogItem? {
        while true {
            if chunkPosition < chunk.count, let framed = framer.next(in: chunk, at: &chunkPosition) {
                switch framed {
                case .overlong(let number):
                    return .malformed(line: number, message: "line longer than \(Self.maximumLineLength) bytes")
                case .line(let bytes, let number):
                    if Self.isBlank(bytes) { continue }
                    return scanner.scanItem(bytes, lineNumber: number)
                }
            }
            if finished { return nil }
            switch decoder.next() {
            case .data(let data):
                chunk = data
                chunkPosition = 0
            case .end:
                finished = true
                chunk = UnsafeRawBufferPointer(start: nil, count: 0)
                chunkPosition = 0
                decoder.close()
                switch framer.finish() {
                case nil:
                    return nil
                case .overlong(let number):
                    return .malformed(line: number, message: "line longer than \(Self.maximumLineLength) bytes")
                case .line(let bytes, let number):
                    if Self.isBlank(bytes) { return nil }
                    switch scanner.scan(bytes, lineNumber: number) {
                    case .record(let record):
                        return .record(record)
                    case .malformed(let message):
                        return .truncated(line: number, byteOffset: nil, message: "last line is cut short: " + message)
                    }
                }
            case .failed(let message, let byteOffset, let resumes):
                chunk = UnsafeRawBufferPointer(start: nil, count: 0)
                chunkPosition = 0
                framer.discardPartialLine()
                let line = framer.lineNumber + 1
                if resumes { framer.countLostRegion() }
                return .truncated(line: line, byteOffset: byteOffset, message: message)
            }
        }
    }

    /// Whether a line holds only spaces, tabs and CRs (or nothing).
    @inline(__always)
    private static func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
        for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
        return true
    }
}
