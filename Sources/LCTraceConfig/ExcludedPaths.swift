/// The `excluded` key of a configuration file: the files an audit's directory walk leaves
/// out (SPEC §9). Never applied to a path named on the command line.
public struct ExcludedPaths: Sendable, Equatable {
    /// The configuration file's folder, absolute and without `.` or `..`: patterns are
    /// relative to it.
    public let folder: String
    /// The patterns, in the file's order.
    public let patterns: [PathGlob]

    /// Creates the exclusions of a file in `folder` (made absolute against
    /// `workingDirectory` when relative).
    public init(folder: String, patterns: [PathGlob], workingDirectory: String) {
        self.folder = Self.absolute(folder, in: workingDirectory)
        self.patterns = patterns
    }

    /// Whether a file a directory walk found is left out: its path, made absolute against
    /// `workingDirectory` and taken relative to ``folder``, matches a pattern. A file outside
    /// the folder is never left out. Paths are compared as written (symbolic links are not
    /// resolved), so a walk reaches a file under the name it gave it.
    public func excludes(_ path: String, workingDirectory: String) -> Bool {
        guard !patterns.isEmpty else { return false }
        let absolute = Self.absolute(path, in: workingDirectory)
        let prefix = folder == "/" ? "/" : folder + "/"
        guard absolute.hasPrefix(prefix) else { return false }
        let relative = String(absolute.dropFirst(prefix.count))
        return patterns.contains { $0.matches(relative) }
    }

    /// `path` made absolute against `directory`, with `.`, `..` and repeated `/` resolved
    /// lexically.
    public static func absolute(_ path: String, in directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
