import Foundation
import Testing

/// `xcodebuild test` UI-test transcripts given as FILEs (SPEC §12): recognised by content in
/// every command that replays; the runner's `Terminate BUNDLE:PID` ends that pid's session as
/// `normal` with reason `test-runner`, so a recording of a UI-test run that has an LC103 alone
/// replays clean beside the transcript. The transcripts are copies of the real one in
/// Fixtures/UITestTranscript (SOURCES.md there); the recording is built to match it.
@Suite struct UITestTranscriptCLITests {
    typealias CLI = CommandLineTests

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/UITestTranscript")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static let recording = fixture("uitest-recording.jsonl")
    static let terminate = fixture("uitest-part2-terminate-2348.txt")
    static let firstLaunch = fixture("uitest-part1-first-launch.txt")

    /// A temporary folder, removed after `body`.
    static func inTemporaryFolder(_ body: (URL) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-uitest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir)
    }

    @Test func theRecordingAloneHasAnLC103ForTheProcessTheRunnerEnded() throws {
        let r = try CLI.run(["replay", "--fail-on", "warning", Self.recording])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("uitest-recording.jsonl:7: warning: [LC103 abnormal-exit]"), "\(r.stdout)")
        #expect(r.stdout.contains("ended by the launch of pid 2351"), "\(r.stdout)")
    }

    @Test func theRecordingBesideTheTranscriptReplaysClean() throws {
        for order in [[Self.recording, Self.terminate], [Self.terminate, Self.recording]] {
            let r = try CLI.run(["replay", "--fail-on", "note", "--format", "json"] + order)
            #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
            #expect(r.stderr.isEmpty, "\(r.stderr)")
            let root = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            #expect((root["findings"] as? [Any])?.isEmpty == true, "\(r.stdout)")
            #expect((root["deaths"] as? [Any])?.isEmpty == true, "\(r.stdout)")
            #expect((root["unjoined"] as? [Any] ?? []).isEmpty, "\(r.stdout)")
        }
        let text = try CLI.run(["replay", Self.recording, Self.terminate])
        #expect(text.stdout.contains("lctrace: 2 files, 10 events, 2 sessions: 0 errors, 0 warnings, 0 notes"), "\(text.stdout)")
    }

    @Test func theFirstLaunchAloneTerminatesNothing() throws {
        // Part 1 has `Launch com.pagebound.notes` and no `Terminate`: a launch names no pid.
        let r = try CLI.run(["replay", Self.recording, Self.firstLaunch])
        #expect(r.stdout.contains("[LC103 abnormal-exit]"), "\(r.stdout)")
        #expect(!r.stdout.contains("LC401"), "the transcript is not read as a log: \(r.stdout)")
    }

    @Test func whySaysTheRunnerEndedTheProcess() throws {
        let r = try CLI.run(["why", Self.recording, Self.terminate])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("No process died"), "\(r.stdout)")
        #expect(r.stdout.contains("Ended by the test runner (1):"), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "uitest-recording.jsonl:5: pid 2348, session 1: ended normally by the test runner while active, after its last record at 2026-07-07T14:46:37.610Z (xcodebuild transcript '\(Self.terminate)' line 6: Terminate com.pagebound.notes:2348 (t = 0.04s, in -[PageBoundNotesUITests.LibraryNavigationUITests testDeleteFolderFromSidebarRemovesFolder], Start Test at 2026-07-07 14:46:57.824, no zone))"
            ), "\(r.stdout)")
        let all = try CLI.run(["why", "--all", Self.recording, Self.terminate])
        #expect(all.stdout.contains("Ended without dying (1):"), "\(all.stdout)")
        #expect(all.stdout.contains("ended normally by the test runner"), "\(all.stdout)")
        let alone = try CLI.run(["why", Self.recording])
        #expect(alone.stdout.contains("pid 2348 (com.pagebound.notes, iOS 26.0), session 1: abnormal"), "\(alone.stdout)")
        #expect(!alone.stdout.contains("test runner"), "\(alone.stdout)")
    }

    @Test func aTerminateOfAnotherPidJoinsNothingAndSaysSo() throws {
        try Self.inTemporaryFolder { dir in
            let text = try String(contentsOfFile: Self.terminate, encoding: .utf8).replacingOccurrences(
                of: "notes:2348", with: "notes:4100")
            let other = dir.appendingPathComponent("other.log")
            try Data(text.utf8).write(to: other)
            let r = try CLI.run(["replay", Self.recording, other.path])
            #expect(r.stdout.contains("[LC103 abnormal-exit]"), "\(r.stdout)")
            #expect(
                r.stderr.contains(
                    "xcodebuild transcript '\(other.path)' line 6 (pid 4100, Terminate com.pagebound.notes:4100"),
                "\(r.stderr)")
            #expect(r.stderr.contains("joined no session: no session of pid 4100 in the logs"), "\(r.stderr)")
            #expect(!r.stderr.contains("1970"), "no time is made of the transcript's: \(r.stderr)")
        }
    }

    @Test func theTranscriptAloneIsAFileWithNothingToJudge() throws {
        let r = try CLI.run(["replay", Self.terminate])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stdout.contains("LC401"), "\(r.stdout)")
        #expect(r.stdout.contains("lctrace: 1 file, 0 events, 0 sessions"), "\(r.stdout)")
    }

    /// Recognised by content in `audit`, `stats` and `baseline` too: never eight LC401s.
    @Test func everyCommandThatReplaysRecognisesIt() throws {
        try Self.inTemporaryFolder { dir in
            let audit = try CLI.run(["audit", Self.terminate, Self.firstLaunch])
            #expect(audit.status == 0, "\(audit.stdout)\(audit.stderr)")
            #expect(!audit.stdout.contains("LC401"), "\(audit.stdout)")
            #expect(audit.stdout.contains("Audit of 2 files"), "\(audit.stdout)")
            let walk = try CLI.run(["audit", Self.fixtures.path])
            #expect(!walk.stdout.contains("LC401"), "\(walk.stdout)")
            #expect(!walk.stdout.contains("uitest-part2-terminate-2348.txt: skipped"), "\(walk.stdout)")
            #expect(walk.stdout.contains("uitest-part2-terminate-2348.txt: 0 events, 0 sessions"), "\(walk.stdout)")
            let stats = try CLI.run(["stats", Self.terminate])
            #expect(stats.status == 0, "\(stats.stdout)\(stats.stderr)")
            #expect(stats.stdout.contains("1 file, 0 events"), "\(stats.stdout)")
            let baseline = dir.appendingPathComponent("baseline.json").path
            let b = try CLI.run(["baseline", "-o", baseline, Self.recording, Self.terminate])
            #expect(b.status == 0, "\(b.stderr)")
            #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains("\"entries\": []"))
        }
    }

    /// A damaged or cut transcript is unreadable, naming the file and the line (exit 2), and
    /// the recording is still replayed: never a guessed pid.
    @Test(arguments: [
        ("notes:2348\n", "notes:23x8\n", "line 6: the runner's line 'Terminate com.pagebound.notes:23x8' is not 'Terminate BUNDLE:PID'"),
        ("notes:2348\n", "notes:\n", "line 6: the runner's line 'Terminate com.pagebound.notes:' is not 'Terminate BUNDLE:PID'"),
        ("notes:2348\n", "notes:2348\u{0}\n", "line 6: the runner's 'Terminate' line is not text"),
    ])
    func aDamagedTranscriptIsAnErrorNamingTheLine(from: String, to: String, expected: String) throws {
        try Self.inTemporaryFolder { dir in
            let text = try String(contentsOfFile: Self.terminate, encoding: .utf8).replacingOccurrences(of: from, with: to)
            let damaged = dir.appendingPathComponent("damaged.log")
            try Data(text.utf8).write(to: damaged)
            for command in ["replay", "why"] {
                let r = try CLI.run([command, Self.recording, damaged.path])
                #expect(r.status == 2, "\(command): \(r.stderr)")
                #expect(r.stderr.contains("Unable to read '\(damaged.path)': \(expected)"), "\(command): \(r.stderr)")
            }
            let audit = try CLI.run(["audit", damaged.path])
            #expect(audit.status == 2, "\(audit.stdout)\(audit.stderr)")
            #expect((audit.stdout + audit.stderr).contains(expected), "\(audit.stdout)\(audit.stderr)")
        }
    }

    @Test func aTranscriptCutInsideTheRunnersLineIsAnError() throws {
        try Self.inTemporaryFolder { dir in
            let text = try String(contentsOfFile: Self.terminate, encoding: .utf8)
            let cut = try #require(text.range(of: "notes:2348")).lowerBound
            let damaged = dir.appendingPathComponent("cut.log")
            try Data((text[..<cut] + "notes:23").utf8).write(to: damaged)
            let r = try CLI.run(["replay", Self.recording, damaged.path])
            #expect(r.status == 2, "\(r.stderr)")
            #expect(
                r.stderr.contains(
                    "Unable to read '\(damaged.path)': line 6: the transcript ends inside the runner's line 'Terminate com.pagebound.notes:23' (no line end after it): its pid may be cut."
                ), "\(r.stderr)")
            #expect(r.stdout.contains("[LC103 abnormal-exit]"), "the recording is still replayed: \(r.stdout)")
        }
    }
}
