import CLCTraceZstd
import LCTracePlatform
import LCTraceCore

/// Writes bytes to a file descriptor as a sequence of independent zstd frames.
///
/// Input is cut into frames of `frameSize` bytes regardless of line ends, so
/// frame boundaries fall inside records, as in logs written by apps that
/// flush a frame at a time. `lctrace gen` and the sample traces use it.
public final class ZstdFrameWriter {
    /// An error while compressing or writing.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        /// What went wrong.
        public var description: String
    }

    private let fd: Int32
    private let output: ((UnsafeRawBufferPointer) -> Void)?
    private let level: Int32
    private var pending: [UInt8]
    private var compressed: [UInt8]
    private let frameSize: Int
    private var context: OpaquePointer?

    /// The compressed bytes written so far.
    public private(set) var bytesWritten: Int64 = 0

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - fd: an open, writable descriptor; not closed by the writer.
    ///   - frameSize: decompressed bytes per frame.
    ///   - level: the zstd compression level.
    public convenience init(fd: Int32, frameSize: Int = 4 << 20, level: Int32 = 3) {
        self.init(fd: fd, output: nil, frameSize: frameSize, level: level)
    }

    /// Creates a writer that hands each compressed frame to `output` (which owns write
    /// errors, such as an `OutputTarget`).
    ///
    /// - Parameters:
    ///   - frameSize: decompressed bytes per frame.
    ///   - level: the zstd compression level.
    ///   - output: called with each compressed frame, in order.
    public convenience init(frameSize: Int = 4 << 20, level: Int32 = 3, output: @escaping (UnsafeRawBufferPointer) -> Void) {
        self.init(fd: -1, output: output, frameSize: frameSize, level: level)
    }

    /// The one initialiser: `output` when it is given, else `fd`, receives the frames.
    private init(fd: Int32, output: ((UnsafeRawBufferPointer) -> Void)?, frameSize: Int, level: Int32) {
        self.fd = fd
        self.output = output
        self.level = level
        self.frameSize = max(1, frameSize)
        self.pending = []
        self.pending.reserveCapacity(self.frameSize)
        self.compressed = [UInt8](repeating: 0, count: ZSTD_compressBound(self.frameSize))
        self.context = ZSTD_createCCtx()
    }

    deinit {
        close()
    }

    /// Frees the compression context; safe to call more than once.
    public func close() {
        if let c = context {
            ZSTD_freeCCtx(c)
            context = nil
        }
    }

    /// Appends bytes; full frames are compressed and written as they fill.
    ///
    /// - Throws: ``WriteError`` when compression or `write(2)` fails.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(WriteError) {
        var offset = 0
        while offset < bytes.count {
            let n = min(frameSize - pending.count, bytes.count - offset)
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]))
            offset += n
            if pending.count == frameSize { try flushFrame() }
        }
    }

    /// Appends the UTF-8 bytes of a string.
    public func write(_ string: String) throws(WriteError) {
        var s = string
        let result: Result<Void, WriteError> = s.withUTF8 { buf in
            do throws(WriteError) {
                try write(UnsafeRawBufferPointer(buf))
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Compresses and writes what is pending as a last (possibly short) frame.
    public func finish() throws(WriteError) {
        if !pending.isEmpty { try flushFrame() }
    }

    private func flushFrame() throws(WriteError) {
        guard let ctx = context else { throw WriteError(description: "writer is closed") }
        let size = pending.withUnsafeBytes { src in
            compressed.withUnsafeMutableBytes { dst in
                ZSTD_compressCCtx(ctx, dst.baseAddress, dst.count, src.baseAddress, src.count, level)
            }
        }
        if ZSTD_isError(size) != 0 {
            throw WriteError(description: "zstd compression failed: \(String(cString: ZSTD_getErrorName(size)))")
        }
        if let output {
            compressed.withUnsafeBytes { output(UnsafeRawBufferPointer(rebasing: $0[0..<size])) }
            bytesWritten += Int64(size)
            pending.removeAll(keepingCapacity: true)
            return
        }
        let failure = compressed.withUnsafeBytes { dst -> PlatformError? in
            do throws(PlatformError) {
                try Platform.writeAll(UnsafeRawBufferPointer(rebasing: dst[0..<size]), to: fd)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw WriteError(description: SystemErrorText.reason(failure.errnoValue)) }
        bytesWritten += Int64(size)
        pending.removeAll(keepingCapacity: true)
    }
}
