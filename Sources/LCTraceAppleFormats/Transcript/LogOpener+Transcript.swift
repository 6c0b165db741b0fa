import LCTraceCore
import LCTraceIngest
import LCTracePlatform

/// The system-log transcripts' side of ``LogOpener`` (docs/SYSTEM-LOGS.md): a transcript of
/// what iOS logged is read whole, translated to native lines by ``SyslogTranslator``, and
/// replayed from memory; UIKit's own verdicts travel with the reader as its evidence
/// (``FormatEvidence``) for the pipeline.
extension LogOpener {
    /// The most transcript text read into memory; the rest is reported cut (LC403).
    static let maximumSyslogBytes = 256 << 20

    /// A transcript translated, ready to be replayed.
    struct SystemLog {
        /// The native text.
        var native: [UInt8]
        /// UIKit's verdicts and a cut, as findings with source `system`.
        var verdicts: [SystemVerdict]
        /// The text has lines in a system-log layout (else it is empty).
        var hasEntries: Bool
    }

    /// The decoder of an input: the translated transcript in memory, else the file.
    static func openStream(path: String, displayName: String, system: SystemLog?, limits: IngestLimits) throws(IngestError)
        -> StreamDecoder
    {
        if let system {
            return try StreamDecoder(source: .memory(MemorySource(bytes: system.native, chunkSize: 256 * 1024)), path: displayName)
        }
        return try StreamDecoder(source: .file(try FileSource(path: path)), path: displayName, limits: limits)
    }

    /// Whether the start of a plain-text file looks like a system-log transcript (Xcode
    /// console, Console.app, idevicesyslog; docs/SYSTEM-LOGS.md). Batch discovery uses it so
    /// that a transcript found in a directory walk is replayed, never skipped as "not a log".
    public static func looksLikeSystemLog(_ head: ArraySlice<UInt8>) -> Bool {
        SyslogTranslator.looksLikeSyslog(bytes: head)
    }

    /// Whether an input is read as a transcript if its content says so: always with
    /// `syslog`; with `auto`, only a regular file (standard input, a FIFO or a device
    /// cannot be read twice, and detection reads the start first).
    static func mayBeSystemLog(path: String, inputFormat: LogInputFormat) -> Bool {
        if inputFormat == .syslog { return true }
        guard inputFormat == .auto, path != "-" else { return false }
        var info = stat()
        return FilePathText.withCString(path, { stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// What reading the start of an input found (``sniffSystemLog(source:displayName:inputFormat:options:limits:maximumBytes:)``).
    enum Sniffed: ~Copyable {
        /// A transcript, translated.
        case system(SystemLog)
        /// Not a transcript, decided on its first 64 KiB: the open stream, with what was read
        /// of it given back (``StreamDecoder/unread(_:)``), so the input is not opened and
        /// decoded a second time.
        case native(StreamDecoder)
        /// Not a transcript, decided at its end or at a failure: to be opened again.
        case reopen
    }

    /// The stream to read once the start of an input was sniffed: the open stream the sniff
    /// handed back, the translated transcript's text (`system` is then set), or the input
    /// opened again.
    static func open(
        _ sniffed: consuming Sniffed, system: inout SystemLog?,
        transcript: (SystemLog) throws(IngestError) -> StreamDecoder, reopen: () throws(IngestError) -> StreamDecoder
    ) throws(IngestError) -> StreamDecoder {
        switch consume sniffed {
        case .native(let opened):
            // Read once: the start that decided the format is handed out again.
            return opened
        case .system(let translated):
            system = translated
            return try transcript(translated)
        case .reopen:
            return try reopen()
        }
    }

    /// Reads and translates an input when it is a system-log transcript: always with `syslog`,
    /// by content with `auto`; `nil` otherwise.
    ///
    /// - Throws: ``IngestError`` when the input cannot be opened, or when the transcript
    ///   cannot be followed (a bad `--date`, several apps and no `--app`).
    static func systemLog(
        source: consuming ByteSource, displayName: String, inputFormat: LogInputFormat, options: SyslogOptions,
        limits: IngestLimits, maximumBytes: Int = maximumSyslogBytes
    ) throws(IngestError) -> SystemLog? {
        let sniffed = try sniffSystemLog(
            source: source, displayName: displayName, inputFormat: inputFormat, options: options, limits: limits,
            maximumBytes: maximumBytes)
        switch consume sniffed {
        case .system(let system): return system
        case .native(let stream): stream.close()
        case .reopen: break
        }
        return nil
    }

    /// Reads the start of an input and translates it when it is a system-log transcript
    /// (always with `syslog`, by content with `auto`); otherwise hands back the open stream
    /// when it can.
    static func sniffSystemLog(
        source: consuming ByteSource, displayName: String, inputFormat: LogInputFormat, options: SyslogOptions,
        limits: IngestLimits, maximumBytes: Int = maximumSyslogBytes
    ) throws(IngestError) -> Sniffed {
        var stream = try StreamDecoder(source: source, path: displayName, limits: limits)
        var text: [UInt8] = []
        var cut: (message: String, byteOffset: Int64)?
        var decided = inputFormat == .syslog
        reading: while true {
            switch stream.next() {
            case .data(var bytes):
                if !decided {
                    // Decide on the first block alone: a log that is not a transcript (nearly
                    // every input) is neither held nor decoded further here.
                    let head = min(bytes.count, InputFormat.sniffLength - text.count)
                    text.append(contentsOf: bytes.prefix(head))
                    bytes = UnsafeRawBufferPointer(rebasing: bytes[head...])
                    if text.count < InputFormat.sniffLength { continue }
                    guard SyslogTranslator.looksLikeSyslog(bytes: text[...]) else {
                        text.append(contentsOf: bytes)
                        stream.unread(text)
                        return .native(stream)
                    }
                    decided = true
                }
                let room = max(0, maximumBytes - text.count)
                text.append(contentsOf: bytes.prefix(room))
                if bytes.count > room || text.count > maximumBytes {
                    if text.count > maximumBytes { text.removeSubrange(maximumBytes...) }
                    cut = ("transcript longer than \(maximumBytes) bytes: the rest is not read", stream.bytesRead)
                    break reading
                }
            case .end:
                break reading
            case .failed(let message, let byteOffset, _):
                cut = (message, byteOffset)
                break reading
            }
        }
        stream.close()
        if !decided {
            guard SyslogTranslator.looksLikeSyslog(bytes: text[...]) else { return .reopen }
        }
        if cut != nil {
            // The line the cut falls in is dropped, as in native logs: a message cut short
            // could name the wrong task.
            text.removeSubrange((text.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)...)
        }
        let translator = SyslogTranslator(options: options, file: displayName)
        var output: SyslogTranslator.Output
        do throws(SyslogTranslator.Failure) {
            output = try translator.translate(String(decoding: text, as: UTF8.self))
        } catch {
            throw IngestError(code: .notLogData, path: displayName, reason: error.reason)
        }
        if let cut {
            let lines = text.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }  // complete lines
            output.verdicts.append(
                SystemVerdict(Finding(rule: .truncatedLog, file: displayName, line: lines + 1, message: cut.message, source: .system)))
        }
        return .system(SystemLog(native: output.native, verdicts: output.verdicts, hasEntries: output.layoutLines > 0))
    }
}
