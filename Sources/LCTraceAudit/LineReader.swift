import Foundation
import LCTraceCore

/// Reads a file (or standard input, `-`) one line at a time.
final class LineReader {
    private let file: UnsafeMutablePointer<FILE>
    private let owned: Bool
    private var buffer: UnsafeMutablePointer<CChar>?
    private var capacity = 0
    private(set) var lineNumber = 0

    init?(path: String) {
        if path == "-" {
            guard let f = fdopen(0, "r") else { return nil }
            file = f
            owned = false
        } else {
            guard let f = FilePathText.withCString(path, { fopen($0, "r") }) else { return nil }
            file = f
            owned = true
        }
    }

    /// Reads `file`, which the reader then owns (closes).
    init(file: UnsafeMutablePointer<FILE>) {
        self.file = file
        owned = true
    }

    deinit {
        free(buffer)
        if owned { fclose(file) }
    }

    /// The next line without its line end; `nil` at the end. Blank lines are skipped.
    func next() -> String? {
        while true {
            let n = getline(&buffer, &capacity, file)
            guard n >= 0, let buffer else { return nil }
            lineNumber += 1
            var count = n
            while count > 0 && (buffer[count - 1] == 0x0A || buffer[count - 1] == 0x0D) { count -= 1 }
            if count == 0 { continue }
            return buffer.withMemoryRebound(to: UInt8.self, capacity: count) {
                String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
            }
        }
    }
}
