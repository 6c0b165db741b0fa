import Foundation
import Testing

/// `audit` discovery, `merge` checks and the rough edges of issue 13 (items 11, 12, 14, 16).
@Suite struct BatchEdgeTests {
    /// A temporary directory, removed at the end.
    final class Scratch {
        let root: String

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-batch-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root + "/d", withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
        }

        func write(_ name: String, _ bytes: [UInt8]) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: root + "/" + name))
        }

        func read(_ name: String) throws -> String {
            try String(decoding: Data(contentsOf: URL(fileURLWithPath: root + "/" + name)), as: UTF8.self)
        }

        /// A plain log with planted LC300 faults, written by `lctrace gen`.
        func gen(_ name: String, seed: Int = 1, faults: String = "LC300=0.3") throws {
            let r = try CommandLineTests.run([
                "gen", "--seed", "\(seed)", "--records", "200", "--compression", "plain", "--faults", faults, "--output", root + "/" + name,
            ])
            #expect(r.status == 0, "\(r.stderr)")
        }

        /// Runs lctrace with this directory as the working directory.
        func run(_ arguments: [String], stdin: Data? = nil) throws -> CommandLineTests.Outcome {
            try CommandLineTests.run(arguments, stdin: stdin)
        }
    }

    static let cleanRecord = #"{"t":1795168800.0,"ev":"process.launch","pid":7,"reason":"user"}"#

    @Test func auditReplaysALogWhoseFirstLineIsDamaged() throws {
        let s = try Scratch()
        try s.gen("seed.jsonl", faults: "LC100=0.5")
        let log = try s.read("seed.jsonl")
        try s.write("d/damaged.jsonl", Array(("garbage where the first record was\n" + log).utf8))
        try s.write("d/README", Array("# recordings\n\nSee the wiki.\n".utf8))
        try s.write("d/picture.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])
        let audit = try CommandLineTests.run(["audit", s.root + "/d"])
        let replay = try CommandLineTests.run(["replay", s.root + "/d/damaged.jsonl"])
        #expect(audit.status == replay.status, "\(audit.stdout)")
        #expect(audit.status == 1)
        #expect(audit.stdout.contains("damaged.jsonl:1: error: [LC401"), "\(audit.stdout)")
        #expect(!audit.stdout.contains("damaged.jsonl: skipped"))
        #expect(audit.stdout.contains("README: skipped: not a lifecycle log"))
        #expect(audit.stdout.contains("picture.png: skipped: not a lifecycle log"))
        // The same findings as replay, file for file.
        let findings = { (text: String) in text.split(separator: "\n").filter { $0.contains(": error: [") }.map { $0.split(separator: "/").last! } }
        #expect(findings(audit.stdout) == findings(replay.stdout))
    }

    @Test func auditSkipsItsOwnReportsAndPlantedFindings() throws {
        let s = try Scratch()
        try s.gen("d/app.jsonl")
        #expect(
            FileManager.default.fileExists(atPath: s.root + "/d/app.jsonl.planted.jsonl")
                || FileManager.default.fileExists(atPath: s.root + "/d/app.planted.jsonl"))
        let first = try CommandLineTests.run(["audit", "--fail-on", "never", "--format", "jsonl", "-o", s.root + "/d/audit.jsonl", s.root + "/d"])
        #expect(first.status == 0, "\(first.stderr)")
        for format in ["json", "jsonl"] {
            let r = try CommandLineTests.run([
                "replay", "--fail-on", "never", "--format", format, "-o", s.root + "/d/replay.\(format)", s.root + "/d/app.jsonl",
            ])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let a = try CommandLineTests.run(["audit", "--fail-on", "never", "--format", "json", "-o", s.root + "/d/audit.json", s.root + "/d"])
        #expect(a.status == 0)
        let again = try CommandLineTests.run(["audit", "--fail-on", "never", s.root + "/d"])
        #expect(!again.stdout.contains("LC401"), "\(again.stdout)")
        #expect(again.stdout.contains("Audit of 1 file (5 skipped)"), "\(again.stdout)")
        for name in ["audit.jsonl", "audit.json", "replay.json", "replay.jsonl", "planted.jsonl"] {
            #expect(again.stdout.contains(name + ": skipped: an lctrace"), "\(name): \(again.stdout)")
        }
    }

    @Test func auditOfOverlappingPathsAuditsEachFileOnce() throws {
        let s = try Scratch()
        try s.gen("d/a.jsonl", seed: 1)
        // A seed whose log plants findings: an empty planted list would be unreadable, not skipped.
        try s.gen("d/b.jsonl", seed: 3)
        try FileManager.default.createSymbolicLink(atPath: s.root + "/d/link-to-a.jsonl", withDestinationPath: "a.jsonl")
        try FileManager.default.createSymbolicLink(atPath: s.root + "/d/loop1", withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: s.root + "/d/loop2", withDestinationPath: "loop1")
        let r = try CommandLineTests.run([
            "audit", "--fail-on", "never", "--summary-only", s.root + "/d", s.root + "/./d", s.root + "/d/", s.root + "/d/b.jsonl",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        // a.jsonl (once, under one of its names), b.jsonl; the planted lists and the two
        // loop links are skipped, each once.
        #expect(r.stdout.hasPrefix("Audit of 2 files (4 skipped)"), "\(r.stdout)")
        let listed = try CommandLineTests.run(["audit", "--fail-on", "never", s.root + "/d"])
        #expect(listed.stdout.contains("loop1: skipped: symbolic link loop"), "\(listed.stdout)")
        #expect(!listed.stdout.contains("dangling"))
    }

    /// Two shards of one audit of three logs, the second audited with `extra` options.
    static func shards(_ s: Scratch, secondWith extra: [String] = []) throws {
        for i in 1...3 { try s.gen("d/log\(i).jsonl", seed: i) }
        for (k, more) in [(1, [String]()), (2, extra)] {
            let r = try CommandLineTests.run(
                ["audit", "--fail-on", "never", "--format", "jsonl", "--shard", "\(k)/2", "-o", s.root + "/s\(k).jsonl"] + more + [s.root + "/d"])
            #expect(r.status == 0, "\(r.stderr)")
        }
    }

    @Test func mergeWritesNothingBeforeRefusingACutShard() throws {
        let s = try Scratch()
        try Self.shards(s)
        let whole = try s.read("s2.jsonl")
        let lines = whole.split(separator: "\n", omittingEmptySubsequences: false)
        // Cut inside the last line, and cut before the summary line.
        try s.write("cut-mid.jsonl", Array(whole.utf8.prefix(whole.utf8.count - 20)))
        try s.write("cut-summary.jsonl", Array((lines.dropLast(2).joined(separator: "\n") + "\n").utf8))
        for cut in ["cut-mid.jsonl", "cut-summary.jsonl"] {
            for format in ["json", "jsonl", "text"] {
                let r = try CommandLineTests.run(["merge", "--format", format, s.root + "/s1.jsonl", s.root + "/" + cut])
                #expect(r.status == 2, "\(cut) \(format)")
                #expect(r.stdout.isEmpty, "\(cut) \(format): \(r.stdout)")
                #expect(r.stderr.contains("Unable to merge '\(s.root)/\(cut)'"), "\(r.stderr)")
            }
            let piped = try CommandLineTests.run(
                ["merge", "--format", "json", s.root + "/s1.jsonl", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: s.root + "/" + cut)))
            #expect(piped.status == 2)
            #expect(piped.stdout.isEmpty)
        }
        let good = try CommandLineTests.run(["merge", "--fail-on", "never", "--format", "json", s.root + "/s1.jsonl", "-"], stdin: Data(whole.utf8))
        #expect(good.status == 0, "\(good.stderr)")
        #expect((try? JSONSerialization.jsonObject(with: Data(good.stdout.utf8))) != nil)
    }

    @Test(arguments: [
        ["--budget", "launch=3"], ["--model", "uikit-scene"], ["--os", "15.0"],
    ])
    func mergeRefusesShardsAuditedWithDifferentOptions(extra: [String]) throws {
        let s = try Scratch()
        try Self.shards(s, secondWith: extra)
        let r = try CommandLineTests.run(["merge", s.root + "/s1.jsonl", s.root + "/s2.jsonl"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("was audited with --model"), "\(r.stderr)")
    }

    /// The configuration's `owners` change findings' owners: the header records them, and
    /// shards must agree on them as on the other options.
    @Test func mergeComparesTheOwnersOfTheConfiguration() throws {
        let s = try Scratch()
        try Self.shards(s)
        let owners = #""configuration":{"owners":{"com.example.":"Example"},"model""#
        for name in ["s1.jsonl", "s2.jsonl"] {
            let text = try s.read(name)
            try s.write("owned-" + name, Array(text.replacingOccurrences(of: #""configuration":{"model""#, with: owners).utf8))
        }
        let mixed = try CommandLineTests.run(["merge", s.root + "/s1.jsonl", s.root + "/owned-s2.jsonl"])
        #expect(mixed.status == 2)
        #expect(mixed.stdout.isEmpty)
        let same = try CommandLineTests.run(
            ["merge", "--fail-on", "never", "--format", "jsonl", s.root + "/owned-s1.jsonl", s.root + "/owned-s2.jsonl"])
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.hasPrefix(#"{"audit":{"version":1,"top":10,"shard":null,"configuration":{"model":"auto""#), "\(same.stdout.prefix(200))")
        #expect(same.stdout.split(separator: "\n").first?.contains(#""owners":{"com.example.":"Example"}"#) == true)
    }

    @Test func mergeRefusesAnUnknownHeaderVersion() throws {
        let s = try Scratch()
        try Self.shards(s)
        let text = try s.read("s2.jsonl").replacingOccurrences(of: #"{"audit":{"version":1,"#, with: #"{"audit":{"version":7,"#)
        try s.write("s2.jsonl", Array(text.utf8))
        let r = try CommandLineTests.run(["merge", s.root + "/s1.jsonl", s.root + "/s2.jsonl"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("header version 7"), "\(r.stderr)")
    }

    @Test(arguments: [
        ["--budget", "launch=3"], ["--model", "uikit-app"], ["--os", "17.4"], ["--max-decompressed", "1G"],
        ["--subsystem", "com.example"], ["--category", "x"], ["--input-format", "native"],
    ])
    func mergeRefusesReplayOptionsItWouldIgnore(option: [String]) throws {
        let s = try Scratch()
        try Self.shards(s)
        let r = try CommandLineTests.run(["merge"] + option + [s.root + "/s1.jsonl", s.root + "/s2.jsonl"])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("Unknown option '\(option[0])'"), "\(r.stderr)")
    }

    @Test(arguments: [
        (["explain", "LC3OO"], "did you mean 'LC300'?"),
        (["explain", "bgtask-leakd"], "did you mean 'bgtask-leaked'?"),
        (["replya", "x.jsonl"], "unknown command 'replya'; did you mean 'replay'?"),
        (["expalin", "LC300"], "did you mean 'explain'?"),
        (["audit", "--top", "-1", "x"], "--top must be 0 or more"),
        (["audit", "--jobs", "-1", "x"], "--jobs must be at least 1"),
    ])
    func usageMistakesGetAHelpfulMessage(arguments: [String], expected: String) throws {
        let r = try CommandLineTests.run(arguments)
        #expect(r.status == 2)
        #expect(r.stderr.contains(expected), "\(r.stderr)")
        #expect(!r.stderr.contains("Missing value"))
    }

    @Test func jobsAreCappedAtAMultipleOfTheCores() throws {
        let s = try Scratch()
        try s.gen("d/a.jsonl")
        let r = try CommandLineTests.run(["audit", "--fail-on", "never", "--summary-only", "--jobs", "1000", s.root + "/d"])
        #expect(r.status == 0)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(r.stderr.contains("--jobs 1000 capped at \(cores * 4)"), "\(r.stderr)")
        let modest = try CommandLineTests.run(["audit", "--fail-on", "never", "--summary-only", "--jobs", "\(cores)", s.root + "/d"])
        #expect(modest.stderr.isEmpty, "\(modest.stderr)")
    }

    @Test func controlCharactersInAnUnreadablePathAreEscapedOnStandardError() throws {
        let s = try Scratch()
        try s.gen("d/a.jsonl")
        let bad = s.root + "/d/gone\u{1B}[31m\nname.jsonl"
        let r = try CommandLineTests.run(["audit", "--fail-on", "never", s.root + "/d", bad])
        #expect(!r.stderr.contains("\u{1B}"), "\(r.stderr)")
        #expect(r.stderr.contains("gone\\u001B[31m\\nname.jsonl"), "\(r.stderr)")
    }
}

extension BatchEdgeTests {
    @Test func convertCapsItsProblemLines() throws {
        let s = try Scratch()
        let lines = (1...300).map { "not a record \($0)" }.joined(separator: "\n") + "\n" + Self.cleanRecord + "\n"
        try s.write("bad.jsonl", Array(lines.utf8))
        let r = try CommandLineTests.run(["convert", "--compression", "plain", "-o", s.root + "/out.jsonl", s.root + "/bad.jsonl"])
        #expect(r.status == 1)
        let stderr = r.stderr.split(separator: "\n")
        #expect(stderr.filter { $0.contains("[LC401") }.count == 100, "\(stderr.count) lines")
        #expect(r.stderr.contains("200 more problems in '\(s.root)/bad.jsonl' not shown"), "\(r.stderr)")
    }
}

extension BatchEdgeTests {
    @Test(arguments: [
        (#"{"t":1763600000123,"ev":"process.launch","pid":7,"reason":"user"}"#, "looks like epoch milliseconds"),
        (#"{"t":1763600000123456,"ev":"process.launch","pid":7,"reason":"user"}"#, "looks like epoch microseconds"),
        (#"{"t":1763600000123456789,"ev":"process.launch","pid":7,"reason":"user"}"#, "looks like epoch nanoseconds"),
        (#"{"t":"2026-11-20T10:00:00","ev":"process.launch","pid":7,"reason":"user"}"#, "has no time zone"),
        (#"{"t":"2026-11-20T10:00:00.250","ev":"process.launch","pid":7,"reason":"user"}"#, "has no time zone"),
    ])
    func badTimesGetAHint(record: String, hint: String) throws {
        let s = try Scratch()
        try s.write("a.jsonl", Array((record + "\n" + Self.cleanRecord + "\n").utf8))
        let r = try CommandLineTests.run(["replay", s.root + "/a.jsonl"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("a.jsonl:1: error: [LC401 malformed-record]"), "\(r.stdout)")
        #expect(r.stdout.contains(hint), "\(r.stdout)")
    }
}

extension BatchEdgeTests {
    /// `caf\xE9.jsonl` (Latin-1, not UTF-8), made and named through the shell, since
    /// Foundation only passes UTF-8 arguments.
    @Test func fileNamesThatAreNotUTF8CanBeReplayedAndAudited() throws {
        let s = try Scratch()
        try s.gen("d/plain.jsonl", faults: "LC300=0.5")
        let name = #""$1/d/caf$(printf '\351').jsonl""#
        let shell = URL(fileURLWithPath: "/bin/sh")
        let lctrace = CommandLineTests.binary.path
        let mv = try CommandLineTests.runExecutable(shell, ["-c", "mv \"$1/d/plain.jsonl\" \(name)", "sh", s.root])
        #expect(mv.status == 0, "\(mv.stderr)")
        let replay = try CommandLineTests.runExecutable(shell, ["-c", "'\(lctrace)' replay \(name)", "sh", s.root])
        #expect(replay.status == 1, "\(replay.stderr)")
        #expect(replay.stdout.contains("/d/caf\\xE9.jsonl:"), "\(replay.stdout)")
        #expect(replay.stdout.contains("[LC300"))
        let audit = try CommandLineTests.runExecutable(shell, ["-c", "'\(lctrace)' audit \"$1/d\"", "sh", s.root])
        #expect(audit.status == 1, "\(audit.stderr)")
        #expect(audit.stdout.contains("/d/caf\\xE9.jsonl: 200 events"), "\(audit.stdout)")
        #expect(audit.stderr.isEmpty, "\(audit.stderr)")
    }
}

extension BatchEdgeTests {
    @Test func aNonUTF8PathOnStandardInputIsAudited() throws {
        let s = try Scratch()
        try s.gen("d/plain.jsonl", faults: "LC300=0.5")
        let shell = URL(fileURLWithPath: "/bin/sh")
        let script = #"mv "$1/d/plain.jsonl" "$1/d/caf$(printf '\351').jsonl" && printf '%s/d/caf\351.jsonl\n' "$1" | "$2" audit -"#
        let r = try CommandLineTests.runExecutable(shell, ["-c", script, "sh", s.root, CommandLineTests.binary.path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("/d/caf\\xE9.jsonl: 200 events"), "\(r.stdout)")
    }
}
