import LCTraceCore
import LCTraceReplay

/// The last lifecycle records of each process before it died, for `lctrace why` (SPEC §7):
/// a small ring per pid, kept only when `why` asks for it (``FileReplay/replay(_:displayName:configuration:collectTimeline:observer:crashReports:onMatch:recent:)``),
/// so `replay` and `audit` pay nothing for it.
public final class RecentRecords {
    /// One record as `why` prints it.
    public struct Entry: Sendable, Equatable {
        /// Its line.
        public var line: Int
        /// Its time as written.
        public var time: Timestamp
        /// `app.didEnterBackground (end)`, `bgtask.begin task 7`, `sys.kill reason 0x8badf00d`.
        public var text: String
    }

    /// Records kept per pid.
    public let capacity: Int
    /// The rings, by pid (`nil`: the stream without a pid).
    private var rings: [Int64?: [Entry]] = [:]
    /// The records before each death, by the death's pid and line.
    private var snapshots: [DeathKey: [Entry]] = [:]
    /// Deaths already snapshotted.
    private var settled = 0
    /// The launch records of each file, in order (`why` says the relaunch that followed a death).
    private var launches: [String: [Relaunch]] = [:]
    /// The file being replayed.
    private var file = ""

    /// A launch after a death: the new process's pid (`nil`: the stream without pids), line, time.
    public struct Relaunch: Sendable, Equatable {
        /// The new process.
        public var pid: Int64?
        /// Its first launch record.
        public var line: Int
        /// That record's time.
        public var time: Timestamp
    }

    /// Every pid any record of the run named (`why --pid` tells a pid with no death from one
    /// the logs never mention).
    private var seen: Set<Int64> = []

    /// A death's place.
    struct DeathKey: Hashable {
        var file: String
        var pid: Int64?
        var line: Int
    }

    /// Keeps the last `capacity` records of each process (8 by default).
    public init(capacity: Int = 8) {
        self.capacity = max(1, capacity)
    }

    /// Starts a new file: the rings of the last one are dropped, its snapshots kept.
    func beginFile(_ name: String = "") {
        rings.removeAll()
        settled = 0
        file = name
    }

    /// Notes one record (before the engine replays it, so a death's own record is its last).
    ///
    /// - Parameter placedFor: for a kill the log does not have, placed for outside evidence:
    ///   that evidence's label (`MetricKit 'mk.json' diagnostic 0: …`), said in place of a reason.
    func note(_ record: Record, symbols: borrowing SymbolTable, placedFor: String? = nil) {
        var text = record.event.canonicalName
        switch record.phase {
        case .begin: text += " (begin)"
        case .end: text += " (end)"
        case .instant: break
        }
        if let scene = symbols[record.scene] { text += " scene " + PrintableText.quoted(scene) }
        if let task = record.task { text += " task " + PrintableText.printable(task.value(symbols: symbols).text) }
        if let placedFor {
            text += " (not in the log: placed for " + PrintableText.printable(placedFor) + ")"
        } else if let reason = symbols[record.reason] {
            text += " reason " + PrintableText.printable(reason)
        }
        if let pid = record.pid { seen.insert(pid) }
        if placedFor == nil
            && (record.event == .processLaunch || record.event == .willFinishLaunching
                || (record.event == .didFinishLaunching && record.phase != .end))
        {
            var list = launches[file] ?? []
            if !list.contains(where: { $0.pid == record.pid && record.pid != nil }) {
                list.append(Relaunch(pid: record.pid, line: record.line, time: record.time))
                launches[file] = list
            }
        }
        var ring = rings[record.pid] ?? []
        if ring.count == capacity { ring.removeFirst() }
        ring.append(Entry(line: record.line, time: record.time, text: text))
        rings[record.pid] = ring
    }

    /// Snapshots the rings of the deaths the engine recorded since the last call.
    func settle(_ deaths: [Death]) {
        guard deaths.count > settled else { return }
        for death in deaths[settled...] {
            let ring = rings[death.pid] ?? []
            snapshots[DeathKey(file: death.file, pid: death.pid, line: death.line)] = ring.filter { $0.line <= death.line }
        }
        settled = deaths.count
    }

    /// The first launch of another process of the same file after `death` (its line), if any.
    public func relaunch(after death: Death) -> Relaunch? {
        launches[death.file]?.first { $0.line >= death.line && ($0.pid != death.pid || $0.pid == nil) && $0.line > 0 }
    }

    /// Whether a record of the run named `pid`.
    public func hasRecords(ofPid pid: Int64) -> Bool { seen.contains(pid) }

    /// The records of the process before `death`, oldest first.
    public func records(before death: Death) -> [Entry] {
        snapshots[DeathKey(file: death.file, pid: death.pid, line: death.line)] ?? []
    }
}
