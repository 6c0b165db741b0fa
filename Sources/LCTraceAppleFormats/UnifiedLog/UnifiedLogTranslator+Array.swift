import LCTraceIngest
import LCTracePlatform

/// The JSON-array form (`log show --style json`): records over many lines, separated by `,`,
/// inside `[` … `]`.
///
/// The translator reads the array's own punctuation between records, and never a record's
/// inside: a record is walked by ``JSONLexer/ContainerWalk``, the lexer's one walk of
/// containers, as its text arrives, so strings, escapes and nesting are read by one lexer. A
/// record that ends on the line it starts on (the compact forms) is read where it lies; one
/// that goes on is held, and the walk goes on each time the held text has doubled and, to
/// catch up, at every line that may end the record, so each byte is walked once and what is
/// known about the record where a decision is made never depends on how the input was cut
/// into reads. When the walk finds that the record ended inside the text held (a compact
/// record found late), the text after its end is read again from that point: at most as much
/// as the record itself, by the doubling.
///
/// The layout has the last word where the grammar cannot have it. A line whose first byte that
/// is not blank is a `}` or `{`, no deeper than the line the record began on (or than the
/// records before it: `log show` writes these in column 1, `jq .` indented by one level), is
/// where a pretty-printer ends a record: a `}` there ends the held record whatever its nesting
/// says, a `{` there starts the next record. So a record that breaks the grammar, or one never
/// closed, does not swallow the records after it. (A `]` there is not taken for the array's
/// end: a line break that corrupts a string can leave one in column 1.)
extension UnifiedLogTranslator {
    /// Reads array-form text: punctuation between records here, records in ``startRecord(_:_:_:trusted:)``
    /// and ``continueRecord(_:_:_:)``.
    func translateArray(_ p: UnsafePointer<UInt8>, _ n: Int) {
        lineEndBase = nil  // decoded chunks reuse their buffers
        var i = 0
        while i < n {
            if inObject {
                i = continueRecord(p, i, n)
                continue
            }
            let c = p[i]
            // Between objects.
            i += 1
            if c == 0x0A {
                lineNumber += 1
                column = 0
                lineBlanks = 0
                writeNewlines(1)
                continue
            }
            column += 1
            if c == 0x20 || c == 0x09 {
                if lineBlanks >= 0 { lineBlanks += 1 }
                continue
            }
            if c == 0x0D { continue }
            let firstOnLine = lineBlanks >= 0
            if firstOnLine {
                lineIndent = lineBlanks
                lineBlanks = -1
            }
            if arrayState == .resync {
                // The rest of a record a corrupt stretch cut: no finding. A raw line end is
                // never inside a JSON string, so a bracket that begins a line no deeper than
                // the records before it (column 1 in `log show`'s layout) is structure.
                guard firstOnLine, lineIndent <= (layoutIndent ?? 0) else { continue }
                switch c {
                case 0x7D: arrayState = .after
                case 0x5D:
                    arrayState = .done
                    arrayClosed = true
                case 0x7B:
                    column -= 1
                    i = startRecord(p, i - 1, n)
                default: break
                }
                continue
            }
            if column == 1, lineNumber == 0, c == 0xEF, i + 1 < n, p[i] == 0xBB, p[i + 1] == 0xBF {
                i += 2
                column = 0
                lineBlanks = 0
                continue
            }
            if c == 0 {
                // NUL padding (what a writer killed mid-write leaves), unless text follows it.
                if nulRunAt == nil { nulRunAt = (lineNumber + 1, column) }
                continue
            }
            if let at = nulRunAt {
                // Text after NULs: they were no padding; the first is where the array went wrong.
                nulRunAt = nil
                unexpected(line: at.line, column: at.column)
            }
            switch (arrayState, c) {
            case (.start, 0x5B), (.done, 0x5B):
                arrayState = .first
                arrayClosed = false
            case (.first, 0x5D), (.after, 0x5D), (.lenient, 0x5D):
                arrayState = .done
                arrayClosed = true
            case (.first, 0x7B), (.next, 0x7B), (.lenient, 0x7B):
                // After an error, a `{` may be a nested object's: a record all the same, but
                // not one that says how the export is laid out.
                let trusted = arrayState != .lenient
                column -= 1
                i = startRecord(p, i - 1, n, trusted: trusted)
            case (.after, 0x2C), (.lenient, 0x2C): arrayState = .next
            case (.lenient, _): break
            default:
                unexpected(line: lineNumber + 1, column: column)
                if c == 0x7B {
                    // A record where a ',' was missing: read it all the same.
                    column -= 1
                    i = startRecord(p, i - 1, n)
                }
            }
        }
    }

