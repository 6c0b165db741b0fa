import LCTraceCore

/// The reading stages of one log between the bytes and the steps: the decoder (on its own
/// thread or not), a ``LineTranslator`` when the text is in another format, the ``LineFramer``
/// and the ``RecordScanner``,
/// with the chunk being framed.
///
/// One value does the work of ``LogReader/read(into:)`` for the lines: the reader calls
/// ``readLines(into:)`` on its own thread, or hands the whole value to a scan thread
/// (``ScanRing``) that calls the same function and passes the steps on in batches. Both paths
/// therefore frame, scan and number lines with the same code.
struct LineStage: ~Copyable {
    var decoder: ReadAheadDecoder
    var framer: LineFramer
    private(set) var scanner = RecordScanner()
    /// The plug-in point (LineTranslator.swift): the stage between the decoder and the framer
    /// while it translates; `nil` for native text (from the start, or once it passes through).
    var translator: (any LineTranslator)?
    /// The problem of the last ``LogReader/Step/malformed`` or ``LogReader/Step/truncated`` step.
    var problem = LogReader.Problem(line: 0, byteOffset: nil, message: "")
    /// The current decoded chunk and how far the framer has got in it.
    private var chunk = UnsafeRawBufferPointer(start: nil, count: 0)
    private var chunkPosition = 0
    private var finished = false
    /// Reading resumed after a corrupt stretch and no line has been framed since: the first
    /// line may be the tail of a line the stretch cut (``isTailOfCutLine(_:)``).
    private var resumedAfterGap = false

    init(decoder: consuming ReadAheadDecoder, translator: (any LineTranslator)?) {
        self.decoder = decoder
        self.translator = translator
        framer = LineFramer(limit: LogReader.maximumLineLength)
    }

    /// A native stage that goes on from where frame workers stopped (``FrameRing``): their
    /// framer (line count, partial line) and scanner (symbols) carry on over `decoder`.
    init(decoder: consuming ReadAheadDecoder, framer: consuming LineFramer, scanner: RecordScanner) {
        self.decoder = decoder
        self.framer = framer
        self.scanner = scanner
        translator = nil
    }

    /// The message of a line over ``LogReader/maximumLineLength``.
    static let overlongMessage = "line longer than \(LogReader.maximumLineLength) bytes"

    /// The scanner's symbol table, borrowed in place.
    var symbols: SymbolTable {
        _read { yield scanner.symbols }
    }

    /// Symbols the scanner created since its last retention.
    var symbolsCreatedSinceRetain: Int { scanner.symbols.createdSinceRetain }

    /// The session context of the last `meta` record scanned.
    var meta: SessionMeta { scanner.meta }

    /// Forgets the strings of every symbol not in `live` (``LogReader/retainSymbols(_:)``).
    mutating func retainSymbols(_ live: Set<Symbol>) {
        scanner.retainSymbols(live)
    }

    /// A stage over an empty input: what a reader keeps once its scan thread owns the real one.
    static func spent() -> LineStage {
        LineStage(
            decoder: ReadAheadDecoder(StreamDecoder(), threaded: false, slotCapacity: 1), translator: nil)
    }

    /// The next step of the (native or translated) lines: a record (in `record`), a `meta`
    /// record (its context in the scanner's `meta`), a malformed line or a cut (in ``problem``),
    /// or the end.
    @inline(__always)
    mutating func readLines(into record: inout Record) -> LogReader.Step {
        while true {
            if chunkPosition < chunk.count, let framed = framer.next(in: chunk, at: &chunkPosition) {
                switch framed {
                case .overlong(let number):
                    resumedAfterGap = false
                    return malformed(number, Self.overlongMessage)
                case .line(let bytes, let number):
                    let firstAfterGap = resumedAfterGap
                    resumedAfterGap = false
                    if Self.isBlank(bytes) { continue }
                    if let failure = scanner.scan(bytes, lineNumber: number, into: &record) {
                        if firstAfterGap && Self.isTailOfCutLine(bytes, failure) { continue }
                        return malformed(number, failure.message)
                    }
                    return record.event == .meta ? .meta : .record
                }
            }
            if finished { return .end }
            // The one branch the plug-in point costs native text: per chunk.
            let next = translator == nil ? decoder.next() : translated()
            switch next {
            case .data(let data):
                chunk = data
                chunkPosition = 0
            case .end:
                return finish(into: &record)
            case .failed(let message, let byteOffset, let resumes):
                return fail(message, byteOffset, resumes)
            }
        }
    }

