import LCTracePlatform
import LCTraceCore

/// Removes the temporary files of unfinished outputs when the process is interrupted
/// (SIGINT, SIGTERM, SIGHUP), then lets the signal end the process as it would have.
///
/// ``install()`` blocks the three signals in the calling thread, so every thread started
/// after it inherits the block, and starts one thread that waits for them with
/// `sigwait(2)`. That thread runs ordinary code (no async-signal-safety limits): it takes
/// the registry's lock, unlinks every registered file, restores the default action and
/// raises the signal again, so the parent sees the usual "killed by SIGINT" status.
/// Creating, renaming and removing a registered file happen under the same lock, so a
/// signal never finds a file half-registered or already renamed into place.
///
/// A signal that was ignored when the process started (`nohup` ignores SIGHUP) stays
/// ignored. Without ``install()`` (library use, tests) the registry is kept but nothing
/// waits for signals.
public enum InterruptCleanup {
    /// The signals that end a run and trigger the cleanup.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private static let mutex = RingSignal()

    // Only touched with `mutex` held.
    nonisolated(unsafe) private static var registered: [Int: String] = [:]
    nonisolated(unsafe) private static var nextToken = 0
    nonisolated(unsafe) private static var watched: sigset_t = sigset_t()

    /// Runs `body` with the registry locked, so that no interrupt cleanup runs meanwhile.
    static func locked<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try mutex.withLock(body)
    }

    /// Adds a path to remove on interrupt. Call with the lock held (inside ``locked(_:)``).
    static func registerLocked(_ path: String) -> Int {
        nextToken += 1
        registered[nextToken] = path
        return nextToken
    }

    /// Forgets a path. Call with the lock held (inside ``locked(_:)``).
    static func unregisterLocked(_ token: Int) {
        registered[token] = nil
    }

    /// The paths that an interrupt would remove now.
    public static var pendingPaths: [String] {
        mutex.withLock { registered.keys.sorted().compactMap { registered[$0] } }
    }

    /// Blocks SIGINT, SIGTERM and SIGHUP and starts the thread that handles them.
    ///
    /// Call once, first thing in `main`, before any other thread is started (threads
    /// started earlier would still take the signals' default action, without cleanup).
    public static func install() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals where !Platform.isIgnored(signal) {
            sigaddset(&set, signal)
        }
        watched = set
        guard pthread_sigmask(SIG_BLOCK, &set, nil) == 0 else { return }
        if let watcher = WorkerThread.start({ InterruptCleanup.waitForSignals() }) {
            watcher.detach()
        } else {
            // No watcher: give the signals back their default action rather than lose them.
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        }
    }

    private static func waitForSignals() -> Never {
        var set = watched
        var signal: Int32 = 0
        while sigwait(&set, &signal) != 0 {}
        mutex.lock()
        for path in registered.values { _ = FilePathText.withCString(path) { unlink($0) } }
        registered.removeAll()
        // Keep the lock: no new temporary file may appear while the process ends.
        Platform.restoreDefaultAction(signal)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signal)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(signal)
        // Not reached for the three signals (their default action ends the process).
        _exit(128 + signal)
    }
}
