/// The one lock and condition: the mutex and condition variable a reader's ring and its
/// thread share (`ReadAheadRing`, `ScanRing`), the audit pool's (`OrderedParallel`), and the
/// lock of `InterruptCleanup`'s registry; allocated at a fixed address, as pthreads require, and destroyed with the
/// last reference.
public final class RingSignal: @unchecked Sendable {
    /// Held while either thread reads or writes the ring's shared state.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Broadcast whenever that state changes; waited on with ``mutex`` held.
    @usableFromInline let changed: UnsafeMutablePointer<pthread_cond_t>

    /// Creates an unlocked mutex and its condition.
    public init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
    }

    /// Takes the mutex, waiting for it if another thread holds it.
    @inlinable
    @inline(__always)
    public func lock() { pthread_mutex_lock(mutex) }

    /// Releases the mutex.
    @inlinable
    @inline(__always)
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the mutex held.
    @inlinable
    @inline(__always)
    public func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Releases the mutex, sleeps until ``broadcast()`` and takes it again. Call with the
    /// mutex held, in a loop that checks the awaited state.
    @inlinable
    @inline(__always)
    public func wait() { pthread_cond_wait(changed, mutex) }

    /// The instant `seconds` from now, for ``wait(until:)`` (the realtime clock, which
    /// `pthread_cond_timedwait` reads on every platform).
    public static func deadline(after seconds: Double) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let seconds = max(0, seconds)
        let whole = Int(seconds)
        let nanoseconds = Int(now.tv_nsec) + Int((seconds - Double(whole)) * 1e9)
        var deadline = now
        deadline.tv_sec += whole + nanoseconds / 1_000_000_000
        deadline.tv_nsec = .init(nanoseconds % 1_000_000_000)
        return deadline
    }

    /// Like ``wait()``, but gives up at `deadline` (from ``deadline(after:)``): `false` when
    /// the time ran out, `true` when woken (perhaps spuriously: callers re-check their state
    /// either way). Call with the mutex held.
    public func wait(until deadline: timespec) -> Bool {
        var deadline = deadline
        return pthread_cond_timedwait(changed, mutex, &deadline) != ETIMEDOUT
    }

    /// Wakes every thread waiting in ``wait()``.
    @inlinable
    @inline(__always)
    public func broadcast() { pthread_cond_broadcast(changed) }

    deinit {
        pthread_cond_destroy(changed)
        changed.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}
