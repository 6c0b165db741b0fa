import LCTracePlatform
import LCTraceCore
import LCTraceIngest

/// The stage between ``StreamDecoder`` and ``LineFramer`` that reads Apple unified-log
/// exports: it turns `log show --style ndjson` or `--style json` text into native NDJSON,
/// line for line, so that the framer, the scanner and replay run unchanged and findings name
/// the export's lines.
///
/// Every export line becomes one native line: the record translated from the object that
/// starts on it, or an empty line (a record that is not a lifecycle event, a filtered one, a
/// line inside a multi-line object, punctuation of the JSON array). Problems the translator
/// finds itself (malformed export records, objects that are not export entries, records cut
/// short) are not written as lines: they are queued as ``LogItem``s with their export line,
/// and ``LogReader`` hands them out in line order among the records.
///
/// In `native` mode, and once `auto` has decided a log is native, decoded chunks pass
/// through untouched: one branch per chunk.
///
/// Memory: the current line or object (at most `limit` bytes; a longer one is reported like
/// an overlong line and dropped without being held), the output of one decoded chunk (about
/// the chunk's size, plus one record), and while `auto` decides, the text up to the end of
/// the first non-blank line (at most `limit` bytes more than one chunk).
final class UnifiedLogTranslator: LineTranslator {
    /// What the translator is doing with the text.
    enum Mode: Equatable {
        /// `auto`, before the first record has been seen.
        case detecting
        /// Passing native text through.
        case native
        /// An NDJSON export (`--style ndjson`): one object per line.
        case lines
        /// A JSON-array export (`--style json`): objects over many lines.
        case array
    }

    /// Where the array-form scanner is, between objects.
    enum ArrayState {
        /// Before the `[`.
        case start
        /// After `[`: an object or `]`.
        case first
        /// After `,`: an object.
        case next
        /// After an object: `,` or `]`.
        case after
        /// After `]`: whitespace, or `[` for another export appended.
        case done
        /// After an error: anything up to an object, `,` or `]` is skipped.
        case lenient
        /// After a corrupt stretch: the rest of the record it cut is skipped, without a
        /// finding, up to a `}` in column 1 (the record's end), or a `{` or `]` in column 1.
        case resync
    }

    private(set) var mode: Mode
    private let filter: UnifiedLogFilter
    let limit: Int

    /// The text held while `auto` decides.
    private var sniff = RawBuffer(capacity: 1)
    private var sniffCount = 0
    /// An end or failure to hand out after the data that came before it.
    private var deferred: StreamDecoder.Chunk?

    /// The NDJSON form's lines, framed as the native reader frames its own (line ends, CRs,
    /// the BOM, the length limit, a cut last line).
    private var framer: LineFramer
    /// NDJSON export lines whose line end is in the output (or, for a lost region, is not
    /// needed there: the framer after the translator counts that line itself).
    private var linesWritten = 0

    /// The current record of the JSON-array form when it does not end where it starts.
    var pending = RawBuffer(capacity: 4096)
    var pendingCount = 0
    var pendingOverlong = false

    /// The native text made from the current chunk.
    private var output = RawBuffer(capacity: 64 * 1024)
    private var outputCount = 0

    /// Export lines completed so far.
    var lineNumber = 0
    /// The line the last record was written on (one record per line).
    private var lastRecordLine = 0
    /// Whether a JSON record has been seen (the `log show` banner may come before).
    var sawRecord = false
    /// Scratch space for the JSON parser.
    var stack = ContainerStack()