    /// A byte the array's punctuation does not allow at `line`, `column` (one finding a line):
    /// LC401, and what follows is skipped up to a record, a `,` or a `]`.
    private func unexpected(line: Int, column: Int) {
        let expected: String
        switch arrayState {
        case .start: expected = "expected '[' at the start of a JSON array export"
        case .first: expected = "expected a record ('{') or ']'"
        case .next: expected = "expected a record ('{') after ','"
        case .after: expected = "expected ',' or ']' after a record"
        case .done: expected = "expected nothing after the JSON array's ']'"
        case .lenient, .resync: return
        }
        if errorLine != line {
            errorLine = line
            report(.malformed(line: line, message: expected + " at column \(column)"))
        }
        arrayState = .lenient
    }

    // MARK: Records

    /// Starts the record whose `{` is `p[b]` (at `column`); returns where reading goes on.
    private func startRecord(_ p: UnsafePointer<UInt8>, _ b: Int, _ n: Int, trusted: Bool = true) -> Int {
        inObject = true
        objectTrusted = trusted
        objectLine = lineNumber + 1
        objectColumn = column
        objectIndent = lineIndent
        objectNewlines = 0
        pendingCount = 0
        pendingOverlong = false
        objectBroken = false
        overlongPadding = nil
        walk.reset()
        // The compact forms end a record on the line it starts on: read it in place.
        let end = lineEnd(p, b, n)
        switch walk.advance(p + b, end - b) {
        case .closed(let length):
            if objectTrusted { layoutIndent = min(layoutIndent ?? objectIndent, objectIndent) }
            column += length
            inObject = false
            arrayState = .after
            record(p + b, length)
            return b + length
        case .open: break
        case .broken: markBroken()
        }
        askedAt = end - b
        return hold(p, b, end)
    }

    /// Reads on in a held record from `p[i]`: a line boundary, or the rest of a line.
    private func continueRecord(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        guard column == lineBlanks else { return hold(p, i, lineEnd(p, i, n)) }
        // Nothing but blanks on this line so far: its first byte that is not blank decides.
        var k = i
        while k < n, p[k] == 0x20 || p[k] == 0x09 { k += 1 }
        if k == n {
            lineBlanks += k - i
            return hold(p, i, k)
        }
        let c = p[k]
        let indent = column + k - i
        lineIndent = indent
        lineBlanks = -1
        guard indent <= max(objectIndent, layoutIndent ?? 0), c == 0x7D || c == 0x7B else {
            return hold(p, i, lineEnd(p, i, n))
        }
        // A bracket no deeper than the record's own line: where a pretty-printer ends it.
        if c == 0x7D {
            // The record ends with this `}`, whatever its nesting says.
            if !pendingOverlong, !objectBroken, pendingCount + k + 1 - i > limit + 1, case .closed(let length) = heldEnd() {
                // Before it is given up as too long: it may have ended in the text held.
                closeHeld(at: length)
                return i
            }
            if !pendingOverlong {
                if pendingCount + k + 1 - i <= limit + 1 {
                    appendHeld(p + i, k + 1 - i)
                } else {
                    pendingOverlong = true
                    pendingCount = 0
                }
            }
            column = indent + 1
            if !pendingOverlong, !objectBroken, case .closed(let length) = heldEnd() {
                closeHeld(at: length)
            } else {
                endHeld(record: true)  // the parse names what is wrong with it
            }
            return k + 1
        }
        // A `{` starts the next record: the held record has ended. The walk catches up first.
        if !pendingOverlong, !objectBroken {
            switch heldEnd() {
            case .closed(let length):
                // It ended earlier (a compact record): read what followed it, then this line.
                closeHeld(at: length)
                return i
            case .open: break
            case .broken: markBroken()
            }
        }
        if pendingOverlong {
            report(.malformed(line: objectLine, message: "record longer than \(limit) bytes"))
            endHeld(record: false)
        } else if objectBroken {
            endHeld(record: true)  // the parse names the record's first error
        } else {
            report(.malformed(line: objectLine, message: "record is not closed before line \(lineNumber + 1)"))
            endHeld(record: false)
        }
        column = indent
        return startRecord(p, k, n)
    }

