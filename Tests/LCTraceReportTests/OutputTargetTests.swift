import LCTraceTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

@testable import LCTraceReport

/// SPEC §6 "Outputs": the one output type every command writes through. Devices and FIFOs
/// are only ones the test creates (a FIFO in a temporary directory, a pty it opens).
@Suite("Output target") struct OutputTargetTests {
    private static func withTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lctrace-target-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    private static func contents(of dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    }

    private static func fileType(_ path: String) -> mode_t {
        var st = stat()
        guard lstat(path, &st) == 0 else { return 0 }
        return st.st_mode & S_IFMT
    }

    @Test(
        "The placement follows the file type: regular or missing replaced, FIFO and character device in place, others refused",
        arguments: [
            (mode_t?.none, "replace"), (S_IFREG, "replace"), (S_IFIFO, "in place"), (S_IFCHR, "in place"),
            (S_IFDIR, "is a directory"), (S_IFBLK, "is a block device (a report is never written over a disk)"),
            (S_IFSOCK, "is a socket"),
        ] as [(mode_t?, String)])
    func placementFollowsTheFileType(type: mode_t?, expected: String) {
        let decided: String
        switch OutputPlacement.decide(path: "x", fileType: type) {
        case .success(.replace(let p)): decided = p == "x" ? "replace" : "?"
        case .success(.inPlace(let p)): decided = p == "x" ? "in place" : "?"
        case .success(.descriptor): decided = "descriptor"
        case .failure(let e): decided = e.reason
        }
        #expect(decided == expected)
    }

    @Test(
        "/dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N are the process's own descriptors, written in place",
        arguments: [
            ("/dev/stdout", Int32?(1)), ("/dev/stderr", 2), ("/dev/fd/3", 3), ("/proc/self/fd/12", 12),
            ("/dev/fd/", nil), ("/dev/fd/x", nil), ("/dev/null", nil), ("report.json", nil),
        ] as [(String, Int32?)])
    func conventionalDescriptors(path: String, descriptor: Int32?) throws {
        #expect(OutputPlacement.conventionalDescriptor(path) == descriptor)
        if let descriptor {
            // Decided from the name alone: nothing at the path is opened or written.
            #expect(try OutputPlacement.resolve(path).get() == .descriptor(descriptor))
        }
    }

    @Test("A symbolic link is written through: its target gets the output, the link stays a link")
    func symbolicLinkIsWrittenThrough() throws {
        try Self.withTemporaryDirectory { dir in
            try "old".write(toFile: dir + "/real.json", atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "real.json")
            try FileManager.default.createSymbolicLink(atPath: dir + "/chain.json", withDestinationPath: dir + "/link.json")
            try OutputFile.write("new", toPath: dir + "/chain.json")
            #expect(try String(contentsOfFile: dir + "/real.json", encoding: .utf8) == "new")
            #expect(Self.fileType(dir + "/link.json") == S_IFLNK)
            #expect(Self.fileType(dir + "/chain.json") == S_IFLNK)
            #expect(try Self.contents(of: dir) == ["chain.json", "link.json", "real.json"])
        }
    }

    @Test("A dangling symbolic link gets its target created; a link loop is refused")
    func danglingLinkAndLoop() throws {
        try Self.withTemporaryDirectory { dir in
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.json", withDestinationPath: "made.json")
            try OutputFile.write("made", toPath: dir + "/link.json")
            #expect(try String(contentsOfFile: dir + "/made.json", encoding: .utf8) == "made")
            #expect(Self.fileType(dir + "/link.json") == S_IFLNK)

            try FileManager.default.createSymbolicLink(atPath: dir + "/a", withDestinationPath: "b")
            try FileManager.default.createSymbolicLink(atPath: dir + "/b", withDestinationPath: "a")
            let error = #expect(throws: OutputFileError.self) { try OutputFile.write("x", toPath: dir + "/a") }
            #expect(error?.message == "Unable to write '\(dir)/a': symbolic link loop.")
            #expect(try Self.contents(of: dir) == ["a", "b", "link.json", "made.json"])
        }
    }

