import LCTraceCore
import LCTraceIngest
import LCTraceReplay

/// The pipeline for one file: ingest → replay → result. `replay` and `audit` both use it.
public enum FileReplay {
    /// Replays one input (`-` is standard input).
    ///
    /// - Returns: the file's result, or why it could not be read at all.
    public static func run(path: String, configuration: ReplayConfiguration) -> Result<FileResult, UnreadableInput> {
        var reader: LogReader
        do {
            reader = try LogReader(path: path)
        } catch {
            return .failure(UnreadableInput(path: error.path, reason: error.reason))
        }
        var replayer = Replayer(path: reader.displayName, configuration: configuration)
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
        return .success(replayer.finish(symbols: reader.symbols))
    }
}
