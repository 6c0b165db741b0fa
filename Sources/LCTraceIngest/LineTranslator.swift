/// The one plug-in point of the reader for text in another format than lctrace's own: a stage
/// between the decoder and the ``LineFramer`` that turns the decoded text into native lines,
/// line for line, so that framing, scanning and replay run unchanged and findings name the
/// input's own lines. LCTraceAppleFormats implements it for unified-log exports; the reader
/// knows no format but the native one.
///
/// The reader asks it for each chunk until it ``passesThrough``: from then on the reader reads
/// the decoder directly (one branch per chunk; a native log opened as such has no translator
/// at all). Its own findings (a malformed export record, an export cut short) are handed out
/// by the reader among the lines' steps, in line order (``nextDiagnostic``). What it gathered
/// beside the lines reaches the layers that know its format through ``LogReader/evidence``,
/// as an opaque value.
///
/// A class: the reader keeps it for its ``evidence`` after the stage that drives it has moved
/// on (a scan thread starts only once it passes through, so one thread at a time uses it).
package protocol LineTranslator: AnyObject {
    /// The next chunk of native text, reading `decoder` as needed. A `.data` chunk stays valid
    /// until the next call.
    func next(from decoder: inout ReadAheadDecoder) -> StreamDecoder.Chunk

    /// Whether the text turned out native (`auto` decided so): no finding of its own will
    /// come, so the reader reads it as a native log (a scan thread may take the stage over);
    /// the translator only hands back what it held while deciding, then ``passesThrough``.
    var isNative: Bool { get }

    /// Whether every later chunk is the decoder's own, untouched, and nothing is held: the
    /// reader then stops asking.
    var passesThrough: Bool { get }

    /// The translator's first finding not yet handed out, in line order.
    var nextDiagnostic: TranslatorDiagnostic? { get }

    /// Takes ``nextDiagnostic``.
    func popDiagnostic() -> TranslatorDiagnostic?

    /// The bytes it holds (tests check that they stay bounded by the line limit).
    var heldCapacity: Int { get }

    /// What it gathered beside the lines, final once the reader reached its end.
    var evidence: any Sendable { get }

    /// Whether `text`, the first decoded bytes of a log, is native by this translator's own
    /// test: what lets frame workers read such a log without the translator (FrameSplitter.swift).
    func decidesNative(_ text: UnsafeRawBufferPointer) -> Bool
}
