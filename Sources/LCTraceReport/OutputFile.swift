import LCTracePlatform
import LCTraceCore

/// Whole-text writes and appends to report files (``OutputTarget`` does the streaming and
/// the SPEC §6 rules): readers see the old file or the complete new one, never a partial one.
///
/// A CI job that is cancelled, or a disk that fills up, halfway through `--output` must
/// not leave a truncated report that a later step parses as valid (a truncated JUnit or
/// SARIF file is often still well-formed enough to be misread as "no failures").
public enum OutputFile {
    /// Writes `contents` (UTF-8) to `path` as an ``OutputTarget`` does: a regular file is
    /// replaced atomically (a temporary file in the same directory, `fsync`ed, renamed over
    /// it; an existing file keeps its permission bits, a new one gets `0666 & ~umask`), a
    /// symbolic link is written through, a FIFO or device is written in place.
    ///
    /// - Parameters:
    ///   - contents: The text to write.
    ///   - path: The destination.
    /// - Throws: ``OutputFileError`` (`Unable to write 'PATH': REASON.`). On failure the
    ///   temporary file is removed and the destination is untouched.
    public static func write(_ contents: String, toPath path: String) throws(OutputFileError) {
        let target = try OutputTarget(path: path)
        target.write(contents)
        try target.finish()
    }

    /// Appends `contents` (UTF-8) to the file at `path`, creating it if needed.
    ///
    /// For files other processes also append to, such as GitHub's `GITHUB_STEP_SUMMARY`,
    /// where replacing the file would lose their text. `O_APPEND` makes each `write(2)`
    /// land at the end even when several writers share the file.
    ///
    /// - Parameters:
    ///   - contents: The text to append.
    ///   - path: The file.
    /// - Throws: ``OutputFileError`` (`Unable to write 'PATH': REASON.`).
    public static func append(_ contents: String, toPath path: String) throws {
        let fd = FilePathText.withCString(path) { open($0, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666) }
        guard fd >= 0 else { throw OutputFileError(path: path, errno: errno) }
        do {
            try writeAll(contents, to: fd, path: path)
        } catch {
            _ = close(fd)
            throw error
        }
        guard close(fd) == 0 else { throw OutputFileError(path: path, errno: errno) }
    }

    private static func writeAll(_ contents: String, to fd: Int32, path: String) throws {
        var text = contents
        try text.withUTF8 { bytes in
            do throws(PlatformError) {
                try Platform.writeAll(UnsafeRawBufferPointer(bytes), to: fd, path: path)
            } catch {
                throw OutputFileError(path: path, errno: error.errnoValue)
            }
        }
    }

    /// Splits `path` into its directory (`.` when none) and last component.
    public static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Makes the rename itself durable. Best effort: some file systems refuse to `fsync`
    /// a directory, and the data is already safe in the file.
    static func syncDirectory(_ directory: String) {
        let dfd = FilePathText.withCString(directory) { open($0, O_RDONLY | O_CLOEXEC) }
        guard dfd >= 0 else { return }
        _ = fsync(dfd)
        _ = close(dfd)
    }
}
