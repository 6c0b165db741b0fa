import LCTraceAppleFormats
import LCTraceCore
import Testing

/// The `xcodebuild test` transcript importer (SPEC §12): recognition by content, the runner's
/// `Terminate BUNDLE:PID` as evidence with no time, and every damage a clear error naming the
/// line. The lines are those of the real transcript (Tests/LCTraceCLITests/Fixtures/UITestTranscript).
@Suite struct UITestTranscriptTests {
    static let secondTest = """
        Test Case '-[PageBoundNotesUITests.LibraryNavigationUITests testDeleteFolderFromSidebarRemovesFolder]' started.
            t =     0.00s Start Test at 2026-07-07 14:46:57.824
            t =     0.03s Set Up
            t =     0.04s     Open com.pagebound.notes
            t =     0.04s         Launch com.pagebound.notes
            t =     0.04s             Terminate com.pagebound.notes:2348
            t =     2.59s             Setting up automation session
            t =     4.80s             Wait for com.pagebound.notes to idle

        """

    static let firstLaunch = """
        Running tests...
        Update the Info.plist: Launch screens will soon be required.
            t =      nans Interface orientation changed to Portrait
        Test Suite 'All tests' started at 2026-07-07 14:46:35.890.

        """

    static func head(_ text: String) -> ArraySlice<UInt8> { Array(text.utf8)[...] }

    @Test(arguments: [
        (secondTest, true), (firstLaunch, true),
        ("Command line invocation:\n    /Applications/Xcode.app/Contents/Developer/usr/bin/xcodebuild test -scheme Notes\n", true),
        ("    t =     0.00s Start Test at 2026-07-07 14:46:57.824\n", true),
        (#"{"t":1,"ev":"process.launch","pid":2348}"# + "\n", false),
        ("[{\"eventMessage\":\"Test Case '-[A b]' started.\"}]", false),
        ("Terminate com.pagebound.notes:2348\n", false),
        ("2026-07-07 14:46:57.824 Notes[2348:1] Test Case started\n", false),
        ("", false),
    ])
    func recognisedByContent(text: String, isTranscript: Bool) {
        #expect(UITestTranscript.isTranscript(Self.head(text)) == isTranscript)
    }

    @Test func theRunnersTerminateIsEvidenceWithNoTime() throws {
        let transcript = try UITestTranscript.parse(Array(Self.secondTest.utf8), path: "uitest.log")
        #expect(
            transcript.terminations == [
                UITestTranscript.Termination(
                    line: 6, bundle: "com.pagebound.notes", pid: 2348, offset: "0.04s",
                    test: "-[PageBoundNotesUITests.LibraryNavigationUITests testDeleteFolderFromSidebarRemovesFolder]",
                    testStart: "2026-07-07 14:46:57.824")
            ])
        #expect(transcript.launches == [UITestTranscript.Launch(line: 5, bundle: "com.pagebound.notes")])
        let report = try #require(transcript.reports.first)
        #expect(report.pid == 2348 && report.bundle == "com.pagebound.notes" && report.line == 6)
        #expect(report.origin == .testRunner(line: 6))
        #expect(!report.hasTime, "the transcript's times have no zone")
        #expect(report.piece.time == nil && report.piece.rank == .log && report.piece.says == .named)
        #expect(report.piece.exitClass(foreground: true) == .normal)
        #expect(report.evidence == .testRunner(file: "uitest.log", line: 6))
        #expect(!report.givenAsFile, "alone it is no death")
    }

    @Test func aFirstLaunchTerminatesNothing() throws {
        let transcript = try UITestTranscript.parse(Array(Self.firstLaunch.utf8), path: "uitest.log")
        #expect(transcript.terminations.isEmpty)
        #expect(transcript.lines == 4)
    }

    @Test(arguments: [
        "    t =     1.00s Terminate com.x:2348\r\n",
        "    t =      nans     Terminate com.x:2348\n",
        "    t =     1.00s Terminate com.x:2348 (previous instance)\n",
    ])
    func spellingsOfTheSameTerminate(line: String) throws {
        let transcript = try UITestTranscript.parse(Array(line.utf8), path: "x")
        #expect(transcript.terminations.map(\.pid) == [2348])
        #expect(transcript.terminations.map(\.bundle) == ["com.x"])
    }

    @Test(arguments: [
        "    t =     1.00s Failed to terminate com.x:2348\n",
        "    t =     1.00s Terminate com.x\n",
        "Terminate com.x:2348\n",
        "    t =     1.00s Launch com.x\n",
    ])
    func linesThatEndNoProcess(line: String) throws {
        #expect(try UITestTranscript.parse(Array(line.utf8), path: "x").terminations.isEmpty)
    }

    @Test(arguments: [
        ("    t =     1.00s Terminate com.x:23a8\n", 1, "is not 'Terminate BUNDLE:PID'"),
        ("\n    t =     1.00s Terminate com.x:\n", 2, "is not 'Terminate BUNDLE:PID'"),
        ("    t =     1.00s Terminate com x:12\n", 1, "is not 'Terminate BUNDLE:PID'"),
        ("    t =     1.00s Terminate com.x:99999999999999999999\n", 1, "is not 'Terminate BUNDLE:PID'"),
        ("    t =     1.00s Terminate com.x:23", 1, "ends inside the runner's line"),
        ("    t =     1.00s Termin", 1, "ends inside the runner's line"),
        ("a\nb\n    t =     1.00s Terminate com.x:12\u{0}\n", 3, "is not text"),
    ])
    func damageIsAnErrorNamingTheLine(text: String, line: Int, says: String) {
        #expect {
            _ = try UITestTranscript.parse(Array(text.utf8), path: "uitest.log")
        } throws: { error in
            guard let error = error as? UITestTranscriptError else { return false }
            return error.line == line && error.message.contains(says) && error.path == "uitest.log"
                && error.description.hasPrefix("Unable to read 'uitest.log': line \(line): ")
        }
    }

    @Test func invalidUTF8InTheRunnersLineIsAnError() {
        let bytes = Array("    t =     1.00s Terminate com.x:12".utf8) + [0xFF, 0x0A]
        #expect(throws: UITestTranscriptError.self) { try UITestTranscript.parse(bytes, path: "x") }
    }

    @Test func aCutLineThatIsNotTheRunnersIsNoDamage() throws {
        let transcript = try UITestTranscript.parse(Array((Self.secondTest + "    t =     5.00s Tap \"Fol").utf8), path: "x")
        #expect(transcript.terminations.count == 1)
    }
}
