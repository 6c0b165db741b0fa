import LCTraceCore
import LCTracePlatform
import SystemPackage
import Testing

/// The platform layer: the one retry-on-interrupt, the one write-all, the one error type and
/// its one composed text, the thread and the lock.
@Suite("Platform layer")
struct PlatformTests {
    /// A system call stand-in that fails with `EINTR` `interrupts` times, then `final` times
    /// with `finalErrno` (or succeeds with `result` when `final` is 0).
    final class Interrupted {
        var calls = 0
        let interrupts: Int
        let failure: Int32?
        init(interrupts: Int, failure: Int32? = nil) {
            self.interrupts = interrupts
            self.failure = failure
        }
        func call() -> Int {
            calls += 1
            if calls <= interrupts {
                errno = EINTR
                return -1
            }
            if let failure {
                errno = failure
                return -1
            }
            return 42
        }
    }

    @Test(
        "retryingInterrupts calls again on EINTR only, and keeps the errno of any other failure",
        arguments: [
            (interrupts: 0, failure: Int32?.none, result: 42, calls: 1),
            (interrupts: 1, failure: nil, result: 42, calls: 2),
            (interrupts: 5, failure: nil, result: 42, calls: 6),
            (interrupts: 0, failure: EIO, result: -1, calls: 1),
            (interrupts: 3, failure: ENOSPC, result: -1, calls: 4),
        ])
    func retry(interrupts: Int, failure: Int32?, result: Int, calls: Int) {
        let stub = Interrupted(interrupts: interrupts, failure: failure)
        let got = Platform.retryingInterrupts { stub.call() }
        #expect(got == result)
        #expect(stub.calls == calls)
        if let failure { #expect(errno == failure) }
    }

    /// A write(2) stand-in: writes at most `chunk` bytes a call, is interrupted every other
    /// call, and fails with `failure` once `failAfter` bytes have arrived.
    final class Sink {
        var bytes: [UInt8] = []
        var calls = 0
        let chunk: Int
        let failAfter: Int?
        let failure: Int32
        init(chunk: Int, failAfter: Int? = nil, failure: Int32 = EPIPE) {
            self.chunk = chunk
            self.failAfter = failAfter
            self.failure = failure
        }
        func write(_ fd: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
            calls += 1
            if calls % 2 == 0 {
                errno = EINTR
                return -1
            }
            if let failAfter, bytes.count >= failAfter {
                errno = failure
                return -1
            }
            let n = min(chunk, count, (failAfter ?? Int.max) - bytes.count)
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: base, count: n))
            return n
        }
    }

    @Test("writeAll delivers every byte in order through short and interrupted writes", arguments: [1, 3, 7, 64])
    func writeAllDelivers(chunk: Int) throws {
        let text = Array("the one write-all of the platform layer".utf8)
        let sink = Sink(chunk: chunk)
        try text.withUnsafeBytes { bytes in
            try Platform.writeAll(bytes, to: 9, path: "out.txt", using: sink.write)
        }
        #expect(sink.bytes == text)
    }

    @Test(
        "writeAll stops at the first failure with its errno, the path and the byte offset reached",
        arguments: [(failAfter: 0, failure: EPIPE), (failAfter: 4, failure: ENOSPC), (failAfter: 9, failure: EIO)])
    func writeAllFails(failAfter: Int, failure: Int32) {
        let text = Array("0123456789abcdef".utf8)
        let sink = Sink(chunk: 3, failAfter: failAfter, failure: failure)
        let caught = text.withUnsafeBytes { bytes -> PlatformError? in
            do throws(PlatformError) {
                try Platform.writeAll(bytes, to: 9, path: "out.txt", using: sink.write)
                return nil
            } catch {
                return error
            }
        }
        #expect(caught?.code == Errno(rawValue: failure))
        #expect(caught?.path == "out.txt")
        #expect(caught?.byteOffset == Int64(failAfter))
        #expect(caught?.operation == "write")
        #expect(Array(sink.bytes) == Array(text.prefix(failAfter)))
    }

    /// A source of `text` in reads of at most `chunk` bytes, every other call interrupted
    /// (EINTR), failing with `failure` once `failAfter` bytes are out.
    final class Source {
        let text: [UInt8]
        var offset = 0
        var calls = 0
        let chunk: Int
        let failAfter: Int?
        let failure: Int32
        init(_ text: [UInt8], chunk: Int, failAfter: Int? = nil, failure: Int32 = EBADF) {
            self.text = text
            self.chunk = chunk
            self.failAfter = failAfter
            self.failure = failure
        }
        func read(_ fd: Int32, _ base: UnsafeMutableRawPointer, _ count: Int) -> Int {
            calls += 1
            if calls % 2 == 0 {
                errno = EINTR
                return -1
            }
            if let failAfter, offset >= failAfter {
                errno = failure
                return -1
            }
            let n = min(chunk, count, text.count - offset, (failAfter ?? Int.max) - offset)
            text.withUnsafeBytes { base.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
            offset += n
            return n
        }
    }

    @Test("readAll returns every byte to the end through short and interrupted reads", arguments: [1, 3, 7, 1 << 17])
    func readAllDelivers(chunk: Int) throws {
        let text = Array(String(repeating: "the one read-to-end of the platform layer\n", count: 2000).utf8)
        let source = Source(text, chunk: chunk)
        #expect(try Platform.readAll(from: 0, path: "<stdin>", using: source.read) == text)
    }

    @Test(
        "readAll fails with the errno, the path and the offset reached (standard input closed: EBADF), never a trap",
        arguments: [(failAfter: 0, failure: EBADF), (failAfter: 5, failure: EIO)])
    func readAllFails(failAfter: Int, failure: Int32) {
        let source = Source(Array("0123456789".utf8), chunk: 2, failAfter: failAfter, failure: failure)
        do throws(PlatformError) {
            _ = try Platform.readAll(from: 0, path: "<stdin>", using: source.read)
            Issue.record("no error")
        } catch {
            #expect(error.code == Errno(rawValue: failure))
            #expect(error.path == "<stdin>")
            #expect(error.operation == "read")
            #expect(error.byteOffset == Int64(failAfter))
            #expect(UnreadableInput(error).message == "Unable to read '<stdin>': \(SystemErrorText.reason(failure)).")
        }
    }

    @Test(
        "UnreadableInput composes the one 'Unable to read' text from a PlatformError, keeping errno and offset",
        arguments: [
            (path: "x.log", code: ENOENT, offset: Int64?.none, text: "Unable to read 'x.log': no such file or directory."),
            (path: "a\nb", code: EACCES, offset: 7, text: "Unable to read 'a\\nb': permission denied."),
            (path: "d/", code: ELOOP, offset: 0, text: "Unable to read 'd/': symbolic link loop."),
        ])
    func unreadableText(path: String, code: Int32, offset: Int64?, text: String) {
        let error = PlatformError(code: Errno(rawValue: code), operation: "open", path: path, byteOffset: offset)
        let input = UnreadableInput(error)
        #expect(input.message == text)
        #expect(input.systemCode == code)
        #expect(input.byteOffset == offset)
        #expect(input.path == path)
        #expect(UnreadableInput.text(path: path, errno: code) == text)
    }

    @Test("A PlatformError without a path names the default input")
    func unreadableDefaultPath() {
        let input = UnreadableInput(PlatformError(code: .brokenPipe, operation: "read"))
        #expect(input.path == "-")
        #expect(input.message == "Unable to read '-': \(SystemErrorText.reason(EPIPE)).")
    }

    @Test("The worker thread runs its body and is joined; the lock and condition hand a value across")
    func threadAndLock() {
        final class Box: @unchecked Sendable {
            let signal = RingSignal()
            var value = 0
            var seen = 0
        }
        let box = Box()
        let worker = WorkerThread.start {
            box.signal.withLock {
                while box.value == 0 { box.signal.wait() }
                box.seen = box.value
            }
        }
        #expect(worker != nil)
        box.signal.withLock {
            box.value = 17
            box.signal.broadcast()
        }
        worker?.join()
        #expect(box.seen == 17)
    }

    @Test("A timed wait gives up at its deadline, and returns early when woken", arguments: [0.0, 0.02, 0.15])
    func timedWait(seconds: Double) {
        let signal = RingSignal()
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let deadline = RingSignal.deadline(after: seconds)
        let woken = signal.withLock { signal.wait(until: deadline) }
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let waited = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        #expect(!woken)
        #expect(waited >= seconds - 0.002, "\(waited)")
        #expect(waited < seconds + 2, "\(waited)")
        // The deadline's nanoseconds stay in range whatever the fraction.
        #expect((0..<1_000_000_000).contains(Int(deadline.tv_nsec)))
    }
}