    // The JSON-array form (UnifiedLogTranslator+Array.swift).
    var arrayState = ArrayState.start
    /// The last JSON array of the export was closed with `]` (what follows it may be junk).
    var arrayClosed = false
    /// The LC403 message for a held record that NUL padding took past the limit, while only
    /// NULs have followed (``UnifiedLogTranslator/nulPadding(followedByNULs:)``).
    var overlongPadding: String?
    /// Where a run of NULs between records began: padding if the export ends in it.
    var nulRunAt: (line: Int, column: Int)?
    var inObject = false
    /// The held record breaks the JSON grammar (``JSONLexer/ContainerEnd/broken(_:)``): where
    /// it ends can no longer be asked of the lexer, only of the lines (a `}`, `{` or `]` in
    /// column 1) or the end of the input.
    var objectBroken = false
    /// The walk of the current record, which goes on as its text arrives.
    var walk = JSONLexer.ContainerWalk()
    /// How many bytes of the held record there were when its walk last went on: it goes on
    /// again once they have doubled (or at a line that may end the record), so it stays linear.
    var askedAt = 0
    /// Bytes of the current line seen so far (0: at the start of a line).
    var column = 0
    /// The blanks at the start of the current line while it has nothing else, else -1.
    var lineBlanks = 0
    /// The column of the current line's first byte that is not blank, once there is one.
    var lineIndent = 0
    var objectLine = 0
    var objectColumn = 0
    /// The indentation of the line the record's `{` is on: a pretty-printer closes the record
    /// on a line indented the same (`log show`: column 1; `jq .`: column 3).
    var objectIndent = 0
    /// The least indentation of the lines records began on, among those the lexer found
    /// whole: the export's own layout (`nil` before the first). A stray `{` at a line's start
    /// does not lower it, and a nested object taken for a record after an error (deeper) does
    /// not raise it.
    var layoutIndent: Int?
    /// The current record began where the array's punctuation expects one (after `[` or `,`,
    /// or at a layout boundary), not where reading resumed after an error: only such records
    /// set ``layoutIndent``.
    var objectTrusted = true
    /// Line ends inside the current object: written after its record.
    var objectNewlines = 0
    /// The last line that got a diagnostic from the array scanner (one per line).
    var errorLine = 0
    /// The end of the line found last (the index after its `\n`, or the text's end) in the
    /// text at `lineEndBase`: the records of a one-line array all end before it, and finding
    /// it again for each would be quadratic.
    var lineEndBase: UnsafePointer<UInt8>?
    var lineEndAt = 0
    /// Reading resumed after a corrupt stretch and no NDJSON line has ended since: the first
    /// one may be the tail of a line the stretch cut (``isTailOfCutLine(_:_:_:)``).
    private var resumedAfterGap = false

    /// Export entries the `--subsystem`/`--category` filter kept (counted only with a filter).
    private(set) var filterMatches = 0
    /// Export entries read, whatever they say: an export of none (`[]`, a banner, the
    /// `finished` trailer) is empty, one of other messages is not.
    private(set) var entries = 0

    /// A filter was given, the input is an export, and no entry of it matched (so far).
    var filterMatchedNothing: Bool {
        filter.isActive && filterMatches == 0 && (mode == .lines || mode == .array)
    }

    /// iOS's own lifecycle messages in the export (UnifiedLogSystemEvidence.swift).
    private(set) var system: UnifiedLogSystemEvidence

    /// Findings of the translator, in line order, not yet handed out.
    private var diagnostics: [Diagnostic] = []
    private var diagnosticsHead = 0

    /// Creates a translator.
    ///
    /// - Parameters:
    ///   - format: `native` passes text through, `oslog` translates, `auto` decides by content.
    ///   - filter: which export records to read.
    ///   - limit: the longest line (or export object) in bytes.
    init(format: LogInputFormat, filter: UnifiedLogFilter, limit: Int) {
        // `oslog` still looks at the start of the text, to tell the two export forms apart.
        mode = format == .native ? .native : .detecting
        forcedExport = format == .oslog
        self.filter = filter
        self.limit = limit
        framer = LineFramer(limit: limit)
        system = UnifiedLogSystemEvidence(filter: filter)
    }

    /// `oslog` was asked for: detection only chooses between the two export forms.
    private let forcedExport: Bool

    // MARK: Chunks

