import LCTraceCore

/// A small direct-mapped cache in front of ``EventTable``, keyed by the name's bytes themselves.
///
/// A name of 8 to 32 bytes is fully described by its length and four overlapping 8-byte
/// loads (at 0, 8, 16 and `count - 8`, each clamped to `count - 8`), so a hit is exact
/// without `memcmp` or a hash over the bytes: about 25 instructions instead of about 130.
/// Logs use a handful of distinct names, so after the first few records every lookup hits.
/// Only known events are cached; unknown names go to the table (and then the interner).
struct EventCache {
    private struct Entry {
        var count = 0
        var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
        var event = LifecycleEvent.unknown
    }

    private static let lines = 64
    private var entries = [Entry](repeating: Entry(), count: EventCache.lines)

    /// The event named by `count` bytes at `p`, from the cache or else from `table`.
    @inline(__always)
    mutating func lookup(_ p: UnsafePointer<UInt8>, _ count: Int, table: EventTable) -> LifecycleEvent? {
        guard count >= 8, count <= 32 else { return Self.uncached(p, count, table: table) }
        let raw = UnsafeRawPointer(p)
        let last = count - 8
        let w0 = raw.loadUnaligned(as: UInt64.self)
        let w1 = raw.loadUnaligned(fromByteOffset: min(8, last), as: UInt64.self)
        let w2 = raw.loadUnaligned(fromByteOffset: min(16, last), as: UInt64.self)
        let w3 = raw.loadUnaligned(fromByteOffset: last, as: UInt64.self)
        // The top bits of a multiply mix every byte of the four words (names share prefixes).
        let h = ((w0 &+ w1 &* 3 &+ w2 &* 5 &+ w3 &* 7) ^ UInt64(truncatingIfNeeded: count)) &* 0x9E37_79B9_7F4A_7C15
        let line = Int(truncatingIfNeeded: h >> 58)
        let e = entries[line]
        if e.count == count && e.w0 == w0 && e.w1 == w1 && e.w2 == w2 && e.w3 == w3 { return e.event }
        return miss(p, count, table: table, line: line, words: (w0, w1, w2, w3))
    }

    /// A name the cache does not hold (shorter than 8 or longer than 32 bytes).
    @inline(never)
    private static func uncached(_ p: UnsafePointer<UInt8>, _ count: Int, table: EventTable) -> LifecycleEvent? {
        table.lookup(p, count)
    }

    /// A miss: the table decides, and a known event fills the line (kept out of line so that
    /// the hit stays small enough to be inlined into the scanner).
    @inline(never)
    private mutating func miss(
        _ p: UnsafePointer<UInt8>, _ count: Int, table: EventTable, line: Int, words: (UInt64, UInt64, UInt64, UInt64)
    ) -> LifecycleEvent? {
        guard let event = table.lookup(p, count) else { return nil }
        entries[line] = Entry(count: count, w0: words.0, w1: words.1, w2: words.2, w3: words.3, event: event)
        return event
    }
}
