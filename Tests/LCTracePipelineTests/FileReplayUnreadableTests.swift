import Foundation
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import Testing

/// An input that cannot be opened reaches the replay's caller with the system call's `errno`
/// kept (FileReplay used to keep only the path and the reason's text).
@Suite("FileReplay keeps why an input is unreadable")
struct FileReplayUnreadableTests {
    @Test(
        "The errno of a failed open survives FileReplay, and the text is the one composition",
        arguments: [
            (name: "missing.jsonl", code: ENOENT, reason: "no such file or directory"),
            (name: "missing-dir/x.jsonl", code: ENOENT, reason: "no such file or directory"),
        ])
    func openFailure(name: String, code: Int32, reason: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        switch FileReplay.run(path: path, configuration: ReplayConfiguration()) {
        case .success:
            Issue.record("a missing input replayed")
        case .failure(let input):
            #expect(input.systemCode == code)
            #expect(input.reason == reason)
            #expect(input.message == UnreadableInput.text(path: path, reason: reason))
            #expect(input.message == "Unable to read '\(path)': \(reason).")
        }
    }

    @Test("A directory is unreadable without an errno of its own: it is found by fstat, not a failed call")
    func directory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        switch FileReplay.run(path: dir.path, configuration: ReplayConfiguration()) {
        case .success:
            Issue.record("a directory replayed")
        case .failure(let input):
            #expect(input.reason == "is a directory")
            #expect(input.systemCode == nil)
        }
    }
}
