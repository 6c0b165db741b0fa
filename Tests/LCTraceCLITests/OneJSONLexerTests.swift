import Foundation
import Testing

/// Issue 23, "one JSON lexer": the grammar of objects is written in one place. The messages
/// of the member loop (a key, its `:`, the `,` or `}` after a member) appear only in
/// `JSONLexer` files, so a reader that grew its own loop again would be found here.
@Suite struct OneJSONLexerTests {
    static let memberLoopMessages = [
        "expected ':' after a key",
        "expected ',' or '}' after a member",
    ]

    @Test(arguments: memberLoopMessages)
    func onlyTheLexerSpellsTheMemberLoop(message: String) throws {
        var holders: [String] = []
        for file in try HouseStyleTests.swiftFiles() {
            let text = try String(contentsOf: HouseStyleTests.sources.appendingPathComponent(file), encoding: .utf8)
            // As a string literal: code that reports it, not prose that names it.
            if text.contains("\"" + message + "\"") { holders.append(file) }
        }
        #expect(!holders.isEmpty)
        for file in holders {
            let name = file.split(separator: "/").last.map(String.init) ?? file
            #expect(name.hasPrefix("JSONLexer"), "\(file) has a member loop of its own ('\(message)')")
        }
    }

    /// Apple's JSON documents (MetricKit payloads, `.ips` reports) are read with
    /// `JSONLexer.document`, not with Foundation's parser, in the modules that read input.
    @Test(arguments: ["LCTraceAppleFormats/", "LCTraceIngest/"])
    func noReaderParsesWithFoundation(module: String) throws {
        let files = try HouseStyleTests.swiftFiles().filter { $0.hasPrefix(module) }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: HouseStyleTests.sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("JSONSerialization"), "\(file) mentions JSONSerialization")
        }
    }
}
