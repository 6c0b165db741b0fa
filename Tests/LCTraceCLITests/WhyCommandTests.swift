import Foundation
import Testing

/// `lctrace why` (SPEC §7): the verdict, evidence and last records of every death; a plain
/// sentence and exit 0 with none; exit 2 without input.
@Suite struct WhyCommandTests {
    @Test func aDeathGetsItsVerdictEvidenceAndLastRecords() throws {
        let out = try CommandLineTests.run(["why", CommandLineTests.trace("killed-in-background")])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("traces/killed-in-background.jsonl.zst:11: pid 201 (com.example.uploader, iOS 17.4), session 1: bgtask-timeout"))
        #expect(out.stdout.contains("killed in the background with task 1 open 30.8 s, past its 30 s allowance"))
        #expect(out.stdout.contains("evidence: its own log, line 11"))
        #expect(out.stdout.contains("last 8 records of pid 201 before it died:"))
        #expect(out.stdout.contains("line 11  2026-11-20T10:03:31.000Z  sys.kill reason bgtask-timeout"))
        #expect(!out.stdout.contains("line  3 "), "only the last 8 records")
    }

    /// `--last` and `--pid` choose what is shown; a pid without a death says so.
    @Test(arguments: [
        (["--last", "2"], "last 2 records of pid 201", 0),
        (["--pid", "201"], "bgtask-timeout", 0),
        (["--pid", "999"], "No record of pid 999 in 'traces/killed-in-background.jsonl.zst': no process of that pid was logged.", 0),
        (["--last", "0"], "--last must be between 1 and 1000", 2),
    ])
    func optionsChooseWhatIsShown(_ options: [String], _ expected: String, _ status: Int32) throws {
        let out = try CommandLineTests.run(["why", CommandLineTests.trace("killed-in-background")] + options)
        #expect(out.status == status, "\(out.stderr)")
        #expect((out.stdout + out.stderr).contains(expected), "\(out.stdout)\(out.stderr)")
    }

    /// The state at death names the visibility only where it adds to the state: a background
    /// death says "in the background" once; a foreground state says where that is.
    @Test(arguments: [
        ("killed-in-background", "  state at death: in the background\n"),
        ("lc103-abnormal-exit", "  state at death: active (foreground)\n"),
    ])
    func theStateAtDeathSaysEachThingOnce(_ trace: String, _ expected: String) throws {
        let out = try CommandLineTests.run(["why", CommandLineTests.trace(trace)])
        #expect(out.status == 0, "\(out.stderr)")
        let line = try #require(out.stdout.split(separator: "\n").first { $0.hasPrefix("  state at death: ") })
        #expect((line + "\n").contains(expected), "\(line)")
        #expect(!line.contains("background (background)"), "\(line)")
    }

    /// A pid the log has, with no death, is told from one it never mentions.
    @Test func aPidWithoutADeathIsToldFromAnUnknownPid() throws {
        let out = try CommandLineTests.run(["why", CommandLineTests.trace("clean-scenes"), "--pid", "301"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasPrefix("No death of pid 301 in 'traces/clean-scenes.jsonl.zst': no session of it ended in a death"), "\(out.stdout)")
    }

    @Test func noDeathIsSaidPlainly() throws {
        let out = try CommandLineTests.run(["why", CommandLineTests.trace("clean-scenes")])
        #expect(out.status == 0)
        #expect(out.stdout.hasPrefix("No process died in 'traces/clean-scenes.jsonl.zst'"))
    }

    /// A file none of whose lines is a record gets no verdict: never "No process died in it",
    /// but its first LC401, and exit 1 as `replay` gives; a readable log beside it keeps its own.
    @Test func aFileOfNoRecordGetsNoVerdict() throws {
        let dir = try ReliabilityCLITests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let csv = dir.appendingPathComponent("sessions.csv").path
        try "pid,state\n201,background\n".write(toFile: csv, atomically: false, encoding: .utf8)
        let alone = try CommandLineTests.run(["why", csv])
        #expect(alone.status == 1, "\(alone.stderr)")
        #expect(!alone.stdout.contains("No process died"), "\(alone.stdout)")
        #expect(
            alone.stdout.hasPrefix(
                "No record could be read in '\(csv)': 2 lines are not a lifecycle record (LC401 at line 1: expected a JSON object at column 1)"
            ), "\(alone.stdout)")
        let beside = try CommandLineTests.run(["why", CommandLineTests.trace("clean-scenes"), csv])
        #expect(beside.status == 1, "\(beside.stderr)")
        #expect(beside.stdout.hasPrefix("No process died in 'traces/clean-scenes.jsonl.zst':"), "\(beside.stdout)")
        #expect(beside.stdout.contains("No record could be read in '\(csv)'"), "\(beside.stdout)")
        let withDeath = try CommandLineTests.run(["why", CommandLineTests.trace("killed-in-background"), csv])
        #expect(withDeath.status == 1, "\(withDeath.stderr)")
        #expect(withDeath.stdout.contains("bgtask-timeout"), "\(withDeath.stdout)")
        #expect(withDeath.stdout.hasSuffix("`lctrace replay` lists them.\n"), "\(withDeath.stdout)")
        // A fact of the file, not of the rules chosen: a disabled LC401 does not make it a log.
        let config = dir.appendingPathComponent("lctrace.yml").path
        try "disabled_rules: [LC401]\n".write(toFile: config, atomically: false, encoding: .utf8)
        let disabled = try CommandLineTests.run(["why", "--config", config, csv])
        #expect(disabled.status == 1, "\(disabled.stderr)")
        #expect(disabled.stdout.hasPrefix("No record could be read in '\(csv)'"), "\(disabled.stdout)")
        // A log damaged after its records keeps its verdict and exit 0: it gave records.
        let damaged = dir.appendingPathComponent("damaged.jsonl").path
        try (#"{"t":"2026-11-20T10:00:00Z","ev":"process.launch","pid":7}"# + "\nnot json\n").write(
            toFile: damaged, atomically: false, encoding: .utf8)
        let partly = try CommandLineTests.run(["why", damaged])
        #expect(partly.status == 0, "\(partly.stderr)")
        #expect(partly.stdout.hasPrefix("No process died in '\(damaged)'"), "\(partly.stdout)")
    }

    @Test func noInputIsAUsageError() throws {
        let out = try CommandLineTests.run(["why"])
        #expect(out.status == 2)
        #expect(out.stdout.isEmpty)
    }

    /// An input that cannot be read gets no verdict: "no process died" would be a claim about
    /// a log nobody read. It is said on standard error, exit 2, nothing on standard output.
    @Test func anUnreadableOnlyInputGetsNoVerdict() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-why-\(UUID().uuidString).zst").path
        let out = try CommandLineTests.run(["why", missing])
        #expect(out.status == 2)
        #expect(out.stdout.isEmpty, "\(out.stdout)")
        #expect(out.stderr.contains("Unable to read"), "\(out.stderr)")
        // `--output` is left as it was (SPEC §6: never destroyed), as `replay` leaves it.
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-why-out-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: kept) }
        try "kept\n".write(toFile: kept, atomically: false, encoding: .utf8)
        let toFile = try CommandLineTests.run(["why", missing, "-o", kept])
        #expect(toFile.status == 2)
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "kept\n")
        // Beside a readable log, the verdict speaks of that log only.
        let both = try CommandLineTests.run(["why", missing, CommandLineTests.trace("clean-scenes")])
        #expect(both.status == 2)
        #expect(both.stdout.hasPrefix("No process died in 'traces/clean-scenes.jsonl.zst'"), "\(both.stdout)")
    }
}

