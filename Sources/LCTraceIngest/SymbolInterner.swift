import LCTracePlatform
import LCTraceCore

/// Interns byte strings as ``Symbol``s: the same bytes always give the same symbol.
///
/// An open-addressing hash table keyed by the bytes themselves. Each distinct
/// string's bytes are stored once and compared with `memcmp`; a `String` is
/// made only the first time a value is seen, when it is appended to the
/// ``SymbolTable``.
struct SymbolInterner {
    /// Every distinct string's bytes, back to back.
    private var storage: [UInt8] = []
    /// Per symbol: where its bytes start in `storage`.
    private var starts: [Int] = []
    /// Per symbol: its byte count.
    private var counts: [Int32] = []
    /// Per symbol: its hash, so that growing does not rehash bytes.
    private var hashes: [UInt64] = []
    /// Per entry: the symbol it stands for (entries are renumbered by ``retainOnly(_:table:)``,
    /// symbols never are).
    private var symbols: [Int32] = []
    /// Per entry: a byte the scanner caches for the string (the reason code), 0xFF when unset.
    private var tags: [UInt8] = []
    /// Slot → entry index, or -1. The size is a power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 64)

    /// The entry of the symbol `intern` returned last.
    private(set) var lastEntry = 0

    /// A direct-mapped cache in front of the hash table for strings of 4 to 16 bytes, keyed by
    /// the length and two overlapping loads that cover every byte (exact, so a hit needs no
    /// hash over the bytes and no `memcmp`). Scene and task ids repeat within a session, reason
    /// codes everywhere. Starts empty after ``retainOnly(_:table:)`` (a fresh interner).
    private var cache = [CacheLine](repeating: CacheLine(), count: SymbolInterner.cacheLines)
    private static let cacheLines = 32

    private struct CacheLine {
        var count = 0
        var w0: UInt64 = 0
        var w1: UInt64 = 0
        var entry = 0
    }

    /// The cache key of a string of 4 to 16 bytes: two loads that together cover it.
    @inline(__always)
    private static func words(_ p: UnsafePointer<UInt8>, _ count: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(p)
        if count >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        return (
            UInt64(raw.loadUnaligned(as: UInt32.self)), UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
        )
    }

    /// The tag of an entry (0xFF: none yet).
    func tag(ofEntry entry: Int) -> UInt8 { tags[entry] }

    /// Sets the tag of an entry.
    mutating func setTag(_ tag: UInt8, ofEntry entry: Int) { tags[entry] = tag }

    /// The symbol of `count` bytes at `p`, appending the string to `table` the first time.
    ///
    /// The bytes must be valid UTF-8 (the scanner has checked them).
    mutating func intern(_ p: UnsafePointer<UInt8>, _ count: Int, into table: inout SymbolTable) -> Symbol {
        guard count >= 4, count <= 16 else { return internInTable(p, count, into: &table) }
        let (w0, w1) = Self.words(p, count)
        let mixed = ((w0 &+ w1 &* 3) ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        let line = Int(truncatingIfNeeded: mixed >> 59)
        let cached = cache[line]
        if cached.count == count && cached.w0 == w0 && cached.w1 == w1 {
            lastEntry = cached.entry
            return Symbol(rawValue: symbols[cached.entry])
        }
        let symbol = internInTable(p, count, into: &table)
        cache[line] = CacheLine(count: count, w0: w0, w1: w1, entry: lastEntry)
        return symbol
    }

    /// ``intern(_:_:into:)`` through the hash table.
    private mutating func internInTable(_ p: UnsafePointer<UInt8>, _ count: Int, into table: inout SymbolTable) -> Symbol {
        let hash = ByteHash.hash(p, count)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { break }
            if hashes[index] == hash, Int(counts[index]) == count {
                let start = starts[index]
                let same = storage.withUnsafeBufferPointer { all in
                    count == 0 || memcmp(all.baseAddress! + start, p, count) == 0
                }
                if same {
                    lastEntry = index
                    return Symbol(rawValue: symbols[index])
                }
            }
            slot = (slot + 1) & mask
        }
        // First sighting: the rare path.
        let index = starts.count
        starts.append(storage.count)
        counts.append(Int32(count))
        hashes.append(hash)
        tags.append(0xFF)
        storage.append(contentsOf: UnsafeBufferPointer(start: p, count: count))
        slots[slot] = Int32(index)
        let symbol = table.append(String(decoding: UnsafeBufferPointer(start: p, count: count), as: UTF8.self))
        symbols.append(symbol.rawValue)
        lastEntry = index
        if starts.count * 2 > slots.count { grow() }
        return symbol
    }

    /// The number of strings interned.
    var count: Int { starts.count }

    /// Forgets every string whose symbol is not in `live`, here and in `table`: a string seen
    /// again later gets a new symbol. Memory then follows the live symbols, not the file.
    ///
    /// - Complexity: O(n) in the strings interned.
    mutating func retainOnly(_ live: Set<Symbol>, table: inout SymbolTable) {
        var kept = SymbolInterner()
        var size = 64
        while size < live.count * 2 + 2 { size *= 2 }
        kept.slots = [Int32](repeating: -1, count: size)
        storage.withUnsafeBufferPointer { all in
            for index in starts.indices where live.contains(Symbol(rawValue: symbols[index])) {
                let entry = kept.starts.count
                kept.starts.append(kept.storage.count)
                kept.counts.append(counts[index])
                kept.hashes.append(hashes[index])
                kept.symbols.append(symbols[index])
                kept.tags.append(tags[index])
                kept.storage.append(contentsOf: UnsafeBufferPointer(rebasing: all[starts[index]..<starts[index] + Int(counts[index])]))
                var slot = Int(truncatingIfNeeded: hashes[index]) & (size - 1)
                while kept.slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
                kept.slots[slot] = Int32(entry)
            }
        }
        self = kept
        table.retainOnly(live)
    }

    /// Doubles the slot array and reinserts every symbol.
    private mutating func grow() {
        let size = slots.count * 2
        var newSlots = [Int32](repeating: -1, count: size)
        for index in 0..<hashes.count {
            var slot = Int(truncatingIfNeeded: hashes[index]) & (size - 1)
            while newSlots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            newSlots[slot] = Int32(index)
        }
        slots = newSlots
    }
}
