import Foundation

/// Strings appended to an unnamed temporary file (`tmpfile(3)`: deleted when closed) and
/// read back in order, so that a report can hold many of them without holding them in
/// memory. Owns the `FILE`; closed in `deinit`.
final class SpillFile {
    private let file: UnsafeMutablePointer<FILE>?
    /// The number of strings appended.
    private(set) var count = 0
    private var lengths: [Int32] = []

    init() {
        file = tmpfile()
    }

    deinit {
        if let file { fclose(file) }
    }

    /// Appends one string.
    func append(_ text: String) {
        guard let file else { return }
        var text = text
        let n = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, file) }
        lengths.append(Int32(n))
        count += 1
    }

    /// Calls `body` with every string, in order.
    func forEach(_ body: (String) -> Void) {
        guard let file else { return }
        fflush(file)
        rewind(file)
        var buffer = [UInt8]()
        for length in lengths {
            buffer = [UInt8](repeating: 0, count: Int(length))
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, Int(length), file) }
            body(String(decoding: buffer[0..<n], as: UTF8.self))
        }
    }
}
