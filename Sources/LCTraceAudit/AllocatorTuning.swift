import LCTracePlatform

/// How the process's allocator treats large buffers during a batch.
///
/// Every audited file gets its own decoder with 1 MiB input and output buffers (and zstd's
/// own). glibc serves blocks that large with `mmap` and gives them back with `munmap` when the
/// file is done, so the next file faults its pages in again: about 180 page faults per log of
/// 5,000 records (1,000 logs, `--jobs 1`: 180,000 faults, 0.36–0.41 s of system time in 1.76 s
/// of CPU). Keeping such blocks in the heap makes the next file reuse them: 2,200 faults and
/// 1.35 s of CPU, for about 3 MiB more peak RSS.
public enum AllocatorTuning {
    /// The largest block served from the heap rather than `mmap` (4 MiB): above the decoder's
    /// buffers.
    public static let heapBlockLimit = 4 << 20
    /// The free memory at the top of the heap kept rather than trimmed (16 MiB).
    public static let keptFreeMemory = 16 << 20

    /// Keeps large buffers in the heap for reuse (glibc's `M_MMAP_THRESHOLD` and
    /// `M_TRIM_THRESHOLD`); a process-wide setting, for a command that reads many files (the
    /// CLI's `audit` calls it once). Does nothing where the C library is not glibc.
    ///
    /// - Returns: whether the allocator took the settings.
    @discardableResult
    public static func reuseLargeBuffers() -> Bool {
        Platform.setAllocatorOption(mmapThreshold, Int32(heapBlockLimit))
            && Platform.setAllocatorOption(trimThreshold, Int32(keptFreeMemory))
    }

    /// glibc's `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD` (<malloc.h>).
    private static let mmapThreshold: Int32 = -3
    private static let trimThreshold: Int32 = -1
}
