import Foundation
import LCTraceCore
import LCTracePlatform

/// Standard input copied to an unnamed temporary file (`tmpfile(3)`), so that `merge` can
/// read it twice: once to check it, once to merge it. Closed (and so deleted) in `deinit`.
final class StandardInputCopy {
    private let file: UnsafeMutablePointer<FILE>

    /// Copies all of standard input.
    init() throws(AuditMergeError) {
        // Standard input closed: say so before tmpfile() takes descriptor 0 for itself and
        // the copy reads its own empty file.
        guard fcntl(0, F_GETFD) >= 0 else {
            throw AuditMergeError(UnreadableInput.text(path: Self.name, errno: errno))
        }
        guard let file = tmpfile() else {
            throw AuditMergeError(
                UnreadableInput.text(path: "-", reason: "cannot make a temporary copy (\(AuditDiscovery.errnoReason(errno)))"))
        }
        self.file = file
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { buffer in
                Platform.retryingInterrupts { Platform.read(0, buffer.baseAddress, buffer.count) }
            }
            if n < 0 { throw AuditMergeError(UnreadableInput.text(path: Self.name, errno: errno)) }
            if n == 0 { break }
            let written = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, n, file) }
            if written != n { throw AuditMergeError(UnreadableInput.text(path: "-", reason: "cannot write its temporary copy")) }
        }
        fflush(file)
    }

    /// Standard input as every command's messages name it.
    static let name = "<stdin>"

    deinit {
        fclose(file)
    }

    /// A new stream over the copy, from its start; the caller owns it.
    func reopen() -> UnsafeMutablePointer<FILE>? {
        let fd = dup(fileno(file))
        guard fd >= 0 else { return nil }
        lseek(fd, 0, SEEK_SET)
        return fdopen(fd, "r")
    }
}
