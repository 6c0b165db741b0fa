import LCTracePlatform
import LCTraceCore

/// How an output path is written (SPEC §6 "Outputs": `--output F` never destroys what F
/// names). Decided from the path and what `lstat(2)` says is there; see
/// ``OutputPlacement/resolve(_:)``.
public enum OutputPlacement: Equatable, Sendable {
    /// A regular file, or nothing yet: a temporary file beside `path` is renamed over it
    /// once the output is complete. `path` is the symbolic links' final target.
    case replace(path: String)
    /// A FIFO or a character device: opened for writing as it is, no truncation, no rename.
    case inPlace(path: String)
    /// `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: the process's own
    /// descriptor N, written as it is (its offset and append mode kept), never closed.
    case descriptor(Int32)

    /// The placement for what is at a path, given its file type (`st_mode & S_IFMT`, or nil
    /// when nothing is there).
    ///
    /// - Returns: the placement, or the reason the path cannot be an output (a directory,
    ///   a block device, a socket).
    public static func decide(path: String, fileType: mode_t?) -> Result<OutputPlacement, OutputFileError> {
        guard let fileType else { return .success(.replace(path: path)) }
        switch fileType {
        case S_IFREG: return .success(.replace(path: path))
        case S_IFIFO, S_IFCHR: return .success(.inPlace(path: path))
        case S_IFDIR: return .failure(OutputFileError(path: path, reason: "is a directory"))
        case S_IFBLK: return .failure(OutputFileError(path: path, reason: "is a block device (a report is never written over a disk)"))
        case S_IFSOCK: return .failure(OutputFileError(path: path, reason: "is a socket"))
        default: return .failure(OutputFileError(path: path, reason: "is not a file lctrace can write"))
        }
    }

    /// The descriptor a path names by convention (`/dev/stdout` is 1, `/dev/stderr` 2,
    /// `/dev/fd/N` and `/proc/self/fd/N` are N), or nil.
    public static func conventionalDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            let digits = path.dropFirst(prefix.count)
            if !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                return Int32(digits)
            }
        }
        return nil
    }

    /// Decides how `path` is written, following symbolic links (at most 40, as the kernel
    /// does) to the file they name, which need not exist yet.
    ///
    /// - Parameter path: the `--output` path as given; relative to the working directory.
    /// - Returns: the placement, or why `path` cannot be written.
    public static func resolve(_ path: String) -> Result<OutputPlacement, OutputFileError> {
        guard !path.isEmpty else { return .failure(OutputFileError(path: path, reason: "no file name")) }
        var current = path
        for _ in 0...40 {
            if let fd = conventionalDescriptor(current) { return .success(.descriptor(fd)) }
            var st = stat()
            guard FilePathText.withCString(current, { lstat($0, &st) }) == 0 else {
                let code = errno
                if code == ENOENT { return checkedName(path: path, final: current) }
                return .failure(OutputFileError(path: path, errno: code))
            }
            guard (st.st_mode & S_IFMT) == S_IFLNK else {
                if (st.st_mode & S_IFMT) == S_IFREG, FilePathText.withCString(current, { access($0, W_OK) }) != 0 {
                    // A read-only report stays as it is, as with a shell's `>`.
                    return .failure(OutputFileError(path: path, errno: errno))
                }
                switch decide(path: current, fileType: st.st_mode & S_IFMT) {
                case .success(let placement): return .success(placement)
                case .failure(let error): return .failure(OutputFileError(path: path, reason: error.reason))
                }
            }
            guard let target = readLink(current) else { return .failure(OutputFileError(path: path, errno: errno)) }
            current = target.hasPrefix("/") ? target : OutputFile.join(OutputFile.split(current).directory, target)
        }
        return .failure(OutputFileError(path: path, errno: ELOOP))
    }

    /// A path that does not exist yet: its last component must be a file name.
    private static func checkedName(path: String, final: String) -> Result<OutputPlacement, OutputFileError> {
        let name = OutputFile.split(final).name
        if name.isEmpty || name == "." || name == ".." || final.hasSuffix("/") {
            return .failure(OutputFileError(path: path, reason: "is a directory"))
        }
        return .success(.replace(path: final))
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = FilePathText.withCString(path) { readlink($0, &buffer, buffer.count - 1) }
        guard n >= 0 else { return nil }
        return FilePathText.string(fromBytes: buffer[0..<n].map { UInt8(bitPattern: $0) })
    }
}
