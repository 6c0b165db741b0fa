import ArgumentParser
import LCTracePlatform
import LCTraceAudit
import LCTraceAppleFormats
import LCTraceCore
import LCTracePipeline
import LCTraceIngest
import LCTraceReport

/// `lctrace convert`: a unified-log export rewritten as a native lifecycle log.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Rewrite a unified-log export (or any lifecycle log) in the native format.",
        discussion: """
            Reads FILE as 'replay' does (--input-format, --subsystem, --category) and writes one \
            native record per lifecycle event. Export records that are not lifecycle events are \
            dropped, so line numbers change: findings on the converted log name its own lines. \
            Records that cannot be read are reported on standard error (LC401, LC403, LC404) and left \
            out; the exit status is then 1. A system log whose UIKit verdicts (LC203, LC301, LC302) \
            the converted records would not give again is refused: nothing is written, exit status 2.
            """
    )

    enum Target: String, ExpressibleByArgument, CaseIterable { case native }
    enum Compression: String, ExpressibleByArgument, CaseIterable { case zstd, plain }

    @Argument(help: "The log to convert; '-' reads standard input.")
    var file: String

    @Option(name: .customLong("to"), help: "The format to write: native.")
    var target: Target = .native

    @Option(name: .shortAndLong, help: "Write here (default: standard output); a file is replaced atomically, never the input.")
    var output: String?

    @Option(help: "zstd (multi-frame) or plain.")
    var compression: Compression = .zstd

    @OptionGroup var input: InputOptions

    /// Problems (bad lines) printed on standard error before the rest are only counted,
    /// so that a file that is not a log cannot flood the terminal.
    static let problemsShown = 100

    func validate() throws {
        if output == nil && compression == .zstd && isatty(1) != 0 {
            throw ValidationError("refusing to write zstd to a terminal: use --output FILE or --compression plain")
        }
    }

    func run() throws {
        let target = try OutputTarget.open(output, inputs: [file])
        let reader: LogReader
        let reading = try input.readOptions()
        do {
            reader = try LogOpener.open(file, options: reading)
        } catch {
            target.abandon()
            StandardError.write(error.description + "\n")
            throw ExitCode(2)
        }
        let name = reader.displayName
        let zstd = compression == .zstd ? ZstdFrameWriter { target.write($0) } : nil
        var summary: LogConversion.Summary?
        var shownProblems = 0
        do {
            summary = try LogConversion.convert(
                reader,
                writeBytes: { bytes in
                    if let zstd { try zstd.write(bytes) } else { target.write(bytes) }
                    try target.checkWritable()
                },
                problem: { message in
                    shownProblems += 1
                    if shownProblems <= Self.problemsShown { StandardError.write(message + "\n") }
                },
                // A regular file is replaced only when complete; standard output, a FIFO or a
                // device are written in place, so their lines wait for the verdicts check.
                holdUntilChecked: !target.replacesAtomically)
            if summary?.nothingReplayedReason == nil && summary?.onlyMalformedLines == nil { try zstd?.finish() }
            zstd?.close()
        } catch let lost as LogConversion.LostVerdicts {
            target.abandon()
            StandardError.write(lost.description + "\n")
            throw ExitCode(2)
        } catch is OutputTarget.Stopped {
            // The reader went away (quiet) or a write failed (reported by close()).
        } catch {
            target.abandon()
            StandardError.write("Unable to write \(PrintableText.quoted(output ?? OutputTarget.standardOutputName)): \(error).\n")
            throw ExitCode(2)
        }
        // Nothing to convert (empty, or damaged before its first record): an input that
        // cannot be read, as `replay` says (SPEC §6); the output is left as it was.
        if let reason = summary?.nothingReplayedReason {
            target.abandon()
            StandardError.write(UnreadableInput(path: name, reason: reason).message + "\n")
            throw ExitCode(2)
        }
        // Only malformed lines (a CSV named by a typo): a native log of nothing would replace
        // the output; it is left as it was, as `baseline` leaves its file (exit 2).
        if let lines = summary?.onlyMalformedLines {
            target.abandon()
            StandardError.write(FileResult.noRecordInput(path: name, lines: lines).message + "\n")
            let kept = output.map { "\(PrintableText.quoted($0)) is unchanged" } ?? "nothing on standard output"
            StandardError.write("lctrace: nothing written, \(kept)\n")
            throw ExitCode(2)
        }
        try target.close()
        if shownProblems > Self.problemsShown {
            let more = shownProblems - Self.problemsShown
            StandardError.write(
                "lctrace: \(more) more problem\(more == 1 ? "" : "s") in \(PrintableText.quoted(name)) not shown (the first \(Self.problemsShown) are above)\n"
            )
        }
        guard let summary else {
            if target.readerGone {
                StandardError.write("lctrace: stopped converting \(PrintableText.quoted(name)): the output was closed by its reader\n")
            }
            // The problems said before the reader went are the run's status, as when it ends.
            if shownProblems > 0 { throw ExitCode(1) }
            return
        }
        if summary.filterMatchedNothing { StandardError.write(input.filterNotice(name)) }
        let records = summary.records
        let counted = "\(records) record\(records == 1 ? "" : "s") from \(PrintableText.quoted(name))"
        if target.readerGone {
            // `convert … | head -c 10`: the reader took what it wanted; the count says what
            // was converted, not what it read.
            StandardError.write(
                "lctrace: converted \(counted); the output was closed by its reader before all of it was written\n")
        } else {
            StandardError.write("lctrace: wrote \(counted)\(output.map { " to " + PrintableText.quoted($0) } ?? "")\n")
        }
        if summary.problems > 0 { throw ExitCode(1) }
    }
}
