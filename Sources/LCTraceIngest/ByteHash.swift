/// The hash used by the ingest layer's byte-keyed tables.
///
/// Keys are short (event names, scene and task identifiers), so the hash
/// reads them a word at a time: one multiply per 8 bytes instead of one per
/// byte. Every byte takes part, so strings that differ only in the middle do
/// not collide systematically.
enum ByteHash {
    private static let k0: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let k1: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    /// Up to 7 bytes as the low bytes of a word.
    @inline(__always)
    private static func partialWord(_ p: UnsafeRawPointer, _ count: Int) -> UInt64 {
        var w: UInt64 = 0
        var k = 0
        if count >= 4 {
            w = UInt64(p.loadUnaligned(as: UInt32.self))
            k = 4
        }
        while k < count {
            w |= UInt64(p.load(fromByteOffset: k, as: UInt8.self)) << UInt64(8 * k)
            k += 1
        }
        return w
    }

    /// Hashes `count` bytes at `p`.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        var h = UInt64(truncatingIfNeeded: count) &* k1
        var i = 0
        while i + 8 <= count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* k0
            h ^= h >> 32
            i += 8
        }
        if i < count {
            h = (h ^ partialWord(raw + i, count - i)) &* k0
        }
        // Finish: tables index with the low bits, so fold the high bits down.
        h ^= h >> 29
        h = h &* k1
        return h ^ (h >> 32)
    }
}
