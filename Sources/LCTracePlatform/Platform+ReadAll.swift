import SystemPackage

extension Platform {
    /// The one read-to-end of a descriptor: every byte `fd` yields until end of file,
    /// retrying on `EINTR`. A descriptor that cannot be read (standard input closed: `EBADF`)
    /// is an error to report, never a crash (Foundation's `readDataToEndOfFile()` traps).
    ///
    /// - Parameters:
    ///   - fd: the descriptor, e.g. 0 for standard input.
    ///   - path: names the source in the error (`<stdin>` for standard input).
    ///   - read: the single read call, `Platform.read` unless a test injects failures.
    /// - Returns: the bytes read.
    /// - Throws: ``PlatformError`` with the failing call's `errno` and the byte offset reached.
    public static func readAll(
        from fd: Int32, path: String? = nil,
        using read: (Int32, UnsafeMutableRawPointer, Int) -> Int = { Platform.read($0, $1, $2) }
    ) throws(PlatformError) -> [UInt8] {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = block.withUnsafeMutableBytes { buffer in
                retryingInterrupts { read(fd, buffer.baseAddress!, buffer.count) }
            }
            if n < 0 {
                throw PlatformError(code: lastError, operation: "read", path: path, byteOffset: Int64(bytes.count))
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: block[0..<n])
        }
    }
}
