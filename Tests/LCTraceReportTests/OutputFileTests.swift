import Foundation
import Testing

@testable import LCTraceReport

@Suite struct OutputFileTests {
    /// A fresh empty directory per test, removed afterwards.
    private static func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("lctrace-report-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    private static func contents(of dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    @Test(arguments: ["", "x", "día ✓\n", String(repeating: "0123456789abcdef", count: 100_000)])
    func writesNewFile(text: String) throws {
        try Self.withTemporaryDirectory { dir in
            let path = dir + "/report.json"
            try OutputFile.write(text, toPath: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
            #expect(try Self.contents(of: dir) == ["report.json"])
        }
    }

    @Test func replacesExistingFileAndKeepsItsMode() throws {
        try Self.withTemporaryDirectory { dir in
            let path = dir + "/report.sarif"
            try "old contents that are longer than the new ones".write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
            try OutputFile.write("new", toPath: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
            let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
            #expect(mode?.intValue == 0o640)
            #expect(try Self.contents(of: dir) == ["report.sarif"])
        }
    }

    @Test func missingDirectoryThrowsWithContextAndLeavesNothing() throws {
        try Self.withTemporaryDirectory { dir in
            let path = dir + "/missing/report.json"
            let error = #expect(throws: OutputFileError.self) { try OutputFile.write("x", toPath: path) }
            #expect(error?.message == "Unable to write '\(path)': no such file or directory.")
            let left = try Self.contents(of: dir)
            #expect(left.isEmpty)
        }
    }

    /// The temporary file is created (the directory is writable) and the rename fails
    /// (a directory appeared at the destination meanwhile): the temporary file must be
    /// removed and the destination left as it was.
    @Test func failedRenameRemovesTemporaryFile() throws {
        try Self.withTemporaryDirectory { dir in
            let path = dir + "/occupied"
            let target = try OutputTarget(path: path)
            target.write("x")
            try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
            let error = #expect(throws: OutputFileError.self) { try target.finish() }
            #expect(error?.message.hasPrefix("Unable to write '\(path)': ") == true)
            #expect(error?.code != nil)
            #expect(try Self.contents(of: dir) == ["occupied"])
            #expect(try Self.contents(of: path) == ["inside"])
        }
    }

    @Test(arguments: ["/tmp/", "dir/.", "dir/.."])
    func directoryLikePathsAreRefused(path: String) {
        let error = #expect(throws: OutputFileError.self) { try OutputFile.write("x", toPath: path) }
        #expect(error?.message == "Unable to write '\(path)': is a directory.")
    }

    @Test func anEmptyPathIsNoFileName() {
        let error = #expect(throws: OutputFileError.self) { try OutputFile.write("x", toPath: "") }
        #expect(error?.message == "Unable to write '': no file name.")
    }

    /// A destination name at the file-system limit still gets a valid temporary name.
    @Test func longDestinationName() throws {
        try Self.withTemporaryDirectory { dir in
            let name = String(repeating: "é", count: 120) + ".json"  // 245 bytes
            try OutputFile.write("long", toPath: dir + "/" + name)
            #expect(try Self.contents(of: dir) == [name])
        }
    }

    @Test func appendCreatesThenAppends() throws {
        try Self.withTemporaryDirectory { dir in
            let path = dir + "/summary.md"
            try OutputFile.append("one\n", toPath: path)
            try OutputFile.append("two ✓\n", toPath: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\ntwo ✓\n")
        }
    }

    @Test func appendIntoMissingDirectoryThrows() throws {
        try Self.withTemporaryDirectory { dir in
            let path = dir + "/nope/summary.md"
            let error = #expect(throws: OutputFileError.self) { try OutputFile.append("x", toPath: path) }
            #expect(error?.message == "Unable to write '\(path)': no such file or directory.")
            #expect(error?.description == error?.message)
        }
    }

    /// Many writers racing on one destination: every reader sees one complete version.
    @Test func concurrentWritersNeverInterleave() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-race-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/report.txt"
        let versions = (0..<8).map { String(repeating: String($0), count: 50_000) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for version in versions {
                group.addTask { try OutputFile.write(version, toPath: path) }
            }
            try await group.waitForAll()
        }
        #expect(versions.contains(try String(contentsOfFile: path, encoding: .utf8)))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["report.txt"])
    }
}
