import Foundation
import LCTraceCore
@testable import LCTraceIngest
import LCTraceTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("File input")
struct FileInputTests {
    /// The error opening `path` throws, or nil.
    private func openError(_ path: String) -> IngestError? {
        do {
            _ = try LogReader(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test("A missing path")
    func missing() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("nope.jsonl.zst").path
        let error = try #require(openError(path))
        #expect(error.code == .notFound)
        #expect(error.description == "Unable to read '\(path)': no such file or directory.")
        // A file used as a directory is also "no such file".
        let file = dir.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        #expect(openError(file.path + "/child")?.code == .notFound)
    }

    @Test("A directory")
    func directory() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let error = try #require(openError(dir.path))
        #expect(error.code == .isDirectory)
        #expect(error.description == "Unable to read '\(dir.path)': is a directory.")
    }

    @Test("A binary file")
    func binary() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a.out.jsonl")
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + [UInt8](repeating: 0, count: 100)).write(to: file)
        let error = try #require(openError(file.path))
        #expect(error.code == .notLogData)
        #expect(error.description == "Unable to read '\(file.path)': not a lifecycle log: an ELF executable (first bytes 7F 45 4C 46).")
    }

    @Test("A file without read permission", .enabled(if: getuid() != 0, "root can read anything"))
    func permissionDenied() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("secret.jsonl")
        try Data(sampleLog.utf8).write(to: file)
        chmod(file.path, 0)
        let error = try #require(openError(file.path))
        #expect(error.code == .permissionDenied)
        #expect(error.description == "Unable to read '\(file.path)': permission denied.")
    }

    @Test(
        "errno values map to error codes and reasons",
        arguments: [
            (ENOENT, IngestError.Code.notFound, "no such file or directory"),
            (ENOTDIR, .notFound, "no such file or directory"),
            (EISDIR, .isDirectory, "is a directory"),
            (EACCES, .permissionDenied, "permission denied"),
            (EPERM, .permissionDenied, "permission denied"),
            (EIO, .ioError, "input/output error"),
        ])
    func errnoMapping(code: Int32, expected: IngestError.Code, reason: String) {
        let error = FileSource.error(errno: code, path: "p")
        #expect(error.code == expected)
        #expect(error.reason == reason)
        #expect(error.description == "Unable to read 'p': \(reason).")
    }

    @Test("Real files end to end: zstd, plain, empty")
    func realFiles() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let zst = dir.appendingPathComponent("log.jsonl.zst")
        let bytes = Array(sampleLog.utf8)
        try Data(zstdFrame(Array(bytes[..<50])) + skippableFrame([1, 2]) + zstdFrame(Array(bytes[50...]))).write(to: zst)
        let plain = dir.appendingPathComponent("log.jsonl")
        try Data(bytes).write(to: plain)
        let empty = dir.appendingPathComponent("empty.jsonl.zst")
        try Data().write(to: empty)

        for (url, expected) in [(zst, sampleItems), (plain, sampleItems), (empty, [])] {
            var reader = try LogReader(path: url.path)
            #expect(reader.displayName == url.path)
            var items: [String] = []
            while let item = reader.next() { items.append(render(item, reader.symbols)) }
            #expect(items == expected, "\(url.lastPathComponent)")
        }
    }

    @Test("withSymbols lends the table that symbols reads, after every item")
    func withSymbolsIsTheTable() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let plain = dir.appendingPathComponent("log.jsonl")
        try Data(sampleLog.utf8).write(to: plain)
        var reader = try LogReader(path: plain.path)
        var lent: [[String]] = []
        var read: [[String]] = []
        while reader.next() != nil {
            reader.withSymbols { lent.append($0.strings) }
            read.append(reader.symbols.strings)
        }
        #expect(!lent.isEmpty)
        #expect(lent == read)
        #expect(lent.last?.isEmpty == false)
    }

    @Test("A large real file streams with bounded buffers")
    func largeFile() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = ""
        for k in 0..<100_000 { text += "{\"t\":\(k).5,\"ev\":\"bgtask.begin\",\"task\":\(k),\"x\":[1,2,{\"y\":\"z\"}]}\n" }
        let file = dir.appendingPathComponent("big.jsonl.zst")
        try Data(zstdFrame(Array(text.utf8), level: 1)).write(to: file)
        var reader = try LogReader(path: file.path)
        var count = 0
        while let item = reader.next() {
            guard case .record(let r) = item, r.task == .number(Int64(count)) else {
                Issue.record("unexpected \(render(item, reader.symbols))")
                break
            }
            count += 1
        }
        #expect(count == 100_000)
        #expect(reader.carryCapacity <= LogReader.maximumLineLength + 1)
        #expect(reader.decompressedBytes == Int64(text.utf8.count))
    }

    @Test("'-' reads standard input, named <stdin>")
    func standardInput() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("in.jsonl.zst")
        try Data(zstdFrame(sampleLog)).write(to: log)
        let binary = dir.appendingPathComponent("in.bin")
        try Data([0x7F, 0x45, 0x4C, 0x46, 0x00]).write(to: binary)

        // Put a file on descriptor 0 for the duration of the test.
        let saved = dup(0)
        #expect(saved >= 0)
        defer {
            dup2(saved, 0)
            close(saved)
        }
        let fd = open(log.path, O_RDONLY)
        dup2(fd, 0)
        close(fd)
        var reader = try LogReader(path: "-")
        #expect(reader.displayName == "<stdin>")
        var items: [String] = []
        while let item = reader.next() { items.append(render(item, reader.symbols)) }
        #expect(items == sampleItems)

        let bfd = open(binary.path, O_RDONLY)
        dup2(bfd, 0)
        close(bfd)
        #expect(openError("-")?.description == "Unable to read '<stdin>': not a lifecycle log: an ELF executable (first bytes 7F 45 4C 46).")
    }

    @Test("Standard input is not closed by the reader's source")
    func standardInputNotClosed() throws {
        let source = try FileSource(path: "-")
        source.close()
        source.close()
        #expect(fcntl(0, F_GETFD) != -1 || errno != EBADF)
    }

    @Test("Closing a file source twice is safe")
    func closeTwice() throws {
        let dir = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("x.jsonl")
        try Data("{}\n".utf8).write(to: file)
        let source = try FileSource(path: file.path)
        var byte: UInt8 = 0
        #expect(source.read(into: &byte, count: 1) == 1)
        source.close()
        source.close()
        #expect(source.read(into: &byte, count: 1) == 0)
    }
}
