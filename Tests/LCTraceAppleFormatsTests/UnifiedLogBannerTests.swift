import Foundation
import LCTraceCore
@testable import LCTraceIngest
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

/// `log show` and `log stream` print banner lines before their records (the real export
/// `tonystone-test-oslog-inlinable-readme.json.txt` has both): they are not records, in
/// either style, alone or together, and line numbers stay the export's own.
@Suite("Unified-log banners")
struct UnifiedLogBannerTests {
    static let filtering = #"Filtering the log data using "subsystem == "com.example.app"""#
    static let skipping = "Skipping info and debug messages, pass --info and/or --debug to include."
    static let t = "t=\(Export.baseNanos + 250_000_000)"

    @Test(arguments: [[filtering, skipping], [filtering], [skipping], ["Skipping debug messages, pass --debug to include."]])
    func jsonArrayAfterBanners(banners: [String]) throws {
        let records = [Export.log("app.willResignActive"), Export.log("app.didEnterBackground")]
        let text = banners.map { $0 + "\n" }.joined() + Export.json(records)
        let first = Export.jsonStartLines(records).map { $0 + banners.count }
        for chunk in [1, 7, 256 * 1024] {
            #expect(
                try renderExport(text, chunkSize: chunk) == [
                    "\(first[0]): app.willResignActive \(Self.t) pid=201", "\(first[1]): app.didEnterBackground \(Self.t) pid=201",
                ], "chunk \(chunk)")
        }
    }

    @Test(arguments: [[filtering, skipping], [skipping]])
    func ndjsonAfterBanners(banners: [String]) throws {
        let text = banners.map { $0 + "\n" }.joined() + Export.ndjson([Export.log("app.didBecomeActive")])
        #expect(try renderExport(text) == ["\(banners.count + 1): app.didBecomeActive \(Self.t) pid=201"])
    }

    @Test func otherTextBeforeTheArrayIsStillReported() throws {
        let text = "Some other text\n" + Export.json([Export.log("app.didBecomeActive")])
        #expect(try renderExport(text, format: .oslog).contains { $0.hasPrefix("1: malformed") })
    }

    @Test func bannerWordingIsRecognisedAndNothingElse() {
        func banner(_ s: String) -> Bool { Array(s.utf8).withUnsafeBufferPointer { UnifiedLogTranslator.isBanner($0.baseAddress!, $0.count) } }
        #expect(banner(Self.filtering) && banner(Self.skipping))
        #expect(!banner("Skipping ahead") && !banner("Filtering") && !banner(#"{"t":1,"ev":"meta"}"#))
    }
}
