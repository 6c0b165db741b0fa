import LCTracePlatform

/// A small file read whole (a crash report, a baseline), opened through the one path encoding
/// (``FilePathText``) so that a name that is not UTF-8 names the file it names.
public enum FileContents {
    /// Why a file could not be read whole.
    public enum Failure: Error, Equatable, Sendable {
        /// `open(2)` or `read(2)` failed with this `errno`.
        case system(Int32)
        /// The file holds more than the cap.
        case tooLarge

        /// `no such file or directory` (``SystemErrorText``), or `larger than N bytes`.
        public func reason(maximumBytes: Int) -> String {
            switch self {
            case .system(let code): SystemErrorText.reason(code)
            case .tooLarge: "larger than \(maximumBytes) bytes"
            }
        }
    }

    /// The bytes of `path`.
    ///
    /// - Parameters:
    ///   - path: the file, as ``FilePathText`` encodes names.
    ///   - maximumBytes: the most bytes read; a larger file is ``Failure/tooLarge``.
    /// - Throws: ``Failure``.
    public static func read(_ path: String, maximumBytes: Int) throws(Failure) -> [UInt8] {
        let fd = FilePathText.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw .system(errno) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer in
                Platform.retryingInterrupts { Platform.read(fd, buffer.baseAddress, buffer.count) }
            }
            if n < 0 { throw .system(errno) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maximumBytes { throw .tooLarge }
        }
        return bytes
    }
}
