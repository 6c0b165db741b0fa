import LCTraceIngest
import LCTracePlatform

/// The JSON-array form (`log show --style json`): records over many lines, separated by `,`,
/// inside `[` … `]`.
///
/// The translator reads the array's own punctuation between records, and never a record's
/// inside: where a record ends is asked of ``JSONLexer/containerEnd(_:_:_:stack:)``, the walk
/// that also parses it, so strings, escapes and nesting are read by one lexer. A record that
/// ends on the line it starts on (the compact forms) is read where it lies; one that goes on is
/// held, line by line, and the lexer is asked again at a line that may end it (one that begins
/// with `}` or `]` no deeper than the record's `{`) or once the held text has doubled, so a
/// record is walked a bounded number of times whatever its layout. When the lexer finds that
/// the record ended before the text held (compact records, found late), the text after its end
/// is read again from that point.
///
/// `log show` starts every record's closing line in column 1, so the lines have the last word:
/// a `}` in column 1 ends the record whatever the nesting says, a `{` in column 1 starts a new
/// one (the open one was never closed). A record that breaks the grammar is held to such a
/// line, or to a `]` in column 1, and reported with the lexer's first error.
extension UnifiedLogTranslator {
    /// Reads array-form text: punctuation between records here, records in ``startRecord(_:_:_:)``
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
            if lineBlanks >= 0 {
                lineIndent = lineBlanks
                lineBlanks = -1
            }
            if arrayState == .resync {
                // The rest of a record a corrupt stretch cut: no finding. A raw line end is
                // never inside a JSON string, so a bracket in column 1 is structure.
                guard column == 1 else { continue }
                switch c {
                case 0x7D: arrayState = .after
                case 0x5D: arrayState = .done
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
            switch (arrayState, c) {
            case (.start, 0x5B), (.done, 0x5B): arrayState = .first
            case (.first, 0x5D), (.after, 0x5D), (.lenient, 0x5D): arrayState = .done
            case (.first, 0x7B), (.next, 0x7B), (.lenient, 0x7B):
                column -= 1
                i = startRecord(p, i - 1, n)
            case (.after, 0x2C), (.lenient, 0x2C): arrayState = .next
            case (.lenient, _): break
            default:
                let expected: String
                switch arrayState {
                case .start: expected = "expected '[' at the start of a JSON array export"
                case .first: expected = "expected a record ('{') or ']'"
                case .next: expected = "expected a record ('{') after ','"
                case .after: expected = "expected ',' or ']' after a record"
                case .done: expected = "expected nothing after the JSON array's ']'"
                case .lenient, .resync: expected = ""
                }
                if errorLine != lineNumber + 1 {
                    errorLine = lineNumber + 1
                    report(.malformed(line: lineNumber + 1, message: expected + " at column \(column)"))
                }
                arrayState = .lenient
                if c == 0x7B {
                    // A record where a ',' was missing: read it all the same.
                    column -= 1
                    i = startRecord(p, i - 1, n)
                }
            }
        }
    }

    // MARK: Records

    /// Starts the record whose `{` is `p[b]` (at `column`); returns where reading goes on.
    private func startRecord(_ p: UnsafePointer<UInt8>, _ b: Int, _ n: Int) -> Int {
        inObject = true
        objectLine = lineNumber + 1
        objectColumn = column
        objectIndent = lineIndent
        objectNewlines = 0
        pendingCount = 0
        pendingOverlong = false
        objectBroken = false
        // The compact forms end a record on the line it starts on: read it in place.
        let end = lineEnd(p, b, n)
        switch JSONLexer.containerEnd(p + b, 0, end - b, stack: &stack) {
        case .closed(let length):
            layoutIndent = objectIndent
            column += length
            inObject = false
            arrayState = .after
            record(p + b, length)
            return b + length
        case .open: break
        case .broken: objectBroken = true
        }
        askedAt = end - b
        return hold(p, b, end, mayEnd: false)
    }

    /// Reads on in a held record from `p[i]`: a line boundary, or the rest of a line.
    private func continueRecord(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        guard column == lineBlanks else { return hold(p, i, lineEnd(p, i, n), mayEnd: false) }
        // Nothing but blanks on this line so far: its first byte that is not blank decides.
        if column == 0 {
            switch p[i] {
            case 0x7B: return recordInterrupted(p, i, n)
            case 0x7D: return recordClosedInColumnOne(p, i)
            default: break
            }
        }
        var k = i
        while k < n, p[k] == 0x20 || p[k] == 0x09 { k += 1 }
        if k == n {
            lineBlanks += k - i
            return hold(p, i, k, mayEnd: false)
        }
        let c = p[k]
        let indent = column + k - i
        lineIndent = indent
        lineBlanks = -1
        // A bracket no deeper than the record's own line (or the records before it): where a
        // pretty-printer ends it.
        let boundary = indent <= max(objectIndent, layoutIndent) && (c == 0x7D || c == 0x7B || c == 0x5D)
        if boundary, objectBroken || pendingOverlong {
            // The lexer cannot say where a broken record ends: the layout does.
            if c == 0x7D {
                _ = hold(p, i, k + 1, mayEnd: false)
                endHeld(record: true)
                return k + 1
            }
            _ = hold(p, i, k, mayEnd: false)
            endHeld(record: true)
            arrayState = .lenient
            return k
        }
        return hold(p, i, lineEnd(p, i, n), mayEnd: boundary)
    }

