import LCTracePlatform
import LCTraceCore

/// Where a command's output goes: standard output or `--output F`, with the SPEC §6
/// guarantees. Every command that writes (reports, traces, baselines, converted and
/// generated logs, the rule catalogue) writes through one of these.
///
/// - A regular file (or a path where nothing is yet) is replaced atomically: bytes go to a
///   temporary file `.NAME.lctrace-PID-RANDOM.tmp` in the same directory, created by the
///   first write (so a run killed, even by SIGKILL, while it still reads leaves nothing),
///   which ``finish()`` `fsync`s and renames into place. Readers see the old file or the
///   complete new one.
/// - A symbolic link is written through: its final target is replaced, the link stays.
/// - A FIFO or a character device (`/dev/null`, a terminal) is opened and written in place,
///   never truncated or renamed; `/dev/stdout`, `/dev/stderr` and `/dev/fd/N` write to the
///   process's own descriptor.
/// - The temporary file is registered with ``InterruptCleanup``, so SIGINT, SIGTERM or SIGHUP
///   remove it; ``abandon()`` (or `deinit` without ``finish()``) removes it too.
/// - Write errors are kept, not lost: the first one is thrown by ``finish()``
///   (`Unable to write '<stdout>': no space left on device.`). A reader that went away
///   (EPIPE, `lctrace … | head -1`) ends the output quietly instead.
///
/// Writes are buffered (1 MiB; by line on a terminal). The type is not thread-safe: one
/// writer at a time.
public final class OutputTarget: TextOutputStream {
    /// The name used in messages for standard output.
    public static let standardOutputName = "<stdout>"

    /// The name in messages: the path as given, or `<stdout>`.
    public let name: String
    /// How the output is written; nil for standard output.
    public let placement: OutputPlacement?

    /// Whether the destination is replaced only once the output is complete (a regular
    /// file, or a link to one); standard output, a FIFO or a device are written in place.
    public var replacesAtomically: Bool {
        if case .replace? = placement { return true }
        return false
    }
    /// What was at the destination before (a regular file or FIFO), for ``names(_:)``.
    private let previous: FileIdentity?
    /// What is being written (the temporary file, the FIFO, standard output's file).
    private var own: FileIdentity?
    /// A replaced file's destination while its temporary file is not created yet (it is
    /// created by the first write, so a run killed while still reading leaves nothing).
    private var pendingTarget: String?
    private var fd: Int32
    private let ownsDescriptor: Bool
    private var temporary: String?
    private var token: Int?
    private var buffer: [UInt8] = []
    private let bufferLimit: Int
    /// On a terminal, each complete line is written at once (as C's stdio does).
    private let lineBuffered: Bool
    private var failure: OutputFileError?
    private var finished = false
    /// Whether the reader has gone (EPIPE): the rest of the output is dropped quietly.
    public private(set) var readerGone = false
    /// The `write(2)` used; tests inject failures here.
    var systemWrite: (Int32, UnsafeRawPointer, Int) -> Int = { fd, bytes, count in Platform.write(fd, bytes, count) }

    /// Standard output.
    public static func standardOutput() -> OutputTarget {
        OutputTarget(descriptor: 1, name: standardOutputName)
    }

    private init(name: String, placement: OutputPlacement?, previous: FileIdentity?, fd: Int32, owns: Bool, temporary: String? = nil, token: Int? = nil) {
        self.name = name
        self.placement = placement
        self.previous = previous
        own = fd >= 0 ? FileIdentity(descriptor: fd) : nil
        self.fd = fd
        ownsDescriptor = owns
        self.temporary = temporary
        self.token = token
        lineBuffered = isatty(fd) == 1
        bufferLimit = lineBuffered ? 1 << 16 : 1 << 20
    }

    /// An open descriptor, written as it is and never closed (for tests and for
    /// `/dev/fd/N`).
    public convenience init(descriptor: Int32, name: String) {
        self.init(name: name, placement: nil, previous: nil, fd: descriptor, owns: false)
    }

