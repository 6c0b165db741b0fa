import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Reads a FIFO to its end on a thread of its own; a writer that never comes is replaced
/// by the test after a timeout, so a broken output path fails instead of hanging.
///
/// Shared by the test targets that check writing to a FIFO (`LCTraceTestSupport`).
public final class FIFOReader: @unchecked Sendable {
    private let path: String
    private let done = DispatchSemaphore(value: 0)
    private var data: [UInt8] = []

    /// Starts reading the FIFO at `path` (created by the test) on a thread of its own.
    public init(path: String) {
        self.path = path
        let thread = Thread { [self] in
            let fd = open(path, O_RDONLY)
            if fd >= 0 {
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let n = read(fd, &buffer, buffer.count)
                    if n <= 0 { break }
                    data.append(contentsOf: buffer[0..<n])
                }
                close(fd)
            }
            done.signal()
        }
        thread.start()
    }

    /// What was read, once the writer has closed (or after 10 s, with nothing more).
    public func finish() -> String {
        if done.wait(timeout: .now() + 10) == .timedOut {
            // Nobody wrote: open and close a writer to release the reader.
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
            _ = done.wait(timeout: .now() + 5)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
