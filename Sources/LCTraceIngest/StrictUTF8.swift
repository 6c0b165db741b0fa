/// Strict UTF-8 (RFC 3629): no overlong forms, no encoded surrogates
/// (`ED A0`–`ED BF`), nothing above U+10FFFF, no stray continuation bytes.
package enum StrictUTF8 {
    /// The length of the valid multi-byte sequence that starts at `p[i]`
    /// (a byte ≥ 0x80), 0 when it is invalid, or -1 when it is valid so far but
    /// cut by the end `n`.
    @inline(__always)
    package static func sequenceLength(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        let lead = p[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        // The second byte has the lead-specific range; the rest are plain continuations.
        var k = 1
        while k < length {
            if i + k >= n { return -1 }
            let c = p[i + k]
            if k == 1 {
                if c < low || c > high { return 0 }
            } else if c & 0xC0 != 0x80 {
                return 0
            }
            k += 1
        }
        return length
    }

    /// Whether a block holds a line of text: a line (ended by `\n`, or by the end of the block)
    /// with at least one character other than space, tab and CR, that is valid UTF-8 (a
    /// sequence cut at the block's end is fine) and holds no NUL or other control character
    /// but tab and CR. One such line makes a file text: its other lines are read one by one,
    /// and a damaged one is LC401 alone.
    package static func hasLineOfText(_ block: UnsafeRawBufferPointer) -> Bool {
        guard let base = block.baseAddress else { return false }
        let p = base.assumingMemoryBound(to: UInt8.self)
        let n = block.count
        var i = 0
        // The line under way: still clean, and whether it has a visible character yet.
        var clean = true
        var visible = false
        while i < n {
            let c = p[i]
            if c == 0x0A {
                if clean && visible { return true }
                clean = true
                visible = false
                i += 1
                continue
            }
            if !clean {
                i += 1
                continue
            }
            if c < 0x80 {
                if c < 0x20 && c != 0x09 && c != 0x0D {
                    clean = false
                } else if c != 0x20 && c != 0x09 && c != 0x0D {
                    visible = true
                }
                i += 1
                continue
            }
            let length = sequenceLength(p, i, n)
            if length < 0 { break }  // cut by the end of the block: valid so far
            if length == 0 {
                clean = false
                i += 1
                continue
            }
            visible = true
            i += length
        }
        return clean && visible
    }
}
