import Foundation
import Testing

/// Issue 22: one path type that keeps a name's bytes exactly, through arguments, directory
/// walks and outputs.
@Suite("Seams: names keep their bytes") struct ByteExactNameCLITests {
    @Test("A name with the byte 0xE9 and one with the character U+10FFE9 are two files to replay and to audit")
    func byteAndPrivateUseCharacterAreTwoFiles() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let root = CommandLineTests.root.path
        let r = try ReliabilityCLITests.bash(
            "cd '\(dir)' && cp '\(root)/traces/clean-multi-session.jsonl.zst' $'rep\\xe9.zst' && "
                + "cp '\(root)/traces/lc300-bgtask-leaked.jsonl.zst' $'rep\\xf4\\x8f\\xbf\\xa9.zst' && "
                + #""$LCTRACE" replay --format jsonl $'rep\xe9.zst' | tail -1; "#
                + #""$LCTRACE" replay --format jsonl $'rep\xf4\x8f\xbf\xa9.zst' | tail -1; "#
                + #""$LCTRACE" audit --format jsonl . | grep -c '^{"file":'"#)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(r.stdout) \(r.stderr)")
        guard lines.count == 3 else { return }
        #expect(lines[0].contains(#""errors":0"#), "the byte name opened another file: \(lines[0])")
        #expect(lines[1].contains(#""errors":1"#), "the U+10FFE9 name opened another file: \(lines[1])")
        #expect(lines[2] == "2", "audit dropped one of the two files")
    }

    @Test("-o with a name that is not UTF-8 (or holds U+10FF80) creates exactly that name", arguments: [#"$'rep\xe9.txt'"#, #"$'rep\xf4\x8f\xbe\x80.txt'"#])
    func outputNameKeepsItsBytes(name: String) throws {
        let dir = try ReliabilityCLITests.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try ReliabilityCLITests.bash(
            "cd '\(dir)' && \"$LCTRACE\" replay '\(CommandLineTests.root.path)/traces/clean-multi-session.jsonl.zst' -o \(name) && "
                + "test -f \(name) && ls | wc -l")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "1\n", "\(r.stdout)")
    }

    @Test("A baseline whose name is not UTF-8 is written and read back under that name")
    func baselineNameKeepsItsBytes() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let log = CommandLineTests.root.path + "/traces/lc300-bgtask-leaked.jsonl.zst"
        let r = try ReliabilityCLITests.bash(
            "cd '\(dir)' && \"$LCTRACE\" baseline '\(log)' -o $'b\\xe9.json' && \"$LCTRACE\" replay --baseline $'b\\xe9.json' '\(log)' && test -f $'b\\xe9.json' && ls | wc -l"
        )
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("1 finding suppressed by the baseline 'b\\xE9.json'"), "\(r.stderr)")
        #expect(r.stdout.hasSuffix("1\n"), "\(r.stdout)")
    }
}
