import ArgumentParser
import LCTracePlatform
import LCTraceCore
import LCTraceReport

extension OutputTarget {
    /// Opens a command's output (`--output PATH`, or standard output when nil), or ends the
    /// command: an empty path, or an output that is one of `inputs`, is a usage error
    /// (exit 2) before anything is read; a path that cannot be written is exit 2 with
    /// `Unable to write 'PATH': REASON.`
    static func open(_ path: String?, option: String = "--output", inputs: [String] = []) throws -> OutputTarget {
        if let path, path.isEmpty {
            throw usageError("\(option) needs a file name, not an empty string")
        }
        if let input = conflictingInput(output: path, inputs: inputs) {
            let shown = input == "-" ? "standard input" : PrintableText.quoted(input)
            if let path {
                throw usageError("\(option) \(PrintableText.quoted(path)) is the input \(shown): writing there would destroy it")
            }
            throw usageError("standard output is the input \(shown): writing there would destroy it")
        }
        do {
            return try OutputTarget(path: path)
        } catch {
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
    }

    /// The file the `github` format appends its Markdown job summary to (`GITHUB_STEP_SUMMARY`),
    /// checked as every output is, before anything is read: one of the inputs, or the
    /// `--output` file, is a usage error (exit 2), so that the summary is never appended into
    /// a log. `nil` for another format, or when the variable is unset or empty.
    ///
    /// - Parameters:
    ///   - format: the report format (`--format`).
    ///   - output: the `--output` path, or nil for standard output.
    ///   - inputs: the inputs as the command names them.
    ///   - environment: where the variable is read (the process's environment).
    static func stepSummary(
        format: ReportFormat, output: String?, inputs: [String],
        environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } }
    ) throws -> String? {
        guard format == .github, let path = environment("GITHUB_STEP_SUMMARY"), !path.isEmpty else { return nil }
        let option = "GITHUB_STEP_SUMMARY"
        if let input = conflictingInput(output: path, inputs: inputs) {
            let shown = input == "-" ? "standard input" : PrintableText.quoted(input)
            throw usageError("\(option) \(PrintableText.quoted(path)) is the input \(shown): appending there would corrupt it")
        }
        if let output, sameDestination(path, output) {
            throw usageError("\(option) \(PrintableText.quoted(path)) is the --output file: name another file")
        }
        return path
    }

    /// A usage error found after parsing: said on standard error as ArgumentParser says its own
    /// (`Error: …`), without the root command's usage text, which would not fit; exit 2.
    private static func usageError(_ message: String) -> ExitCode {
        StandardError.write("Error: " + message + "\n")
        return ExitCode(2)
    }

    /// Completes the output, or ends the command with exit 2 after saying why it could not
    /// be written (`Unable to write '<stdout>': no space left on device.`).
    func close() throws {
        do {
            try finish()
        } catch {
            StandardError.write(error.message + "\n")
            throw ExitCode(2)
        }
    }

    /// Stops a long producer (`gen`, `convert`) once nothing more can be written.
    struct Stopped: Error {}

    /// Throws ``Stopped`` once the output cannot take more (an error, or the reader gone).
    func checkWritable() throws {
        if !isWritable { throw Stopped() }
    }
}
