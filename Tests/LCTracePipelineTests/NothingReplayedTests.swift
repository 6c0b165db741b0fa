import Foundation
import LCTraceAppleFormats
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import Testing

/// The one rule of an input that cannot be replayed at all (``FileResult/nothingReplayedReason``):
/// `replay` (through ``FileReplay``) and `convert` (through ``LogConversion``) give the same
/// verdict on the same bytes.
@Suite("Nothing replayed: one rule for replay and convert")
struct NothingReplayedTests {
    static let empty = "no record could be read (the input is empty)"
    static let damaged = "no record could be read (damaged before its first record): line 1: "

    /// (name, text, the reason's start or `nil` when the input is replayed).
    static let cases: [(String, String, String?)] = [
        ("0 bytes", "", empty),
        ("blank lines", "\n \n\r\n\t\n", empty),
        ("cut inside its first line", #"{"t":1,"ev":"process.la"#, damaged),
        ("lines none of which is a record", "time,event\n1,launch\n", nil),
        ("one record", #"{"t":1,"ev":"process.launch","pid":1}"# + "\n", nil),
        ("a meta record only", #"{"t":1,"ev":"meta","os":"17.4"}"# + "\n", nil),
        ("a record then a cut", #"{"t":1,"ev":"process.launch","pid":1}"# + "\n" + #"{"t":2,"e"#, nil),
        // What `log show` writes when nothing matched its predicate: an export with no entry.
        ("an export with no entry ('log show --style json')", "[]\n", empty),
        ("an export with no entry ('log show --style ndjson')", #"{"count":0,"finished":1}"# + "\n", empty),
        ("log show's banner alone", "Filtering the log data using \"subsystem == 1\"\n", empty),
        (
            "log show's two banners alone",
            "Filtering the log data using \"subsystem == 1\"\nSkipping info and debug messages, pass --info and/or --debug to include.\n",
            empty
        ),
        (
            "an export with no entry after log show's banner",
            "Filtering the log data using \"subsystem == \\\"x\\\"\"\n[]\n", empty
        ),
        // An export of other messages is not empty: it replays to no event (real exports do).
        (
            "an export of other messages",
            #"{"timestamp":"2024-05-01 10:00:00.000000+0000","eventMessage":"hello","processID":3}"# + "\n", nil
        ),
    ]

    /// The verdict is the input's, whatever rules are chosen: disabling LC401 or LC403 never
    /// makes a damaged input "empty" nor a refused one pass.
    @Test(arguments: [
        ("hello\n", Rule.malformedRecord),
        (#"{"t":1,"ev":"process.la"#, Rule.truncatedLog),
        (#"{"t":1,"ev":"process.la"#, Rule.malformedRecord),
    ])
    func theVerdictIgnoresRuleSelection(text: String, disabled: Rule) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-nothing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("log.jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let all = FileReplay.run(path: path, configuration: ReplayConfiguration())
        let chosen = FileReplay.run(path: path, configuration: ReplayConfiguration(rules: RuleSettings(disabled: [disabled])))
        func reasonOf(_ r: Result<FileResult, UnreadableInput>) -> String? {
            if case .failure(let failure) = r { return failure.reason }
            return nil
        }
        #expect(reasonOf(chosen) == reasonOf(all))
        #expect(!(reasonOf(chosen) ?? "").contains("the input is empty"), "\(reasonOf(chosen) ?? "")")
    }

    @Test("replay and convert agree on what cannot be replayed", arguments: cases)
    func oneVerdict(name: String, text: String, reason: String?) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-nothing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("log.jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let replayed: String?
        switch FileReplay.run(path: path, configuration: ReplayConfiguration()) {
        case .success: replayed = nil
        case .failure(let failure): replayed = failure.reason
        }
        let summary = try LogConversion.convert(try LogOpener.open(path), write: { _ in }, problem: { _ in })
        #expect(summary.nothingReplayedReason == replayed, "\(name)")
        if let reason {
            #expect(replayed?.hasPrefix(reason) == true, "\(name): \(replayed ?? "replayed")")
        } else {
            #expect(replayed == nil, "\(name): \(replayed ?? "")")
        }
    }
}
