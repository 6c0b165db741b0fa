#if canImport(Glibc)
import Glibc
#endif
import Testing

@testable import LCTraceAudit

/// Large buffers freed by one file are reused by the next without faulting their pages in
/// again (``AllocatorTuning``).
@Suite struct AllocatorTuningTests {
    #if canImport(Glibc)
    /// Page faults of the calling thread so far (`RUSAGE_THREAD`: other tests running at the
    /// same time do not count).
    static func threadFaults() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD (Linux), not exported by Glibc
        return usage.ru_minflt
    }

    /// Allocates, touches and frees what one file's decoder holds (1 MiB of input, 1 MiB of
    /// output, about 1 MiB of zstd's window) `rounds` times, as one file after another does;
    /// the page faults taken. Freed together, they leave more free memory at the top of the
    /// heap than glibc's default trim threshold keeps.
    static func faults(rounds: Int) -> Int {
        let before = threadFaults()
        for _ in 0..<rounds {
            guard let input = malloc(1 << 20), let output = malloc(1 << 20), let window = malloc(1 << 20) else {
                return Int.max
            }
            memset(input, 1, 64 << 10)  // a small compressed log
            memset(output, 1, 128 << 10)  // one zstd block
            memset(window, 1, 128 << 10)
            free(window)
            free(output)
            free(input)
        }
        return threadFaults() - before
    }

    @Test func decoderSizedBuffersAreReusedNotRemapped() {
        #expect(AllocatorTuning.reuseLargeBuffers())
        _ = Self.faults(rounds: 2)  // the heap grows once
        // Mapped or trimmed afresh each time, 320 KiB is 80 pages per round: 4,000 faults.
        let taken = Self.faults(rounds: 50)
        #expect(taken < 200, "\(taken) page faults for 50 rounds")
    }
    #endif
}