    @Test("A read-only file is not replaced")
    func readOnlyFileIsKept() throws {
        guard geteuid() != 0 else { return }  // root may write anything; nothing to prove
        try Self.withTemporaryDirectory { dir in
            let path = dir + "/locked.json"
            try "keep".write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
            #expect(throws: OutputFileError.self) { try OutputFile.write("x", toPath: path) }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep")
        }
    }

    @Test("A FIFO is written in place: its reader gets the output and the FIFO stays")
    func fifoIsWrittenInPlace() throws {
        try Self.withTemporaryDirectory { dir in
            let fifo = dir + "/pipe"
            #expect(mkfifo(fifo, 0o600) == 0)
            let reader = FIFOReader(path: fifo)
            try OutputFile.write("through the pipe\n", toPath: fifo)
            #expect(reader.finish() == "through the pipe\n")
            #expect(Self.fileType(fifo) == S_IFIFO)
            #expect(try Self.contents(of: dir) == ["pipe"])
        }
    }

    @Test("A character device (a pty this test opens) is written in place")
    func characterDeviceIsWrittenInPlace() throws {
        // posix_openpt, unlockpt and ptsname by hand (Glibc's module does not export them).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        #expect(master >= 0)
        guard master >= 0 else { return }
        defer { close(master) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        #expect(ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0)
        #expect(ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0)
        let device = "/dev/pts/\(number)"
        #expect(Self.fileType(device) == S_IFCHR)
        // Keep the device open and raw so that the text arrives unchanged.
        let slave = open(device, O_RDWR | O_NOCTTY)
        defer { close(slave) }
        var attributes = termios()
        tcgetattr(slave, &attributes)
        cfmakeraw(&attributes)
        tcsetattr(slave, TCSANOW, &attributes)

        #expect(try OutputPlacement.resolve(device).get() == .inPlace(path: device))
        try OutputFile.write("to the terminal\n", toPath: device)
        var buffer = [UInt8](repeating: 0, count: 256)
        var pollfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        #expect(poll(&pollfd, 1, 5_000) == 1)
        let n = read(master, &buffer, buffer.count)
        #expect(String(decoding: buffer[0..<max(n, 0)], as: UTF8.self) == "to the terminal\n")
        #expect(Self.fileType(device) == S_IFCHR)
    }

    @Test("A write error is kept and reported by finish: 'Unable to write '<stdout>': no space left on device.'")
    func writeErrorIsReported() throws {
        let target = OutputTarget(descriptor: 1, name: OutputTarget.standardOutputName)
        var calls = 0
        target.systemWrite = { _, _, count in
            calls += 1
            if calls == 1 { return count / 2 }  // a short write first, as a nearly full disk gives
            errno = ENOSPC
            return -1
        }
        target.write(String(repeating: "x", count: 100))
        #expect(target.isWritable)
        target.flush()
        #expect(!target.isWritable)
        target.write("dropped")
        let error = #expect(throws: OutputFileError.self) { try target.finish() }
        #expect(error?.message == "Unable to write '<stdout>': no space left on device.")
        #expect(calls == 2)
    }

    @Test("A reader that went away (EPIPE) ends the output quietly: no error")
    func brokenPipeIsQuiet() throws {
        let target = OutputTarget(descriptor: 1, name: OutputTarget.standardOutputName)
        target.systemWrite = { _, _, _ in
            errno = EPIPE
            return -1
        }
        target.write("lost")
        target.flush()
        #expect(target.readerGone)
        #expect(!target.isWritable)
        try target.finish()
    }

    @Test("A pipe's write end given as a descriptor receives the text")
    func descriptorReceivesText() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let target = OutputTarget(descriptor: fds[1], name: "pipe")
        target.write("one ")
        target.write("two")
        try target.finish()
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(fds[0], &buffer, buffer.count)
        #expect(String(decoding: buffer[0..<max(n, 0)], as: UTF8.self) == "one two")
    }

