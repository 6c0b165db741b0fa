import LCTracePlatform

/// Splits decoded chunks into lines (`\n` or `\r\n`), counting them from 1.
///
/// Lines are handed out in place, pointing into the chunk; only a line that
/// straddles two chunks is copied, into the carry buffer. A line longer than
/// the limit is reported once and its bytes are dropped up to the next `\n`,
/// so the carry buffer never holds more than the limit (plus a CR).
package struct LineFramer: ~Copyable {
    /// What ``next(in:at:)`` found.
    package enum Line {
        /// A line's bytes, without the line end; valid until the next call.
        case line(UnsafeRawBufferPointer, number: Int)
        /// A line longer than the limit, skipped.
        case overlong(number: Int)
    }

    /// The longest line, without its line end.
    package let limit: Int
    /// The carry buffer for the start of a line whose end has not arrived yet.
    private var carry = RawBuffer(capacity: 4096)
    private var carryCount = 0
    /// True while dropping the rest of an overlong line.
    private var skipping = false
    /// True while the line under way is over the limit by NUL bytes alone: the NUL padding a
    /// writer killed mid-write leaves at the end of a file. If the input ends inside it, it is
    /// the cut last line (LC403), not an overlong one; a byte other than NUL, or a line end,
    /// makes it overlong after all.
    private var nulPadded = false
    /// Lines completed so far (blank and overlong ones included).
    package private(set) var lineNumber = 0

    /// The carry buffer's current allocation (tests check that it stays bounded).
    package var carryCapacity: Int { carry.capacity }

    /// Creates a framer with a maximum line length.
    package init(limit: Int) { self.limit = limit }

    /// Appends bytes to the carry buffer; false when the line is over the limit.
    private mutating func appendToCarry(_ bytes: UnsafeRawPointer, _ count: Int, line: Int) -> Bool {
        // One extra byte: a CR before the LF does not count toward the limit; nor does a
        // BOM at the start of line 1 (found by fuzzing: the limit must not depend on
        // where the chunks end).
        let needed = carryCount + count
        let allowed = line == 1 ? limit + 4 : limit + 1
        guard needed <= allowed else { return false }
        if needed > carry.capacity {
            carry.grow(toAtLeast: needed, preserving: carryCount, limit: allowed)
        }
        (carry.base + carryCount).copyMemory(from: bytes, byteCount: count)
        carryCount = needed
        return true
    }

    /// The next complete line in `chunk` from `position` (advanced past it), or
    /// `nil` when the chunk is used up (a partial line is kept for the next chunk).
    ///
    /// Inlined into the reader for the usual case (nothing carried over, not skipping, the line
    /// ends in this chunk): one `memchr` and no call; everything else is ``nextInGeneral(in:at:)``.
    @inline(__always)
    package mutating func next(in chunk: UnsafeRawBufferPointer, at position: inout Int) -> Line? {
        if carryCount == 0, !skipping, !nulPadded, let base = chunk.baseAddress, position < chunk.count,
            let found = memchr(base + position, 0x0A, chunk.count - position)
        {
            let start = position
            let newline = UnsafeRawPointer(found) - base
            position = newline + 1
            lineNumber += 1
            return complete(base + start, newline - start)
        }
        return nextInGeneral(in: chunk, at: &position)
    }

    /// ``next(in:at:)`` in every case: lines carried over from the last chunk, overlong lines
    /// being skipped, NUL padding.
    @inline(never)
    private mutating func nextInGeneral(in chunk: UnsafeRawBufferPointer, at position: inout Int) -> Line? {
        guard let base = chunk.baseAddress else { return nil }
        let end = chunk.count
        while position < end {
            let start = position
            guard let found = memchr(base + start, 0x0A, end - start) else {
                position = end
                if skipping { return nil }
                if nulPadded {
                    if Self.allNUL(base + start, end - start) { return nil }
                    return overlongPartialLine()
                }
                if !appendToCarry(base + start, end - start, line: lineNumber + 1) {
                    // Within the limit, then NULs only: perhaps padding at the end of the file.
                    let room = max(0, limit - carryCount)
                    if room < end - start, Self.allNUL(base + start + room, end - start - room) {
                        _ = appendToCarry(base + start, room, line: lineNumber + 1)
                        nulPadded = true
                        return nil
                    }
                    return overlongPartialLine()
                }
                return nil
            }
            let newline = UnsafeRawPointer(found) - base
            position = newline + 1
            lineNumber += 1
            if skipping {
                skipping = false
                continue
            }
            if nulPadded {
                // The padded line ended after all: a complete line over the limit.
                nulPadded = false
                carryCount = 0
                return .overlong(number: lineNumber)
            }
            if carryCount > 0 {
                guard appendToCarry(base + start, newline - start, line: lineNumber) else {
                    carryCount = 0
                    return .overlong(number: lineNumber)
                }
                let count = carryCount
                carryCount = 0
                return complete(UnsafeRawPointer(carry.base), count)
            }
            return complete(base + start, newline - start)
        }
        return nil
    }

    /// The partial line went over the limit: drop it up to the next `\n`.
    private mutating func overlongPartialLine() -> Line {
        carryCount = 0
        nulPadded = false
        skipping = true
        return .overlong(number: lineNumber + 1)
    }

    /// Whether `count` bytes at `start` are all NUL.
    private static func allNUL(_ start: UnsafeRawPointer, _ count: Int) -> Bool {
        let p = start.assumingMemoryBound(to: UInt8.self)
        for i in 0..<count where p[i] != 0 { return false }
        return true
    }

    /// At the end of the stream: the last line if it had no `\n`, else `nil`. A last line
    /// padded with NULs past the limit is handed out cut at the limit.
    package mutating func finish() -> Line? {
        let padded = nulPadded
        nulPadded = false
        guard !skipping, carryCount > 0 else {
            skipping = false
            return nil
        }
        lineNumber += 1
        // Padding may have filled the byte kept for a CR: the cut line is at most the limit,
        // whatever the read size.
        let count = padded ? min(carryCount, limit) : carryCount
        carryCount = 0
        return complete(UnsafeRawPointer(carry.base), count)
    }

    /// Drops a partial line (the stream was cut inside it).
    package mutating func discardPartialLine() {
        carryCount = 0
        skipping = false
        nulPadded = false
    }

    /// Counts `count` lines framed elsewhere (a frame worker's, ``FrameRing``), with no
    /// partial line under way: the next line is numbered after them.
    mutating func countLines(_ count: Int) {
        lineNumber += count
    }

    /// Counts one line for a lost region of the stream (corrupt data skipped), so the
    /// lines after it are numbered from the line the loss was reported at, plus one.
    package mutating func countLostRegion() {
        lineNumber += 1
    }

    /// The LC403 message of a last line that ends in NUL padding (what a writer killed
    /// mid-write leaves behind), or `nil` when it does not: every reader names it so.
    package static func nulPadding(_ line: UnsafeRawBufferPointer) -> String? {
        guard let nul = line.firstIndex(of: 0), line[nul...].allSatisfy({ $0 == 0 }) else { return nil }
        return "last line is cut short: NUL padding from column \(nul + 1) on (left by a writer killed mid-write)"
    }

    /// Strips the CR of a CRLF and a BOM at the start of the stream; checks the limit.
    @inline(__always)
    private func complete(_ start: UnsafeRawPointer, _ count: Int) -> Line {
        var start = start
        var count = count
        if count > 0, start.load(fromByteOffset: count - 1, as: UInt8.self) == 0x0D { count -= 1 }
        if lineNumber == 1, count >= 3, start.load(as: UInt8.self) == 0xEF,
            start.load(fromByteOffset: 1, as: UInt8.self) == 0xBB, start.load(fromByteOffset: 2, as: UInt8.self) == 0xBF
        {
            start += 3
            count -= 3
        }
        if count > limit { return .overlong(number: lineNumber) }
        return .line(UnsafeRawBufferPointer(start: start, count: count), number: lineNumber)
    }
}
