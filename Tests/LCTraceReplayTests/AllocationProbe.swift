import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReplay

/// A manual probe of the hot path, off by default: run under an allocation counter
/// (`heaptrack` or `valgrind`) with `LCTRACE_ALLOC_PROBE=N` for two values of N; the number of
/// allocations must not grow with N, because ordinary records allocate nothing.
@Suite struct AllocationProbe {
    static let cycles = Int(ProcessInfo.processInfo.environment["LCTRACE_ALLOC_PROBE"] ?? "") ?? 0

    /// A steady state: one app-delegate process and one scene-based process cycling through
    /// foreground, background with a task, suspension and resume.
    static func records(cycles: Int) -> (records: [Record], symbols: SymbolTable) {
        // The two `meta` records come first; `replay` gives them their context.
        var symbols = SymbolTable()
        let main = symbols.append("main")
        let named = symbols.append("sync")
        var out: [Record] = []
        out.reserveCapacity(cycles * 30 + 10)
        var t: Int64 = 1_000_000_000_000
        var line = 0
        func add(_ e: LifecycleEvent, pid: Int64, phase: Phase = .instant, task: TaskID? = nil, scene: Symbol = .none) {
            t += 100_000_000
            line += 1
            out.append(Record(line: line, time: Timestamp(nanoseconds: t), event: e, pid: pid, scene: scene, task: task, phase: phase))
        }
        for pid in [Int64(1), 2] {
            line += 1
            out.append(Record(line: line, time: Timestamp(nanoseconds: t), event: .meta, pid: pid))
        }
        add(.processLaunch, pid: 1)
        add(.didFinishLaunching, pid: 1)
        add(.didBecomeActive, pid: 1)
        add(.processLaunch, pid: 2)
        add(.didFinishLaunching, pid: 2)
        add(.sceneWillConnect, pid: 2, scene: main)
        add(.sceneWillEnterForeground, pid: 2, scene: main)
        add(.sceneDidBecomeActive, pid: 2, scene: main)
        for i in 0..<cycles {
            add(.willResignActive, pid: 1)
            add(.didEnterBackground, pid: 1, phase: .begin)
            add(.didEnterBackground, pid: 1, phase: .end)
            add(.bgtaskBegin, pid: 1, task: .number(Int64(i)))
            add(.bgtaskEnd, pid: 1, task: .number(Int64(i)))
            add(.sysSuspend, pid: 1)
            add(.sysResume, pid: 1)
            add(.willEnterForeground, pid: 1)
            add(.didBecomeActive, pid: 1)
            add(.openURL, pid: 1, phase: .begin)
            add(.openURL, pid: 1, phase: .end)
            add(.didReceiveMemoryWarning, pid: 1)
            add(.sceneWillResignActive, pid: 2, scene: main)
            add(.sceneDidEnterBackground, pid: 2, phase: .begin, scene: main)
            add(.sceneDidEnterBackground, pid: 2, phase: .end, scene: main)
            add(.bgtaskBegin, pid: 2, task: .name(named))
            add(.bgtaskEnd, pid: 2, task: .name(named))
            add(.sysSuspend, pid: 2)
            add(.sysResume, pid: 2)
            add(.sceneWillEnterForeground, pid: 2, scene: main)
            add(.sceneDidBecomeActive, pid: 2, scene: main)
        }
        return (out, symbols)
    }

    /// Replays the probe's records; `meta` records carry the app of their pid.
    static func replay(_ records: [Record], symbols: SymbolTable, into replayer: inout Replayer) {
        for r in records {
            if r.event == .meta, let pid = r.pid {
                replayer.process(r, meta: SessionMeta(app: "app\(pid)"), symbols: symbols)
            } else {
                replayer.process(r, symbols: symbols)
            }
        }
    }

    @Test(.enabled(if: cycles > 0)) func steadyState() {
        let (records, symbols) = Self.records(cycles: Self.cycles)
        var replayer = Replayer(path: "probe", configuration: ReplayConfiguration())
        Self.replay(records, symbols: symbols, into: &replayer)
        let result = replayer.finish(symbols: symbols)
        #expect(result.findings.count == 0)
    }

    /// The probe's log is clean at a small size, so the probe measures the ordinary path.
    @Test func probeLogIsClean() {
        let (records, symbols) = Self.records(cycles: 50)
        var replayer = Replayer(path: "probe", configuration: ReplayConfiguration())
        Self.replay(records, symbols: symbols, into: &replayer)
        let result = replayer.finish(symbols: symbols)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
        #expect(result.sessions == 2)
    }
}