    /// Holds `p[from..<end]` (the rest of a line, or of the chunk) as part of the record, and
    /// asks the lexer whether the record has ended when that is due.
    private func hold(_ p: UnsafePointer<UInt8>, _ from: Int, _ end: Int, mayEnd: Bool) -> Int {
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
                pendingOverlong = true
                pendingCount = 0
            }
        }
        if count > 0, p[end - 1] == 0x0A {
            lineNumber += 1
            objectNewlines += 1
            column = 0
            lineBlanks = 0
        } else {
            column += count
        }
        guard !pendingOverlong, !objectBroken else { return end }
        let due = mayEnd ? 2 * askedAt : max(2 * askedAt, Self.firstAskWithoutBoundary)
        guard pendingCount >= due else { return end }
        switch heldEnd() {
        case .closed(let length): closeHeld(at: length)
        case .open: break
        case .broken: objectBroken = true
        }
        return end
    }

    /// A `{` in column 1 while a record is held: a new record starts there, so the held one has
    /// ended, whatever it says.
    private func recordInterrupted(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        if pendingOverlong {
            report(.malformed(line: objectLine, message: "record longer than \(limit) bytes"))
            endHeld(record: false)
        } else {
            switch objectBroken ? nil : heldEnd() {
            case .closed(let length)?:
                // It ended earlier (a compact record): read what followed it, then this `{`.
                closeHeld(at: length)
                return i
            case .open?:
                report(.malformed(line: objectLine, message: "record is not closed before line \(lineNumber + 1)"))
                endHeld(record: false)
            case .broken?, nil:
                endHeld(record: true)  // the parse names the record's first error
            }
        }
        lineIndent = 0
        lineBlanks = -1
        return startRecord(p, i, n)
    }

    /// A `}` in column 1 while a record is held: it ends the record whatever the nesting says.
    private func recordClosedInColumnOne(_ p: UnsafePointer<UInt8>, _ i: Int) -> Int {
        if !pendingOverlong {
            if pendingCount < limit + 1 {
                appendHeld(p + i, 1)
            } else {
                pendingOverlong = true
                pendingCount = 0
            }
        }
        column = 1
        lineIndent = 0
        lineBlanks = -1
        if !pendingOverlong, !objectBroken, case .closed(let length) = heldEnd() {
            // If it ended earlier, what followed it, this `}` included, is read again after it.
            closeHeld(at: length)
            return i + 1
        }
        endHeld(record: true)
        return i + 1
    }

    /// At the end of the input: a record or the array left open.
    func finishArray() {
        if inObject {
            if pendingOverlong {
                report(.truncated(line: objectLine, byteOffset: nil, message: "last record is cut short: the export ends inside it"))
            } else {
                switch objectBroken ? nil : heldEnd() {
                case .closed(let length)?:
                    // It ended before the end of the input: read what followed it.
                    closeHeld(at: length)
                    finishArray()
                    return
                case .open?:
                    report(.truncated(line: objectLine, byteOffset: nil, message: "last record is cut short: the export ends inside it"))
                case .broken?, nil:
                    endHeld(record: true)
                }
            }
            inObject = false
            pendingCount = 0
            pendingOverlong = false
            objectBroken = false
        } else if arrayState != .done {
            let line = column > 0 ? lineNumber + 1 : max(lineNumber, 1)
            report(.truncated(line: line, byteOffset: nil, message: "the export is cut short: its JSON array is not closed with ']'"))
        }
        if column > 0 { writeNewlines(1) }
    }

    // MARK: Held text

    /// The first time a held record is asked about without a line that may end it: records
    /// of `log show` end at a `}` in column 1 long before this.
    private static let firstAskWithoutBoundary = 4096

    /// Where the held record ends, by the lexer.
    private func heldEnd() -> JSONLexer.ContainerEnd {
        askedAt = pendingCount
        return JSONLexer.containerEnd(heldBytes, 0, pendingCount, stack: &stack)
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
        layoutIndent = objectIndent
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
        if count > limit + 1 {
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
