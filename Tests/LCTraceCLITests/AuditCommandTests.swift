import Foundation
import Testing

/// `lctrace audit`, `merge` and `stats` end to end.
@Suite struct AuditCommandTests {
    /// A temporary directory of logs made by `lctrace gen`, with planted faults.
    final class Logs {
        let root: String
        let dir: String

        init(count: Int) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-cli-audit-\(UUID().uuidString)").path
            dir = root + "/logs"
            try FileManager.default.createDirectory(atPath: dir + "/nested/deeper", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: root + "/gen", withIntermediateDirectories: true)
            for i in 0..<count {
                let gen = root + "/gen/log\(i).jsonl.zst"
                let r = try CommandLineTests.run([
                    "gen", "--seed", "\(i + 1)", "--records", "300", "--model", "mixed", "--faults", "LC300=0.3,LC100=0.2",
                    "--output", gen,
                ])
                #expect(r.status == 0, "\(r.stderr)")
                let sub = ["", "/nested", "/nested/deeper"][i % 3]
                try FileManager.default.moveItem(atPath: gen, toPath: dir + sub + "/log\(i).jsonl.zst")
            }
            try Data("# not a log\n".utf8).write(to: URL(fileURLWithPath: dir + "/README.md"))
        }

        deinit {
            try? FileManager.default.removeItem(atPath: root)
        }
    }

    @Test func auditsADirectoryWithFindingsAndNoProgressBarWhenNotATerminal() throws {
        let logs = try Logs(count: 6)
        let r = try CommandLineTests.run(["audit", logs.dir])
        #expect(r.status == 1, "planted errors: \(r.stdout) \(r.stderr)")
        #expect(r.stderr.isEmpty, "no progress bar on a pipe: \(r.stderr)")
        #expect(r.stdout.contains("README.md: skipped: not a lifecycle log"))
        #expect(r.stdout.contains("Audit of 6 files (1 skipped)"))
        #expect(r.stdout.contains("Worst sessions:"))
        let never = try CommandLineTests.run(["audit", "--fail-on", "never", "--summary-only", logs.dir])
        #expect(never.status == 0)
        #expect(never.stdout.hasPrefix("Audit of 6 files (1 skipped)\n"), "no per-file lines: \(never.stdout)")
    }

    @Test func progressBarOnATerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { return }
        let logs = try Logs(count: 2)
        // script(1) gives the command a pseudo-terminal; the report goes to a file.
        let out = logs.root + "/report.txt"
        let command = "\(CommandLineTests.binary.path) audit --fail-on never --output \(out) \(logs.dir)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = Pipe()
        try process.run()
        let seen = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(seen.contains("3/3 files"), "two logs and a README: \(seen)")
        #expect(seen.contains("rec/s"))
    }

    @Test func unreadablePathsAreReportedAndTheAuditGoesOn() throws {
        let logs = try Logs(count: 2)
        let missing = logs.root + "/missing.jsonl.zst"
        let r = try CommandLineTests.run(["audit", "--fail-on", "never", logs.dir, missing])
        #expect(r.status == 0, "some file could be read: \(r.stderr)")
        #expect(r.stderr == "Unable to read '\(missing)': no such file or directory.\n")
        let none = try CommandLineTests.run(["audit", missing])
        #expect(none.status == 2, "no file at all could be read")
    }

    @Test func pathsFromStandardInput() throws {
        let logs = try Logs(count: 3)
        let list = ["\(logs.dir)/log0.jsonl.zst", "\(logs.dir)/nested/log1.jsonl.zst", ""].joined(separator: "\n")
        let r = try CommandLineTests.run(["audit", "--format", "jsonl", "--fail-on", "never", "-"], stdin: Data(list.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""summary":{"files":2,"#), "\(r.stdout.suffix(400))")
    }

    @Test func outputDoesNotDependOnJobs() throws {
        let logs = try Logs(count: 9)
        let one = try CommandLineTests.run(["audit", "--format", "jsonl", "--jobs", "1", logs.dir])
        for jobs in ["2", "4"] {
            let many = try CommandLineTests.run(["audit", "--format", "jsonl", "--jobs", jobs, logs.dir])
            #expect(many.stdout == one.stdout, "--jobs \(jobs)")
            #expect(many.status == one.status)
        }
    }

    @Test func shardsMergeIntoTheSingleAudit() throws {
        let logs = try Logs(count: 8)
        let single = try CommandLineTests.run(["audit", "--format", "jsonl", logs.dir])
        var outputs: [String] = []
        for k in 1...3 {
            let path = logs.root + "/shard\(k).jsonl"
            let r = try CommandLineTests.run(["audit", "--format", "jsonl", "--shard", "\(k)/3", "--output", path, logs.dir])
            #expect(r.status <= 1, "\(r.stderr)")
            outputs.append(path)
        }
        let merged = try CommandLineTests.run(["merge", "--format", "jsonl"] + outputs)
        #expect(merged.status == single.status)
        let parse = { (text: String) in
            text.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary }
        }
        #expect(parse(merged.stdout) == parse(single.stdout))
        let text = try CommandLineTests.run(["merge"] + outputs)
        let singleText = try CommandLineTests.run(["audit", logs.dir])
        #expect(text.stdout == singleText.stdout)
        let incomplete = try CommandLineTests.run(["merge", outputs[0], outputs[2]])
        #expect(incomplete.status == 2)
        #expect(incomplete.stderr == "Unable to merge: missing shard 2/3\n")
    }

    @Test(arguments: [
        ["audit"], ["audit", "--jobs", "0", "."], ["audit", "--shard", "5/4", "."], ["audit", "--shard", "x", "."],
        ["merge"], ["stats", "--format", "xml", "x"],
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let r = try CommandLineTests.run(arguments)
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
    }

    @Test func statsTextAndJSON() throws {
        let text = try CommandLineTests.run(["stats", CommandLineTests.trace("clean-multi-session")])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Durations (nearest-rank percentiles):"))
        let json = try CommandLineTests.run(["stats", "--format", "json", CommandLineTests.trace("clean-multi-session")])
        let doc = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? NSDictionary
        #expect(doc?["sessions"] as? Int == 3)
        #expect(doc?["percentile"] as? String == "nearest-rank")
        #expect(doc?["unreadable"] as? Int == 0)
        let missing = try CommandLineTests.run(["stats", "no-such.jsonl"])
        #expect(missing.status == 2)
    }

    /// An input `stats` cannot read is in its report, as in `replay`'s: counted in `json`,
    /// said in the text header, and the exit status is 2.
    @Test(arguments: ["text", "json"])
    func statsCountsTheInputsItCouldNotRead(format: String) throws {
        let r = try CommandLineTests.run([
            "stats", "--format", format, "no-such.jsonl", CommandLineTests.trace("clean-multi-session"),
        ])
        #expect(r.status == 2)
        #expect(r.stderr.contains("no-such.jsonl"))
        if format == "json" {
            let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? NSDictionary
            #expect(doc?["files"] as? Int == 1 && doc?["unreadable"] as? Int == 1)
        } else {
            #expect(r.stdout.hasPrefix("lctrace stats: 1 file (1 unreadable), "), "\(r.stdout.prefix(120))")
        }
    }
}
