/// A fixed or growable block of raw bytes, owned by value and freed when dropped.
///
/// The reader's buffers live for the whole file and are handed to `memchr`,
/// `ZSTD_decompressStream` and the scanner as pointers. Owning the allocation
/// (instead of borrowing an `Array`'s storage inside `withUnsafe…` closures)
/// keeps the hot loop free of closure nesting, uniqueness checks and
/// exclusivity conflicts between the buffers and the scanner state.
package struct RawBuffer: ~Copyable {
    /// The start of the allocation.
    package private(set) var base: UnsafeMutableRawPointer
    /// The number of bytes allocated.
    package private(set) var capacity: Int

    /// Allocates `capacity` bytes (at least 1).
    package init(capacity: Int) {
        self.capacity = max(capacity, 1)
        self.base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    /// Grows the allocation to at least `minimum` bytes, keeping the first `preserving` bytes.
    ///
    /// Doubles so that a line built byte by byte costs amortised O(1) per byte,
    /// but never beyond `limit`: the carry buffer must stay bounded.
    package mutating func grow(toAtLeast minimum: Int, preserving: Int, limit: Int) {
        guard minimum > capacity else { return }
        let newCapacity = min(max(minimum, capacity * 2), max(limit, minimum))
        let newBase = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        if preserving > 0 { newBase.copyMemory(from: base, byteCount: preserving) }
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
