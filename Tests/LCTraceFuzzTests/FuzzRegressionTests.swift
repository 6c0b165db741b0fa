import Foundation
import LCTraceFuzz
import Testing

/// The fuzz targets over the seed corpus and every minimised input a fuzzer ever
/// crashed on (`Tests/LCTraceFuzzTests/Regressions`): none may trap again.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var regressionFiles: [String] {
        FuzzCorpus.files(at: root.appendingPathComponent("Tests/LCTraceFuzzTests/Regressions").path)
    }

    static var seedFiles: [String] {
        FuzzCorpus.files(at: root.appendingPathComponent("traces").path).filter { !$0.hasSuffix(".golden.json") }
    }

    @Test("Minimised crash inputs", arguments: FuzzTarget.allCases)
    func regressions(target: FuzzTarget) throws {
        for file in Self.regressionFiles {
            let bytes = try #require(FuzzCorpus.read(file))
            target.run(bytes)
        }
    }

    @Test("Sample traces", arguments: FuzzTarget.allCases)
    func seeds(target: FuzzTarget) throws {
        #expect(Self.seedFiles.count >= 20)
        for file in Self.seedFiles {
            let bytes = try #require(FuzzCorpus.read(file))
            target.run(bytes)
        }
    }

    @Test("MetricKit fixtures, whole and cut at every tenth of their length")
    func metricKitFixtures() throws {
        let files = FuzzCorpus.files(at: Self.root.appendingPathComponent("Tests/LCTraceAppleFormatsTests/Fixtures").path)
        #expect(files.count >= 5)
        for file in files {
            let bytes = try #require(FuzzCorpus.read(file))
            for tenth in 1...10 { FuzzTarget.metrickit.run(Array(bytes.prefix(bytes.count * tenth / 10))) }
        }
    }
}
