import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

/// Deterministic mutations of valid lines: the scanner must never crash, and it
/// must agree with the standalone validator about syntax.
@Suite("Mutated lines")
struct MutationTests {
    private typealias Generator = XorShift

    private static let seeds = [
        #"{"t":1795168800.25,"ev":"app.didBecomeActive","pid":12,"phase":"begin"}"#,
        #"{"t":"2026-11-20T10:00:00.250Z","ev":"scene.willConnect","scene":"main","x":{"a":[1,-2.5e3,true,null]}}"#,
        #"{"ev":"meta","t":0,"os":"17.4","modes":["audio","voip"],"refresh":false,"model":"uikit-scene"}"#,
        #"{"t":1,"ev":"bgtask.begin","task":"s\u00e9\"q","name":"n\ud83d\ude00"}"#,
    ]

    private static let alphabet: [UInt8] =
        Array(#"{}[]:,"\-+.eE0123456789 tfnul"#.utf8) + [0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x7F, 0x80, 0xBF, 0xC0, 0xE0, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]

    @Test("Scanner and validator agree on every mutation", arguments: 0..<4)
    func agree(seedIndex: Int) {
        var rng = Generator(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(seedIndex))
        let seed = Array(Self.seeds[seedIndex].utf8)
        #expect(scanError(seed) == nil)
        for _ in 0..<5000 {
            var line = seed
            for _ in 0...rng.below(3) {
                let position = rng.below(line.count + 1)
                switch rng.below(4) {
                case 0 where position < line.count: line.remove(at: position)
                case 1: line.insert(Self.alphabet[rng.below(Self.alphabet.count)], at: position)
                case 2 where position < line.count: line[position] = Self.alphabet[rng.below(Self.alphabet.count)]
                default: line = Array(line[..<position])
                }
            }
            let scanned = scanError(line)
            let valid = JSONValidator.validate(line) == nil
            if !valid {
                #expect(scanned != nil, "\(String(decoding: line, as: UTF8.self))")
            }
            if scanned == nil {
                #expect(valid, "\(String(decoding: line, as: UTF8.self))")
            }
        }
    }
}