    /// The next chunk from the translator; once it passes through, the reader reads the
    /// decoder directly (the chunk it handed out last stays valid: the reader keeps it).
    @inline(never)
    private mutating func translated() -> StreamDecoder.Chunk {
        guard let translator else { return decoder.next() }
        if translator.passesThrough {
            self.translator = nil
            return decoder.next()
        }
        return translator.next(from: &decoder)
    }

    /// The end of the input: the framer's last line (without a line end), if any.
    @inline(never)
    private mutating func finish(into record: inout Record) -> LogReader.Step {
        finished = true
        chunk = UnsafeRawBufferPointer(start: nil, count: 0)
        chunkPosition = 0
        decoder.close()
        switch framer.finish() {
        case nil:
            return .end
        case .overlong(let number):
            return malformed(number, Self.overlongMessage)
        case .line(let bytes, let number):
            if Self.isBlank(bytes) { return .end }
            if let failure = scanner.scan(bytes, lineNumber: number, into: &record) {
                problem = LogReader.Problem(line: number, byteOffset: nil, message: Self.cutLastLine(bytes, failure))
                return .truncated
            }
            return record.event == .meta ? .meta : .record
        }
    }

    /// A cut or corrupt input: the partial line is dropped; reading resumes at the next frame
    /// (the lost region counts as one line) or ends.
    @inline(never)
    private mutating func fail(_ message: String, _ byteOffset: Int64, _ resumes: Bool) -> LogReader.Step {
        chunk = UnsafeRawBufferPointer(start: nil, count: 0)
        chunkPosition = 0
        framer.discardPartialLine()
        let line = framer.lineNumber + 1
        if resumes {
            framer.countLostRegion()
            resumedAfterGap = true
        } else {
            finished = true
            decoder.close()
        }
        problem = LogReader.Problem(line: line, byteOffset: byteOffset, message: message)
        return .truncated
    }

    /// Whether the first line read after a corrupt stretch, which did not scan, is the rest of
    /// a line the stretch cut: it does not begin (after blanks) with the `{` every record
    /// begins with, or it begins with a whole object that more of the line follows (the cut
    /// fell just before a nested object: `{"k":"v"}}`). Such a tail is part of the gap the
    /// LC403 already reports, not LC401; a whole malformed line after the gap (one that begins
    /// with `{` and is not a complete object with more after it) is still LC401.
    @inline(never)
    private static func isTailOfCutLine(_ line: UnsafeRawBufferPointer, _ failure: ScanFailure) -> Bool {
        guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return false }
        return line[first] != UInt8(ascii: "{") || failure.expected == RecordScanner.textAfterTheObject
    }

    /// Records a malformed line (the cold path of ``readLines(into:)``).
    @inline(never)
    private mutating func malformed(_ line: Int, _ message: String) -> LogReader.Step {
        problem = LogReader.Problem(line: line, byteOffset: nil, message: message)
        return .malformed
    }

    /// The LC403 message of a last line that does not scan: NUL padding (what a writer killed
    /// mid-write leaves behind) is named as such.
    @inline(never)
    static func cutLastLine(_ line: UnsafeRawBufferPointer, _ failure: ScanFailure) -> String {
        LineFramer.nulPadding(line) ?? "last line is cut short: " + failure.message
    }

    /// Whether a line holds only spaces, tabs and CRs (or nothing).
    @inline(__always)
    static func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
        for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
        return true
    }
}
