import Foundation
import LCTraceConfig
import Testing

/// Files made to hurt a parser are refused quickly, with a message that says why, before
/// they can cost time, memory or stack.
@Suite struct HostileConfigurationTests {
    /// "Billion laughs": nine levels of nine aliases, 9^9 values once expanded.
    static func aliasBomb(tail: String) -> String {
        var lines = [#"a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]"#]
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            lines.append("\(name): &\(name) [" + Array(repeating: "*" + previous, count: 9).joined(separator: ",") + "]")
            previous = name
        }
        return lines.joined(separator: "\n") + "\n" + tail
    }

    /// (text, line, words)
    static let cases: [(String, Int?, String)] = [
        (aliasBomb(tail: "owners: *i\n"), 2, "YAML aliases ('*name') are not accepted"),
        // As a mapping key, Yams would hash the expanded key while composing (minutes).
        (aliasBomb(tail: "? *i\n: x\n"), 2, "YAML aliases"),
        ("excluded: [*.tmp]\n", 1, "quote a pattern or text that starts with '*'"),
        ("excluded:\n  - **/*.tmp\n", 2, "quote a pattern or text that starts with '*'"),
        ("a: &x 1\nb: {k: *x}\n", 2, "YAML aliases"),
        ("owners: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), 1, "too deeply nested"),
        ("owners:\n" + (0..<300).map { String(repeating: " ", count: $0 + 2) + "-\n" }.joined(), 128, "too deeply nested"),
        ("owners:\n  " + String(repeating: "- ", count: 50_000) + "x\n", 2, "too deeply nested"),
        ("severity: " + String(repeating: "{a: ", count: 20) + "1" + String(repeating: "}", count: 20), 1, "nested more than 16 levels"),
    ]

    @Test(arguments: cases)
    func refusedQuickly(text: String, line: Int?, words: String) {
        let start = ContinuousClock.now
        ConfigurationFileTests.expectRefusal(of: text, line: line, words: words)
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    @Test func aWholeCommentLineMayHoldAStar() throws {
        let file = try ConfigurationFile.parse("# LC402 is *never* reported\ndisabled_rules: [LC402]\n", path: "x.yml")
        #expect(file.disabledRules == [.unknownEvent])
    }

    @Test func aHugeFileIsRefusedWithoutReadingIt() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/.lctrace.yml"
        // Sparse: 64 MiB that are never read past the first MiB.
        _ = FileManager.default.createFile(atPath: path, contents: Data("# x\n".utf8))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 64 << 20)
        try handle.close()
        let start = ContinuousClock.now
        #expect {
            _ = try ConfigurationFile.load(path: path)
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            #expect(error.line == nil)
            #expect(error.message.contains("larger than 1024 KiB"), "\(error)")
            return true
        }
        #expect(ContinuousClock.now - start < .seconds(2))
    }

    /// (contents, words)
    @Test(arguments: [
        (Data([0x66, 0x61, 0x69, 0x6C, 0x5F, 0x6F, 0x6E, 0x3A, 0x20, 0xFF, 0xFE]), "not UTF-8")
    ])
    func notUTF8IsRefused(contents: Data, words: String) throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/.lctrace.yml"
        _ = FileManager.default.createFile(atPath: path, contents: contents)
        #expect {
            _ = try ConfigurationFile.load(path: path)
        } throws: { error in
            (error as? ConfigurationError)?.message.contains(words) ?? false
        }
    }

    @Test func aMissingOrFolderPathIsRefused() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: ConfigurationError(path: dir + "/none.yml", line: nil, key: nil, message: "no such configuration file")) {
            try ConfigurationFile.load(path: dir + "/none.yml")
        }
        #expect(throws: ConfigurationError(path: dir, line: nil, key: nil, message: "is a folder, not a configuration file")) {
            try ConfigurationFile.load(path: dir)
        }
    }

    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "lctrace-config-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
