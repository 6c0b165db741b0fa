import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCTraceReport

/// Writes to standard output, ending quietly when the reader has gone (`lctrace … | head -1`).
enum StandardOutput {
    static func write(_ text: String) {
        FileDescriptorWriter.write(text, to: 1)
    }
}

/// Writes diagnostics to standard error.
enum StandardError {
    static func write(_ text: String) {
        FileDescriptorWriter.write(text, to: 2)
    }
}

/// Where a rendered report goes: standard output, or a file written atomically.
enum ReportDestination {
    /// Writes `text` to `path` atomically, or to standard output when `path` is nil.
    ///
    /// - Throws: `ExitCode(2)` after saying on standard error why the file could not be written.
    static func write(_ text: String, to path: String?) throws {
        guard let path else {
            StandardOutput.write(text)
            return
        }
        do {
            try OutputFile.write(text, toPath: path)
        } catch {
            StandardError.write("\(error)\n")
            throw ExitCode(2)
        }
    }
}

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
