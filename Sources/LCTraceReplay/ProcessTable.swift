/// The engine's process machines in their slots, read and written in place.
///
/// An `Array` checks that its buffer is uniquely referenced on every write through its
/// subscript (a runtime call, about 15 instructions with the branch around it), and the engine
/// writes to a machine several times per record. This table makes its storage unique once,
/// in ``makeUnique()``, which every public mutating entry point of ``Replayer`` calls before
/// it touches a machine; the subscript's writes then go straight to the slot. Indices are
/// still checked. A copy of the table shares the storage until one of the copies calls
/// ``makeUnique()`` (debug builds assert that no write reaches shared storage).
struct ProcessTable {
    /// The slots: `count` initialised machines in `capacity` allocated ones.
    final class Storage {
        var base: UnsafeMutablePointer<ProcessMachine>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = UnsafeMutablePointer<ProcessMachine>.allocate(capacity: capacity)
        }

        /// A copy of every machine, in storage of the same capacity.
        func copy() -> Storage {
            let other = Storage(capacity: capacity)
            other.base.initialize(from: base, count: count)
            other.count = count
            return other
        }

        /// Room for at least `minimum` machines (the machines move, their arrays are not copied).
        func grow(to minimum: Int) {
            let newCapacity = max(minimum, capacity * 2, 8)
            let newBase = UnsafeMutablePointer<ProcessMachine>.allocate(capacity: newCapacity)
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// Owns the slots (frees them, and tells whether a copy shares them).
    private var storage: Storage
    /// `storage.base` and `storage.count`, kept in the table itself: an access reads them
    /// without going through the class reference.
    private var base: UnsafeMutablePointer<ProcessMachine>
    /// The number of slots (live machines and free ones).
    private(set) var count = 0

    /// An empty table.
    init() {
        storage = Storage(capacity: 0)
        base = storage.base
    }

    /// The slots' indices.
    var indices: Range<Int> { 0..<count }

    /// The machine in slot `idx`; a write goes to the slot without a uniqueness check (see
    /// ``makeUnique()``).
    subscript(idx: Int) -> ProcessMachine {
        @inline(__always)
        unsafeAddress {
            // One unsigned comparison checks both ends.
            precondition(UInt(bitPattern: idx) < UInt(bitPattern: count), "process slot out of range")
            return UnsafePointer(base + idx)
        }
        @inline(__always)
        unsafeMutableAddress {
            precondition(UInt(bitPattern: idx) < UInt(bitPattern: count), "process slot out of range")
            assert(isKnownUniquelyReferenced(&storage), "a shared process table written without makeUnique()")
            return base + idx
        }
    }

    /// Gives this table storage of its own if a copy shares it: called once at every public
    /// mutating entry point of ``Replayer``, before any machine is written.
    @inline(__always)
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
            base = storage.base
        }
    }

    /// Adds a machine in a new slot.
    mutating func append(_ machine: ProcessMachine) {
        makeUnique()
        if storage.count == storage.capacity {
            storage.grow(to: storage.count + 1)
            base = storage.base
        }
        (base + storage.count).initialize(to: machine)
        storage.count += 1
        count = storage.count
    }
}
