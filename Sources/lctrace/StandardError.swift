import ArgumentParser
import LCTracePlatform
import LCTraceReport

/// Writes diagnostics to standard error. (Command output goes through an `OutputTarget`.)
enum StandardError {
    static func write(_ text: String) {
        FileDescriptorWriter.write(text, to: 2)
    }
}
