import ArgumentParser
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
            let shown = input == "-" ? "standard input" : "'\(input)'"
            if let path {
                throw usageError("\(option) '\(path)' is the input \(shown): writing there would destroy it")
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