    /// Opens `path` for writing as its ``OutputPlacement`` says, or standard output when
    /// `path` is nil.
    ///
    /// A FIFO blocks here until a reader opens it, as a shell's `>` does.
    /// - Throws: ``OutputFileError`` (`Unable to write 'PATH': REASON.`); nothing is left
    ///   behind.
    public convenience init(path: String?) throws(OutputFileError) {
        guard let path else {
            self.init(descriptor: 1, name: Self.standardOutputName)
            return
        }
        let placement = try OutputPlacement.resolve(path).get()
        switch placement {
        case .descriptor(let n):
            self.init(name: path, placement: placement, previous: nil, fd: n, owns: false)
        case .inPlace(let target):
            let fd = FilePathText.withCString(target) { open($0, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
            guard fd >= 0 else { throw OutputFileError(path: path, errno: errno) }
            self.init(name: path, placement: placement, previous: FileIdentity(path: target), fd: fd, owns: true)
        case .replace(let target):
            // The temporary file comes with the first write; what would stop it is checked now.
            let directory = OutputFile.split(target).directory
            guard FilePathText.withCString(directory, { access($0, W_OK | X_OK) }) == 0 else { throw OutputFileError(path: path, errno: errno) }
            self.init(name: path, placement: placement, previous: FileIdentity(path: target), fd: -1, owns: true)
            pendingTarget = target
        }
    }

    deinit {
        abandon()
    }

    /// Whether later writes can still reach the reader (no error yet, reader still there,
    /// not finished). Long producers (`gen`, `convert`) stop when it turns false.
    public var isWritable: Bool { !finished && failure == nil && !readerGone }

    /// Whether `path` names this output: the file being written (its temporary file, FIFO
    /// or device) or the file it replaces. Used to keep an audit from reading its own report.
    public func names(_ path: String) -> Bool {
        guard previous != nil || own != nil, let identity = FileIdentity(path: path) else { return false }
        return identity == previous || identity == own
    }

    /// Appends bytes. Errors are kept for ``finish()``; after one, writes are dropped.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        guard isWritable, bytes.count > 0 else { return }
        if pendingTarget != nil { createPendingTemporary() }
        if buffer.count + bytes.count > bufferLimit {
            flush()
            if bytes.count > bufferLimit {
                writeOut(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
        if lineBuffered, bytes.contains(UInt8(ascii: "\n")) { flush() }
    }

    /// Appends the UTF-8 bytes of `string` (`TextOutputStream`).
    public func write(_ string: String) {
        guard isWritable, !string.isEmpty else { return }
        var text = string
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes out what is buffered.
    public func flush() {
        guard !buffer.isEmpty else { return }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        pending.withUnsafeBytes { writeOut($0) }
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, !readerGone else { return }
        do {
            try Platform.writeAll(bytes, to: fd, path: name, using: systemWrite)
        } catch {
            if error.errnoValue == EPIPE {
                readerGone = true
            } else {
                failure = OutputFileError(path: name, errno: error.errnoValue)
            }
        }
    }

    /// Writes out everything but the last step: what is buffered is written (a replaced
    /// file's temporary file created and `fsync`ed), so that every write error is known,
    /// and only the rename (or close) of ``finish()`` is left. A command that writes two
    /// files (`gen`'s log and its planted findings) prepares both before finishing either,
    /// so that one failing leaves neither replaced.
    ///
    /// - Throws: ``OutputFileError``, the first write error; the output is then abandoned.
    public func prepare() throws(OutputFileError) {
        guard !finished else { return }
        if pendingTarget != nil, failure == nil { createPendingTemporary() }
        flush()
        if failure == nil, temporary != nil, fsync(fd) != 0 { failure = OutputFileError(path: name, errno: errno) }
        if let failure {
            abandon()
            throw failure
        }
    }

    /// Completes the output: writes what is buffered; a replaced file is `fsync`ed and
    /// renamed into place, a file opened in place is closed.
    ///
    /// - Throws: ``OutputFileError``, the first write error (a reader that went away is
    ///   not one). The temporary file is then removed and the destination is untouched.
    public func finish() throws(OutputFileError) {
        guard !finished else { return }
        if pendingTarget != nil, failure == nil { createPendingTemporary() }
        flush()
        if let failure {
            abandon()
            throw failure
        }
        finished = true
        guard ownsDescriptor else { return }
        var code: Int32 = 0
        if temporary != nil, fsync(fd) != 0 { code = errno }
        if close(fd) != 0, code == 0 { code = errno }
        fd = -1
        guard let temporary, let token, case .replace(let target)? = placement else {
            if code != 0 { throw OutputFileError(path: name, errno: code) }
            return
        }
        self.temporary = nil
        let renamed: Int32 = InterruptCleanup.locked {
            defer { InterruptCleanup.unregisterLocked(token) }
            if code == 0, FilePathText.withCString(temporary, { t in FilePathText.withCString(target) { rename(t, $0) } }) != 0 { code = errno }
            if code != 0 { _ = FilePathText.withCString(temporary) { unlink($0) } }
            return code
        }
        if renamed != 0 { throw OutputFileError(path: name, errno: renamed) }
        OutputFile.syncDirectory(OutputFile.split(target).directory)
    }

    /// Drops the output: a temporary file is removed (the destination is untouched), a
    /// file opened in place is closed. Safe to call more than once.
    public func abandon() {
        guard !finished else { return }
        finished = true
        buffer.removeAll()
        if ownsDescriptor, fd >= 0 { _ = close(fd) }
        fd = -1
        if let temporary, let token {
            InterruptCleanup.locked {
                _ = FilePathText.withCString(temporary) { unlink($0) }
                InterruptCleanup.unregisterLocked(token)
            }
        }
        temporary = nil
    }

    private func createPendingTemporary() {
        guard let target = pendingTarget else { return }
        pendingTarget = nil
        do {
            let (fd, temporary, token) = try Self.createTemporary(beside: target, name: name)
            self.fd = fd
            self.temporary = temporary
            self.token = token
            own = FileIdentity(descriptor: fd)
        } catch {
            failure = error
        }
    }

    /// Whether a file name is one of the temporary files of an unfinished output
    /// (`.NAME.lctrace-PID-RANDOM.tmp`), as a killed run can leave behind.
    public static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let body = name.dropLast(4)
        guard let marker = body.ranges(of: ".lctrace-").last, marker.lowerBound > body.startIndex else { return false }
        let middle = body[marker.upperBound...]
        let parts = middle.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isHexDigit) }
    }

    /// Creates the temporary file beside `target`, registered for interrupt cleanup.
    private static func createTemporary(beside target: String, name: String) throws(OutputFileError) -> (Int32, String, Int) {
        let (directory, last) = OutputFile.split(target)
        // The temporary name adds about 45 bytes; keep it under NAME_MAX (255) even for a
        // destination name near the limit.
        var stem = ""
        for scalar in last.unicodeScalars {
            guard stem.utf8.count + String(scalar).utf8.count <= 160 else { break }
            stem.unicodeScalars.append(scalar)
        }
        var existing = stat()
        let replacing = FilePathText.withCString(target, { stat($0, &existing) }) == 0 && (existing.st_mode & S_IFMT) == S_IFREG
        // Random names with O_EXCL instead of mkstemp: mkstemp forces mode 0600, and
        // reading the umask to undo that is not thread-safe.
        for _ in 0..<64 {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let temporary = OutputFile.join(directory, "." + stem + ".lctrace-\(getpid())-\(random).tmp")
            let created: (Int32, Int32, Int) = InterruptCleanup.locked {
                let fd = FilePathText.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
                guard fd >= 0 else { return (fd, errno, 0) }
                return (fd, 0, InterruptCleanup.registerLocked(temporary))
            }
            let (fd, code, token) = created
            if fd < 0 {
                if code == EEXIST { continue }
                throw OutputFileError(path: name, errno: code)
            }
            if replacing {
                // Keep the replaced file's permissions and, where allowed, its owner.
                _ = fchown(fd, existing.st_uid, existing.st_gid)
                _ = fchmod(fd, existing.st_mode & 0o7777)
            }
            return (fd, temporary, token)
        }
        throw OutputFileError(path: name, errno: EEXIST)
    }
}
