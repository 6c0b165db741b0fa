import LCTraceIngest

/// How an input is read: the one value every command, the audit and the pipeline pass to
/// ``LogOpener`` (never a loose format, filter and limits).
public struct ReadOptions: Sendable, Equatable {
    /// native, a unified-log export (`oslog`), a system-log transcript (`syslog`), or `auto`
    /// (by content).
    public var inputFormat: LogInputFormat
    /// Which records of a unified-log export are read, and a transcript's `--date` and `--app`.
    public var filter: UnifiedLogFilter
    /// The decompressed-size limit.
    public var limits: IngestLimits
    /// Whether reading uses threads of its own (``LogReader/init(path:limits:concurrentDecompression:)``).
    public var concurrentDecompression: Bool

    /// Options for one run; every argument defaults to what a command uses without flags.
    public init(
        inputFormat: LogInputFormat = .auto, filter: UnifiedLogFilter = UnifiedLogFilter(), limits: IngestLimits = .default,
        concurrentDecompression: Bool = LogReader.hasSpareProcessor
    ) {
        self.inputFormat = inputFormat
        self.filter = filter
        self.limits = limits
        self.concurrentDecompression = concurrentDecompression
    }
}
