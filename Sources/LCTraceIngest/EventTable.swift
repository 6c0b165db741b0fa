import LCTracePlatform
import LCTraceCore

/// Maps every spelling in `LifecycleEvent.allSpellings` (canonical names,
/// UIKit selectors, Xamarin names) to its event, by bytes, without allocating.
///
/// Built once: an open-addressing table of indexes into one byte array that
/// holds all the spellings back to back.
struct EventTable: Sendable {
    /// The table every scanner shares.
    static let shared = EventTable()

    /// The spellings' bytes, back to back.
    private let bytes: [UInt8]
    /// Per spelling: start in `bytes`, length, event.
    private let entries: [(start: Int, count: Int, event: LifecycleEvent)]
    /// Slot → entry index, or -1 when empty. The size is a power of two.
    private let slots: [Int16]

    private init() {
        var bytes: [UInt8] = []
        var entries: [(start: Int, count: Int, event: LifecycleEvent)] = []
        for (name, event) in LifecycleEvent.allSpellings {
            entries.append((bytes.count, name.utf8.count, event))
            bytes.append(contentsOf: name.utf8)
        }
        var size = 16
        while size < entries.count * 4 { size *= 2 }
        var slots = [Int16](repeating: -1, count: size)
        bytes.withUnsafeBufferPointer { all in
            for (index, entry) in entries.enumerated() {
                var slot = Int(truncatingIfNeeded: ByteHash.hash(all.baseAddress! + entry.start, entry.count)) & (size - 1)
                while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
                slots[slot] = Int16(index)
            }
        }
        self.bytes = bytes
        self.entries = entries
        self.slots = slots
    }

    /// The event spelled by `count` bytes at `p`, or `nil` when the name is unknown.
    @inline(__always)
    func lookup(_ p: UnsafePointer<UInt8>, _ count: Int) -> LifecycleEvent? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: ByteHash.hash(p, count)) & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.count == count {
                let same = bytes.withUnsafeBufferPointer { all in
                    memcmp(all.baseAddress! + entry.start, p, count) == 0
                }
                if same { return entry.event }
            }
            slot = (slot + 1) & mask
        }
    }
}
