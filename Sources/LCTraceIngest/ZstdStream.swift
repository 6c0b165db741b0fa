import CLCTraceZstd

/// A streaming zstd decompression context (`ZSTD_DCtx`), freed when the last reference goes away.
///
/// Concatenated frames and skippable frames are decoded as one stream, as
/// `ZSTD_decompressStream` does by itself. The window is capped at
/// 2^``windowLogMax`` bytes so a hostile frame cannot make the reader allocate
/// gigabytes.
final class ZstdStream {
    /// The largest window accepted: 2^27 = 128 MiB.
    static let windowLogMax: Int32 = 27

    /// The context; nil once freed.
    private var context: OpaquePointer?

    /// What one call of ``decompress(input:output:)`` did.
    struct Step {
        /// Input bytes consumed.
        var consumed: Int
        /// Output bytes produced.
        var produced: Int
        /// zstd's return: 0 when a frame is complete and flushed, else a hint
        /// that more input is needed (or, with a full output, more to flush).
        var hint: Int
        /// zstd's error name, when the data is corrupt or not acceptable.
        var error: String?
        /// Whether the error is a frame whose window exceeds the limit.
        var windowTooLarge = false
        /// Whether the error is a frame whose data decoded but does not match its checksum.
        var checksumWrong = false
    }

    /// Creates a context with the window limit set.
    init() {
        context = ZSTD_createDCtx()
        if let context {
            _ = ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, ZstdStream.windowLogMax)
        }
    }

    deinit { free() }

    /// Frees the context; safe to call more than once.
    func free() {
        if let context { ZSTD_freeDCtx(context) }
        context = nil
    }

    /// Forgets the frame under way (after an error) and keeps the parameters, so that
    /// decoding can start again at the next frame.
    func reset() {
        if let context { _ = ZSTD_DCtx_reset(context, ZSTD_reset_session_only) }
    }

    /// Decompresses as much of `input` into `output` as fits.
    ///
    /// On an error zstd reports neither what it consumed nor what it wrote in that call, so
    /// whatever the call had written to `output` is lost. ``StreamDecoder`` therefore decodes
    /// with an empty `output` (zstd then decodes at most one block, into its own buffer, per
    /// call) and flushes with an empty `input` (which cannot fail): a failure never costs data
    /// decoded before it.
    ///
    /// The `ZSTD_inBuffer`/`ZSTD_outBuffer` structs are rebuilt on every call
    /// and never outlive it.
    func decompress(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) -> Step {
        guard let context else {
            return Step(consumed: 0, produced: 0, hint: 0, error: "out of memory for the zstd context")
        }
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: 0)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let result = ZSTD_decompressStream(context, &outBuffer, &inBuffer)
        if ZSTD_isError(result) != 0 {
            return Step(
                consumed: inBuffer.pos, produced: outBuffer.pos, hint: 0,
                error: String(cString: ZSTD_getErrorName(result)),
                windowTooLarge: ZSTD_getErrorCode(result) == ZSTD_error_frameParameter_windowTooLarge,
                checksumWrong: ZSTD_getErrorCode(result) == ZSTD_error_checksum_wrong)
        }
        return Step(consumed: inBuffer.pos, produced: outBuffer.pos, hint: result, error: nil)
    }
}
