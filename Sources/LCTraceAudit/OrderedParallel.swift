import LCTraceCore
import LCTracePlatform

/// Runs `count` independent jobs on a fixed pool of threads and hands their results to the
/// calling thread in index order, so that output is the same whatever the thread count.
///
/// Workers claim the next index from a counter under a lock. Finished results wait in a
/// reorder buffer until every lower index has been delivered; a worker does not claim an
/// index more than `window` ahead of the next one to deliver, so at most `window` results
/// are held at once, however many jobs there are (memory stays flat with the file count).
/// The threads are the platform layer's (`WorkerThread`, 8 MiB of stack each) and the lock
/// and condition are its one pair (`RingSignal`).
public enum OrderedParallel {
    /// Each worker's stack: a replay's recursion-free, but reports and JSON of deep logs are
    /// built on it, and macOS gives secondary threads only 512 KiB by default.
    static let stackSize = 8 << 20

    /// Runs the jobs.
    ///
    /// - Parameters:
    ///   - count: how many jobs; job `i` is `work(i)`.
    ///   - threads: worker threads (at least 1).
    ///   - window: the reorder buffer's bound (at least `threads`; default 16 per thread, at
    ///     least 64).
    ///   - tickInterval: how often, in seconds, `tick` is called while waiting.
    ///   - work: one job; called on a worker thread.
    ///   - deliver: receives each result in index order, on the calling thread.
    ///   - tick: called on the calling thread about every `tickInterval` seconds and after
    ///     each delivery (the progress bar).
    public static func run<Output: Sendable>(
        count: Int, threads: Int, window: Int? = nil, tickInterval: Double = 0.1,
        work: @escaping @Sendable (Int) -> Output,
        deliver: (Int, Output) -> Void,
        tick: () -> Void = {}
    ) {
        guard count > 0 else { return }
        let threads = max(1, min(threads, count))
        // The default window rides out a consumer that the scheduler leaves off the CPU
        // for a while (a busy machine) without making workers wait, and still bounds memory.
        let state = SharedState<Output>(window: max(window ?? max(64, threads * 16), threads))
        var workers: [WorkerThread] = []
        for _ in 0..<threads {
            let started = WorkerThread.start(stackSize: stackSize) {
                while let i = state.claim(count: count) {
                    state.finish(i, work(i))
                }
            }
            if let started { workers.append(started) }
        }
        if workers.isEmpty {
            // No thread could be created: the jobs run here, in order, as one worker would.
            for i in 0..<count {
                deliver(i, work(i))
                tick()
            }
            return
        }
        for i in 0..<count {
            while true {
                if let output = state.take(i, waitingUntil: RingSignal.deadline(after: tickInterval)) {
                    deliver(i, output)
                    tick()
                    break
                }
                tick()
            }
        }
        for worker in workers { worker.join() }
    }

    private final class SharedState<Output: Sendable>: @unchecked Sendable {
        // Every stored property is guarded by `signal`.
        private let signal = RingSignal()
        private var nextClaim = 0
        private var nextDelivery = 0
        private var ready: [Int: Output] = [:]
        private let window: Int

        init(window: Int) {
            self.window = window
        }

        /// The next index to work on, or `nil` when none is left.
        func claim(count: Int) -> Int? {
            signal.withLock {
                while nextClaim < count && nextClaim - nextDelivery >= window {
                    signal.wait()
                }
                guard nextClaim < count else { return nil }
                defer { nextClaim += 1 }
                return nextClaim
            }
        }

        func finish(_ index: Int, _ output: Output) {
            signal.withLock {
                ready[index] = output
                signal.broadcast()
            }
        }

        /// The result of `index` once it is ready, or `nil` if it is not by `deadline`.
        func take(_ index: Int, waitingUntil deadline: timespec) -> Output? {
            signal.withLock {
                while ready[index] == nil {
                    if !signal.wait(until: deadline) { break }
                }
                guard let output = ready.removeValue(forKey: index) else { return nil }
                nextDelivery = index + 1
                signal.broadcast()
                return output
            }
        }
    }
}
