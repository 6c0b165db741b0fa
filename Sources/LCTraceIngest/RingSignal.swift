#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The mutex and condition variable a reader's ring and its thread share (``ReadAheadRing``,
/// ``ScanRing``): allocated at a fixed address, as pthreads require, and destroyed with the
/// last reference.
final class RingSignal: @unchecked Sendable {
    /// Held while either thread reads or writes the ring's shared state.
    let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Broadcast whenever that state changes; waited on with ``mutex`` held.
    let changed: UnsafeMutablePointer<pthread_cond_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }
}
