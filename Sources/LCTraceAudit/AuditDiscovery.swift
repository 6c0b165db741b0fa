#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import LCTraceCore

/// Finds the files an audit replays: every regular file under the named paths, recursively.
///
/// - Directories named by the user are walked; a symbolic link named by the user is followed;
///   any other named path is read, even a FIFO (`lctrace audit <(zstd -dc …)`).
/// - Inside a walk, symbolic links to files are followed, symbolic links to directories are
///   not (they are listed as skipped), so a link loop cannot make the walk endless and no
///   directory is walked twice. `.` and `..` are never entered. FIFOs,
///   sockets and devices found in a walk are skipped.
/// - The result is sorted by the UTF-8 bytes of the path and has no duplicates, so the
///   order of the output never depends on the file system's order or on `--jobs`.
public enum AuditDiscovery {
    /// The inputs under `paths`, sorted by path bytes, duplicates removed.
    ///
    /// - Parameter paths: files and directories as the user named them.
    /// - Returns: every file found, with what discovery knows about it.
    /// - Complexity: O(n log n) in the number of files found; memory O(n) paths.
    public static func discover(_ paths: [String]) -> [AuditInput] {
        var found: [AuditInput] = []
        for path in paths where !path.isEmpty {
            var st = stat()
            if stat(path, &st) != 0 {
                found.append(AuditInput(path: path, named: true, status: .unreadable(errnoReason(errno))))
            } else if isDirectory(st) {
                walk(path, into: &found)
            } else {
                // A named FIFO or device is read as `replay` would (`audit <(zstd -dc …)`).
                found.append(AuditInput(path: path, named: true))
            }
        }
        return sortedUnique(found)
    }

    /// Sorts by path bytes and keeps the first of equal paths (a named file wins over the
    /// same file found in a directory, since its status is the user's choice).
    static func sortedUnique(_ inputs: [AuditInput]) -> [AuditInput] {
        let sorted = inputs.enumerated().sorted { a, b in
            if a.element.path == b.element.path {
                if a.element.named != b.element.named { return a.element.named }
                return a.offset < b.offset
            }
            return pathPrecedes(a.element.path, b.element.path)
        }
        var out: [AuditInput] = []
        out.reserveCapacity(sorted.count)
        for (_, input) in sorted where out.last?.path != input.path {
            out.append(input)
        }
        return out
    }

    /// Walks one directory, depth first.
    private static func walk(_ directory: String, into found: inout [AuditInput]) {
        var pending = [directory]
        while let dir = pending.popLast() {
            guard let handle = opendir(dir) else {
                found.append(AuditInput(path: dir, named: false, status: .unreadable(errnoReason(errno))))
                continue
            }
            defer { closedir(handle) }
            let prefix = dir.hasSuffix("/") ? dir : dir + "/"
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let path = prefix + name
                var st = stat()
                guard lstat(path, &st) == 0 else {
                    found.append(AuditInput(path: path, named: false, status: .unreadable(errnoReason(errno))))
                    continue
                }
                if isDirectory(st) {
                    pending.append(path)
                } else if isRegular(st) {
                    found.append(AuditInput(path: path, named: false))
                } else if isSymlink(st) {
                    var target = stat()
                    if stat(path, &target) != 0 {
                        found.append(AuditInput(path: path, named: false, status: .skipped("dangling symbolic link")))
                    } else if isDirectory(target) {
                        found.append(AuditInput(path: path, named: false, status: .skipped("symbolic link to a directory, not followed")))
                    } else if isRegular(target) {
                        found.append(AuditInput(path: path, named: false))
                    } else {
                        found.append(AuditInput(path: path, named: false, status: .skipped("not a regular file")))
                    }
                } else {
                    found.append(AuditInput(path: path, named: false, status: .skipped("not a regular file")))
                }
            }
        }
    }

    /// Whether `a` sorts before `b` by UTF-8 bytes (the order of every audit output).
    public static func pathPrecedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private static func isDirectory(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFDIR }
    private static func isRegular(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFREG }
    private static func isSymlink(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFLNK }

    /// `no such file or directory`: the one `errno` text (``SystemErrorText``).
    static func errnoReason(_ code: Int32) -> String { SystemErrorText.reason(code) }
}
