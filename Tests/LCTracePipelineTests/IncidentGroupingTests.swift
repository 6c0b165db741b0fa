import LCTraceAppleFormats
import LCTraceCore
import LCTracePipeline
import Testing

/// ``EvidenceAlone/incidents(_:)`` groups a folder of reports by pid and incident identifier
/// instead of comparing each report with every incident: it must group exactly as that scan.
@Suite struct IncidentGroupingTests {
    /// The scan the index replaces: each piece joins the first incident whose first piece is
    /// of the same process end.
    static func scanned(_ reports: [CrashReport]) -> [[Int]] {
        var groups: [[Int]] = []
        for (i, report) in reports.enumerated() where !(report.isJetsamEvent && (report.isDaemon || report.processState == "Suspended")) {
            if let g = groups.firstIndex(where: { same(reports[$0[0]], report) }) {
                groups[g].append(i)
            } else {
                groups.append([i])
            }
        }
        return groups
    }

    static func same(_ a: CrashReport, _ b: CrashReport) -> Bool {
        if let x = a.incident, let y = b.incident { return x == y }
        guard a.pid == b.pid else { return false }
        if let x = a.bundle, let y = b.bundle, x != y { return false }
        if a.bundle == nil || b.bundle == nil, let x = a.process, let y = b.process, x != y { return false }
        return abs(a.time.nanoseconds(since: b.time)) <= 60 * 1_000_000_000
    }

    @Test(arguments: 1...40)
    func groupsAsTheScanOfEveryIncident(seed: UInt64) {
        var rng = SplitMix(seed)
        var reports: [CrashReport] = []
        for _ in 0..<(20 + Int(rng.next() % 40)) {
            var report = CrashReport(
                path: "r\(rng.next() % 5).ips", pid: Int64(rng.next() % 4), process: rng.next() % 3 == 0 ? nil : "P\(rng.next() % 2)",
                bundle: rng.next() % 3 == 0 ? nil : "com.x.\(rng.next() % 2)",
                time: Timestamp(nanoseconds: Int64(rng.next() % 200) * 1_000_000_000), reason: "crash", summary: "s")
            if rng.next() % 2 == 0 { report.incident = "I\(rng.next() % 6)" }
            reports.append(report)
        }
        #expect(EvidenceAlone.incidents(reports) == Self.scanned(reports))
    }

    struct SplitMix {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