/// `why`'s wording (issue 24 review): each thing said once, a kill placed for outside evidence
/// never shown as a record of the log, one line per message.
@Suite struct WhyWordingTests {
    typealias CLI = CommandLineTests

    /// A MetricKit crash with a multi-line RBSTerminateContext, placed on an open session
    /// (`clean-scenes`, pid 301): the watchdog's words once, the placed kill labelled as the
    /// diagnostic's, and the LC103 message on one line in text.
    @Test func aPlacedKillIsTheDiagnosticsAndTheWatchdogIsSaidOnce() throws {
        let scratch = try BatchEdgeTests.Scratch()
        let reason =
            #"<RBSTerminateContext| domain:10 code:0x8BADF00D explanation:scene-update watchdog transgression: application<com.example.editor>:301 exhausted real (wall clock) time allowance of 10.00 seconds\nProcessVisibility: Foreground\nProcessState: Running\nWatchdogEvent: scene-update\nWatchdogVisibility: Foreground>"#
        let crash =
            #"{"version":"1.0.0","callStackTree":{},"diagnosticMetaData":{"pid":301,"bundleIdentifier":"com.example.editor","terminationReason":"\#(reason)"}}"#
        try scratch.write("mk.json", Array(crash.utf8))
        let why = try CLI.run(["why", CLI.trace("clean-scenes"), "--metrickit", scratch.root + "/mk.json"])
        #expect(why.status == 0, "\(why.stderr)")
        #expect(why.stdout.components(separatedBy: "exhausted its 10 s wall-clock allowance").count == 2, "\(why.stdout)")
        let last = try #require(why.stdout.split(separator: "\n").last { $0.contains("sys.kill") })
        #expect(last.contains("(not in the log: placed for MetricKit"), "\(last)")
        #expect(!last.contains("reason 0x8badf00d"), "\(last)")
        for format in ["text", "github"] {
            let out = try CLI.run(["replay", "--format", format, CLI.trace("clean-scenes"), "--metrickit", scratch.root + "/mk.json"])
            let lc103 = out.stdout.split(separator: "\n").filter { $0.contains("LC103") }
            #expect(!lc103.isEmpty, "\(format): \(out.stdout)")
            for line in lc103 {
                #expect(!line.contains("\\n") && line.contains("10.00 seconds ProcessVisibility: Foreground"), "\(format): \(line)")
            }
        }
    }
}
