import LCTraceCore
import Testing

@testable import LCTraceAppleFormats

@Suite("MetricKit exit counters beside the recordings")
struct MetricKitExitComparisonTests {
    @Test("one row per class and visibility either side counts; difference = MetricKit − recordings")
    func rows() {
        let comparison = MetricKitExitComparison(
            payloads: 2,
            counted: [
                MetricKitExit(exitClass: .watchdog, visibility: .background): 41,
                MetricKitExit(exitClass: .normal, visibility: .foreground): 3,
                MetricKitExit(exitClass: .normal, visibility: .background): 4,
                MetricKitExit(exitClass: .memoryLimit, visibility: .foreground): 1,
            ],
            deaths: [.watchdog: [.background: 38, .foreground: 2], .bgtaskTimeout: [.background: 5]],
            normalExits: 9, normalExitsInBackground: 6)
        #expect(comparison.payloads == 2)
        #expect(
            comparison.rows == [
                // Normal exits by where the process terminated from (SPEC §8, 2028 edition).
                .init(exitClass: .normal, visibility: .foreground, metrickit: 3, recordings: 3),
                .init(exitClass: .normal, visibility: .background, metrickit: 4, recordings: 6),
                .init(exitClass: .watchdog, visibility: .foreground, metrickit: 0, recordings: 2),
                .init(exitClass: .watchdog, visibility: .background, metrickit: 41, recordings: 38),
                .init(exitClass: .bgtaskTimeout, visibility: .background, metrickit: 0, recordings: 5),
                .init(exitClass: .memoryLimit, visibility: .foreground, metrickit: 1, recordings: 0),
            ])
        #expect(comparison.rows.map(\.difference) == [0, -2, -2, 3, -5, 1])
        #expect(comparison.rows[3].sentence == "MetricKit counted 41 background watchdog exits; your recordings explain 38")
        #expect(comparison.rows[5].sentence == "MetricKit counted 1 foreground memory-limit exit; your recordings explain 0")
    }

    @Test("nothing on either side gives no rows")
    func empty() {
        #expect(MetricKitExitComparison(payloads: 0, counted: [:], deaths: [:], normalExits: 0).rows.isEmpty)
    }
}
