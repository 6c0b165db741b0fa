import LCTraceCore

/// The most recently ended pids, at most ``capacity`` of them: a bounded memory of processes
/// that are gone, so that memory grows with live processes only, never with the number of
/// sessions in the file.
///
/// First in, first out by the time the pid ended: when the memory is full, the pid that ended
/// longest ago is forgotten. A record for a forgotten pid starts a new process as if the pid
/// had never been seen (see ``Replayer/endedPidCapacity`` for what that means for findings).
struct EndedProcesses {
    /// The most pids remembered.
    let capacity: Int
    /// Pid → what is remembered, and the stamp of the insertion that put it there.
    private var entries: [Int64: (process: EndedProcess, stamp: Int)] = [:]
    /// Insertions in order, oldest at `head`; an entry is stale when its stamp no longer
    /// matches (the pid was taken out or ended again since).
    private var order: [(pid: Int64, stamp: Int)] = []
    private var head = 0
    private var stamp = 0

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The number of pids remembered.
    var count: Int { entries.count }

    /// Remembers an ended pid, forgetting the one that ended longest ago when full.
    ///
    /// - Complexity: O(1) amortised.
    mutating func insert(_ pid: Int64, _ process: EndedProcess) {
        stamp &+= 1
        if order.count < capacity {
            order.append((pid, stamp))
        } else {
            let oldest = order[head]
            if let entry = entries[oldest.pid], entry.stamp == oldest.stamp {
                entries[oldest.pid] = nil
            }
            order[head] = (pid, stamp)
            head = head + 1 == capacity ? 0 : head + 1
        }
        entries[pid] = (process, stamp)
    }

    /// What is remembered of a pid, leaving it in the memory.
    subscript(pid: Int64) -> EndedProcess? { entries[pid]?.process }

    /// Takes a pid out of the memory (it is running again, or being reported on).
    mutating func remove(_ pid: Int64) -> EndedProcess? {
        entries.removeValue(forKey: pid)?.process
    }
}
