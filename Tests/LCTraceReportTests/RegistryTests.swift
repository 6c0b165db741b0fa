import Foundation
import LCTraceCore
import Testing

@testable import LCTraceReport

@Suite struct RegistryTests {
    @Test(arguments: ReportFormat.allCases)
    func everyFormatHasItsReporter(format: ReportFormat) {
        let reporter = makeReporter(format, options: ReportOptions())
        #expect(type(of: reporter).format == format)
        #expect(!reporter.render(Fixtures.failing).isEmpty)
    }
}
