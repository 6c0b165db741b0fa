import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCTraceReport

enum FileDescriptorWriter {
    /// Writes all of `text`, retrying on EINTR; gives up silently on EPIPE or a closed descriptor.
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buf in write(UnsafeRawBufferPointer(buf), to: fd) }
    }

    /// Writes all of `bytes`, retrying on EINTR; gives up silently on EPIPE or a closed descriptor.
    static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, base + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
