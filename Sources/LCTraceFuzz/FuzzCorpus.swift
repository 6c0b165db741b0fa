import LCTracePlatform

/// Reading a corpus: files, or every regular file under a directory (sorted, so runs repeat).
public enum FuzzCorpus {
    /// The regular files at `path`: itself, or the files under it.
    public static func files(at path: String) -> [String] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [path] }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { return [path] }
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." || name.hasPrefix(".") { continue }
            names.append(name)
        }
        return names.sorted().flatMap { files(at: path + "/" + $0) }
    }

    /// The bytes of a file, or `nil` when it cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65536, f) }
            if n == 0 { break }
            bytes += buffer[..<n]
        }
        return bytes
    }
}
