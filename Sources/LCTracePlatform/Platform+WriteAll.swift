import SystemPackage

extension Platform {
    /// The one write-all: writes every byte of `bytes` to `fd`, retrying on `EINTR` and after
    /// short writes.
    ///
    /// - Parameters:
    ///   - write: the single write call, `Platform.write` unless a test injects failures.
    ///   - path: names the destination in the error (`-` for standard output).
    /// - Throws: ``PlatformError`` with the failing call's `errno` and the byte offset
    ///   reached within `bytes`.
    public static func writeAll(
        _ bytes: UnsafeRawBufferPointer, to fd: Int32, path: String? = nil,
        using write: (Int32, UnsafeRawPointer, Int) -> Int = { Platform.write($0, $1, $2) }
    ) throws(PlatformError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = retryingInterrupts { write(fd, base + offset, bytes.count - offset) }
            if n < 0 {
                throw PlatformError(code: lastError, operation: "write", path: path, byteOffset: Int64(offset))
            }
            offset += n
        }
    }
}
