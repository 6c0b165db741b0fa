import ArgumentParser
import LCTracePlatform
import LCTraceConfig

/// `--config FILE`: the configuration file (SPEC §9), else `.lctrace.yml` in the current
/// folder or the nearest parent that has one. Shared by every command that replays and `rules`.
struct ConfigFileOption: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "Configuration file (default: .lctrace.yml in the current folder or the nearest parent that has one; docs/CI.md).",
            valueName: "file"))
    var path: String?

    func validate() throws {
        if path == "" { throw ValidationError("--config needs a file name, not an empty string") }
    }

    /// The current folder, absolute.
    static var workingDirectory: String {
        guard let cwd = getcwd(nil, 0) else { return "/" }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// The configuration file a command uses: the one named, else the one found; `nil` for none.
    var located: String? { path ?? ConfigurationFile.discover(from: Self.workingDirectory) }

    /// The configuration file read and checked; `nil` when none is named or found. A file
    /// that cannot be used is reported on standard error and ends the command with status 2,
    /// before anything is read or written.
    func load() throws -> ConfigurationFile? {
        guard let found = located else { return nil }
        do {
            return try ConfigurationFile.load(path: found)
        } catch {
            StandardError.write(error.description + "\n")
            throw ExitCode(2)
        }
    }
}
