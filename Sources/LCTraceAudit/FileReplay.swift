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
    /// - Returns: the file's result, or why it could not be read at all.
    public static func run(path: String, displayName: String? = nil, configuration: ReplayConfiguration) -> Result<FileResult, UnreadableInput> {
        let reader: LogReader
        do {
            reader = try LogReader(path: path)
        } catch {
            return .failure(UnreadableInput(path: error.path, reason: error.reason))
        }
        return .success(replay(reader, displayName: displayName, configuration: configuration))
    }

    /// New symbols before the first time the symbol table forgets unused ones.
    static let minimumRetainThreshold = 4096

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
        // The symbol table forgets what the engine no longer holds once it has doubled, so it
        // follows the live processes, not the file (amortised O(1) per new symbol).
        var retainThreshold = minimumRetainThreshold
        var record = Record(line: 0, time: Timestamp(nanoseconds: 0), event: .unknown)
        loop: while true {
            switch reader.read(into: &record) {
            case .record:
                replayer.process(record, symbols: reader.symbols)
                if reader.symbolsCreatedSinceRetain >= retainThreshold {
                    let live = replayer.liveSymbols()
                    reader.retainSymbols(live)
                    retainThreshold = max(minimumRetainThreshold, 2 * live.count)
                }
            case .meta:
                replayer.process(record, meta: reader.meta, symbols: reader.symbols)
            case .malformed:
                replayer.malformed(line: reader.problem.line, message: reader.problem.message)
            case .truncated:
                replayer.truncated(line: reader.problem.line, message: reader.problem.message)
            case .end:
                break loop
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
    ///   - onUnreadable: called for each input that cannot be read at all.
    public static func replaying(
        _ paths: [String], configuration: ReplayConfiguration, onUnreadable: (UnreadableInput) -> Void = { _ in }
    ) -> RunReport {
        var results: [FileResult] = []
        var unreadable: [UnreadableInput] = []
        for path in paths {
            switch FileReplay.run(path: path, configuration: configuration) {
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
