import ArgumentParser
import LCTraceReport

/// Where a streamed report goes: standard output, or a file written atomically (renamed
/// into place by ``commit()``, so that an interrupted run leaves nothing behind).
final class ReportSink {
    private let file: AtomicOutputFile?
    private var failure: OutputFileError?

    init(path: String?) throws {
        do {
            file = try path.map { p throws(OutputFileError) in try AtomicOutputFile(path: p) }
        } catch {
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
    }

    func write(_ text: String) {
        guard !text.isEmpty else { return }
        guard let file else {
            StandardOutput.write(text)
            return
        }
        guard failure == nil else { return }
        var text = text
        text.withUTF8 { buf in
            do throws(OutputFileError) {
                try file.write(UnsafeRawBufferPointer(buf))
            } catch {
                failure = error
            }
        }
    }

    func commit() throws {
        guard let file else { return }
        do throws(OutputFileError) {
            if let failure { throw failure }
            try file.commit()
        } catch {
            file.abandon()
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
    }

    func abandon() {
        file?.abandon()
    }
}