    /// The next chunk of native text.
    func next(from decoder: inout ReadAheadDecoder) -> StreamDecoder.Chunk {
        switch mode {
        case .native:
            if let d = deferred {
                deferred = nil
                return d
            }
            if sniffCount > 0 {
                // The detection text has been handed out: release it.
                sniff = RawBuffer(capacity: 1)
                sniffCount = 0
            }
            return decoder.next()
        case .detecting:
            return detect(from: &decoder)
        case .lines, .array:
            if let d = deferred {
                deferred = nil
                return d
            }
            while true {
                switch decoder.next() {
                case .data(let bytes):
                    outputCount = 0
                    translate(bytes)
                    if outputCount > 0 { return outputChunk }
                case .end:
                    outputCount = 0
                    finishInput()
                    if outputCount > 0 {
                        deferred = .end
                        return outputChunk
                    }
                    return .end
                case .failed(let message, let byteOffset, let resumes):
                    // Corrupt data in the middle: reading goes on at the next frame (resumes).
                    outputCount = 0
                    discardPartial(resumes: resumes)
                    let failure = StreamDecoder.Chunk.failed(message: message, byteOffset: byteOffset, resumes: resumes)
                    if outputCount > 0 {
                        deferred = failure
                        return outputChunk
                    }
                    return failure
                }
            }
        }
    }

    /// The bytes held for lines, records and detection (tests check that they stay bounded).
    var heldCapacity: Int { pending.capacity + sniff.capacity + framer.carryCapacity }

    /// Native text, once `auto` has decided so.
    var isNative: Bool { mode == .native }

    /// Whether `text`, the first decoded bytes of a log, is native by ``detectFormat(_:final:stack:)``.
    /// Never with `--input-format oslog`: a forced export is never read as a native log.
    package func decidesNative(_ text: UnsafeRawBufferPointer) -> Bool {
        guard !forcedExport else { return false }
        var stack = ContainerStack()
        return Self.detectFormat(text, final: false, stack: &stack) == .native
    }

    /// Native text once `auto` has decided so and the detection text has been handed out.
    var passesThrough: Bool { mode == .native && deferred == nil && sniffCount == 0 }

    /// What the export said beside its records: UIKit's verdicts, whether it is an export and
    /// all system messages, whether a filter matched nothing (``FormatEvidence``).
    var evidence: any Sendable {
        FormatEvidence(
            isTranscript: false, isExport: mode == .lines || mode == .array, filterMatchedNothing: filterMatchedNothing,
            verdicts: system.verdicts, isSystemOnly: system.isSystemOnly, hasEntries: entries > 0)
    }

    private var outputChunk: StreamDecoder.Chunk {
        .data(UnsafeRawBufferPointer(start: output.base, count: outputCount))
    }

    /// Reads until the format is known, then hands out what was read.
    private func detect(from decoder: inout ReadAheadDecoder) -> StreamDecoder.Chunk {
        while true {
            var final: StreamDecoder.Chunk?
            switch decoder.next() {
            case .data(let bytes):
                let needed = sniffCount + bytes.count
                if needed > sniff.capacity { sniff.grow(toAtLeast: needed, preserving: sniffCount, limit: Int.max) }
                guard let base = bytes.baseAddress else { continue }
                (sniff.base + sniffCount).copyMemory(from: base, byteCount: bytes.count)
                sniffCount = needed
                // Nothing new to decide on until a line ends (or the start of an array shows),
                // so a long first line arriving in small reads is not scanned over and over.
                if sniffCount > 64, sniffCount <= limit + 2, memchr(base, 0x0A, bytes.count) == nil { continue }
            case .end:
                final = .end
            case .failed(let message, let byteOffset, let resumes):
                final = .failed(message: message, byteOffset: byteOffset, resumes: resumes)
            }
            let text = UnsafeRawBufferPointer(start: sniff.base, count: sniffCount)
            var decided = Self.detectFormat(text, final: final != nil, stack: &stack)
            if decided == nil, sniffCount > limit + 2 { decided = .native }
            guard var chosen = decided else { continue }
            if forcedExport, chosen == .native { chosen = .lines }
            mode = chosen
            if chosen != .native {
                // `log show` banners are not records: blank lines from here on.
                Self.blankBanners(sniff.base.assumingMemoryBound(to: UInt8.self), sniffCount)
            }
            if chosen == .native {
                guard sniffCount > 0 else { return final ?? decoder.next() }
                deferred = final
                return .data(text)
            }
            outputCount = 0
            translate(text)
            sniff = RawBuffer(capacity: 1)
            sniffCount = 0
            switch final {
            case .end?: finishInput()
            case .failed(_, _, let resumes)?: discardPartial(resumes: resumes)
            default: break
            }
            if outputCount > 0 {
                deferred = final
                return outputChunk
            }
            return final ?? next(from: &decoder)
        }
    }