    /// Holds `p[from..<end]` (the rest of a line, or of the chunk) as part of the record, and
    /// walks on at the end of a line, or when the held text has doubled.
    private func hold(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Int {
        let count = end - from
        if !pendingOverlong {
            let room = limit + 1 - pendingCount
            if count <= room {
                appendHeld(p + from, count)
            } else {
                // Before the record is given up as too long: it may have ended in the text
                // held so far (compact records on one long line).
                appendHeld(p + from, room)
                if !objectBroken, case .closed(let length) = heldEnd() {
                    closeHeld(at: length)
                    return from + room
                }
                // NUL padding past the limit (a killed writer's) is still the record cut short,
                // if the input ends in it: said where it begins, as native logs say it.
                overlongPadding = Self.allNUL(p + from + room, count - room) ? nulPadding(followedByNULs: true) : nil
                pendingOverlong = true
                pendingCount = 0
            }
        } else if overlongPadding != nil, !Self.allNUL(p + from, count) {
            overlongPadding = nil
        }
        let endsLine = count > 0 && p[end - 1] == 0x0A
        if endsLine {
            lineNumber += 1
            objectNewlines += 1
            column = 0
            lineBlanks = 0
        } else {
            column += count
        }
        guard !pendingOverlong, !objectBroken, pendingCount >= 2 * askedAt else { return end }
        switch heldEnd() {
        case .closed(let length): closeHeld(at: length)
        case .open: break
        case .broken: markBroken()
        }
        return end
    }

    /// At the end of the input: a record or the array left open.
    func finishArray() {
        if inObject {
            if pendingOverlong {
                if let padding = overlongPadding {
                    report(.truncated(line: objectLine, byteOffset: nil, message: padding))
                } else {
                    // Too long to be walked to its end: what it is, is known.
                    report(.malformed(line: objectLine, message: "record longer than \(limit) bytes"))
                }
            } else {
                if !objectBroken {
                    switch heldEnd() {
                    case .closed(let length):
                        // It ended before the end of the input: read what followed it.
                        closeHeld(at: length)
                        finishArray()
                        return
                    case .open:
                        report(.truncated(line: objectLine, byteOffset: nil, message: "last record is cut short: the export ends inside it"))
                    case .broken:
                        markBroken()
                    }
                }
                if objectBroken {
                    if let padding = nulPadding() {
                        // What a writer killed mid-write leaves: the record was cut, not wrong.
                        report(.truncated(line: objectLine, byteOffset: nil, message: padding))
                    } else {
                        endHeld(record: true)
                    }
                }
            }
            inObject = false
            pendingCount = 0
            pendingOverlong = false
            objectBroken = false
        } else if let at = nulRunAt {
            // The export ends in NUL padding: cut short where it begins (or, after its `]`, padded).
            let padding = "NUL padding from line \(at.line), column \(at.column) on (left by a writer killed mid-write)"
            let closed = arrayState == .done || arrayClosed
            report(.truncated(line: at.line, byteOffset: nil, message: (closed ? "the export ends in " : "the export is cut short: ") + padding))
        } else if arrayState != .done, !arrayClosed {
            // (Text after a closed array is LC401 where it is: the array was closed all the same.)
            let line = column > 0 ? lineNumber + 1 : max(lineNumber, 1)
            report(.truncated(line: line, byteOffset: nil, message: "the export is cut short: its JSON array is not closed with ']'"))
        }
        if column > 0 { writeNewlines(1) }
    }

    // MARK: Held text

    /// Before a cut drops the held text: records that ended in it (found late, in compact
    /// layouts) are whole, and are read first.
    func catchUpBeforeCut() {
        while inObject, !pendingOverlong, !objectBroken, case .closed(let length) = heldEnd() {
            closeHeld(at: length)
        }
    }

    /// Where the held record ends: the walk goes on over what was held since it last went.
    private func heldEnd() -> JSONLexer.ContainerEnd {
        askedAt = pendingCount
        return walk.advance(heldBytes, pendingCount)
    }

    /// The held record breaks the grammar: only the layout or the end of the input ends it.
    private func markBroken() {
        objectBroken = true
    }

    /// The LC403 message when the held record breaks the grammar only where NUL padding
    /// begins at the end of the input, else `nil`.
    private func nulPadding(followedByNULs: Bool = false) -> String? {
        let held = heldBytes
        var start = pendingCount
        while start > 0, held[start - 1] == 0 { start -= 1 }
        guard start < pendingCount || followedByNULs else { return nil }
        // The text before the padding must be a record cut short, not a broken one (a token
        // the padding cut, `tr` or `\u00`, fails where it begins, before the NULs).
        var stack = ContainerStack()
        guard case .open = JSONLexer.containerEnd(held, 0, start, stack: &stack) else { return nil }
        var line = objectLine
        var lineStart = 0
        for k in 0..<start where held[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        let column = (line == objectLine ? objectColumn : 0) + start - lineStart + 1
        return "last record is cut short: NUL padding from line \(line), column \(column) on (left by a writer killed mid-write)"
    }

    /// Whether `count` bytes at `p` are all NUL.
    private static func allNUL(_ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for k in 0..<count where p[k] != 0 { return false }
        return true
    }

    private var heldBytes: UnsafePointer<UInt8> { UnsafePointer(pending.base.assumingMemoryBound(to: UInt8.self)) }

    private func appendHeld(_ p: UnsafePointer<UInt8>, _ count: Int) {
        let needed = pendingCount + count
        if needed > pending.capacity { pending.grow(toAtLeast: needed, preserving: pendingCount, limit: limit + 1) }
        (pending.base + pendingCount).copyMemory(from: p, byteCount: count)
        pendingCount = needed
    }

    /// Ends the held record: translates it (`record`) or drops it, and writes its line ends.
    private func endHeld(record translate: Bool) {
        inObject = false
        arrayState = .after
        if translate {
            if pendingOverlong {
                report(.malformed(line: objectLine, message: "record longer than \(limit) bytes"))
            } else {
                record(heldBytes, pendingCount)
            }
        }
        pendingCount = 0
        pendingOverlong = false
        objectBroken = false
        writeNewlines(objectNewlines)
        objectNewlines = 0
    }

    /// The held record ended `length` bytes in: translates it, then reads what was held after
    /// it again, from the line and column where it ended.
    private func closeHeld(at length: Int) {
        let held = heldBytes
        let rest = Array(UnsafeBufferPointer(start: held + length, count: pendingCount - length))
        var newlines = 0
        var lastNewline = -1
        var k = 0
        while k < length, let found = memchr(held + k, 0x0A, length - k) {
            lastNewline = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - held
            newlines += 1
            k = lastNewline + 1
        }
        let restColumn = lastNewline < 0 ? objectColumn + length : length - lastNewline - 1
        var restIndent = objectIndent
        if lastNewline >= 0 {
            restIndent = 0
            while held[lastNewline + 1 + restIndent] == 0x20 || held[lastNewline + 1 + restIndent] == 0x09 { restIndent += 1 }
        }
        pendingCount = length
        objectNewlines = newlines
        if objectTrusted { layoutIndent = min(layoutIndent ?? objectIndent, objectIndent) }
        endHeld(record: true)
        lineNumber = objectLine - 1 + newlines
        column = restColumn
        lineIndent = restIndent
        lineBlanks = -1
        rest.withUnsafeBufferPointer { text in
            if let base = text.baseAddress { translateArray(base, text.count) }
        }
    }

    /// Translates one whole record (or reports it as too long).
    private func record(_ p: UnsafePointer<UInt8>, _ count: Int) {
        if count > limit {
            report(.malformed(line: objectLine, message: "record longer than \(limit) bytes"))
            return
        }
        sawRecord = true
        object(p, count, line: objectLine, column: objectColumn, cutShort: false)
    }

    /// The index after the `\n` that ends the line `p[i]` is on, or `n`.
    private func lineEnd(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        if p == lineEndBase, i < lineEndAt { return lineEndAt }
        lineEndBase = p
        if let found = memchr(p + i, 0x0A, n - i) {
            lineEndAt = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - p + 1
        } else {
            lineEndAt = n
        }
        return lineEndAt
    }
}
