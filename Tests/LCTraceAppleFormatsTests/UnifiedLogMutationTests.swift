import LCTraceCore
@testable import LCTraceIngest
@testable import LCTraceAppleFormats
import LCTraceTestSupport
import Testing

/// Deterministic mutations of unified-log exports: the reader never crashes, and what it
/// reads does not depend on how the bytes are chunked.
@Suite("Mutated unified-log exports")
struct UnifiedLogMutationTests {
    private typealias Generator = XorShift

    private static let alphabet: [UInt8] = Array(#"{}[]:,"\ =<>0123456789 abt"#.utf8) + [0x00, 0x0A, 0x0D, 0x80, 0xC0, 0xEF, 0xBB, 0xBF]

    static var exports: [String] {
        let records = Array(UnifiedLogTests.story.prefix(6))
        return [Export.ndjson(records), Export.json(records), "[" + records.map(Export.compact).joined(separator: ",") + "]"]
    }

    @Test("Mutated exports read the same at every chunk size", arguments: 0..<3)
    func chunkIndependent(form: Int) throws {
        var rng = Generator(state: 0xD1B5_4A32_D192_ED03 &+ UInt64(form))
        let seed = Array(Self.exports[form].utf8)
        for _ in 0..<120 {
            var text = seed
            for _ in 0...rng.below(4) {
                let position = rng.below(text.count + 1)
                switch rng.below(3) {
                case 0 where position < text.count: text.remove(at: position)
                case 1 where position < text.count: text[position] = Self.alphabet[rng.below(Self.alphabet.count)]
                default: text.insert(Self.alphabet[rng.below(Self.alphabet.count)], at: position)
                }
            }
            guard let whole = try? renderExport(text, format: .oslog) else { continue }
            for chunkSize in [1, 7, 64] {
                #expect(try renderExport(text, chunkSize: chunkSize, format: .oslog) == whole)
            }
            // Lines only go forward.
            let lines = whole.compactMap { Int($0.prefix { $0 != ":" }) }
            #expect(lines == lines.sorted())
        }
    }
}
