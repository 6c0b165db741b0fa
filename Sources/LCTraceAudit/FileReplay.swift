import LCTraceCore
import LCTraceIngest
import LCTraceReplay

/// The pipeline for one file: ingest → replay → result. `replay` and `audit` both use it.
public enum FileReplay {
    /// Replays one input (`-` is standard input).
    ///
    /// - Parameters:
    ///   - path: the file to read, or `-`.
    ///   - displayName: the name findings use; by default the path as given (`<stdin>` for `-`).
    ///   - configuration: budgets, model and OS defaults.
    ///   - limits: the reader's limits (decompressed size).
    /// - Returns: the file's result, or why it could not be read at all.
    public static func run(
        path: String, displayName: String? = nil, configuration: ReplayConfiguration, limits: IngestLimits = .default
    ) -> Result<FileResult, UnreadableInput> {
        let reader: LogReader
        do {
            reader = try LogReader(path: path, limits: limits)
        } catch {
            return .failure(UnreadableInput(path: error.path, reason: error.reason))
        }
        return .success(replay(reader, displayName: displayName, configuration: configuration))
    }

    /// Replays an open reader to its end.
    ///
    /// - Parameters:
    ///   - reader: the source of records; consumed.
    ///   - displayName: the name findings use; by default the reader's.
    ///   - configuration: budgets, model and OS defaults.
    /// - Returns: the file's result.
    public static func replay(_ reader: consuming LogReader, displayName: String? = nil, configuration: ReplayConfiguration) -> FileResult {
        var reader = reader
        var replayer = Replayer(path: displayName ?? reader.displayName, configuration: configuration)
        while let item = reader.next() {
            switch item {
            case .record(let record):
                replayer.process(record, symbols: reader.symbols)
            case .malformed(let line, let message):
                replayer.malformed(line: line, message: message)
            case .truncated(let line, _, let message):
                replayer.truncated(line: line, message: message)
            }
        }
        return replayer.finish(symbols: reader.symbols)
    }
}

extension RunReport {
    /// Replays several inputs in order; inputs that cannot be read are listed in `unreadable`
    /// and passed to `onUnreadable` as they happen (the CLI prints them at once).
    ///
    /// - Parameters:
    ///   - paths: files, or `-` for standard input.
    ///   - configuration: budgets, model and OS defaults.
    ///   - limits: the reader's limits (decompressed size).
    ///   - onUnreadable: called for each input that cannot be read at all.
    public static func replaying(
        _ paths: [String], configuration: ReplayConfiguration, limits: IngestLimits = .default,
        onUnreadable: (UnreadableInput) -> Void = { _ in }
    ) -> RunReport {
        var results: [FileResult] = []
        var unreadable: [UnreadableInput] = []
        for path in paths {
            switch FileReplay.run(path: path, configuration: configuration, limits: limits) {
            case .success(let result):
                results.append(result)
            case .failure(let failure):
                onUnreadable(failure)
                unreadable.append(failure)
            }
        }
        return RunReport(toolVersion: LCTraceVersion.current, files: results, unreadable: unreadable)
    }
}