    /// Decides the format from the start of the text; `nil` when more text is needed.
    ///
    /// Array form: the first non-blank byte is `[` followed by `{` or `]`. NDJSON form: the
    /// first non-blank line (after the `log show` banner `Filtering the log data …`, if any) is
    /// an object with `eventType`, `eventMessage` or `finished` and without `t` or `ev`
    /// (``UnifiedLogEntry/provesExport``). Anything else is native: a log that only looks like
    /// an export is read as native, so its records are checked rather than ignored.
    static func detectFormat(_ text: UnsafeRawBufferPointer, final: Bool, stack: inout ContainerStack) -> Mode? {
        guard let base = text.baseAddress else { return final ? .native : nil }
        let p = base.assumingMemoryBound(to: UInt8.self)
        let n = text.count
        var i = 0
        if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { i = 3 }
        // `log show`'s banner alone (nothing matched its predicate) is an export with no entry.
        var sawBanner = false
        while true {
            i = JSONLexer.skipWhitespace(p, i, n)
            if i == n { return final ? (sawBanner ? .lines : .native) : nil }
            if p[i] == 0x5B {
                let j = JSONLexer.skipWhitespace(p, i + 1, n)
                if j == n { return final ? .array : nil }
                return p[j] == 0x7B || p[j] == 0x5D ? .array : .native
            }
            let found = memchr(p + i, 0x0A, n - i)
            if found == nil, !final { return nil }
            let lineEnd = found.map { UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self) - p } ?? n
            if isBanner(p + i, lineEnd - i) {
                if found == nil { return .lines }
                sawBanner = true
                i = lineEnd
                continue
            }
            var count = lineEnd - i
            if count > 0, p[i + count - 1] == 0x0D { count -= 1 }
            guard let entry = try? UnifiedLogEntry.parse(p + i, count, stack: &stack) else { return .native }
            return entry.provesExport ? .lines : .native
        }
    }

    /// Whether a line is one of the banners `log show` and `log stream` print before their
    /// records: `Filtering the log data using "…"` (with `--predicate`) and `Skipping info and
    /// debug messages, pass --info and/or --debug to include.` (or its `debug`-only wording),
    /// as in the real export `tonystone-test-oslog-inlinable-readme.json.txt`.
    static func isBanner(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let line = UnsafeBufferPointer(start: p, count: count)
        if line.starts(with: "Filtering the log data".utf8) { return true }
        guard line.starts(with: "Skipping ".utf8) else { return false }
        let marker = Array("messages, pass --".utf8)
        guard count >= marker.count else { return false }
        for k in 0...(count - marker.count) where line[k] == marker[0] {
            if line[k..<(k + marker.count)].elementsEqual(marker) { return true }
        }
        return false
    }

    /// Overwrites the banner lines at the start of an export with spaces, keeping their line
    /// ends, so that they are blank lines to every later stage and line numbers do not move.
    static func blankBanners(_ p: UnsafeMutablePointer<UInt8>, _ n: Int) {
        var i = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0
        while i < n {
            i = JSONLexer.skipWhitespace(UnsafePointer(p), i, n)
            guard i < n, let found = memchr(p + i, 0x0A, n - i) else { return }
            let lineEnd = found.assumingMemoryBound(to: UInt8.self) - p
            guard isBanner(UnsafePointer(p + i), lineEnd - i) else { return }
            for k in i..<lineEnd where p[k] != 0x0D { p[k] = 0x20 }
            i = lineEnd + 1
        }
    }

    // MARK: Output

    private func reserveOutput(_ count: Int) {
        let needed = outputCount + count
        if needed > output.capacity { output.grow(toAtLeast: needed, preserving: outputCount, limit: Int.max) }
    }

    func writeNewlines(_ count: Int) {
        guard count > 0 else { return }
        reserveOutput(count)
        (output.base + outputCount).initializeMemory(as: UInt8.self, repeating: 0x0A, count: count)
        outputCount += count
    }

    private func write(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            reserveOutput(utf8.count)
            if let base = utf8.baseAddress { (output.base + outputCount).copyMemory(from: base, byteCount: utf8.count) }
            outputCount += utf8.count
        }
    }

    // MARK: Diagnostics

    /// A finding of the translator's own, as the reader hands it out: the step and its problem.
    typealias Diagnostic = TranslatorDiagnostic

    /// Queues a finding (a malformed export record or a cut) for the reader.
    func report(_ item: LogItem) {
        let diagnostic: Diagnostic
        switch item {
        case .malformed(let line, let message):
            diagnostic = Diagnostic(step: .malformed, problem: LogReader.Problem(line: line, byteOffset: nil, message: message))
        case .truncated(let line, let byteOffset, let message):
            diagnostic = Diagnostic(step: .truncated, problem: LogReader.Problem(line: line, byteOffset: byteOffset, message: message))
        case .lost(let line, let message):
            diagnostic = Diagnostic(step: .lost, problem: LogReader.Problem(line: line, byteOffset: nil, message: message))
        case .record, .meta:
            return  // the translator writes records as native lines; it never queues one
        }
        if diagnosticsHead == diagnostics.count {
            diagnostics.removeAll(keepingCapacity: true)
            diagnosticsHead = 0
        }
        diagnostics.append(diagnostic)
    }

    /// The next queued finding, if any (without handing it out).
    var nextDiagnostic: Diagnostic? {
        diagnosticsHead < diagnostics.count ? diagnostics[diagnosticsHead] : nil
    }

    /// Hands out the next queued finding.
    func popDiagnostic() -> Diagnostic? {
        guard diagnosticsHead < diagnostics.count else { return nil }
        diagnosticsHead += 1
        return diagnostics[diagnosticsHead - 1]
    }

    // MARK: Translation

    private func translate(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if mode == .lines {
            translateLines(bytes)
        } else {
            translateArray(base.assumingMemoryBound(to: UInt8.self), bytes.count)
        }
    }

    var overlongMessage: String { "line longer than \(limit) bytes" }

    /// NDJSON form: one record per line.
    private func translateLines(_ bytes: UnsafeRawBufferPointer) {
        var position = 0
        while let framed = framer.next(in: bytes, at: &position) {
            take(framed, last: false)
        }
    }

    /// One framed NDJSON line: its record, or its finding, on its own line of the output.
    private func take(_ framed: LineFramer.Line, last: Bool) {
        let afterGap = resumedAfterGap
        resumedAfterGap = false
        switch framed {
        case .line(let text, let number):
            // The lines the framer skipped (over the limit) keep their line ends.
            writeNewlines(number - 1 - linesWritten)
            lineNumber = number
            if let base = text.baseAddress, text.count > 0 {
                line(base.assumingMemoryBound(to: UInt8.self), text.count, last: last, afterGap: afterGap)
            }
            writeNewlines(1)
            linesWritten = number
        case .overlong(let number):
            report(.malformed(line: number, message: overlongMessage))
        }
    }

    /// One NDJSON line (without its line end, CR or BOM); `afterGap`: the first line after a
    /// corrupt stretch.
    private func line(_ p: UnsafePointer<UInt8>, _ count: Int, last: Bool, afterGap: Bool) {
        var blank = true
        for k in 0..<count where p[k] != 0x20 && p[k] != 0x09 && p[k] != 0x0D {
            blank = false
            break
        }
        if blank { return }
        if !sawRecord, Self.isBanner(p, count) { return }
        sawRecord = true
        object(p, count, line: lineNumber, column: 0, cutShort: last, afterGap: afterGap)
    }

    /// At the end of the input: the last line without `\n`, or an object or array left open.
    private func finishInput() {
        if mode == .lines {
            if let last = framer.finish() { take(last, last: true) }
            return
        }
        finishArray()
    }

    /// Forgets a partial line or object: the input was cut inside it.
    ///
    /// When reading resumes after the cut (a corrupt stretch skipped), the translator keeps
    /// in step with the ``LineFramer`` after it: the line ends of a cut JSON-array record are
    /// written (so the LC403 names the line the damage falls in), the lost region counts as
    /// one line, and the text after the stretch is read from the next entry boundary: an
    /// NDJSON line that is the tail of the cut one is skipped without a finding; in the array
    /// form, everything up to the end of the cut record is (``ArrayState/resync``).
    private func discardPartial(resumes: Bool = false) {
        if mode == .lines {
            framer.discardPartialLine()
            guard resumes else { return }
            framer.countLostRegion()
            linesWritten += 1
            resumedAfterGap = true
            return
        }
        // Records that ended in the text held (found late: compact layouts) are whole: the
        // walk catches up and they are read before what the cut left is dropped.
        catchUpBeforeCut()
        nulRunAt = nil
        pendingCount = 0
        pendingOverlong = false
        objectBroken = false
        let wasInObject = inObject
        inObject = false
        guard resumes, mode == .array else { return }
        if wasInObject {
            writeNewlines(objectNewlines)
            // The cut record's own line says how deep its end is (before any record closed).
            layoutIndent = layoutIndent ?? objectIndent
        }
        objectNewlines = 0
        lineNumber += 1
        arrayState = .resync
        // The tail's first line is not known to begin at column 1.
        column = 1
        lineBlanks = -1
        lineIndent = 0
    }

    /// Whether the first NDJSON line after a corrupt stretch, which did not parse, is the rest
    /// of a line the stretch cut: it does not begin (after blanks) with `{`, or it begins with
    /// a whole object that more of the line follows (the cut fell just before a nested
    /// object). Such a tail is part of the gap the LC403 already reports; a whole malformed
    /// entry (one that begins with `{` and is not such a tail) is still LC401. The rule of
    /// ``LineStage``'s `isTailOfCutLine` for native lines.
    private static func isTailOfCutLine(_ p: UnsafePointer<UInt8>, _ count: Int, _ failure: ScanFailure) -> Bool {
        var first = 0
        while first < count, p[first] == 0x20 || p[first] == 0x09 || p[first] == 0x0D { first += 1 }
        guard first < count else { return false }
        return p[first] != 0x7B || failure.expected == UnifiedLogEntry.textAfterTheObject
    }

    // MARK: Records

    /// Translates one export object that starts on `line` (at byte `column` of it).
    ///
    /// An object that is not an export entry (a native record, or one with none of the
    /// entry keys) is LC401, so that a native log read as an export is not silently empty.
    ///
    /// - Parameter cutShort: the object is the last line of the input without its `\n`:
    ///   if it is not valid JSON the writer was cut off (LC403), not wrong (LC401).
    /// - Parameter afterGap: the first NDJSON line after a corrupt stretch: the tail of the
    ///   line the stretch cut is skipped without a finding.
    func object(_ p: UnsafePointer<UInt8>, _ count: Int, line: Int, column: Int, cutShort: Bool, afterGap: Bool = false) {
        let entry: UnifiedLogEntry
        do throws(ScanFailure) {
            entry = try UnifiedLogEntry.parse(p, count, stack: &stack)
        } catch {
            if afterGap && Self.isTailOfCutLine(p, count, error) { return }
            let message = Self.locate(error, p, line: line, column: column)
            if cutShort {
                let padding = LineFramer.nulPadding(UnsafeRawBufferPointer(start: p, count: count))
                report(.truncated(line: line, byteOffset: nil, message: padding ?? "last line is cut short: " + message))
            } else {
                report(.malformed(line: line, message: message))
            }
            return
        }
        if let problem = entry.notAnExportEntry {
            // Not silence: a native log read as an export would otherwise replay nothing.
            report(.malformed(line: line, message: problem))
            return
        }
        if entry.exportKeys != .finished { entries += 1 }
        if UnifiedLogEntry.value(entry.eventType, in: p, is: "lossEvent") {
            // The log says records are missing here (LC404): a gap is a gap, whatever the filter.
            report(.lost(line: line, message: Self.lossMessage(entry, p)))
            if let stamp = entry.timestamp, stamp.kind == .string,
                let time = try? Timestamp.parseUnifiedLog(UnifiedLogEntry.bytes(of: stamp, in: p))
            {
                diagnostics[diagnostics.count - 1].problem.time = time
            }
            return
        }
        if filter.isActive && Self.filterKeeps(entry, p, filter: filter) { filterMatches += 1 }
        let native: NativeLine?
        do throws(ScanFailure) {
            native = try Self.nativeLine(entry, p, filter: filter)
        } catch {
            report(.malformed(line: line, message: error.message))
            return
        }
        guard let native = system.take(native, entry, p, count, line: line) else { return }
        if lastRecordLine == line {
            report(
                .malformed(
                    line: line,
                    message: "a second lifecycle record starts on this line: lctrace needs one record per line (export with --style ndjson or --style json)"))
            return
        }
        lastRecordLine = line
        write(native.json)
    }

    /// Where a syntax error is: `… at column 34` on one line, `… at line 12, column 5` in a
    /// record over several lines.
    private static func locate(_ error: ScanFailure, _ p: UnsafePointer<UInt8>, line: Int, column: Int) -> String {
        guard let offset = error.offset else { return error.message }
        var lineOffset = 0
        var lastNewline = -1
        for k in 0..<offset where p[k] == 0x0A {
            lineOffset += 1
            lastNewline = k
        }
        if lastNewline < 0 {
            let at = column + offset + 1
            return error.expected + " at column \(at)"
        }
        return error.expected + " at line \(line + lineOffset), column \(offset - lastNewline)"
    }

    /// The native record for an export record, `nil` when it is not a lifecycle event (or
    /// is filtered out).
    ///
    /// - Throws: why a lifecycle record cannot be read: a bad `timestamp` or `processID`, a
    ///   redacted detail.
    static func nativeLine(_ entry: UnifiedLogEntry, _ p: UnsafePointer<UInt8>, filter: UnifiedLogFilter) throws(ScanFailure) -> NativeLine? {
        if !filter.subsystems.isEmpty || !filter.categories.isEmpty {
            let subsystem = UnifiedLogEntry.string(of: entry.subsystem, in: p)
            let category = UnifiedLogEntry.string(of: entry.category, in: p)
            guard filter.keeps(subsystem: subsystem, category: category) else { return nil }
        }
        if let m = entry.eventMessage, m.kind == .string, !m.flag, entry.eventType == nil || UnifiedLogEntry.value(entry.eventType, in: p, is: "logEvent"),
            !UnifiedLogMessage.firstWordMayBeEvent(p + m.start, m.end - m.start)
        {
            return nil
        }
        let message: [UInt8] = entry.eventMessage.flatMap { $0.kind == .string ? UnifiedLogEntry.bytes(of: $0, in: p) : nil } ?? []
        var event: LifecycleEvent
        var details: ArraySlice<UInt8> = message[...]
        var phase: String?
        if UnifiedLogEntry.value(entry.eventType, in: p, is: "signpostEvent") {
            guard let nameValue = entry.signpostName, nameValue.kind == .string else { return nil }
            let name = UnifiedLogEntry.bytes(of: nameValue, in: p)
            let begin = UnifiedLogEntry.value(entry.signpostType, in: p, is: "begin")
            let end = UnifiedLogEntry.value(entry.signpostType, in: p, is: "end")
            if let named = UnifiedLogMessage.event(named: name[...]) {
                event = named
                if begin { phase = "begin" } else if end { phase = "end" }
            } else if name.elementsEqual("bgtask".utf8) || name.elementsEqual("backgroundTask".utf8) {
                // An interval around a background task: its begin and end are the two events.
                guard begin || end else { return nil }
                event = begin ? .bgtaskBegin : .bgtaskEnd
            } else if let leading = UnifiedLogMessage.leadingEvent(message[...]) {
                event = leading.event
                details = leading.rest
                if begin { phase = "begin" } else if end { phase = "end" }
            } else {
                return nil
            }
        } else if entry.eventType == nil ? entry.eventMessage != nil : UnifiedLogEntry.value(entry.eventType, in: p, is: "logEvent") {
            guard let leading = UnifiedLogMessage.leadingEvent(message[...]) else { return nil }
            event = leading.event
            details = leading.rest
        } else {
            return nil
        }

        // A lifecycle record from here on: what is wrong with it is a finding.
        let parsed = try UnifiedLogMessage.details(details)
        guard let stamp = entry.timestamp else { throw ScanFailure("missing key 'timestamp'") }
        guard stamp.kind == .string else {
            throw ScanFailure("'timestamp' must be a string like \"\(Timestamp.unifiedLogExample)\"")
        }
        let time = try Timestamp.parseUnifiedLog(UnifiedLogEntry.bytes(of: stamp, in: p))
        var pid: Int64?
        if let value = entry.processID {
            guard value.kind == .number, !value.flag,
                let n = Int64(String(decoding: UnsafeBufferPointer(start: p + value.start, count: value.end - value.start), as: UTF8.self))
            else { throw ScanFailure("'processID' must be an integer") }
            pid = n
        }
        var fields: [(key: String, value: NativeLine.Value)] = []
        var detailPhase: String?
        for d in parsed {
            switch d.key {
            case "pid":
                guard !d.quoted, let n = Int64(d.value) else { throw ScanFailure("'pid' must be an integer, found '\(d.value)'") }
                pid = n
            case "phase": detailPhase = d.value
            case "task":
                if !d.quoted, let n = Int64(d.value) { fields.append(("task", .integer(n))) } else { fields.append(("task", .string(d.value))) }
            case "modes":
                guard event == .meta else { continue }
                fields.append(("modes", .strings(d.value.split(separator: ",").map(String.init))))
            case "refresh":
                guard event == .meta else { continue }
                switch d.value {
                case "true": fields.append(("refresh", .bool(true)))
                case "false": fields.append(("refresh", .bool(false)))
                default: throw ScanFailure("'refresh' must be true or false, found '\(d.value)'")
                }
            case "os", "app", "model", "version", "sdk":
                guard event == .meta else { continue }
                fields.append((d.key, .string(d.value)))
            default:
                fields.append((d.key, .string(d.value)))
            }
        }
        if let task = signpostTask(entry, p, event: event, fields: fields) { fields.append(("task", task)) }
        if let p = phase ?? detailPhase { fields.insert(("phase", .string(p)), at: 0) }
        if let pid { fields.insert(("pid", .integer(pid)), at: 0) }
        return NativeLine(time: time, event: event.canonicalName, fields: fields)
    }
}
