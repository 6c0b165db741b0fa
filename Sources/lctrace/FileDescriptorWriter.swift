import ArgumentParser
import LCTracePlatform
import LCTraceReport

enum FileDescriptorWriter {
    /// Writes all of `text`, retrying on EINTR; gives up silently on EPIPE or a closed descriptor.
    static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buf in write(UnsafeRawBufferPointer(buf), to: fd) }
    }

    /// Writes all of `bytes`, retrying on EINTR; gives up silently on EPIPE or a closed descriptor.
    static func write(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
        try? Platform.writeAll(bytes, to: fd)
    }
}
