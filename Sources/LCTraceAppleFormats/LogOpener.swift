import LCTraceCore
import LCTraceIngest

/// The one opener of an input, for every command, the audit and the pipeline: it sniffs the
/// format (``ReadOptions/inputFormat``: a native log, a unified-log export, a system-log
/// transcript, or `auto` by content), opens it once, and hands back a ``LogReader`` that reads
/// it as native records. A transcript is read and translated whole here
/// (LogOpener+Transcript.swift); an export is translated line for line by the reader's one
/// plug-in point, a ``UnifiedLogTranslator``; a native log is read as such, with nothing in
/// between. What an Apple format says beside its records (UIKit's verdicts, a filter that
/// matched nothing) travels with the reader (``FormatEvidence``, `LogReader+SystemEvidence.swift`).
public enum LogOpener {
    /// Opens a path (`-` is standard input).
    ///
    /// - Parameters:
    ///   - path: A file path, or `-` for standard input.
    ///   - options: The format, the unified-log filter, the limits and the threads.
    /// - Throws: ``IngestError`` when the input cannot be read at all: missing, a directory, not
    ///   permitted, neither zstd nor text, or a transcript that cannot be followed (a bad
    ///   `--date`, several apps and no `--app`).
    public static func open(_ path: String, options: ReadOptions = ReadOptions()) throws(IngestError) -> LogReader {
        let displayName = path == "-" ? "<stdin>" : path
        var sniffed = Sniffed.reopen
        if mayBeSystemLog(path: path, inputFormat: options.inputFormat) {
            sniffed = try sniffSystemLog(
                source: .file(try FileSource(path: path)), displayName: displayName, inputFormat: options.inputFormat,
                options: options.filter.syslog, limits: options.limits)
        }
        var system: SystemLog?
        let stream = try open(
            sniffed, system: &system,
            transcript: { (translated: SystemLog) throws(IngestError) -> StreamDecoder in
                try openStream(path: path, displayName: displayName, system: translated, limits: options.limits)
            },
            reopen: { () throws(IngestError) -> StreamDecoder in
                // Errors name the input as findings do: `<stdin>` rather than `-`.
                try openStream(path: path, displayName: displayName, system: nil, limits: options.limits)
            })
        return LogReader(
            displayName: displayName, stream: stream, translator: translator(system: system, options: options),
            evidence: evidence(system), concurrentDecompression: options.concurrentDecompression,
            scanThread: system == nil, path: path == "-" ? nil : path, limits: options.limits)
    }

    /// Reads from an in-memory byte array, delivered in chunks of `chunkSize` bytes (tests use
    /// this to straddle every buffer boundary); ``ReadOptions/concurrentDecompression`` is not
    /// used: memory is read on the caller's thread.
    ///
    /// - Parameters:
    ///   - bytes: The whole input, zstd or text.
    ///   - name: The display name.
    ///   - chunkSize: The most bytes handed on at a time, at every stage that reads input.
    ///   - options: The format, the unified-log filter and the limits.
    /// - Throws: ``IngestError`` (`.notLogData`) when the bytes are neither zstd nor text.
    public static func open(
        bytes: [UInt8], name: String, chunkSize: Int = 256 * 1024, options: ReadOptions = ReadOptions()
    ) throws(IngestError) -> LogReader {
        try open(bytes: bytes, name: name, chunkSize: chunkSize, readAheadSlot: nil, options: options)
    }

    /// Reads from memory; with `readAheadSlot`, decodes on a second thread into ring slots
    /// of that size; with `scanBatch`, frames and scans a native log on a scan thread into
    /// batches of that many steps (tests).
    package static func open(
        bytes: [UInt8], name: String, chunkSize: Int, readAheadSlot: Int?, scanBatch: Int? = nil, options: ReadOptions
    ) throws(IngestError) -> LogReader {
        var sniffed = Sniffed.reopen
        if options.inputFormat == .syslog || options.inputFormat == .auto {
            sniffed = try sniffSystemLog(
                source: .memory(MemorySource(bytes: bytes, chunkSize: chunkSize)), displayName: name,
                inputFormat: options.inputFormat, options: options.filter.syslog, limits: options.limits)
        }
        var system: SystemLog?
        let stream = try open(
            sniffed, system: &system,
            transcript: { (translated: SystemLog) throws(IngestError) -> StreamDecoder in
                try StreamDecoder(
                    source: .memory(MemorySource(bytes: translated.native, chunkSize: chunkSize)), path: name,
                    limits: options.limits)
            },
            reopen: { () throws(IngestError) -> StreamDecoder in
                try StreamDecoder(
                    source: .memory(MemorySource(bytes: bytes, chunkSize: chunkSize)), path: name, limits: options.limits)
            })
        return LogReader(
            displayName: name, stream: stream, translator: translator(system: system, options: options),
            evidence: evidence(system), threaded: readAheadSlot != nil,
            slotCapacity: readAheadSlot ?? ReadAheadDecoder.defaultSlotCapacity,
            pipelineBatch: system == nil ? scanBatch : nil)
    }

    /// The plug-in stage of an input: none for native text (asked for, or a translated
    /// transcript), else a unified-log translator (an export, or `auto` until it has decided).
    private static func translator(system: SystemLog?, options: ReadOptions) -> (any LineTranslator)? {
        guard system == nil, options.inputFormat != .native else { return nil }
        return UnifiedLogTranslator(
            format: options.inputFormat, filter: options.filter, limit: LogReader.maximumLineLength)
    }

    /// A transcript's verdicts and cut, as the reader's evidence.
    private static func evidence(_ system: SystemLog?) -> (any Sendable)? {
        system.map {
            FormatEvidence(
                isTranscript: true, isExport: false, filterMatchedNothing: false, verdicts: $0.verdicts, isSystemOnly: true,
                hasEntries: $0.hasEntries)
        }
    }
}
