import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCTraceAudit
import LCTraceCore
import LCTracePipeline
import LCTraceReplay
import LCTraceReport

/// The input list of a command: `-` at most once; standard input when nothing is named and it is not a terminal.
enum InputFiles {
    static func resolve(_ files: [String]) throws -> [String] {
        if files.isEmpty {
            guard isatty(0) == 0 else {
                throw ValidationError("no input: name log files, or pipe a log into 'lctrace replay -'")
            }
            return ["-"]
        }
        if files.filter({ $0 == "-" }).count > 1 {
            throw ValidationError("'-' (standard input) can be named only once")
        }
        return files
    }
}
