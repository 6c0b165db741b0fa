import ArgumentParser
import LCTraceAudit
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import LCTraceReport

/// `lctrace timeline`: one log's replayed sessions for a trace viewer (SPEC §7).
struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Export the replayed sessions of a log as a trace for Perfetto or chrome://tracing.",
        discussion: """
            One process per pid with tracks for sessions, app state, handlers and each scene; \
            background tasks as async slices; findings as instant events. Open the file at \
            https://ui.perfetto.dev or in chrome://tracing. Exit status: 0 when the trace was \
            written (findings do not change it), 2 for a usage error or an unreadable input.
            """
    )

    /// The trace formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        /// Chrome trace-event JSON.
        case chrome
    }

    @Argument(help: "The log file (zstd or NDJSON, detected by content); '-' reads standard input.")
    var file: String

    @Option(help: "Trace format: chrome (trace-event JSON for Perfetto and chrome://tracing).")
    var format: Format = .chrome

    @Option(name: .shortAndLong, help: "Write the trace to this file (atomically) instead of standard output.")
    var output: String?

    @OptionGroup var configuration: ConfigurationOptions

    func run() throws {
        let result: FileResult
        switch FileReplay.run(path: file, configuration: try configuration.replayConfiguration(), collectTimeline: true) {
        case .success(let r):
            result = r
        case .failure(let failure):
            StandardError.write(failure.message + "\n")
            throw ExitCode(2)
        }
        let timeline = result.timeline ?? Timeline(file: result.path)
        // Streamed: a trace can be hundreds of megabytes.
        let target: AtomicOutputFile?
        do {
            target = try output.map { path throws(OutputFileError) in try AtomicOutputFile(path: path) }
        } catch {
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
        var stream = BufferedOutput(file: target)
        switch format {
        case .chrome: ChromeTraceExporter().write(timeline, to: &stream)
        }
        do {
            try stream.finish()
            try target?.commit()
        } catch {
            target?.abandon()
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
        if let output {
            let sessions = timeline.processes.reduce(0) { $0 + $1.sessions.count }
            StandardError.write(
                "lctrace: wrote \(sessions) session\(sessions == 1 ? "" : "s") and \(timeline.findings.count) finding\(timeline.findings.count == 1 ? "" : "s") to '\(output)'\n"
            )
        }
    }
}

/// Text written in chunks of about 1 MiB to an atomic output file, or to standard output.
struct BufferedOutput: TextOutputStream {
    let file: AtomicOutputFile?
    private var buffer = ""
    /// The first write error; later writes are dropped.
    private var failure: OutputFileError?

    init(file: AtomicOutputFile?) {
        self.file = file
        buffer.reserveCapacity(1 << 20)
    }

    mutating func write(_ string: String) {
        buffer += string
        if buffer.utf8.count >= 1 << 20 { drain() }
    }

    /// Writes what is buffered.
    ///
    /// - Throws: the first error writing the file.
    mutating func finish() throws(OutputFileError) {
        drain()
        if let failure { throw failure }
    }

    private mutating func drain() {
        guard !buffer.isEmpty else { return }
        if let file {
            if failure == nil {
                var failed: OutputFileError?
                buffer.withUTF8 { bytes in
                    do {
                        try file.write(UnsafeRawBufferPointer(bytes))
                    } catch let error as OutputFileError {
                        failed = error
                    } catch {
                        failed = OutputFileError(path: file.path, reason: "\(error)")
                    }
                }
                failure = failed
            }
        } else {
            StandardOutput.write(buffer)
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