    @Test("The temporary file has a recognisable name, is registered for interrupt cleanup, and is gone after finish or abandon")
    func temporaryFileIsRegisteredAndRemoved() throws {
        try Self.withTemporaryDirectory { dir in
            for commit in [true, false] {
                let target = try OutputTarget(path: dir + "/report.json")
                target.write("x")
                let names = try Self.contents(of: dir).filter { $0 != "report.json" }
                #expect(names.count == 1)
                #expect(names.allSatisfy(OutputTarget.isTemporaryName))
                #expect(names.first?.hasPrefix(".report.json.lctrace-\(getpid())-") == true)
                #expect(InterruptCleanup.pendingPaths.contains(dir + "/" + (names.first ?? "")))
                if commit { try target.finish() } else { target.abandon() }
                #expect(!InterruptCleanup.pendingPaths.contains(dir + "/" + (names.first ?? "")))
                #expect(try Self.contents(of: dir) == ["report.json"])
            }
        }
    }

    @Test(
        "Temporary names are recognised, other names are not",
        arguments: [
            (".report.json.lctrace-123-1f2e.tmp", true), (".a.lctrace-1-0.tmp", true),
            ("report.json", false), (".report.json.123-45.tmp", false), (".x.lctrace-12.tmp", false),
            (".lctrace-1-2.tmp", false), ("x.lctrace-1-2.tmp", false),
        ])
    func temporaryNames(name: String, recognised: Bool) {
        #expect(OutputTarget.isTemporaryName(name) == recognised)
    }

    @Test("An output that is an input is found through links, relative paths and hard links")
    func conflictingInputs() throws {
        try Self.withTemporaryDirectory { dir in
            let log = dir + "/app.jsonl"
            try "{}\n".write(toFile: log, atomically: false, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.jsonl", withDestinationPath: "app.jsonl")
            #expect(link(log, dir + "/hard.jsonl") == 0)
            try "{}\n".write(toFile: dir + "/other.jsonl", atomically: false, encoding: .utf8)
            let relative = dir + "/./sub/../app.jsonl"
            try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
            #expect(OutputTarget.conflictingInput(output: dir + "/link.jsonl", inputs: [dir + "/other.jsonl", log]) == log)
            #expect(OutputTarget.conflictingInput(output: relative, inputs: [dir + "/link.jsonl"]) == dir + "/link.jsonl")
            #expect(OutputTarget.conflictingInput(output: dir + "/hard.jsonl", inputs: [log]) == log)
            #expect(OutputTarget.conflictingInput(output: dir + "/other.jsonl", inputs: [log]) == nil)
            #expect(OutputTarget.conflictingInput(output: dir + "/new.jsonl", inputs: [log]) == nil)
            #expect(OutputTarget.conflictingInput(output: dir, inputs: [dir]) == nil, "directories are no inputs")
        }
    }

    @Test("An output names its own file and the file it replaces, not others")
    func namesItsOwnFiles() throws {
        try Self.withTemporaryDirectory { dir in
            try "old".write(toFile: dir + "/report.json", atomically: false, encoding: .utf8)
            try "log".write(toFile: dir + "/app.jsonl", atomically: false, encoding: .utf8)
            let target = try OutputTarget(path: dir + "/report.json")
            defer { target.abandon() }
            #expect(try Self.contents(of: dir) == ["app.jsonl", "report.json"], "nothing before the first write")
            target.write("new")
            let temporary = try Self.contents(of: dir).first(where: OutputTarget.isTemporaryName) ?? "?"
            #expect(target.names(dir + "/report.json"))
            #expect(target.names(dir + "/" + temporary))
            #expect(!target.names(dir + "/app.jsonl"))
        }
    }
}
