import LCTracePlatform
import LCTraceCore

/// A file descriptor opened for reading, closed when the last reference goes away.
///
/// `-` is standard input: descriptor 0, which is never closed because the
/// process, not the reader, owns it.
package final class FileSource {
    /// The descriptor; -1 once closed.
    private var fd: Int32
    /// Whether `fd` belongs to this object (false for standard input).
    private let owned: Bool
    /// Whether a read may wait for a writer without end: the descriptor is not a regular file
    /// or a block device (standard input from a pipe or terminal, a FIFO, a socket, a character
    /// device). The reader reads such an input on the caller's thread, record by record, so
    /// that a record reaches the caller as soon as its line does.
    package let isLive: Bool

    /// Opens `path` read-only (`-` is standard input).
    ///
    /// - Throws: ``IngestError`` for a missing path, a directory, or a permission problem.
    package init(path: String) throws(IngestError) {
        if path == "-" {
            fd = 0
            owned = false
            isLive = Self.mayWait(Self.kind(0))
            return
        }
        let descriptor = Platform.retryingInterrupts {
            FilePathText.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { throw FileSource.error(errno: errno, path: path) }
        fd = descriptor
        owned = true
        // One fstat for both questions. open(2) succeeds on a directory with O_RDONLY; read(2)
        // would then fail with EISDIR, so find out now and report it as an unreadable input.
        let kind = Self.kind(descriptor)
        isLive = Self.mayWait(kind)
        if kind == S_IFDIR {
            close()
            throw IngestError(code: .isDirectory, path: path, reason: "is a directory")
        }
    }

    deinit { close() }

    /// The file type bits of `descriptor` (`S_IFREG`, `S_IFIFO`, …); `nil` when fstat fails.
    private static func kind(_ descriptor: Int32) -> mode_t? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Whether a descriptor of this type may block until a writer writes (see ``isLive``); an
    /// unknown type counts as live.
    private static func mayWait(_ kind: mode_t?) -> Bool {
        guard let kind else { return true }
        return kind != S_IFREG && kind != S_IFBLK
    }

    /// Closes the descriptor; safe to call more than once.
    package func close() {
        guard fd >= 0 else { return }
        if owned {
            Platform.close(fd)
        }
        fd = -1
    }

    /// Moves the read position to `offset` from the start (a regular file); false if refused.
    func seek(to offset: Int64) -> Bool {
        lseek(fd, off_t(offset), SEEK_SET) == off_t(offset)
    }

    /// Reads up to `count` bytes; returns the number read (0 at end of file) or `-errno`.
    package func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        guard fd >= 0 else { return 0 }
        let n = Platform.retryingInterrupts { Platform.read(fd, buffer, count) }
        return n >= 0 ? n : -Int(errno)
    }

    /// Maps an `errno` from opening or reading to the user-facing error.
    package static func error(errno code: Int32, path: String) -> IngestError {
        switch code {
        case ENOENT, ENOTDIR:
            return IngestError(code: .notFound, path: path, reason: "no such file or directory", systemCode: code)
        case EISDIR:
            return IngestError(code: .isDirectory, path: path, reason: "is a directory", systemCode: code)
        case EACCES, EPERM:
            return IngestError(code: .permissionDenied, path: path, reason: "permission denied", systemCode: code)
        default:
            return IngestError(code: .ioError, path: path, reason: SystemErrorText.reason(code), systemCode: code)
        }
    }
}
