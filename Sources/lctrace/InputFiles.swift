import ArgumentParser

/// Which inputs the user named: the one rule of every command that reads files (issue 22).
///
/// Standard input is read only when `-` is named, and at most once; nothing named is a usage
/// error (exit 2) whatever kind of file standard input is, so that `printf '' | xargs lctrace
/// replay` cannot pass a gate on an empty pipe and `lctrace baseline` cannot replace a
/// committed baseline with an empty one.
enum InputFiles {
    /// What a command's inputs are, for the message when none is named.
    enum Kind {
        /// Log files (`replay`, `stats`, `baseline`).
        case logs
        /// Log files and directories; `-` reads paths (`audit`).
        case paths
        /// The jsonl outputs of `audit --shard` (`merge`).
        case shards

        var hint: String {
            switch self {
            case .logs: "name log files, or '-' to read a log from standard input"
            case .paths: "name log files or directories, or '-' to read paths from standard input"
            case .shards: "name the jsonl outputs of 'lctrace audit --format jsonl', or '-' to read one from standard input"
            }
        }
    }

    /// The inputs as named, or a usage error: none named, or `-` named more than once.
    ///
    /// - Throws: `ValidationError` (exit 2).
    @discardableResult
    static func resolve(_ files: [String], kind: Kind = .logs) throws -> [String] {
        if files.isEmpty {
            throw ValidationError("no input: \(kind.hint)")
        }
        if files.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("'-' (standard input) can be named only once")
        }
        return files
    }
}
