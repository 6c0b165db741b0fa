#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file written in pieces that appears at its path only when complete.
///
/// Bytes go to a temporary file in the destination's directory; ``commit()`` `fsync`s and
/// renames it over the destination, ``abandon()`` (or `deinit` without a commit) removes
/// it. Used for reports (`--output`) and for generated logs, which are streamed.
public final class AtomicOutputFile {
    /// The destination.
    public let path: String
    private let temporary: String
    private let directory: String
    private var fd: Int32
    private var finished = false

    /// Creates the temporary file beside `path`.
    ///
    /// An existing destination's permission bits are kept; a new file gets `0666 & ~umask`.
    /// - Throws: ``OutputFileError`` (`Unable to write 'PATH': REASON.`).
    public init(path: String) throws(OutputFileError) {
        self.path = path
        let (directory, name) = OutputFile.split(path)
        self.directory = directory
        guard !name.isEmpty, name != ".", name != ".." else {
            throw OutputFileError(path: path, reason: "is a directory")
        }
        // The temporary name adds about 40 bytes; keep it under NAME_MAX (255) even for
        // a destination name near the limit.
        var stem = ""
        for scalar in name.unicodeScalars {
            guard stem.utf8.count + String(scalar).utf8.count <= 160 else { break }
            stem.unicodeScalars.append(scalar)
        }
        var temporary = ""
        var fd: Int32 = -1
        // Random names with O_EXCL instead of mkstemp: mkstemp forces mode 0600, and
        // reading the umask to undo that is not thread-safe.
        for _ in 0..<64 {
            temporary = OutputFile.join(directory, "." + stem + ".\(getpid())-\(UInt64.random(in: 0...UInt64.max)).tmp")
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw OutputFileError(path: path, errno: errno) }
        var existing = stat()
        if stat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG {
            _ = fchmod(fd, existing.st_mode & 0o7777)
        }
        self.temporary = temporary
        self.fd = fd
    }

    deinit {
        abandon()
    }

    /// Appends bytes to the temporary file.
    ///
    /// - Throws: ``OutputFileError``; the caller should then ``abandon()``.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(OutputFileError) {
        guard !finished, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw OutputFileError(path: path, errno: errno)
            }
            offset += n
        }
    }

    /// The temporary file's descriptor, for writers that take one (the zstd frame writer).
    public var fileDescriptor: Int32 { fd }

    /// Makes the file durable and moves it into place.
    ///
    /// - Throws: ``OutputFileError``; the temporary file is then removed and the
    ///   destination is untouched.
    public func commit() throws(OutputFileError) {
        guard !finished else { return }
        finished = true
        var failure: Int32 = 0
        if fsync(fd) != 0 { failure = errno }
        if close(fd) != 0 && failure == 0 { failure = errno }
        fd = -1
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            _ = unlink(temporary)
            throw OutputFileError(path: path, errno: failure)
        }
        OutputFile.syncDirectory(directory)
    }

    /// Removes the temporary file; the destination is untouched. Safe to call more than once.
    public func abandon() {
        guard !finished else { return }
        finished = true
        if fd >= 0 { _ = close(fd) }
        fd = -1
        _ = unlink(temporary)
    }
}
