/// The hash used by the ingest layer's byte-keyed tables (FNV-1a, 64-bit).
///
/// Keys are short (event names, scene and task identifiers), where FNV-1a is
/// as fast as anything and needs no setup.
enum ByteHash {
    /// Hashes `count` bytes at `p`.
    @inline(__always)
    static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for k in 0..<count {
            h = (h ^ UInt64(p[k])) &* 0x0000_0100_0000_01B3
        }
        // Fold the high bits in: tables index with the low bits.
        return h ^ (h >> 29)
    }
}
